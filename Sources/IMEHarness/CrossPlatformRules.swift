import Composition
import Foundation
import Graphemes

/// A rule written as Android's `InputFilter` (and React Native's equivalents): asked
/// about each change, it returns the text to insert instead of the replacement, or `nil`
/// to accept it. `source` is the replacement (`start..<end` of it), `dest` the field's
/// text and `dstart..<dend` the range it replaces; offsets in UTF-16 units, and the texts
/// ``AppleString``s, since Java's `CharSequence` is UTF-16 units too, lone surrogates kept.
///
/// When the filter returns other text, the field gets `dest` with that text in the range
/// and the caret after it, as Android's `EditText` does; on iOS the port is a delegate
/// that assigns the text and returns `false` (and so ends a composition).
public struct InputFilterRule: InputRule {
    /// `filter(source, start, end, dest, dstart, dend)`.
    public typealias Filter =
        @Sendable (
            _ source: AppleString, _ start: Int, _ end: Int, _ dest: AppleString, _ dstart: Int, _ dend: Int
        ) -> AppleString?

    /// The name reports show.
    public let spec: String
    /// What the rule promises.
    public let contract: RuleContract
    let filter: Filter

    /// A rule from an `InputFilter`'s `filter` body.
    public init(_ name: String, contract: RuleContract = RuleContract(), filter: @escaping Filter) {
        spec = name
        self.contract = contract
        self.filter = filter
    }

    /// Accepts the change when the filter keeps the replacement as it is and its range fits
    /// the text: Android's `EditText` keeps its own undo history and never hands its filters
    /// a range beyond the text (`assumed`), unlike UIKit's undo.
    public func shouldChange(_ request: ChangeRequest) -> Bool {
        request.rangesFit && replacement(for: request) == nil
    }

    /// The field with the filter's text in place of the replacement, when it changed it.
    public func assignment(during request: ChangeRequest) -> TextAssignment? {
        guard let (range, text) = replacement(for: request) else { return nil }
        return TextAssignment(
            request.field.text.replacing(range, with: text), selection: .caret(at: range.location + text.length))
    }

    /// The range and the filter's text for it, when the filter changed the replacement.
    private func replacement(for request: ChangeRequest) -> (UTF16Range, UTF16Text)? {
        let range = request.call.ranges[request.multiRangeTarget.index(in: request.call.ranges)]
        guard range.fits(in: request.field.text.length) else { return nil }
        guard
            let result = filter(
                AppleString(request.call.replacement), 0, request.call.replacement.length,
                AppleString(request.field.text), range.location, range.end)
        else { return nil }
        let text = result.text
        return text == request.call.replacement ? nil : (range, text)
    }
}

/// A rule written as Flutter's `TextInputFormatter.formatEditUpdate(oldValue, newValue)`,
/// or SwiftUI's `.onChange(of: text) { old, new in text = … }`: it sees the value before
/// and after each change, marked text included (Flutter's `composing` range, SwiftUI's
/// binding), and returns the value to use.
public struct FormatterRule: InputRule {
    /// A text, its selection and its composing (marked) range, in UTF-16 units.
    public struct Value: Hashable, Sendable {
        /// The text.
        public var text: String
        /// The selection.
        public var selection: NSRange
        /// The composing range, `nil` when nothing is marked.
        public var composing: NSRange?

        /// A value.
        public init(text: String, selection: NSRange, composing: NSRange? = nil) {
            self.text = text
            self.selection = selection
            self.composing = composing
        }

        init(_ field: FieldState) {
            text = String(decoding: field.text.units, as: UTF16.self)
            selection = NSRange(location: field.selection.location, length: field.selection.length)
            composing = field.markedRange.map { NSRange(location: $0.location, length: $0.length) }
        }
    }

    /// `formatEditUpdate(oldValue, newValue)`.
    public typealias Format = @Sendable (_ oldValue: Value, _ newValue: Value) -> Value

    /// The name reports show.
    public let spec: String
    /// What the rule promises.
    public let contract: RuleContract
    let format: Format

    /// A rule from a formatter body.
    public init(_ name: String, contract: RuleContract = RuleContract(), format: @escaping Format) {
        spec = name
        self.contract = contract
        self.format = format
    }

    /// A rule from a SwiftUI `.onChange(of:)` body: the text before and after; return the
    /// text to assign, or `nil` to leave it.
    public init(
        _ name: String, contract: RuleContract = RuleContract(),
        onChange: @escaping @Sendable (_ oldValue: String, _ newValue: String) -> String?
    ) {
        self.init(name, contract: contract) { old, new in
            guard let text = onChange(old.text, new.text) else { return new }
            return Value(text: text, selection: NSRange(location: text.utf16.count, length: 0))
        }
    }

    /// Accepts every change whose ranges fit the text. A formatter has no say before the
    /// change; the framework's own text view (Flutter's `FlutterTextInputView`, SwiftUI's
    /// coordinator) keeps its own undo history and does not pass UIKit a range beyond its
    /// text (`assumed`), so an undo the formatter made stale is refused, not a crash.
    public func shouldChange(_ request: ChangeRequest) -> Bool { request.rangesFit }

    /// The formatted value, when it differs from the field's.
    public func editingChanged(_ change: FieldChange) -> TextAssignment? {
        let new = Value(change.after)
        let formatted = format(Value(change.before), new)
        guard formatted != new else { return nil }
        return TextAssignment(
            UTF16Text(formatted.text),
            selection: UTF16Range(location: formatted.selection.location, length: formatted.selection.length))
    }
}
