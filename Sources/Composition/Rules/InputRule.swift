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
    /// The call: its range or ranges and its replacement string.
    public var call: DelegateCall
    /// Which range of a multi-range call a port of single-range logic treats as receiving the text.
    public var multiRangeTarget: MultiRangeTarget
    /// The platform profile replaying the session: one replay runs every profile in
    /// lockstep, so a rule that keeps a text field of its own keeps one per profile.
    public var profile: String
    /// How the profile hands a multi-range call to a delegate that implements only the
    /// single-range method (a port of single-range logic, a pasted delegate without the
    /// ranges method): one call with the union range unless the profile says otherwise.
    public var singleRangeFallback: SingleRangeFallback
    /// The primary language of the keyboard in use (`textField.textInputMode?.primaryLanguage`:
    /// `zh-Hans`, `ko-KR`, `emoji`, … — ``Session/primaryLanguage``), `nil` when none.
    public var inputMode: String?
    /// Whether the field's undo manager has an edit to undo
    /// (`textField.undoManager?.canUndo`): kept in sessions that undo or redo.
    public var canUndo = false
    /// Whether it has an undone edit to redo (`canRedo`), kept likewise.
    public var canRedo = false

    /// A request about `call` on `field`.
    public init(
        field: FieldState, call: DelegateCall, multiRangeTarget: MultiRangeTarget = .firstListed, profile: String = "",
        singleRangeFallback: SingleRangeFallback = .unionRange, inputMode: String? = nil
    ) {
        self.field = field
        self.call = call
        self.multiRangeTarget = multiRangeTarget
        self.profile = profile
        self.singleRangeFallback = singleRangeFallback
        self.inputMode = inputMode
    }

    /// The text the call implies (what a delegate computes as "the text after this change").
    public var proposedText: UTF16Text? { call.proposedText(applyingTo: field.text, target: multiRangeTarget) }

    /// Whether the call only deletes (its replacement is empty).
    public var isDeletion: Bool { call.replacement.isEmpty }

    /// Whether every range of the call fits the field's text. UIKit asks about ranges that
    /// do not (undo of an edit it registered though the delegate refused it, or that an
    /// assignment since made stale), and raises NSRangeException when the delegate
    /// accepts one: a delegate should refuse them.
    public var rangesFit: Bool {
        let length = field.text.length
        return call.allRanges { $0.fits(in: length) }
    }

    /// The text the field will hold if the change is accepted, read robustly: while text
    /// is marked, a call whose every range lies within the marked range (an empty range at
    /// its edge included) replaces the marked text — a marked-text update and a commit
    /// alike, whatever range is reported: on iOS 26.0 a commit of ㄨㄤ → 王 reports
    /// `[{2, 0}]`, which read literally gives "ㄨㄤ王". Any other call means what it says.
    /// `nil` when a range does not fit the text.
    public var resultingText: UTF16Text? {
        if let marked = field.markedRange, !isDeletion, marked.fits(in: field.text.length),
            call.allRanges({ $0.location >= marked.location && $0.end <= marked.end })
        {
            return field.text.replacing(marked, with: call.replacement)
        }
        return proposedText
    }
}

/// What an `editingChanged` handler knows: the field now, and the field as the handler
/// last left it.
///
/// UIKit hands the handler only the control; a handler that keeps the text it last saw in
/// a property (the common `lastText` pattern, and what Flutter's `TextInputFormatter`
/// receives as `oldValue`) also knows `before`. Rules that never read it are ports of
/// handlers that do not keep it.
public struct FieldChange: Hashable, Sendable {
    /// The field before the event, after any assignment the handler made the time before.
    public var before: FieldState
    /// The field after the event.
    public var after: FieldState
    /// The platform profile replaying the session (see ``ChangeRequest/profile``).
    public var profile: String
    /// The primary language of the keyboard in use (see ``ChangeRequest/inputMode``).
    public var inputMode: String?
    /// Whether the field's undo manager has an edit to undo (see ``ChangeRequest/canUndo``).
    public var canUndo = false
    /// Whether it has an undone edit to redo (see ``ChangeRequest/canRedo``).
    public var canRedo = false

    /// The field before and after a change.
    public init(before: FieldState, after: FieldState, profile: String = "", inputMode: String? = nil) {
        self.before = before
        self.after = after
        self.profile = profile
        self.inputMode = inputMode
    }
}

/// What an `editingChanged` handler assigns: `textField.text = text`, then, if given,
/// `textField.selectedTextRange = selection` (UIKit otherwise puts the caret at the end).
public struct TextAssignment: Hashable, Sendable {
    /// The text to assign.
    public var text: UTF16Text
    /// The selection to set after it; `nil` puts the caret at the end, as UIKit does.
    public var selection: UTF16Range?

