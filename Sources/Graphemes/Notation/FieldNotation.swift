/// The compact field notation, read and written.
///
/// - `[` and `]` enclose the marked text.
/// - One `|` is the caret; two `|` enclose a non-empty selection. With no `|`, the
///   caret is at the end of the marked text, or else at the end of the text.
/// - `<XXXX>` (4 to 6 hex digits) is one code point; a surrogate value is a lone
///   surrogate unit. The writer uses it for lone surrogates and for characters that
///   would be invisible or would disturb the line: controls (Cc), format characters
///   (Cf: ZWJ, bidi controls, tags) and line/paragraph separators.
/// - `\` escapes the next character, so `\[`, `\]`, `\|`, `\<` and `\\` are literal.
///
/// When the selection lies inside the marked text (as UIKit keeps it), the selection
/// markers are written inside the brackets: `ab[ㄨㄤ|]`, `[|ㄨㄤ]`. A marker that
/// falls inside a surrogate pair is written between the pair's two units, each then
/// shown as `<XXXX>`.
extension FieldState {
    /// The state written in field notation.
    public var notation: String {
        // Appended into one string, scalar by scalar: the replay writes a field this way
        // whenever a recording diverges, so no piece is built as a string of its own.
        var out = ""
        out.reserveCapacity(text.length + 8)
        var offset = 0
        // RGI emoji sequences are written whole, their ZWJs and selectors as part of the
        // picture (as ``UTF16Text/visiblePieces`` draws them): only a broken one shows its
        // parts. Found only when the text holds such a joiner at all.
        let whole = wholeEmoji()
        let inside = selectionInMarkedText != nil
        while true {
            appendMarkers(at: offset, inside: inside, to: &out)
            guard offset < text.length else { break }
            if let end = whole[offset], !(offset + 1..<end).contains(where: { hasMarkers(at: $0) }) {
                out += String(decoding: text.units[offset..<end], as: UTF16.self)
                offset = end
                continue
            }
            let element = UTF16Text.decode(text.units, at: offset)
            if element.utf16Length == 2, hasMarkers(at: offset + 1) {
                FieldNotation.appendToken(for: UInt32(text.units[offset]), to: &out)
                offset += 1
            } else {
                FieldNotation.append(element, to: &out)
                offset += element.utf16Length
            }
        }
        return out
    }

    /// Where each RGI emoji sequence of more than one scalar that holds a character field
    /// notation would otherwise write as a token (ZWJ, a variation selector, a tag) starts,
    /// mapped to its end.
    private func wholeEmoji() -> [Int: Int] {
        let joins = text.units.contains { unit in
            unit == 0x200D || unit == 0xFE0F || unit == 0xFE0E || unit == 0xDB40
        }
        guard joins else { return [:] }
        var whole: [Int: Int] = [:]
        for cluster in text.graphemeClusters where cluster.length > 1 {
            let units = text[cluster]
            if EmojiStringProperty.rgiEmoji.isHeld(by: units), String(validating: units.units, as: UTF16.self) != nil {
                whole[cluster.location] = cluster.end
            }
        }
        return whole
    }

    /// Appends the markers written at `offset`, in nesting order (`inside`: whether the
    /// selection lies inside the marked text).
    private func appendMarkers(at offset: Int, inside: Bool, to out: inout String) {
        if let marked = markedRange, marked.end == offset, !marked.isEmpty, !inside { out += "]" }
        if let marked = markedRange, marked.location == offset, inside || marked.isEmpty { out += "[" }
        if selection.location == offset || (!selection.isEmpty && selection.end == offset) { out += "|" }
        if let marked = markedRange, marked.end == offset, inside || marked.isEmpty { out += "]" }
        if let marked = markedRange, marked.location == offset, !marked.isEmpty, !inside { out += "[" }
    }

    /// Whether any marker is written at `offset`.
    private func hasMarkers(at offset: Int) -> Bool {
        selection.location == offset || selection.end == offset || markedRange?.location == offset
            || markedRange?.end == offset
    }

