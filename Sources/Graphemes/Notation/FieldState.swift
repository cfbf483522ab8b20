/// What a text field holds at one moment: its text, its selection and its marked text.
///
/// This is the state that UIKit's `UITextInput` exposes as `text`, `selectedTextRange`
/// and `markedTextRange`, in UTF-16 offsets. It is written and read in a compact
/// notation (``notation``) so that a test or a report shows the field like a screen:
/// `ab[ㄨㄤ|]` is "ab" followed by the marked text "ㄨㄤ" with the caret at its end.
public struct FieldState: Hashable, Sendable {
    /// The field's text, in UTF-16 units (lone surrogates allowed).
    public var text: UTF16Text
    /// The selection; an empty range is a caret.
    public var selection: UTF16Range
    /// The marked (provisional, still-composing) text, if any.
    public var markedRange: UTF16Range?

    /// A field holding `text`, with `selection` and, if any, marked text at `markedRange`.
    public init(text: UTF16Text, selection: UTF16Range, markedRange: UTF16Range? = nil) {
        self.text = text
        self.selection = selection
        self.markedRange = markedRange
    }

    /// A field holding `text` with the caret at its end and nothing marked.
    public init(text: UTF16Text) {
        self.init(text: text, selection: .caret(at: text.length))
    }

    /// The marked text, if any.
    public var markedText: UTF16Text? { markedRange.map { text[$0] } }

    /// The selection relative to the marked text, as `setMarkedText(_:selectedRange:)`
    /// states it; `nil` when nothing is marked or the selection lies outside it.
    public var selectionInMarkedText: UTF16Range? {
        guard let marked = markedRange, selection.location >= marked.location, selection.end <= marked.end
        else { return nil }
        return UTF16Range(location: selection.location - marked.location, length: selection.length)
    }
}

extension FieldState: CustomStringConvertible, CustomDebugStringConvertible {
    /// The state in field notation, e.g. `ab[ㄨㄤ|]`.
    public var description: String { notation }

    /// `FieldState("ab[ㄨㄤ|]")`.
    public var debugDescription: String { "FieldState(\"\(notation)\")" }
}
