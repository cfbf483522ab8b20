import Foundation
import Graphemes

/// A Jetpack Compose `TextFieldValue` or a Flutter `TextEditingValue`: text, selection
/// and composing range, in UTF-16 units.
public typealias TextFieldValue = FormatterRule.Value

/// A text-input rule in the shape Android code writes it, run under the Android profiles
/// (``AndroidReplay``): the field's `InputFilter`s and `TextWatcher` (an `EditText`, React
/// Native's `TextInput`), or a framework's value callback (Flutter's
/// `TextInputFormatter`, Compose's `onValueChange`).
public struct AndroidRule: Sendable {
    /// Where the rule sits.
    public enum Binding: Sendable {
        /// An `EditText`: its filters, asked about every replace; its `TextWatcher`'s
        /// `afterTextChanged`, told after every change; and, for the rare app that
        /// attaches one, a `SpanWatcher` told when the composing span is removed
        /// (`finishComposingText`, which changes no text and calls no `TextWatcher`).
        case editText(
            filters: [InputFilter], afterTextChanged: (@Sendable (Editable) -> Void)?,
            composingFinished: (@Sendable (Editable) -> Void)?)
        /// A framework that keeps the value itself and hands each change to app code:
        /// `format(old, new)` returns the value to keep. When it differs from the field's
        /// while a composition runs, the framework writes it back and restarts the input
        /// connection (Flutter's `setEditingState`; Compose's `TextInputSession.updateState`),
        /// and the keyboard reacts as its profile says (``AndroidProfile/RestartInput``).
        case framework(
            Framework, format: @Sendable (_ oldValue: TextFieldValue, _ newValue: TextFieldValue) -> TextFieldValue)
    }

    /// The frameworks whose value callbacks the replay runs.
    public enum Framework: String, Sendable {
        /// Flutter's `TextInputFormatter.formatEditUpdate(oldValue, newValue)`, run on every
        /// editing-state update the engine sends (after a batch edit ends).
        case flutter
        /// Jetpack Compose's `TextField(value, onValueChange)`: the state the app keeps.
        case compose
    }

    /// The name reports show.
    public let spec: String
    /// What the rule promises.
    public let contract: RuleContract
    /// Where the rule sits.
    public let binding: Binding

    /// A rule.
    public init(_ name: String, contract: RuleContract = RuleContract(), binding: Binding) {
        spec = name
        self.contract = contract
        self.binding = binding
    }

    /// An `EditText` with `filters` (`setFilters(new InputFilter[] {…})`).
    public static func inputFilters(
        _ name: String, contract: RuleContract = RuleContract(), _ filters: [InputFilter],
        composingFinished: (@Sendable (Editable) -> Void)? = nil
    ) -> AndroidRule {
        AndroidRule(
            name, contract: contract,
            binding: .editText(filters: filters, afterTextChanged: nil, composingFinished: composingFinished))
    }

    /// An `EditText` with a `TextWatcher` whose `afterTextChanged(s)` is `afterTextChanged`.
    public static func textWatcher(
        _ name: String, contract: RuleContract = RuleContract(), filters: [InputFilter] = [],
        composingFinished: (@Sendable (Editable) -> Void)? = nil,
        afterTextChanged: @escaping @Sendable (Editable) -> Void
    ) -> AndroidRule {
        AndroidRule(
            name, contract: contract,
            binding: .editText(
                filters: filters, afterTextChanged: afterTextChanged, composingFinished: composingFinished))
    }

    /// React Native's `<TextInput maxLength={n}>` on Android: `ReactTextInputManager`
    /// puts an `InputFilter.LengthFilter(n)` on its `ReactEditText`.
    public static func reactNativeMaxLength(_ limit: Int) -> AndroidRule {
        inputFilters(
            "react-native-max-length-\(limit)", contract: .maxLength(limit, .utf16), [InputFilter.LengthFilter(limit)])
    }

    /// A Flutter `TextField(inputFormatters: […])`: the formatters run in order.
    public static func flutter(
        _ name: String, contract: RuleContract = RuleContract(),
        formatters: [@Sendable (TextFieldValue, TextFieldValue) -> TextFieldValue]
    ) -> AndroidRule {
        AndroidRule(
            name, contract: contract,
            binding: .framework(.flutter) { old, new in formatters.reduce(new) { value, format in format(old, value) } }
        )
    }

