import Composition
import Foundation
import Graphemes

// The parts of UIKit a text-input rule touches, so that a delegate class and its
// handlers can be pasted from an app with at most an import changed. The names are
// UIKit's: on Linux there is no UIKit to collide with.
//
// Modelled from Apple's documentation of UITextField, UITextFieldDelegate, UITextInput
// and UIControl. The editing lifecycle (the sessions' `beginEditing`, `endEditing`,
// `clearButton` and `returnKey` events) drives the lifecycle methods in the order of
// Apple's `UITextFieldDelegate` overview.

/// A position in the text, as `UITextInput` hands it out: here an offset in UTF-16 units.
public final class UITextPosition: Equatable, CustomStringConvertible, @unchecked Sendable {
    let offset: Int

    init(_ offset: Int) { self.offset = offset }

    /// Positions at the same offset are equal.
    public static func == (lhs: UITextPosition, rhs: UITextPosition) -> Bool { lhs.offset == rhs.offset }

    /// The offset.
    public var description: String { "\(offset)" }
}

/// A range of the text, as `UITextInput` hands it out.
public final class UITextRange: @unchecked Sendable {
    /// Where the range starts.
    public let start: UITextPosition
    /// Where it ends.
    public let end: UITextPosition

    init(_ range: UTF16Range) {
        start = UITextPosition(range.location)
        end = UITextPosition(range.end)
    }

    /// Whether the range is a caret.
    public var isEmpty: Bool { start.offset == end.offset }

    var units: UTF16Range { UTF16Range(location: start.offset, length: end.offset - start.offset) }
}

/// `UIControl`'s event names.
public enum UIControl {
    /// The events a text field sends to its actions.
    public struct Event: OptionSet, Hashable, Sendable {
        /// The raw bits.
        public let rawValue: UInt
        /// An event set from raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Editing began (after `textFieldDidBeginEditing`).
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        /// The text changed by the user (not by assigning `text`).
        public static let editingChanged = Event(rawValue: 1 << 17)
        /// Editing ended (after `textFieldDidEndEditing`).
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        /// Return was pressed and `textFieldShouldReturn` agreed. As Interface Builder's
        /// "Did End On Exit", a field with an action for it resigns.
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
    }
}

/// An action added to a control (`textField.addAction(UIAction { … }, for: .editingChanged)`).
public final class UIAction: @unchecked Sendable {
    let handler: (UIAction) -> Void
    /// The control that sent the action, while its handler runs.
    public internal(set) weak var sender: AnyObject?

    /// An action that runs `handler`.
    public init(title: String = "", handler: @escaping (UIAction) -> Void) {
        self.handler = handler
    }
}

/// A keyboard (`UITextInputMode`): what `textField.textInputMode` and the current input
/// mode say while a session replays. Its ``primaryLanguage`` is the session's
/// (``Session/primaryLanguage``: `zh-Hans` for Pinyin, `ko-KR` for Korean, `emoji`, …).
public final class UITextInputMode: @unchecked Sendable {
    /// `primaryLanguage`: a BCP 47 tag, or `emoji` and `dictation`; `nil` for none.
    public let primaryLanguage: String?

    init(primaryLanguage: String?) {
        self.primaryLanguage = primaryLanguage
    }

    private static let key = "IMEHarness.UITextInputMode.current"

    /// The input mode of the keyboard in use while a delegate method or handler runs
    /// (`UITextInputMode.currentInputMode()` in Objective-C code, deprecated in iOS 7 and
    /// still common in Chinese limiters), `nil` outside a replay.
    public static var current: UITextInputMode? { Thread.current.threadDictionary[key] as? UITextInputMode }

    /// `+[UITextInputMode currentInputMode]`: ``current``.
    public static func currentInputMode() -> UITextInputMode? { current }

    /// Makes `mode` the current input mode of this thread (set before each call a field makes).
    static func makeCurrent(_ mode: UITextInputMode?) {
        let dictionary = Thread.current.threadDictionary
        if dictionary[key] as? UITextInputMode !== mode { dictionary[key] = mode }
    }
}

