import Graphemes

/// Java's `CharSequence` as Android's text classes hand it to app code: UTF-16 units (lone
/// surrogates kept) and, as `Spanned`, the composing span `BaseInputConnection` sets
/// (`SPAN_COMPOSING`), the one span input rules read.
///
/// `subSequence` keeps the part of the composing span inside it, as
/// `SpannableStringBuilder.subSequence` copies the spans it covers: what AOSP's
/// `LengthFilter` returns (`source.subSequence(start, keep)`) is still composing text. A
/// `Spanned` made from a string literal (`""`, a `String`) carries no span.
public struct Spanned: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The text.
    public var text: UTF16Text
    /// The composing span (`BaseInputConnection.getComposingSpanStart/End`), `nil` when none.
    public var composing: UTF16Range?

    /// A text with a composing span over `composing`, if given.
    public init(_ text: UTF16Text, composing: UTF16Range? = nil) {
        self.text = text
        self.composing = composing
    }

    /// A plain text (no span), as a Java `String` is.
    public init(_ string: String) { self.init(UTF16Text(string)) }

    /// A plain text from a literal.
    public init(stringLiteral value: String) { self.init(value) }

    /// `length()`, in UTF-16 units.
    public var length: Int { text.length }

    /// `charAt(index)`: the UTF-16 unit at `index` (a lone surrogate stays one).
    public func charAt(_ index: Int) -> UInt16 { text.units[index] }

    /// `subSequence(start, end)`, with the part of the composing span inside it.
    public func subSequence(_ start: Int, _ end: Int) -> Spanned {
        let range = UTF16Range(start..<end)
        let span = composing.flatMap { span -> UTF16Range? in
            let lower = max(span.location, start)
            let upper = min(span.end, end)
            return lower < upper ? UTF16Range((lower - start)..<(upper - start)) : nil
        }
        return Spanned(text[range], composing: span)
    }

    /// `toString()`: the text as a Swift string (a lone surrogate becomes U+FFFD).
    public func toString() -> String { String(decoding: text.units, as: UTF16.self) }

    /// The text, as reports write it.
    public var description: String { text.visibleDescription }
}

/// The static helpers of `android.view.inputmethod.BaseInputConnection` that rules call.
public enum BaseInputConnection {
    /// `getComposingSpanStart(text)`: where the composing span starts, `-1` when none.
    public static func getComposingSpanStart(_ text: Spanned) -> Int { text.composing?.location ?? -1 }
    /// `getComposingSpanEnd(text)`: where the composing span ends, `-1` when none.
    public static func getComposingSpanEnd(_ text: Spanned) -> Int { text.composing?.end ?? -1 }
    /// `getComposingSpanStart(editable)`.
    public static func getComposingSpanStart(_ editable: Editable) -> Int { editable.composing?.location ?? -1 }
    /// `getComposingSpanEnd(editable)`.
    public static func getComposingSpanEnd(_ editable: Editable) -> Int { editable.composing?.end ?? -1 }
}

/// What `java.lang.Character` answers about a UTF-16 unit.
public enum JavaCharacter {
    /// `Character.isHighSurrogate(c)`.
    public static func isHighSurrogate(_ unit: UInt16) -> Bool { (0xD800...0xDBFF).contains(unit) }
    /// `Character.isLowSurrogate(c)`.
    public static func isLowSurrogate(_ unit: UInt16) -> Bool { (0xDC00...0xDFFF).contains(unit) }
}

/// `android.text.InputFilter`: asked about every replace of the field's text (typing,
/// composing text, commits, deletions, `setText`), it returns what to put in
/// `dest[dstart..<dend]` instead of `source[start..<end]`, or `nil` to keep it.
public struct InputFilter: Sendable {
    /// `filter(source, start, end, dest, dstart, dend)`.
    public typealias Body =
        @Sendable (_ source: Spanned, _ start: Int, _ end: Int, _ dest: Spanned, _ dstart: Int, _ dend: Int) ->
        Spanned?

    /// The filter's name, for messages.
    public let name: String
    let body: Body

    /// A filter from its `filter` body.
    public init(_ name: String, filter: @escaping Body) {
        self.name = name
        body = filter
    }

    /// `filter(source, start, end, dest, dstart, dend)`.
    public func filter(_ source: Spanned, _ start: Int, _ end: Int, _ dest: Spanned, _ dstart: Int, _ dend: Int)
        -> Spanned?
    {
        body(source, start, end, dest, dstart, dend)
    }

    /// `new InputFilter.LengthFilter(max)`, as AOSP writes it (`android/text/InputFilter.java`):
    /// it keeps what fits of the source, one unit less when the cut would leave a high
    /// surrogate, and `""` when nothing fits. React Native's `maxLength` on Android is
    /// this filter (`ReactTextInputManager.setMaxLength` adds a `LengthFilter`). Spelled
    /// as Java spells the class, so that a filter list pastes as written.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public static func LengthFilter(_ max: Int) -> InputFilter {
        InputFilter("LengthFilter(\(max))") { source, start, end, dest, dstart, dend in
            var keep = max - (dest.length - (dend - dstart))
            if keep <= 0 {
                return ""
            } else if keep >= end - start {
                return nil  // keep original
            } else {
                keep += start
                if JavaCharacter.isHighSurrogate(source.charAt(keep - 1)) {
                    keep -= 1
                    if keep == start { return "" }
                }
                return source.subSequence(start, keep)
            }
        }
    }
}

/// The field's `Editable` as a `TextWatcher`'s `afterTextChanged(s)` gets it: its edits
/// change the field at once, go through the field's filters, and call the watcher again
/// (`TextWatcher` documents "be careful not to get yourself into an infinite loop"; the
/// replay stops a loop after 64 nested calls and
/// reports it as the crash it is on a device, a `StackOverflowError`).
public final class Editable: CustomStringConvertible {
    unowned let field: AndroidField

    init(field: AndroidField) { self.field = field }

    /// `length()`.
    public var length: Int { field.text.length }
    /// The composing span, `nil` when none.
    public var composing: UTF16Range? { field.composing }
    /// The text and its composing span.
    public var spanned: Spanned { Spanned(field.text, composing: field.composing) }
    /// `toString()`.
    public func toString() -> String { String(decoding: field.text.units, as: UTF16.self) }
    /// `charAt(index)`.
    public func charAt(_ index: Int) -> UInt16 { field.text.units[index] }
    /// The text, as reports write it.
    public var description: String { field.text.visibleDescription }
    /// Where the selection starts (`Selection.getSelectionStart(s)`).
    public var selectionStart: Int { field.selection.location }
    /// Where the selection ends (`Selection.getSelectionEnd(s)`).
    public var selectionEnd: Int { field.selection.end }

    /// `replace(st, en, text)`.
    public func replace(_ start: Int, _ end: Int, _ text: Spanned) {
        field.editFromApp(UTF16Range(min(start, end)..<max(start, end)), text)
    }
    /// `delete(st, en)`.
    public func delete(_ start: Int, _ end: Int) { replace(start, end, "") }
    /// `insert(where, text)`.
    public func insert(_ offset: Int, _ text: Spanned) { replace(offset, offset, text) }
    /// `append(text)`.
    public func append(_ text: Spanned) { replace(length, length, text) }
}

/// `android.text.Selection`'s static helpers.
public enum Selection {
    /// `Selection.getSelectionStart(text)`.
    public static func getSelectionStart(_ editable: Editable) -> Int { editable.selectionStart }
    /// `Selection.getSelectionEnd(text)`.
    public static func getSelectionEnd(_ editable: Editable) -> Int { editable.selectionEnd }
}
