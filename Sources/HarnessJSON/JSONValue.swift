import Graphemes

/// A JSON document, with object members in the order given (so output is stable).
///
/// Strings are ``UTF16Text``, so a lone surrogate is written as the JSON escape
/// `\ud83d` rather than silently replaced: JSON's grammar allows such escapes, and
/// ``JSONParser`` turns them back into the same unit.
package enum JSONValue: Equatable, Sendable {
    case object([(String, JSONValue)])
    case array([JSONValue])
    case string(UTF16Text)
    case int(Int)
    case double(Double)
    /// An integer literal too large for `Int`, kept as written.
    case bigInteger(String)
    case bool(Bool)
    case null

    package static func string(_ value: String) -> JSONValue { .string(UTF16Text(value)) }

    /// A whole number from 0 to 2^64 - 1: an integer, or its digits when it does not fit `Int`.
    package static func unsignedInteger(_ value: UInt64) -> JSONValue {
        value <= UInt64(Int.max) ? .int(Int(value)) : .bigInteger(String(value))
    }

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.rendered() == rhs.rendered() }

    /// Whether the value is `null` (asked without rendering, unlike `==`).
    package var isNull: Bool {
        if case .null = self { true } else { false }
    }

    /// The member named `key` of an object, if any.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// The document as text: indented with two spaces, or on one line.
    package func rendered(pretty: Bool = true) -> String {
        rendered(depth: pretty ? 0 : nil)
    }

    /// The value as the pretty renderer writes it `depth` levels deep (an element of an
    /// array that is a member of the document is at depth 2), or on one line for `nil`:
    /// what a writer that streams a document's elements one at a time writes for each.
    package func rendered(depth: Int?) -> String {
        var out = ""
        write(to: &out, indent: depth)
        return out
    }

    private func write(to out: inout String, indent: Int?) {
        let newline = indent.map { "\n" + String(repeating: "  ", count: $0 + 1) } ?? ""
        let closing = indent.map { "\n" + String(repeating: "  ", count: $0) } ?? ""
        let inner = indent.map { $0 + 1 }
        switch self {
        case .object(let members):
            if members.isEmpty {
                out += "{}"
                return
            }
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                out += (index == 0 ? "" : ",") + newline
                Self.writeString(UTF16Text(key), to: &out)
                out += indent == nil ? ":" : ": "
                value.write(to: &out, indent: inner)
            }
            out += closing + "}"
        case .array(let elements):
            if elements.isEmpty {
                out += "[]"
                return
            }
            // Arrays of scalars (ranges, boundaries) stay on one line.
            let compact = elements.allSatisfy { if case .int = $0 { true } else { false } }
            out += "["
            for (index, element) in elements.enumerated() {
                out += (index == 0 ? "" : (compact && indent != nil ? ", " : ",")) + (compact ? "" : newline)
                element.write(to: &out, indent: inner)
            }
            out += (compact ? "" : closing) + "]"
        case .string(let text): Self.writeString(text, to: &out)
        case .int(let value): out += String(value)
        case .double(let value): out += value.isFinite ? String(value) : "null"
        case .bigInteger(let literal): out += literal
        case .bool(let value): out += value ? "true" : "false"
        case .null: out += "null"
        }
    }

    private static func writeString(_ text: UTF16Text, to out: inout String) {
        out += "\""
        for element in text.decodedUnits {
            switch element {
            case .loneSurrogate(let unit):
                out += "\\u" + String(unit, radix: 16)
            case .scalar(let scalar):
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                default:
                    if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}" {
                        let hex = String(scalar.value, radix: 16)
                        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
        }
        out += "\""
    }
}

extension UTF16Range {
    /// `[location, length]`, as ranges appear in the harness's JSON.
    package var json: JSONValue { .array([.int(location), .int(length)]) }
}