/// A field's undo manager (`textField.undoManager`, Foundation's `UndoManager` in UIKit):
/// what it holds is the replay's record of the edits UIKit registered (each typed or pasted
/// event one, `setText:` emptying it: see the replay's undo model), kept in sessions that
/// undo or redo.
public final class FieldUndoManager: @unchecked Sendable {
    /// `canUndo`: whether an edit is registered to undo.
    public internal(set) var canUndo = false
    /// `canRedo`: whether an undone edit can be redone.
    public internal(set) var canRedo = false
    /// Whether ``removeAllActions()`` was called since the replay last looked.
    var removedAll = false

    init() {}

    /// `removeAllActions()`: forgets every registered edit, so that Undo does nothing (a
    /// common guard against the NSRangeException an undo after a refused paste raises).
    public func removeAllActions() {
        canUndo = false
        canRedo = false
        removedAll = true
    }

    /// Whether `removeAllActions()` was called since the last time this was asked.
    func takeRemovedAll() -> Bool {
        defer { removedAll = false }
        return removedAll
    }
}

/// `UITextFieldDelegate`: every method optional, as in UIKit (the defaults do what UIKit
/// does when a delegate does not implement one).
public protocol UITextFieldDelegate: AnyObject {
    /// `textField(_:shouldChangeCharactersIn:replacementString:)`.
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String)
        -> Bool
    /// `textField(_:shouldChangeCharactersInRanges:replacementString:)` (iOS 26). Unimplemented,
    /// the single-range method is asked as the profile's `multiRangeOnSingleRange` says: by
    /// default once, with the union of the ranges (Apple documents so for `UITextView` and
    /// `UISearchBar`; `UITextField`'s page is silent, so the `ios26-multi-each-range`
    /// profile asks about each range, the text for the range the platform gives it and an
    /// empty string for the others, and allows the change when every answer does).
    func textField(
        _ textField: UITextField, shouldChangeCharactersInRanges ranges: [NSValue], replacementString string: String
    ) -> Bool
    /// `textFieldDidChangeSelection(_:)`.
    func textFieldDidChangeSelection(_ textField: UITextField)
    /// `textFieldShouldBeginEditing(_:)`.
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
    /// `textFieldDidBeginEditing(_:)`.
    func textFieldDidBeginEditing(_ textField: UITextField)
    /// `textFieldShouldEndEditing(_:)`.
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool
    /// `textFieldDidEndEditing(_:)`.
    func textFieldDidEndEditing(_ textField: UITextField)
    /// `textFieldShouldClear(_:)`.
    func textFieldShouldClear(_ textField: UITextField) -> Bool
    /// `textFieldShouldReturn(_:)`.
    func textFieldShouldReturn(_ textField: UITextField) -> Bool
}

extension UITextFieldDelegate {
    /// Allows the change.
    public func textField(
        _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
    ) -> Bool { true }

    /// Asks the single-range method, as described above.
    public func textField(
        _ textField: UITextField, shouldChangeCharactersInRanges ranges: [NSValue], replacementString string: String
    ) -> Bool {
        textField.singleRangeFallback.calls(
            for: ranges.map { UTF16Range($0.rangeValue) }, replacement: UTF16Text(string),
            target: textField.multiRangeTarget
        ).allSatisfy { call in
            self.textField(
                textField, shouldChangeCharactersIn: NSRange(call.range),
                replacementString: String(decoding: call.replacement.units, as: UTF16.self))
        }
    }

    /// Does nothing.
    public func textFieldDidChangeSelection(_ textField: UITextField) {}
    /// Begins.
    public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { true }
    /// Does nothing.
    public func textFieldDidBeginEditing(_ textField: UITextField) {}
    /// Ends.
    public func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { true }
    /// Does nothing.
    public func textFieldDidEndEditing(_ textField: UITextField) {}
    /// Clears.
    public func textFieldShouldClear(_ textField: UITextField) -> Bool { true }
    /// Returns.
    public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
}

