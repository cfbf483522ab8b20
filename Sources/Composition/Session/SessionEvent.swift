import Graphemes

/// What a keyboard or input method sends to a text field (UIKit's `UITextInput` level).
public enum SessionEvent: Hashable, Sendable {
    /// `setMarkedText(_:selectedRange:)`: replaces the marked text, or the selection when
    /// nothing is marked; the result is marked, with `selectedRange` relative to it.
    case setMarkedText(UTF16Text, selectedRange: UTF16Range)
    /// `unmarkText()`: the marked text becomes ordinary text as it is.
    case unmarkText
    /// `insertText(_:)`: replaces the marked text (a commit) or the selection.
    case insertText(UTF16Text)
    /// `deleteBackward()`: deletes the selection, else the unit before the caret (the profile says which unit).
    case deleteBackward
    /// A replacement of one range: paste, autocorrect, dictation, QuickType.
    case replace(UTF16Range, UTF16Text)
    /// A multi-range edit: one range gets the text, the others are deleted.
    case replaceRanges([UTF16Range], UTF16Text)
    /// Moves the caret or the selection.
    case setSelection(UTF16Range)
    /// The user taps the field: `textFieldShouldBeginEditing`, and when it agrees the field
    /// becomes first responder and `textFieldDidBeginEditing` follows. Nothing happens when
    /// the field is already editing. Sessions start with the field editing.
    case beginEditing
    /// The field resigns first responder (a tap elsewhere, the keyboard dismissed):
    /// `textFieldShouldEndEditing`; when it agrees, any marked text is committed as it is
    /// and `textFieldDidEndEditing` follows. Until the next ``beginEditing`` no typing
    /// reaches the field.
    case endEditing
    /// The clear button (shown while editing, the default `clearButtonMode`):
    /// `textFieldShouldClear`; when it agrees the text is emptied, which ends any
    /// composition and sends `editingChanged`.
    case clearButton
    /// The Return key, with no marked text (during a composition the input method handles
    /// it): `textFieldShouldReturn`. A text field inserts nothing; the delegate may assign
    /// text or resign (which ends editing as ``endEditing`` does).
    case returnKey
    /// The app sets `text` from code (formatting, restoring a draft): no delegate call, no
    /// `editingChanged`; any composition ends, and the undo stack is cleared.
    case setText(UTF16Text)
    /// Undo (shake, three-finger swipe, the iPad shortcut bar): UIKit reverts the last edit
    /// it registered — through `shouldChangeCharacters`, with the registered range, which
    /// may no longer fit the text (see docs/commands.md).
    case undo
    /// Redo: re-applies the last undone edit, asked the same way.
    case redo

    /// The operation's name in session files.
    public var op: Op {
        switch self {
        case .setMarkedText: .setMarkedText
        case .unmarkText: .unmarkText
        case .insertText: .insertText
        case .deleteBackward: .deleteBackward
        case .replace: .replace
        case .replaceRanges: .replaceRanges
        case .setSelection: .setSelection
        case .beginEditing: .beginEditing
        case .endEditing: .endEditing
        case .clearButton: .clearButton
        case .returnKey: .returnKey
        case .setText: .setText
        case .undo: .undo
        case .redo: .redo
        }
    }

    /// The text the event types on the keyboard (a commit, marked text), which the field's
    /// keyboard must be able to type; `nil` for edits that come from elsewhere (a paste, a
    /// prediction's replacement, the app) or type nothing.
    public var typedText: UTF16Text? {
        switch self {
        case .insertText(let text), .setMarkedText(let text, _): text
        default: nil
        }
    }

    /// Whether the event ends editing (``endEditing``, or ``returnKey`` where the app
    /// dismisses the keyboard on it).
    package var endsEditing: Bool {
        switch self {
        case .endEditing, .returnKey: true
        default: false
        }
    }

    /// Whether the event edits several ranges at once (``replaceRanges(_:_:)``).
    public var isMultiRangeEdit: Bool {
        if case .replaceRanges = self { true } else { false }
    }

    /// Whether the event is the app setting the text from code (``setText(_:)``).
    public var isAppAssignment: Bool {
        if case .setText = self { true } else { false }
    }

    /// Whether the event is one of the editing lifecycle's (focus, clear button, Return),
    /// which no input method sends and no `shouldChangeCharacters` call asks about.
    public var isLifecycle: Bool {
        switch self {
        case .beginEditing, .endEditing, .clearButton, .returnKey: true
        default: false
        }
    }

    /// The `op` names of session files.
    public enum Op: String, Sendable, CaseIterable {
        /// `setMarkedText(_:selectedRange:)`.
        case setMarkedText
        /// `unmarkText()`.
        case unmarkText
        /// `insertText(_:)`.
        case insertText
        /// `deleteBackward()`.
        case deleteBackward
        /// A replacement of one range (autocorrect, dictation, paste).
        case replace
        /// A multi-range edit.
        case replaceRanges
        /// A selection or caret move.
        case setSelection
        /// The field becomes first responder.
        case beginEditing
        /// The field resigns first responder.
        case endEditing
        /// The clear button is tapped.
        case clearButton
        /// The Return key is pressed.
        case returnKey
        /// The app sets the text.
        case setText
        /// Undo.
        case undo
        /// Redo.
        case redo

        /// The members an event with this op must have besides `op`.
        public var requiredMembers: [String] { Array(members.dropFirst()) }

        /// All the members of an event with this op, `op` first (built once per op).
        var members: [String] {
            // A switch: a dictionary keyed by the op hashes its name at every event read.
            switch self {
            case .setMarkedText: ["op", "text", "selectedRange"]
            case .insertText, .setText: ["op", "text"]
            case .replace: ["op", "range", "text"]
            case .replaceRanges: ["op", "ranges", "text"]
            case .setSelection: ["op", "range"]
            case .unmarkText, .deleteBackward, .beginEditing, .endEditing, .clearButton, .returnKey, .undo, .redo:
                ["op"]
            }
        }
    }
}

extension SessionEvent: CustomStringConvertible {
    /// A compact form, e.g. `setMarkedText("ㄨㄤ", {2, 0})`.
    public var description: String {
        switch self {
        case .setMarkedText(let text, let selected): "setMarkedText(\"\(text.briefDescription)\", \(selected))"
        case .unmarkText: "unmarkText"
        case .insertText(let text): "insertText(\"\(text.briefDescription)\")"
        case .deleteBackward: "deleteBackward"
        case .replace(let range, let text): "replace(\(range), \"\(text.briefDescription)\")"
        case .replaceRanges(let ranges, let text):
            "replaceRanges([\(ranges.map(\.description).joined(separator: ", "))], \"\(text.briefDescription)\")"
        case .setSelection(let range): "setSelection(\(range))"
        case .beginEditing: "beginEditing"
        case .endEditing: "endEditing"
        case .clearButton: "clearButton"
        case .returnKey: "returnKey"
        case .setText(let text): "setText(\"\(text.briefDescription)\")"
        case .undo: "undo"
        case .redo: "redo"
        }
    }
}

extension SessionEvent {
    /// An input method's composition: `reading` shown as marked text one grapheme cluster
    /// at a time (the caret at its end), then `commit` inserted in its place.
    public static func composing(_ reading: UTF16Text, commit: UTF16Text) -> [SessionEvent] {
        var events: [SessionEvent] = []
        for cluster in reading.graphemeClusters {
            let marked = reading[UTF16Range(location: 0, length: cluster.end)]
            events.append(.setMarkedText(marked, selectedRange: .caret(at: marked.length)))
        }
        events.append(.insertText(commit))
        return events
    }
}
