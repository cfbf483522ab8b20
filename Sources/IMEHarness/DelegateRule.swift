import Composition
import Foundation
import Graphemes

/// A rule given as the bodies of the UIKit methods a developer already wrote: paste the
/// delegate method's body into a closure with the same parameters, and the
/// `editingChanged` handler's body into another.
///
/// ```swift
/// let limit = DelegateRule("my-limit") { text, range, replacementString, markedTextRange in
///     let updated = (text as NSString).replacingCharacters(in: range, with: replacementString)
///     return updated.count <= 10
/// }
/// ```
///
/// The closures see what UIKit hands the methods: the field's text (`textField.text`),
/// the range or ranges and the replacement string, and the marked text's range
/// (`textField.markedTextRange`, as an `NSRange` in UTF-16 units, `nil` when nothing is
/// marked). The texts are Swift `String`s, so a lone surrogate in the field reaches the
/// closure as U+FFFD. For a body that works on `NSString` (`(text as NSString).substring(to:)`)
/// take the texts as ``AppleString`` instead (the `nsString…` initialisers): iOS's
/// `NSString` semantics, lone surrogates kept, with `typealias NSString = AppleString` in
/// the file so the body compiles unchanged.
///
/// A single-range body under an iOS 26 multi-range call is asked as the profile's
/// `multiRangeOnSingleRange` says (``ChangeRequest/singleRangeFallback``): by default once,
/// with the union of the ranges and the replacement, as Apple documents for `UITextView`
/// and `UISearchBar`; under the `each-range` alternative about each range (the range the
/// platform gives the text gets the replacement, the others an empty string), the change
/// allowed only when every answer allows it.
public struct DelegateRule: InputRule {
    /// `textField(_:shouldChangeCharactersIn:replacementString:)`, with the marked range.
    public typealias ShouldChangeCharacters =
        @Sendable (_ text: String, _ range: NSRange, _ replacementString: String, _ markedTextRange: NSRange?) -> Bool
    /// `textField(_:shouldChangeCharactersInRanges:replacementString:)` (iOS 26), with the marked range.
    public typealias ShouldChangeCharactersInRanges =
        @Sendable (_ text: String, _ ranges: [NSRange], _ replacementString: String, _ markedTextRange: NSRange?) ->
        Bool
    /// An `editingChanged` handler: the text and marked range after the change; returns
    /// the text to assign (`textField.text = …`), or `nil` to leave the field alone.
    public typealias EditingChanged = @Sendable (_ text: String, _ markedTextRange: NSRange?) -> String?
    /// ``ShouldChangeCharacters`` with the texts as ``AppleString``s (iOS's `NSString`).
    public typealias NSStringShouldChangeCharacters =
        @Sendable (_ text: AppleString, _ range: NSRange, _ replacementString: AppleString, _ markedTextRange: NSRange?)
        -> Bool
    /// ``EditingChanged`` with the texts as ``AppleString``s (iOS's `NSString`).
    public typealias NSStringEditingChanged =
        @Sendable (_ text: AppleString, _ markedTextRange: NSRange?) -> AppleString?

    enum Body: Sendable {
        case single(NSStringShouldChangeCharacters)
        case multi(ShouldChangeCharactersInRanges)
        case acceptEverything
    }

    /// The name reports show for the rule.
    public let spec: String
    /// What the rule promises (``RuleContract/maxLength(_:_:)``, …); replay reports
    /// `limit-exceeded` against its limit, and fuzzing checks the rest.
    public let contract: RuleContract
    let body: Body
    let handler: NSStringEditingChanged?

    /// A rule from a single-range delegate body, and optionally an `editingChanged` handler.
    public init(
        _ name: String, contract: RuleContract = RuleContract(),
        shouldChangeCharactersIn body: @escaping ShouldChangeCharacters, editingChanged: EditingChanged? = nil
    ) {
        self.init(
            name, contract: contract, body: .single { body($0.string, $1, $2.string, $3) },
            handler: editingChanged.map(Self.bridged))
    }

    /// A rule from a single-range delegate body that works on `NSString`, and optionally
    /// an `editingChanged` handler that does too.
    public init(
        _ name: String, contract: RuleContract = RuleContract(),
        nsStringShouldChangeCharactersIn body: @escaping NSStringShouldChangeCharacters,
        editingChanged: NSStringEditingChanged? = nil
    ) {
        self.init(name, contract: contract, body: .single(body), handler: editingChanged)
    }

    /// A rule that is only an `editingChanged` handler working on `NSString`.
    public init(
        _ name: String, contract: RuleContract = RuleContract(),
        nsStringEditingChanged: @escaping NSStringEditingChanged
    ) {
        self.init(name, contract: contract, body: .acceptEverything, handler: nsStringEditingChanged)
    }