/// A text field as a delegate and its handlers see and change it: `text`,
/// `markedTextRange`, `selectedTextRange` and the `UITextInput` position methods.
///
/// Assigning `text` (or `selectedTextRange`) from a delegate or handler does what UIKit
/// does: the replay applies it at once, ends any composition, and sends no
/// `editingChanged` for it.
public final class UITextField: @unchecked Sendable {
    /// The delegate (held weakly, as UIKit does: keep your delegate alive, or let
    /// ``TextFieldRule`` keep it).
    public weak var delegate: (any UITextFieldDelegate)?
    /// Any object the set-up wants kept alive with the field (a delegate object).
    public var retained: [AnyObject] = []

    var state = FieldState(text: .empty)
    var multiRangeTarget = MultiRangeTarget.firstListed
    var singleRangeFallback = SingleRangeFallback.unionRange

    /// `textInputMode`: the keyboard the user is typing on (see ``UITextInputMode``); a
    /// limiter that applies only to Chinese keyboards gates on its `primaryLanguage`.
    public private(set) var textInputMode: UITextInputMode?

    /// `undoManager`: the field's undo manager (see ``FieldUndoManager``).
    public let undoManager: FieldUndoManager? = FieldUndoManager()

    /// Shows the undo manager as the replay has it.
    func loadUndo(canUndo: Bool, canRedo: Bool) {
        undoManager?.canUndo = canUndo
        undoManager?.canRedo = canRedo
    }

    /// Shows the keyboard whose primary language is `language`, and makes it current.
    func use(inputMode language: String?) {
        if textInputMode?.primaryLanguage != language {
            textInputMode = language.map { UITextInputMode(primaryLanguage: $0) }
        }
        UITextInputMode.makeCurrent(textInputMode)
    }
    /// What user code set while a call ran.
    var assignedText: UTF16Text?
    /// Whether user code called ``resignFirstResponder()`` while a call ran.
    var resignRequested = false
    var assignedSelection: UTF16Range?
    private var actions: [(UIControl.Event, UIAction)] = []

    /// A field with no text.
    public init() {}

    /// `text`: the whole text, marked part included. Setting it ends any composition.
    public var text: String? {
        get { String(decoding: state.text.units, as: UTF16.self) }
        set {
            // A String bridged from an NSString keeps its lone surrogates on iOS (``Bridged``).
            let text = Bridged.units(of: newValue ?? "")
            assignedText = text
            assignedSelection = nil
            state = FieldState(text: text)
        }
    }

    /// The text as iOS's `NSString` (``AppleString``), lone surrogates kept. Setting it is
    /// what `textField.text = (text as NSString).substring(to: n)` does on iOS, where the
    /// `String` bridged from an `NSString` keeps its lone surrogates: write
    /// `textField.nsText = …` where pasted code assigns an `NSString` result, since a Swift
    /// `String` here would repair them.
    public var nsText: AppleString {
        get { AppleString(state.text) }
        set {
            assignedText = newValue.text
            assignedSelection = nil
            state = FieldState(text: newValue.text)
        }
    }

    /// `markedTextRange`: the part an input method is composing, `nil` when none.
    public var markedTextRange: UITextRange? { state.markedRange.map(UITextRange.init) }

    /// `selectedTextRange`: the selection, a caret when empty. Setting it outside the
    /// text is ignored, as UIKit ignores it.
    public var selectedTextRange: UITextRange? {
        get { UITextRange(state.selection) }
        set {
            guard let range = newValue?.units, range.fits(in: state.text.length) else { return }
            state.selection = range
            assignedSelection = range
        }
    }

    /// `beginningOfDocument`.
    public var beginningOfDocument: UITextPosition { UITextPosition(0) }
    /// `endOfDocument`.
    public var endOfDocument: UITextPosition { UITextPosition(state.text.length) }

    /// `offset(from:to:)`, in UTF-16 units.
    public func offset(from: UITextPosition, to: UITextPosition) -> Int { to.offset - from.offset }

