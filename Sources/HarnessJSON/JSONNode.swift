import Graphemes

/// Where a value sits in a JSON document, written `$.events[2].selectedRange[0]`.
///
/// Each path holds its last component and the path before it, so that appending, which a
/// reader does for every value it reads, is one small allocation rather than a copy of
/// every component before.
package struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    package enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    private final class Link: Sendable {
        let parent: JSONPath
        let component: Component

        init(parent: JSONPath, component: Component) {
            self.parent = parent
            self.component = component
        }
    }

    private let last: Link?

    private init(last: Link?) { self.last = last }

    package init(_ components: [Component] = []) {
        self = components.reduce(JSONPath(last: nil)) { $0.appending($1) }
    }

    package static let root = JSONPath()

    /// The components from the root.
    package var components: [Component] {
        var components: [Component] = []
        var link = last
        while let current = link {
            components.append(current.component)
            link = current.parent.last
        }
        return components.reversed()
    }

    package func appending(_ component: Component) -> JSONPath {
        JSONPath(last: Link(parent: self, component: component))
    }

    package static func == (a: JSONPath, b: JSONPath) -> Bool { a.last === b.last || a.components == b.components }

    package func hash(into hasher: inout Hasher) { hasher.combine(components) }

    /// The index of the first `[N]` after the member `key`, e.g. the event index of `$.events[2].text`.
    package func index(after key: String) -> Int? {
        let components = components
        guard let position = components.firstIndex(of: .key(key)), position + 1 < components.count,
            case .index(let index) = components[position + 1]
        else { return nil }
        return index
    }

    package var description: String {
        components.reduce("$") { path, component in
            switch component {
            case .key(let key): path + "." + JSONValue.shortened(key)
            case .index(let index): path + "[\(index)]"
            }
        }
    }
}

/// A value that does not have the shape a reader expected.
package struct JSONDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    package var path: JSONPath
    /// What was expected, e.g. "an integer ≥ 0".
    package var expected: String
    /// What was found instead, e.g. `"abc"` or "nothing".
    package var found: String

    package init(path: JSONPath, expected: String, found: String) {
        self.path = path
        self.expected = expected
        self.found = found
    }

    package var description: String { "\(path): expected \(expected), found \(found)" }
}

