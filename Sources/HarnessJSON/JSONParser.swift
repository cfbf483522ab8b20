import Graphemes

/// Where and why a text is not JSON.
package struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 1-based line and column (in bytes) of the offending input.
    package var line: Int
    package var column: Int
    /// What was expected there, e.g. "',' or '}'".
    package var expected: String

    package var description: String { "line \(line), column \(column): expected \(expected)" }
}

/// A strict JSON parser (RFC 8259) over UTF-8 bytes.
///
/// Written by hand because the harness needs what Foundation's parsers do not give:
/// string escapes of lone surrogates (`"\ud83d"`) kept as the same UTF-16 unit,
/// member order kept, integers that do not fit in `Int` reported as such, duplicate
/// keys rejected, and errors that say the line and column.
package struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    /// Nesting deeper than this is rejected rather than risking the stack.
    private static let maximumDepth = 512
    /// Objects with more members than this check duplicate keys with a set, not a scan.
    private static let linearKeyScanLimit = 16

    /// The top-level member whose array is handed out element by element, if any.
    private var streamedKey: String?
    private var streamedElement: ((Int, JSONValue) -> Bool)?
    /// Whether the streamed member was found (and its array streamed).
    private var streamed = false
    /// Whether the element handler stopped the parse.
    private var stopped = false
    /// Short ASCII strings already read, shared rather than stored again: a session's
    /// million events repeat the same few ops and letters. The table is this thread's,
    /// kept from one document to the next: a session file is read a line at a time, and a
    /// table made for each line cost more to make and release than the line's parsing.
    private let shortStrings = ShortStrings.perThread.value

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Why ``parse(_:streaming:_:)`` stopped early: the element handler said so.
    package struct Stopped: Error {}

    /// Parses one document, handing each element of the top-level member `key`'s array to
    /// `element` as soon as it is read instead of keeping it, so that a document whose
    /// bulk is one long array (a session's `events`) never exists as a whole tree.
    ///
    /// - Parameter element: called with each element's index and value; returns `false`
    ///   to stop reading (the parse then throws ``Stopped``).
    /// - Returns: the document, with the streamed array left empty, and whether the member
    ///   was there as an array (and so streamed).
    package static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, streaming key: String, _ element: @escaping (Int, JSONValue) -> Bool
    ) throws -> (document: JSONValue, streamed: Bool) {
        var parser = JSONParser(bytes: bytes)
        parser.streamedKey = key
        parser.streamedElement = element
        do {
            parser.skipWhitespace()
            let value = try parser.parseValue(depth: 0)
            parser.skipWhitespace()
            guard parser.position == bytes.count else { throw parser.error("the end of the document") }
            return (value, parser.streamed)
        } catch {
            if parser.stopped { throw Stopped() }
            throw error
        }
    }

    /// Parses one JSON document that fills all of `bytes` (surrounding white space allowed).
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw parser.error("the end of the document") }
        return value
    }

    /// Parses one JSON document held in `bytes`.
    package static func parse(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        let array = Array(bytes)
        let result = array.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONSyntaxError) in try parse(buffer) }
        }
        return try result.get()
    }

    /// Parses one JSON document held in a string.
    package static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    private func error(_ expected: String) -> JSONSyntaxError {
        var line = 1
        var lineStart = 0
        for index in 0..<min(position, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return JSONSyntaxError(line: line, column: position - lineStart + 1, expected: expected)
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw error("nesting at most \(Self.maximumDepth) deep") }
        guard position < bytes.count else { throw error("a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("a value (object, array, string, number, true, false or null)")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw error("'\(literal)'") }
        for index in 0..<count where bytes[position + index] != literal.utf8Start[index] {
            throw error("'\(literal)'")
        }
        position += count
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        position += 1
        var members: [(String, JSONValue)] = []
        // Keys seen so far, once the object is large enough that scanning `members` for a
        // duplicate would make reading it quadratic.
        var keys: Set<String> = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error("a string key") }
            let keyStart = position
            let key = try parseKey()
            let isDuplicate: Bool
            if members.count < Self.linearKeyScanLimit {
                isDuplicate = members.contains { $0.0 == key }
            } else {
                if keys.isEmpty { keys = Set(members.map(\.0)) }
                isDuplicate = !keys.insert(key).inserted
            }
            if isDuplicate {
                position = keyStart
                throw error("no duplicate key, found '\(JSONValue.shortened(key))' again")
            }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("':'") }
            position += 1
            skipWhitespace()
            if depth == 0, key == streamedKey, position < bytes.count, bytes[position] == UInt8(ascii: "["),
                let handler = streamedElement
            {
                streamedElement = nil
                try forEachElement(depth: depth + 1, handler)
                streamed = true
                members.append((key, .array([])))
            } else {
                members.append((key, try parseValue(depth: depth + 1)))
            }
            skipWhitespace()
            guard position < bytes.count else { throw error("',' or '}'") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object(members)
            } else {
                throw error("',' or '}'")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        var elements: [JSONValue] = []
        try forEachElement(depth: depth) { _, element in
            elements.append(element)
            return true
        }
        return .array(elements)
    }

    /// Parses an array, handing each element to `handler` (which returns `false` to stop).
    private mutating func forEachElement(depth: Int, _ handler: (Int, JSONValue) -> Bool) throws(JSONSyntaxError) {
        position += 1
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return
        }
        var index = 0
        while true {
            skipWhitespace()
            guard handler(index, try parseValue(depth: depth + 1)) else {
                stopped = true
                throw error("the handler to go on")
            }
            index += 1
            skipWhitespace()
            guard position < bytes.count else { throw error("',' or ']'") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] == UInt8(ascii: "]") {
                position += 1
                return
            } else {
                throw error("',' or ']'")
            }
        }
    }

    /// Parses an object key: plain ASCII directly from the bytes, anything else through ``parseString()``.
    private mutating func parseKey() throws(JSONSyntaxError) -> String {
        let start = position
        var end = position + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20,
            bytes[end] < 0x80
        {
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            position = end + 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end]), as: UTF8.self)
        }
        let text = try parseString()
        guard let key = String(validating: text) else {
            position = start
            throw error("a key without lone surrogates")
        }
        return key
    }

    /// Parses a string into UTF-16 units, keeping escaped lone surrogates.
    private mutating func parseString() throws(JSONSyntaxError) -> UTF16Text {
        position += 1
        var units: [UInt16] = []
        // Fast path: a run of plain ASCII up to the closing quote.
        var end = position
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20,
            bytes[end] < 0x80
        {
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            let text = shortStrings.text(for: UnsafeBufferPointer(rebasing: bytes[position..<end]))
            position = end + 1
            return text
        }
        units.reserveCapacity(end - position + 8)
        while true {
            guard position < bytes.count else { throw error("'\"' to close the string") }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return UTF16Text(units: units)
            case UInt8(ascii: "\\"):
                position += 1
                guard position < bytes.count else { throw error("an escape") }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""): units.append(0x22)
                case UInt8(ascii: "\\"): units.append(0x5C)
                case UInt8(ascii: "/"): units.append(0x2F)
                case UInt8(ascii: "b"): units.append(0x08)
                case UInt8(ascii: "f"): units.append(0x0C)
                case UInt8(ascii: "n"): units.append(0x0A)
                case UInt8(ascii: "r"): units.append(0x0D)
                case UInt8(ascii: "t"): units.append(0x09)
                case UInt8(ascii: "u"): units.append(try parseHex4())
                default:
                    position -= 1
                    throw error("an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
                }
            case 0..<0x20:
                throw error("no control character inside a string (escape it)")
            case 0..<0x80:
                units.append(UInt16(byte))
                position += 1
            default:
                let scalar = try decodeUTF8()
                units.append(contentsOf: scalar.utf16)
            }
        }
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt16 {
        guard position + 4 <= bytes.count else { throw error("four hex digits after \\u") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt16
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt16(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt16(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt16(byte - UInt8(ascii: "A") + 10)
            default: throw error("four hex digits after \\u")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    /// Decodes one multi-byte UTF-8 sequence at the current position.
    private mutating func decodeUTF8() throws(JSONSyntaxError) -> Unicode.Scalar {
        let lead = bytes[position]
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF:
            length = 2
            value = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            length = 3
            value = UInt32(lead & 0x0F)
        case 0xF0...0xF4:
            length = 4
            value = UInt32(lead & 0x07)
        default: throw error("valid UTF-8")
        }
        guard position + length <= bytes.count else { throw error("valid UTF-8") }
        for index in 1..<length {
            let byte = bytes[position + index]
            guard byte & 0xC0 == 0x80 else { throw error("valid UTF-8") }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { throw error("valid UTF-8") }
        position += length
        return scalar
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { throw error("a digit") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("a digit after '.'") }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("a digit in the exponent") }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        if isInteger {
            if let value = Int(literal) { return .int(value) }
            return .bigInteger(literal)
        }
        // Out of range for a double: say so, rather than read it as infinity (which no
        // JSON writer can write back).
        guard let value = Double(literal), value.isFinite else {
            position = start
            throw error("a number within ±1.8e308, found \(JSONValue.shortened(literal))")
        }
        return .double(value)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}

/// A small direct-mapped cache of short ASCII strings and their UTF-16 text, so that a
/// document that repeats `"insertText"` a million times holds it once.
private final class ShortStrings {
    static let perThread = ThreadLocal { ShortStrings() }
    private static let slots = 256
    private static let longest = 16
    private var keys = [[UInt8]](repeating: [], count: slots)
    private var texts = [UTF16Text](repeating: .empty, count: slots)

    /// The text of `ascii` (plain ASCII bytes), shared with an earlier identical string.
    func text(for ascii: UnsafeBufferPointer<UInt8>) -> UTF16Text {
        guard ascii.count <= Self.longest else { return UTF16Text(units: ascii.lazy.map { UInt16($0) }) }
        var hash: UInt32 = 2_166_136_261
        for byte in ascii { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let slot = Int(hash % UInt32(Self.slots))
        if keys[slot].elementsEqual(ascii) {
            return texts[slot]
        }
        let text = UTF16Text(units: ascii.lazy.map { UInt16($0) })
        keys[slot] = Array(ascii)
        texts[slot] = text
        return text
    }
}