    /// `position(from:offset:)`; `nil` outside the text.
    public func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
        let target = position.offset + offset
        return target >= 0 && target <= state.text.length ? UITextPosition(target) : nil
    }

    /// `textRange(from:to:)`.
    public func textRange(from: UITextPosition, to: UITextPosition) -> UITextRange? {
        let range = UTF16Range(location: min(from.offset, to.offset), length: abs(to.offset - from.offset))
        return range.fits(in: state.text.length) ? UITextRange(range) : nil
    }

    /// `text(in:)`.
    public func text(in range: UITextRange) -> String? {
        let units = range.units
        guard units.fits(in: state.text.length) else { return nil }
        return String(decoding: state.text[units].units, as: UTF16.self)
    }

    /// `isEnabled`: whether the app enabled the field. The replay does not stop events
    /// at a disabled field (a session says what reached it); delegates read it.
    public var isEnabled = true

    /// `isEditing`: whether the field is first responder (sessions start editing).
    public internal(set) var isEditing = true

    /// `resignFirstResponder()`: from a delegate method or handler, ends editing once the
    /// method returns (asking `textFieldShouldEndEditing`, as UIKit does).
    @discardableResult
    public func resignFirstResponder() -> Bool {
        resignRequested = isEditing
        return true
    }

    /// Whether an action is registered for any of `events`.
    func hasActions(for events: UIControl.Event) -> Bool {
        actions.contains { !$0.0.isDisjoint(with: events) }
    }

    /// `addAction(_:for:)`: `action` runs when one of `events` happens.
    public func addAction(_ action: UIAction, for events: UIControl.Event) {
        actions.append((events, action))
    }

    /// `sendActions(for:)`.
    public func sendActions(for events: UIControl.Event) {
        for (registered, action) in actions where !registered.isDisjoint(with: events) {
            action.sender = self
            action.handler(action)
            action.sender = nil
        }
    }

    /// Shows the field as the replay has it, forgetting earlier assignments.
    func load(_ field: FieldState, target: MultiRangeTarget) {
        state = field
        multiRangeTarget = target
        assignedText = nil
        assignedSelection = nil
    }

    /// Shows the field as `request` has it, then asks a delegate method about its call: the
    /// single-range one with the range, or, for an iOS 26 call, the ranges one with them.
    func ask(
        _ request: ChangeRequest, single: (NSRange, String) -> Bool, multi: ([NSValue], String) -> Bool
    ) -> Bool {
        load(request.field, target: request.multiRangeTarget)
        singleRangeFallback = request.singleRangeFallback
        use(inputMode: request.inputMode)
        loadUndo(canUndo: request.canUndo, canRedo: request.canRedo)
        let replacement = String(decoding: request.call.replacement.units, as: UTF16.self)
        switch request.call {
        case .single(let range, _): return single(NSRange(range), replacement)
        case .multi(let ranges, _): return multi(ranges.map { NSValue(range: NSRange($0)) }, replacement)
        }
    }

    /// The observers of this field's notifications (``FieldNotificationCenter``).
    let notifications = FieldNotificationCenter()

    /// What user code assigned since ``load(_:target:)``, if anything.
    func takeAssignment() -> TextAssignment? {
        defer {
            assignedText = nil
            assignedSelection = nil
        }
        if let assignedText { return TextAssignment(assignedText, selection: assignedSelection) }
        if let assignedSelection { return TextAssignment(state.text, selection: assignedSelection) }
        return nil
    }
}

extension UTF16Range {
    init(_ range: NSRange) { self.init(location: range.location, length: range.length) }
}

/// A rule made of a `UITextField` set up as in the app: its delegate, its
/// `editingChanged` actions, pasted.
///
/// ```swift
/// final class LimitDelegate: NSObject, UITextFieldDelegate {
///     func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange,
///                    replacementString string: String) -> Bool {
///         guard textField.markedTextRange == nil else { return true }
///         let text = (textField.text ?? "") as NSString
///         return text.replacingCharacters(in: range, with: string).count <= 10
///     }
/// }
/// let rule = TextFieldRule("my-limit", contract: .maxLength(10)) { field in
///     let delegate = LimitDelegate()
///     field.delegate = delegate
///     field.retained.append(delegate)
/// }
/// ```
///
/// Each session replay gets a field per profile, set up afresh (the replay runs the
/// profiles in lockstep, so state a delegate keeps, such as the last text it saw, stays
/// per profile, and no session sees what another left: a replay is the same whatever ran
/// before it, on whichever thread); before each call the field shows the replay's text,
/// marked range and selection.
public struct TextFieldRule: InputRule, @unchecked Sendable {
    /// The name reports show.
    public let spec: String
    /// What the rule promises.
    public let contract: RuleContract
    private let fields: PerProfile<UITextField>
    private let setUp: (UITextField) -> Void