    /// Reads a state written in field notation.
    ///
    /// - Throws: ``FieldNotationError`` naming the offending character's position.
    public init(notation: String) throws(FieldNotationError) {
        var units: [UInt16] = []
        var carets: [Int] = []
        var markedStart: Int?
        var markedEnd: Int?
        let characters = Array(notation.unicodeScalars)
        var index = 0
        while index < characters.count {
            let scalar = characters[index]
            switch scalar {
            case "\\":
                guard index + 1 < characters.count else { throw .danglingEscape(position: index) }
                units += characters[index + 1].utf16
                index += 2
                continue
            case "<":
                let (unit, length) = try FieldNotation.parseToken(characters, at: index)
                units += unit
                index += length
                continue
            case "[":
                guard markedStart == nil else { throw .unexpected("[", position: index) }
                markedStart = units.count
            case "]":
                guard markedStart != nil, markedEnd == nil else { throw .unexpected("]", position: index) }
                markedEnd = units.count
            case "|":
                guard carets.count < 2 else { throw .unexpected("|", position: index) }
                carets.append(units.count)
            default:
                units += scalar.utf16
            }
            index += 1
        }
        if markedStart != nil, markedEnd == nil { throw .unclosedMarkedText }
        let marked = markedStart.map { UTF16Range($0..<(markedEnd ?? $0)) }
        let selection: UTF16Range
        switch carets.count {
        case 0: selection = .caret(at: marked?.end ?? units.count)
        case 1: selection = .caret(at: carets[0])
        default: selection = UTF16Range(carets[0]..<carets[1])
        }
        self.init(text: UTF16Text(units: units), selection: selection, markedRange: marked)
    }
}

/// Why a string is not valid field notation.
public enum FieldNotationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A `\` ends the string.
    case danglingEscape(position: Int)
    /// A marker that is not allowed where it stands (a second `[`, a `]` without `[`, a third `|`).
    case unexpected(Character, position: Int)
    /// A `[` has no `]`.
    case unclosedMarkedText
    /// A `<` does not start a `<XXXX>` token of 4 to 6 hex digits naming a code point.
    case badCodePointToken(position: Int)

    /// One line naming the position and what is wrong.
    public var description: String {
        switch self {
        case .danglingEscape(let position): "field notation: '\\' at position \(position) escapes nothing"
        case .unexpected(let marker, let position): "field notation: unexpected '\(marker)' at position \(position)"
        case .unclosedMarkedText: "field notation: '[' is never closed by ']'"
        case .badCodePointToken(let position):
            "field notation: '<' at position \(position) does not start a <XXXX> code point (4-6 hex digits, at most 10FFFF)"
        }
    }
}

/// Helpers shared by the notation reader and writer and by ``UTF16Text/visibleDescription``.
enum FieldNotation {
    /// Appends `<XXXX>` (at least 4 hex digits) for a code point or lone surrogate value.
    static func appendToken(for value: UInt32, to out: inout String) {
        let hex = String(value, radix: 16, uppercase: true)
        out += "<"
        for _ in 0..<max(0, 4 - hex.utf8.count) { out += "0" }
        out += hex
        out += ">"
    }

    /// Appends one decoded element as the notation writes it.
    static func append(_ element: DecodedUnit, to out: inout String) {
        switch element {
        case .loneSurrogate(let unit):
            appendToken(for: UInt32(unit), to: &out)
        case .scalar(let scalar):
            if isSyntax(scalar) {
                out += "\\"
                out.unicodeScalars.append(scalar)
            } else if isInvisible(scalar) {
                appendToken(for: scalar.value, to: &out)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }

    /// Whether a scalar has a meaning in the notation (`[`, `]`, `|`, `<`, `\`), and is
    /// escaped with `\` when written as text.
    static func isSyntax(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "[" || scalar == "]" || scalar == "|" || scalar == "<" || scalar == "\\"
    }

    /// Whether a scalar is written as a `<XXXX>` token: Cc, Cf, Zl, Zp (from ICU).
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F }
        switch ScalarClassInfo.of(scalar.value).generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// Parses `<XXXX>` at `index`; returns the unit(s) and the token's length in scalars.
    static func parseToken(_ characters: [Unicode.Scalar], at index: Int) throws(FieldNotationError)
        -> ([UInt16], Int)
    {
        var end = index + 1
        var digits = ""
        while end < characters.count, characters[end] != ">", digits.count <= 6 {
            digits.unicodeScalars.append(characters[end])
            end += 1
        }
        guard end < characters.count, (4...6).contains(digits.count), let value = UInt32(digits, radix: 16),
            value <= 0x10FFFF
        else { throw .badCodePointToken(position: index) }
        return (UTF16Text.encodedUnits(of: value), end - index + 1)
    }
}

extension UTF16Text {
    /// The text as field notation writes it: lone surrogates and invisible characters
    /// as `<XXXX>`, notation syntax escaped. Never loses or replaces a unit.
    public var visibleDescription: String {
        FieldState(text: self, selection: .caret(at: length)).notation.dropLastCaret()
    }
}

extension String {
    fileprivate func dropLastCaret() -> String {
        hasSuffix("|") ? String(dropLast()) : self
    }
}
