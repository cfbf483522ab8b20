import Graphemes

/// Where text becomes HTML or XML: the one place that escapes.
///
/// Reports show text that came from sessions, rule files and results files, any of which
/// may be hostile: markup (`<script>`), quotes that would end an attribute, bidi
/// overrides that reorder what a reader sees, lone surrogates, controls that XML forbids.
/// Everything the reports did not write themselves goes through ``html(_:)-(UTF16Text)``
/// or ``xml(_:)``.
enum Markup {
    /// Escapes `&`, `<`, `>`, `"` and `'`, for text and attribute values alike, and writes
    /// the characters XML 1.0 forbids (controls but tab, LF and CR; U+FFFE, U+FFFF) as
    /// `<XXXX>`. For text the reports wrote themselves.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "&lt;\(VisibleToken.hex(scalar.value))&gt;"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// Untrusted text as HTML: escaped, every ``VisibleToken`` drawn as a labelled
    /// `<span class="tok KIND">` with the character's name as its title, all inside a
    /// bidi-isolated `<span class="t">` so right-to-left text cannot reorder the page.
    static func html(_ text: UTF16Text) -> String {
        if let plain = printableASCII(text) { return "<span class=\"t\">\(escape(plain))</span>" }
        var out = "<span class=\"t\">"
        for piece in text.visiblePieces {
            switch piece {
            case .text(let run): out += escape(run)
            case .token(let token): out += tokenHTML(token)
            }
        }
        return out + "</span>"
    }

    /// ``html(_:)-(UTF16Text)`` for a `String`.
    static func html(_ text: String) -> String { html(UTF16Text(text)) }

    /// One token: `<span class="tok bidi" title="U+202E RIGHT-TO-LEFT OVERRIDE">RLO</span>`.
    static func tokenHTML(_ token: VisibleToken) -> String {
        let title = "U+\(VisibleToken.hex(token.value)) \(token.name)"
        return "<span class=\"tok \(token.kind.rawValue)\" title=\"\(escape(title))\">\(escape(token.label))</span>"
    }

    /// Untrusted text as XML character data or an attribute value: escaped, with every
    /// ``VisibleToken`` written as `<XXXX>` (so `&lt;202E&gt;`), as field notation does;
    /// line breaks are kept.
    static func xml(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { escape(String($0).withVisibleTokens) }
            .joined(separator: "\n")
    }

    /// The text when it is all printable ASCII (nothing to tokenise), else `nil`.
    private static func printableASCII(_ text: UTF16Text) -> String? {
        guard text.units.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        return String(decoding: text.units, as: UTF16.self)
    }
}