    /// A rule whose field `setUp` configures (delegate, actions), once per profile.
    public init(
        _ name: String, contract: RuleContract = RuleContract(), setUp: @escaping (UITextField) -> Void
    ) {
        spec = name
        self.contract = contract
        self.setUp = setUp
        fields = PerProfile {
            let field = UITextField()
            FieldNotificationCenter.with(field.notifications) { setUp(field) }
            return field
        }
    }

    /// The rule with fresh fields, for one session replay.
    public func onDevice(region: String?) -> any InputRule {
        TextFieldRule(spec, contract: contract, setUp: setUp)
    }

    /// Calls the delegate's lifecycle method for `moment` and sends the control events
    /// that follow it (`editingDidBegin`, `editingDidEnd`, `editingDidEndOnExit`).
    public func editing(_ moment: EditingMoment, field state: FieldState, profile: String) -> EditingResponse {
        let field = fields[profile]
        field.load(state, target: field.multiRangeTarget)
        field.resignRequested = false
        let delegate = field.delegate
        var allows = true
        switch moment {
        case .shouldBeginEditing: allows = delegate?.textFieldShouldBeginEditing(field) ?? true
        case .didBeginEditing:
            field.isEditing = true
            delegate?.textFieldDidBeginEditing(field)
            field.sendActions(for: .editingDidBegin)
        case .shouldClear: allows = delegate?.textFieldShouldClear(field) ?? true
        case .shouldReturn:
            allows = delegate?.textFieldShouldReturn(field) ?? true
            if allows {
                field.sendActions(for: .editingDidEndOnExit)
                if field.hasActions(for: .editingDidEndOnExit) { field.resignRequested = true }
            }
        case .shouldEndEditing: allows = delegate?.textFieldShouldEndEditing(field) ?? true
        case .didEndEditing:
            field.isEditing = false
            delegate?.textFieldDidEndEditing(field)
            field.sendActions(for: .editingDidEnd)
        }
        let resigns = field.resignRequested
        field.resignRequested = false
        return EditingResponse(allows: allows, assignment: field.takeAssignment(), resigns: resigns)
    }

    /// Asks the delegate, with the call's range or, for an iOS 26 multi-range call, ranges.
    public func shouldChange(_ request: ChangeRequest) -> Bool {
        let field = fields[request.profile]
        guard let delegate = field.delegate else { return true }
        return field.ask(
            request,
            single: { delegate.textField(field, shouldChangeCharactersIn: $0, replacementString: $1) },
            multi: { delegate.textField(field, shouldChangeCharactersInRanges: $0, replacementString: $1) })
    }

    /// What the delegate assigned to the field while it was asked.
    public func assignment(during request: ChangeRequest) -> TextAssignment? {
        fields[request.profile].takeAssignment()
    }

    /// Sends `editingChanged` to the field's actions and returns what they assigned.
    public func editingChanged(_ change: FieldChange) -> TextAssignment? {
        let field = fields[change.profile]
        field.load(change.after, target: field.multiRangeTarget)
        field.use(inputMode: change.inputMode)
        field.loadUndo(canUndo: change.canUndo, canRedo: change.canRedo)
        field.sendActions(for: .editingChanged)
        FieldNotificationCenter.with(field.notifications) {
            field.notifications.post(name: UITextField.textDidChangeNotification, object: field)
        }
        field.delegate?.textFieldDidChangeSelection(field)
        return field.takeAssignment()
    }

    /// Whether the field's undo manager was emptied in the last call or handler.
    public func removedAllUndoActions(profile: String) -> Bool {
        fields[profile].undoManager?.takeRemovedAll() ?? false
    }
}