/// A JSON value together with its path, for readers that report errors by location.
package struct JSONNode: Sendable {
    package let value: JSONValue
    package let path: JSONPath

    package init(_ value: JSONValue, path: JSONPath = .root) {
        self.value = value
        self.path = path
    }

    /// An error at this node.
    package func mismatch(_ expected: String) -> JSONDecodingError {
        JSONDecodingError(path: path, expected: expected, found: value.summary)
    }

    /// The members of an object.
    package func members() throws(JSONDecodingError) -> [(String, JSONNode)] {
        guard case .object(let members) = value else { throw mismatch("an object") }
        return members.map { ($0.0, JSONNode($0.1, path: path.appending(.key($0.0)))) }
    }

    /// The member `key`, which must be present.
    package func member(_ key: String) throws(JSONDecodingError) -> JSONNode {
        guard case .object(let members) = value else { throw mismatch("an object") }
        guard let member = members.first(where: { $0.0 == key }) else {
            throw JSONDecodingError(path: path.appending(.key(key)), expected: "a value", found: "nothing")
        }
        return JSONNode(member.1, path: path.appending(.key(key)))
    }

    /// Checks that the member `key` is the string `expected` (a document's `"format"` or
    /// `"platform"`), failing at the member's path with what was expected.
    package func requireMember(_ key: String, is expected: String) throws(JSONDecodingError) {
        let member = try member(key)
        guard try member.string() == expected else { throw member.mismatch("\"\(expected)\"") }
    }

    /// The member `key` when it is present and not `null`.
    package func optionalMember(_ key: String) throws(JSONDecodingError) -> JSONNode? {
        guard case .object(let members) = value else { throw mismatch("an object") }
        guard let member = members.first(where: { $0.0 == key }), !member.1.isNull else { return nil }
        return JSONNode(member.1, path: path.appending(.key(key)))
    }

    /// Fails on a member whose name is not in `allowed`, naming it: a misspelt key is a mistake, not a default.
    package func rejectUnknownMembers(_ allowed: [String]) throws(JSONDecodingError) {
        guard case .object(let members) = value else { throw mismatch("an object") }
        for (key, _) in members where !allowed.contains(key) {
            throw JSONDecodingError(
                path: path.appending(.key(key)),
                expected: "one of the members " + allowed.sorted().joined(separator: ", "),
                found: "unknown member '\(JSONValue.shortened(key))'")
        }
    }

    /// The elements of an array.
    package func elements() throws(JSONDecodingError) -> [JSONNode] {
        guard case .array(let elements) = value else { throw mismatch("an array") }
        return elements.enumerated().map { JSONNode($0.element, path: path.appending(.index($0.offset))) }
    }

    /// A string as UTF-16 text (lone surrogates allowed).
    package func text() throws(JSONDecodingError) -> UTF16Text {
        guard case .string(let text) = value else { throw mismatch("a string") }
        return text
    }

    /// A string without lone surrogates.
    package func string() throws(JSONDecodingError) -> String {
        guard case .string(let text) = value, let string = String(validating: text) else {
            throw mismatch("a string (without lone surrogates)")
        }
        return string
    }

    /// An integer that fits in `Int`.
    package func int() throws(JSONDecodingError) -> Int {
        switch value {
        case .int(let value): return value
        case .bigInteger: throw mismatch("an integer from \(Int.min) to \(Int.max)")
        default: throw mismatch("an integer")
        }
    }

    /// A count, index or offset: an integer from 0 to `Int.max` (a results file is input
    /// like any other; a negative count would poison every sum made from it).
    package func count() throws(JSONDecodingError) -> Int {
        guard case .int(let value) = value, value >= 0 else { throw mismatch("a whole number from 0 to \(Int.max)") }
        return value
    }

    /// A number from 0 (a duration, say).
    package func nonNegativeNumber() throws(JSONDecodingError) -> Double {
        let number = try number()
        guard number >= 0 else { throw mismatch("a number from 0") }
        return number
    }

    /// A whole number from 0 to 2^64 - 1 (a seed, say), written as an integer literal.
    package func unsignedInteger() throws(JSONDecodingError) -> UInt64 {
        let found: UInt64? =
            switch value {
            case .int(let value): value >= 0 ? UInt64(value) : nil
            case .bigInteger(let digits): UInt64(digits)
            default: nil
            }
        guard let found else { throw mismatch("a whole number from 0 to 2^64 - 1") }
        return found
    }

    /// A number, integer or not.
    package func number() throws(JSONDecodingError) -> Double {
        switch value {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: throw mismatch("a number")
        }
    }

    package func bool() throws(JSONDecodingError) -> Bool {
        guard case .bool(let value) = value else { throw mismatch("true or false") }
        return value
    }

    /// A string that names one of `Choice`'s cases (inlinable: made for the reader's own
    /// type, not through its witnesses, as it is asked for every event of a session).
    @inlinable
    package func choice<Choice: RawRepresentable & CaseIterable>(_: Choice.Type) throws(JSONDecodingError) -> Choice
    where Choice.RawValue == String {
        if case .string(let text) = value, let raw = text.asciiString, let choice = Choice(rawValue: raw) {
            return choice
        }
        throw mismatch("one of " + Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
    }

    /// `[location, length]` with both ≥ 0.
    package func range() throws(JSONDecodingError) -> UTF16Range {
        // The usual case, read without building child nodes; anything else is examined
        // below to say exactly what is wrong and where.
        if case .array(let parts) = value, parts.count == 2, case .int(let location) = parts[0],
            case .int(let length) = parts[1], location >= 0, length >= 0, location <= Int.max - length
        {
            return UTF16Range(location: location, length: length)
        }
        let parts = try elements()
        guard parts.count == 2 else { throw mismatch("[location, length]") }
        let location = try parts[0].int()
        let length = try parts[1].int()
        guard location >= 0 else { throw parts[0].mismatch("a location ≥ 0") }
        guard length >= 0 else { throw parts[1].mismatch("a length ≥ 0") }
        guard location <= Int.max - length else { throw mismatch("a range whose end fits in an integer") }
        return UTF16Range(location: location, length: length)
    }
}

extension UTF16Text {
    /// The text as a `String` when it is plain ASCII (built from its bytes, the cheap way
    /// for the short names of ops and kinds), else `nil`.
    @usableFromInline
    var asciiString: String? {
        guard units.allSatisfy({ $0 < 0x80 }) else { return nil }
        return String(unsafeUninitializedCapacity: units.count) { buffer in
            for (index, unit) in units.enumerated() { buffer[index] = UInt8(truncatingIfNeeded: unit) }
            return units.count
        }
    }
}

extension JSONValue {
    /// A short description of the value for error messages: `"abc"`, `3`, `an object`.
    package var summary: String {
        switch self {
        case .object: return "an object"
        case .array(let elements):
            return elements.count <= 4 ? JSONValue.shortened(rendered(pretty: false)) : "an array of \(elements.count)"
        case .string(let text):
            let shown = text.length > 40 ? UTF16Text(units: text.units.prefix(40)) : text
            return JSONValue.string(shown).rendered(pretty: false) + (text.length > 40 ? "…" : "")
        case .bigInteger(let digits): return JSONValue.shortened(digits)
        case .int, .double, .bool, .null: return rendered(pretty: false)
        }
    }

    /// `text` when it is short, else its first 40 characters, `…`, and how long it was:
    /// an error message quotes a value, it does not reproduce a megabyte of it.
    package static func shortened(_ text: String) -> String {
        guard text.utf8.count > 60 else { return text }
        return String(text.prefix(40)) + "… (\(text.count) characters)"
    }
}
