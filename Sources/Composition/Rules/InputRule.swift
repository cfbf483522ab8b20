import Graphemes

/// What a text field delegate is told when it is asked about a change, and no more.
///
/// This is exactly what `textField(_:shouldChangeCharactersIn:replacementString:)` or
/// its iOS 26 multi-range sibling can see: the field's text, selection and marked
/// range at call time (for the usual `markedTextRange` guard), and the call. A
/// delegate cannot tell whether its replacement will become marked or committed text.
public struct ChangeRequest: Hashable, Sendable {
    /// The field as the delegate sees it when asked.
    public var field: FieldState
    public var call: DelegateCall
    /// Which range of a multi-range call a port of single-range logic treats as receiving the text.
    public var multiRangeTarget: MultiRangeTarget

    public init(field: FieldState, call: DelegateCall, multiRangeTarget: MultiRangeTarget = .firstListed) {
        self.field = field
        self.call = call
        self.multiRangeTarget = multiRangeTarget
    }

    /// The text the call implies (what a delegate computes as "the text after this change").
    public var proposedText: UTF16Text? { call.proposedText(applyingTo: field.text, target: multiRangeTarget) }
}

/// A text-input rule, shaped like the UIKit code developers write.
///
/// `shouldChange` is the delegate method: accept or reject a change. `editingChanged`
/// is a `UIControl.Event.editingChanged` / `textDidChangeNotification` handler: it sees
/// the text after a change and may assign a new text, which in UIKit ends any active
/// composition (the replay models that). Both default to doing nothing.
public protocol InputRule: Sendable {
    /// The rule's spec, as written on the command line (`max-length:limit=20`).
    var spec: String { get }

    /// Whether the field may make the change (the delegate's return value).
    func shouldChange(_ request: ChangeRequest) -> Bool

    /// Called after the text changed; returns the text to assign, or `nil` to leave it.
    func editingChanged(_ field: FieldState) -> UTF16Text?
}

extension InputRule {
    public func shouldChange(_ request: ChangeRequest) -> Bool { true }

    public func editingChanged(_ field: FieldState) -> UTF16Text? { nil }
}

/// No rule: every change is accepted and nothing is rewritten. Replaying with it shows
/// what the platform models alone make of a session.
public struct AcceptEverything: InputRule {
    public var spec: String { "none" }

    public init() {}
}