/// `UITextViewDelegate`: every method optional, as in UIKit.
public protocol UITextViewDelegate: AnyObject {
    /// `textView(_:shouldChangeTextIn:replacementText:)`.
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    /// `textView(_:shouldChangeTextInRanges:replacementText:)` (iOS 26). Unimplemented, the
    /// single-range method is called once with the union of the ranges, whatever the
    /// profile: documented for `UITextViewDelegate` (developer.apple.com/documentation/uikit/
    /// uitextviewdelegate/textview(_:shouldchangetextinranges:replacementtext:)).
    func textView(_ textView: UITextView, shouldChangeTextInRanges ranges: [NSValue], replacementText text: String)
        -> Bool
    /// `textViewDidChange(_:)`: the text view's `editingChanged`.
    func textViewDidChange(_ textView: UITextView)
    /// `textViewDidChangeSelection(_:)`.
    func textViewDidChangeSelection(_ textView: UITextView)
    /// `textViewShouldBeginEditing(_:)`.
    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool
    /// `textViewDidBeginEditing(_:)`.
    func textViewDidBeginEditing(_ textView: UITextView)
    /// `textViewShouldEndEditing(_:)`.
    func textViewShouldEndEditing(_ textView: UITextView) -> Bool
    /// `textViewDidEndEditing(_:)`.
    func textViewDidEndEditing(_ textView: UITextView)
}

extension UITextViewDelegate {
    /// Allows the change.
    public func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String)
        -> Bool
    { true }

    /// Asks the single-range method once, with the union range.
    public func textView(
        _ textView: UITextView, shouldChangeTextInRanges ranges: [NSValue], replacementText text: String
    ) -> Bool {
        self.textView(
            textView,
            shouldChangeTextIn: NSRange(SingleRangeFallback.union(of: ranges.map { UTF16Range($0.rangeValue) })),
            replacementText: text)
    }

    /// Does nothing.
    public func textViewDidChange(_ textView: UITextView) {}
    /// Does nothing.
    public func textViewDidChangeSelection(_ textView: UITextView) {}
    /// Allows editing to begin.
    public func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { true }
    /// Does nothing.
    public func textViewDidBeginEditing(_ textView: UITextView) {}
    /// Allows editing to end.
    public func textViewShouldEndEditing(_ textView: UITextView) -> Bool { true }
    /// Does nothing.
    public func textViewDidEndEditing(_ textView: UITextView) {}
}

/// A text view: a ``UITextField`` whose delegate is a ``UITextViewDelegate`` (its text may
/// hold newlines; the replay treats it like any text).
public final class UITextView: @unchecked Sendable {
    /// The field underneath: text, marked and selected ranges, positions.
    public let field = UITextField()
    /// The delegate (held weakly, as UIKit does).
    public weak var delegate: (any UITextViewDelegate)?
    /// Any object the set-up wants kept alive with the view.
    public var retained: [AnyObject] = []

    /// A view with no text.
    public init() {}

    /// `text`. Setting it ends any composition.
    public var text: String! {
        get { field.text }
        set { field.text = newValue }
    }
    /// `markedTextRange`.
    public var markedTextRange: UITextRange? { field.markedTextRange }
    /// `textInputMode` (see ``UITextField/textInputMode``).
    public var textInputMode: UITextInputMode? { field.textInputMode }
    /// `undoManager` (see ``UITextField/undoManager``).
    public var undoManager: FieldUndoManager? { field.undoManager }
    /// `selectedTextRange`.
    public var selectedTextRange: UITextRange? {
        get { field.selectedTextRange }
        set { field.selectedTextRange = newValue }
    }
    /// `selectedRange`, in UTF-16 units.
    public var selectedRange: NSRange {
        get { NSRange(location: field.state.selection.location, length: field.state.selection.length) }
        set { field.selectedTextRange = UITextRange(UTF16Range(newValue)) }
    }
    var multiRangeTarget: MultiRangeTarget { field.multiRangeTarget }

    /// `resignFirstResponder()` (see ``UITextField/resignFirstResponder()``).
    @discardableResult
    public func resignFirstResponder() -> Bool { field.resignFirstResponder() }
}

/// A rule made of a `UITextView` set up as in the app: its delegate's
/// `shouldChangeTextIn` and `textViewDidChange`.
public struct TextViewRule: InputRule, @unchecked Sendable {
    /// The name reports show.
    public let spec: String
    /// What the rule promises.
    public let contract: RuleContract
    private let views: PerProfile<UITextView>
    private let setUp: (UITextView) -> Void

