import Graphemes

/// One line of standard error, made safe for a terminal.
///
/// Messages quote what came from outside: file names, JSON keys, values, patterns. A file
/// named with a newline must not print a fake second line, a right-to-left override must
/// not reorder the message, an escape sequence must not reach the terminal, and a
/// million-digit number must not become a megabyte-long line. So every character that
/// ICU calls a control, a bidi control, a format character or a separator (the
/// characters reports draw as tokens, ``VisibleToken``) is written as `<XXXX>`, as field
/// notation writes it, and a line longer than ``maximumLength`` characters keeps its
/// head and its tail (where a message says what was expected) around a count of what
/// was left out.
enum TerminalLine {
    /// The longest line written whole, in Unicode scalars.
    static let maximumLength = 2_000

    /// `ime-harness: ` and `message`, escaped and shortened, ending in a newline.
    static func diagnostic(_ message: String) -> String {
        "ime-harness: " + safe(message) + "\n"
    }

    /// `text` with every invisible or line-breaking character escaped, shortened to at most
    /// about ``maximumLength`` characters.
    static func safe(_ text: String) -> String {
        var scalars = Array(text.unicodeScalars)
        if scalars.count > maximumLength {
            let head = maximumLength * 3 / 5
            let tail = maximumLength / 5
            let omitted = scalars.count - head - tail
            scalars =
                Array(scalars[..<head]) + Array(" … (\(omitted) characters left out) … ".unicodeScalars)
                + Array(scalars[(scalars.count - tail)...])
        }
        var out = ""
        out.reserveCapacity(scalars.count)
        for scalar in scalars {
            if scalar != " ", VisibleToken(scalar: scalar) != nil {
                out += "<" + VisibleToken.hex(scalar.value) + ">"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