    /// Assigns `text`, then `selection` when given.
    public init(_ text: UTF16Text, selection: UTF16Range? = nil) {
        self.text = text
        self.selection = selection
    }
}

/// A moment of the editing lifecycle at which UIKit asks or tells the delegate
/// (`UITextFieldDelegate`), in the order Apple's overview of the protocol gives: should
/// begin, did begin, then during editing should clear and should return, then should
/// end and did end.
public enum EditingMoment: String, Hashable, Sendable, CaseIterable {
    /// `textFieldShouldBeginEditing(_:)`: `false` keeps the field from editing.
    case shouldBeginEditing
    /// `textFieldDidBeginEditing(_:)`.
    case didBeginEditing
    /// `textFieldShouldClear(_:)`: `false` keeps the text (and sends no notification).
    case shouldClear
    /// `textFieldShouldReturn(_:)`, the Return key with no marked text.
    case shouldReturn
    /// `textFieldShouldEndEditing(_:)`: `false` keeps the field editing.
    case shouldEndEditing
    /// `textFieldDidEndEditing(_:)` (and `(_:reason:)`).
    case didEndEditing
}

/// What a delegate does at an ``EditingMoment``.
public struct EditingResponse: Hashable, Sendable {
    /// The answer of a `should…` method (ignored for `did…`).
    public var allows: Bool
    /// `textField.text = …` inside the method: applied at once, ending any composition,
    /// with no `editingChanged`.
    public var assignment: TextAssignment?
    /// Whether the method calls `resignFirstResponder()` (what `textFieldShouldReturn`
    /// usually does): editing then ends as when the user taps elsewhere.
    public var resigns: Bool

    /// Allows, assigns nothing, does not resign: what a delegate without the method does.
    public init(allows: Bool = true, assignment: TextAssignment? = nil, resigns: Bool = false) {
        self.allows = allows
        self.assignment = assignment
        self.resigns = resigns
    }
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

    /// What the rule promises; replay reports `limit-exceeded` against its limit.
    var contract: RuleContract { get }

    /// Whether the field may make the change (the delegate's return value).
    func shouldChange(_ request: ChangeRequest) -> Bool

    /// Called after the field changed; returns the text to assign, or `nil` to leave it.
    func editingChanged(_ change: FieldChange) -> TextAssignment?

    /// What the delegate assigned to the field while ``shouldChange(_:)`` was asked about
    /// `request` (`textField.text = trimmed; return false`), asked right after it; `nil`
    /// when it assigned nothing. UIKit applies the assignment at once, ending any
    /// composition, and sends no `editingChanged` for it.
    func assignment(during request: ChangeRequest) -> TextAssignment?

    /// What the delegate does at a moment of the editing lifecycle (the session's
    /// `beginEditing`, `endEditing`, `clearButton` and `returnKey` events), `field` being
    /// the field as the method sees it.
    func editing(_ moment: EditingMoment, field: FieldState, profile: String) -> EditingResponse

    /// The rule as it runs on a device whose region format is `region` (a BCP 47 tag: what
    /// `Locale.current` and `NumberFormatter()` see), for a rule that reads the device's
    /// locale. Replay asks it once per session, with the region of the session's keyboard,
    /// else the session's locale.
    func onDevice(region: String?) -> any InputRule

    /// Whether the rule emptied the field's undo manager (`undoManager?.removeAllActions()`)
    /// in the call or handler just made under `profile`; asked after each, in sessions that
    /// undo or redo. The replay then empties its undo and redo stacks.
    func removedAllUndoActions(profile: String) -> Bool
}

extension InputRule {
    /// No promise: nothing is checked against the rule but what every rule must do.
    public var contract: RuleContract { RuleContract() }

    /// Allows every change.
    public func shouldChange(_ request: ChangeRequest) -> Bool { true }

    /// Leaves the field alone.
    public func editingChanged(_ change: FieldChange) -> TextAssignment? { nil }

    /// Assigns nothing while asked.
    public func assignment(during request: ChangeRequest) -> TextAssignment? { nil }

    /// Allows every moment of the lifecycle and does nothing at it.
    public func editing(_ moment: EditingMoment, field: FieldState, profile: String) -> EditingResponse {
        EditingResponse()
    }

    /// The same rule on every device.
    public func onDevice(region: String?) -> any InputRule { self }

    /// Never touches the undo manager.
    public func removedAllUndoActions(profile: String) -> Bool { false }
}

/// No rule: every change is accepted and nothing is rewritten. Replaying with it shows
/// what the platform models alone make of a session.
public struct AcceptEverything: InputRule {
    /// `none`.
    public var spec: String { "none" }

    /// Changes nothing, composition-safe and the same under every profile.
    public var contract: RuleContract {
        RuleContract(
            promise: "changes nothing", compositionSafe: true, profileIndependent: true, leavesFieldAlone: true)
    }

    /// The rule.
    public init() {}
}