    /// A Flutter `TextField` whose formatter is `rule`'s (the same ``FormatterRule`` the
    /// iOS replay runs).
    public static func flutter(_ rule: FormatterRule) -> AndroidRule {
        AndroidRule(rule.spec, contract: rule.contract, binding: .framework(.flutter, format: rule.format))
    }

    /// A Compose `TextField(value = state, onValueChange = { … })`: `onValueChange` gets
    /// the state the app holds and the value the field proposes, and returns the state
    /// the app keeps (the proposal, or the old state to refuse it, or an edited one).
    public static func compose(
        _ name: String, contract: RuleContract = RuleContract(),
        onValueChange: @escaping @Sendable (_ state: TextFieldValue, _ proposed: TextFieldValue) -> TextFieldValue
    ) -> AndroidRule {
        AndroidRule(name, contract: contract, binding: .framework(.compose, format: onValueChange))
    }
}

/// Flutter's `MaxLengthEnforcement`.
public enum MaxLengthEnforcement: String, Sendable, CaseIterable {
    /// No limit applied.
    case none
    /// Truncates every value over the limit, composing text included (Android's default).
    case enforced
    /// Lets composing text exceed the limit until the composition ends, then truncates.
    case truncateAfterCompositionEnds
}

/// Flutter's `LengthLimitingTextInputFormatter(maxLength, maxLengthEnforcement:)`, as
/// `packages/flutter/lib/src/services/text_formatter.dart` writes it: characters are
/// grapheme clusters (`text.characters.length`), the truncated value keeps the selection
/// and the part of the composing range inside it.
///
/// Flutter documents the difference the replay tests: "MaxLengthEnforcement.enforced
/// truncates all text while MaxLengthEnforcement.truncateAfterCompositionEnds allows
/// composing text to exceed the limit"
/// (<https://api.flutter.dev/flutter/services/MaxLengthEnforcement.html>).
public struct LengthLimitingTextInputFormatter: Sendable {
    /// The limit, in user-perceived characters.
    public let maxLength: Int
    /// How it is enforced.
    public let maxLengthEnforcement: MaxLengthEnforcement

    /// A formatter.
    public init(_ maxLength: Int, maxLengthEnforcement: MaxLengthEnforcement = .enforced) {
        self.maxLength = maxLength
        self.maxLengthEnforcement = maxLengthEnforcement
    }

    /// `formatEditUpdate(oldValue, newValue)`.
    public func formatEditUpdate(_ oldValue: TextFieldValue, _ newValue: TextFieldValue) -> TextFieldValue {
        guard maxLength != -1, newValue.text.count > maxLength else { return newValue }
        switch maxLengthEnforcement {
        case .none: return newValue
        case .enforced:
            // Already at the maximum and tried to enter more, with no selection: keep the old value.
            if oldValue.text.count == maxLength && oldValue.selection.length == 0 { return oldValue }
            return Self.truncate(newValue, maxLength)
        case .truncateAfterCompositionEnds:
            if oldValue.text.count == maxLength && oldValue.composing == nil { return oldValue }
            // Composing text is exempt until the composition is finished.
            if newValue.composing != nil { return newValue }
            return Self.truncate(newValue, maxLength)
        }
    }

    /// `truncate(value, maxLength)`: the first `maxLength` characters, the selection and
    /// composing range clipped to them.
    public static func truncate(_ value: TextFieldValue, _ maxLength: Int) -> TextFieldValue {
        let truncated = String(value.text.prefix(maxLength))
        let length = truncated.utf16.count
        let start = min(value.selection.location, length)
        let end = min(value.selection.location + value.selection.length, length)
        var composing: NSRange?
        if let range = value.composing, range.length > 0, length > range.location {
            composing = NSRange(
                location: range.location, length: min(range.location + range.length, length) - range.location)
        }
        return TextFieldValue(
            text: truncated, selection: NSRange(location: start, length: end - start), composing: composing)
    }

    /// The formatter as a Flutter `TextField` rule, with the contract Flutter documents:
    /// at most `maxLength` characters once nothing is composing, and, for
    /// `truncateAfterCompositionEnds` only, compositions left alone (`enforced` "truncates
    /// all text", composing text included, by design).
    public var rule: AndroidRule {
        let name = "flutter-length-limiting-\(maxLength)-\(maxLengthEnforcement.rawValue)"
        var contract = RuleContract.maxLength(maxLength, .graphemes)
        contract.compositionSafe = maxLengthEnforcement != .enforced
        return .flutter(name, contract: contract, formatters: [formatEditUpdate])
    }
}