    private init(_ name: String, contract: RuleContract, body: Body, handler: NSStringEditingChanged?) {
        spec = name
        self.contract = contract
        self.body = body
        self.handler = handler
    }

    /// A `String` handler as one on ``AppleString``s.
    private static func bridged(_ handler: @escaping EditingChanged) -> NSStringEditingChanged {
        { text, marked in handler(text.string, marked).map { AppleString(UTF16Text($0)) } }
    }

    /// A rule from an iOS 26 multi-range delegate body, and optionally an `editingChanged` handler.
    public init(
        _ name: String, contract: RuleContract = RuleContract(),
        shouldChangeCharactersInRanges body: @escaping ShouldChangeCharactersInRanges,
        editingChanged: EditingChanged? = nil
    ) {
        self.init(name, contract: contract, body: .multi(body), handler: editingChanged.map(Self.bridged))
    }

    /// A rule that is only an `editingChanged` handler (the delegate allows every change).
    public init(_ name: String, contract: RuleContract = RuleContract(), editingChanged: @escaping EditingChanged) {
        self.init(name, contract: contract, body: .acceptEverything, handler: Self.bridged(editingChanged))
    }

    /// Asks the delegate body about the change.
    public func shouldChange(_ request: ChangeRequest) -> Bool {
        let text = AppleString(request.field.text)
        let replacement = AppleString(request.call.replacement)
        let marked = request.field.markedRange.map(Self.nsRange)
        let ranges = request.call.ranges
        switch body {
        case .acceptEverything: return true
        case .multi(let body): return body(text.string, ranges.map(Self.nsRange), replacement.string, marked)
        case .single(let body):
            guard ranges.count > 1 else {
                return body(text, Self.nsRange(ranges.first ?? .caret(at: 0)), replacement, marked)
            }
            return request.singleRangeFallback.calls(
                for: ranges, replacement: request.call.replacement, target: request.multiRangeTarget
            ).allSatisfy { call in
                body(text, Self.nsRange(call.range), AppleString(call.replacement), marked)
            }
        }
    }

    /// Runs the `editingChanged` handler on the field after the change.
    public func editingChanged(_ change: FieldChange) -> TextAssignment? {
        guard let handler else { return nil }
        return handler(AppleString(change.after.text), change.after.markedRange.map(Self.nsRange)).map {
            TextAssignment($0.text)
        }
    }

    static func nsRange(_ range: UTF16Range) -> NSRange { NSRange(location: range.location, length: range.length) }
}

extension RuleContract {
    /// A rule that keeps the committed text within `count` `unit`s, never interrupts a
    /// composition, and ends every session the same way under every profile: what a
    /// length limit should promise. Fuzzing checks each of those.
    public static func maxLength(_ count: Int, _ unit: TextUnit = .graphemes) -> RuleContract {
        RuleContract(
            promise: "at most \(count) \(unit.rawValue)", limit: Limit(count, unit), compositionSafe: true,
            profileIndependent: true)
    }

    /// A rule that lets only clusters of `classes` into the committed text (`.cluster(.digit)`,
    /// `.digitASCII`, `.cluster(.emoji)`, …), composition-safe and the same under every profile.
    public static func allowing(_ classes: RuleClass...) -> RuleContract {
        RuleContract(
            promise: "only " + classes.map(\.description).joined(separator: ", "), allowedClasses: classes,
            compositionSafe: true, profileIndependent: true)
    }

    /// A rule that keeps clusters of `classes` out of the committed text, composition-safe
    /// and the same under every profile.
    public static func denying(_ classes: RuleClass...) -> RuleContract {
        RuleContract(
            promise: "no " + classes.map(\.description).joined(separator: ", "), deniedClasses: classes,
            compositionSafe: true, profileIndependent: true)
    }
}

/// A rule with a contract given from outside (a test states what the rule promises).
struct ContractedRule: InputRule {
    let base: any InputRule
    let contract: RuleContract
    var spec: String { base.spec }
    func shouldChange(_ request: ChangeRequest) -> Bool { base.shouldChange(request) }
    func editingChanged(_ change: FieldChange) -> TextAssignment? { base.editingChanged(change) }
    func removedAllUndoActions(profile: String) -> Bool { base.removedAllUndoActions(profile: profile) }
    func assignment(during request: ChangeRequest) -> TextAssignment? { base.assignment(during: request) }
    func editing(_ moment: EditingMoment, field: FieldState, profile: String) -> EditingResponse {
        base.editing(moment, field: field, profile: profile)
    }
    func onDevice(region: String?) -> any InputRule {
        ContractedRule(base: base.onDevice(region: region), contract: contract)
    }
}