    /// A rule whose view `setUp` configures, once per profile and session replay.
    public init(_ name: String, contract: RuleContract = RuleContract(), setUp: @escaping (UITextView) -> Void) {
        spec = name
        self.contract = contract
        self.setUp = setUp
        views = PerProfile {
            let view = UITextView()
            FieldNotificationCenter.with(view.field.notifications) { setUp(view) }
            return view
        }
    }

    /// The rule with fresh views, for one session replay.
    public func onDevice(region: String?) -> any InputRule {
        TextViewRule(spec, contract: contract, setUp: setUp)
    }

    /// Calls the delegate's begin and end editing methods. A text view has no clear
    /// button and no `textFieldShouldReturn`: its Return is `insertText("\n")`, asked
    /// through `shouldChangeTextIn` (a session's `returnKey` and `clearButton` reach it as
    /// allowed and do nothing else).
    public func editing(_ moment: EditingMoment, field state: FieldState, profile: String) -> EditingResponse {
        let view = views[profile]
        view.field.load(state, target: view.field.multiRangeTarget)
        view.field.resignRequested = false
        var allows = true
        switch moment {
        case .shouldBeginEditing: allows = view.delegate?.textViewShouldBeginEditing(view) ?? true
        case .didBeginEditing: view.delegate?.textViewDidBeginEditing(view)
        case .shouldEndEditing: allows = view.delegate?.textViewShouldEndEditing(view) ?? true
        case .didEndEditing: view.delegate?.textViewDidEndEditing(view)
        case .shouldClear, .shouldReturn: return EditingResponse(allows: moment == .shouldReturn)
        }
        view.field.resignRequested = false
        return EditingResponse(allows: allows, assignment: view.field.takeAssignment())
    }

    /// Asks the delegate about the range or ranges.
    public func shouldChange(_ request: ChangeRequest) -> Bool {
        let view = views[request.profile]
        guard let delegate = view.delegate else { return true }
        return view.field.ask(
            request,
            single: { delegate.textView(view, shouldChangeTextIn: $0, replacementText: $1) },
            multi: { delegate.textView(view, shouldChangeTextInRanges: $0, replacementText: $1) })
    }

    /// What the delegate assigned while it was asked.
    public func assignment(during request: ChangeRequest) -> TextAssignment? {
        views[request.profile].field.takeAssignment()
    }

    /// Calls `textViewDidChange` and returns what it assigned.
    public func editingChanged(_ change: FieldChange) -> TextAssignment? {
        let view = views[change.profile]
        view.field.load(change.after, target: view.field.multiRangeTarget)
        view.field.use(inputMode: change.inputMode)
        view.field.loadUndo(canUndo: change.canUndo, canRedo: change.canRedo)
        view.delegate?.textViewDidChange(view)
        FieldNotificationCenter.with(view.field.notifications) {
            view.field.notifications.post(name: UITextView.textDidChangeNotification, object: view)
        }
        return view.field.takeAssignment()
    }

    /// Whether the view's undo manager was emptied in the last call or handler.
    public func removedAllUndoActions(profile: String) -> Bool {
        views[profile].field.undoManager?.takeRemovedAll() ?? false
    }
}

extension NSRange {
    init(_ range: UTF16Range) { self.init(location: range.location, length: range.length) }
}

/// One object per profile, made on first use: the replay runs the profiles in lockstep,
/// so a field (and the delegate state it carries) must not be shared between them.
final class PerProfile<Object: AnyObject>: @unchecked Sendable {
    private let make: () -> Object
    private let lock = NSLock()
    /// Per thread, per profile: the value a rule was made with may still be called from
    /// several threads at once (a rule's `onDevice` gives each session replay its own), and
    /// a field is state no two may share.
    private var byThread: [pthread_t: [String: Object]] = [:]

    init(make: @escaping () -> Object) { self.make = make }

    subscript(profile: String) -> Object {
        let thread = pthread_self()
        lock.lock()
        defer { lock.unlock() }
        if let object = byThread[thread]?[profile] { return object }
        let object = make()
        byThread[thread, default: [:]][profile] = object
        return object
    }
}
