import Foundation
import Graphemes

/// `NSString` as iOS's Foundation behaves, on Linux: so that a rule pasted from an app
/// does on the harness what it does on a phone.
///
/// Linux Foundation differs where rules go wrong: `(text as NSString).substring(to: n)`
/// with `n` inside a surrogate pair traps there, and bridging a `String` repairs lone
/// surrogates, so the very bug a length limit has on iOS (a cut emoji) cannot show. Here
/// the text is UTF-16 code units, kept as they are, lone surrogates included; every
/// index and range is in UTF-16 units, as `NSString`'s are. Where Apple's `NSString`
/// raises `NSRangeException` (an index or range past the end), so does this, by
/// trapping, which a replay reports as `rule-crashed`; nowhere else.
///
/// To paste a rule, add `typealias NSString = AppleString` to its file and take the text
/// as an `AppleString` (``DelegateRule/init(_:contract:nsStringShouldChangeCharactersIn:editingChanged:)``):
/// `(text as NSString).substring(to: 10)` then compiles unchanged.
public struct AppleString: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The UTF-16 code units.
    public var text: UTF16Text

    /// The units of `text`.
    public init(_ text: UTF16Text) { self.text = text }

    /// The UTF-16 form of `string`.
    public init(_ string: String) { text = UTF16Text(string) }

    /// The UTF-16 form of the literal.
    public init(stringLiteral value: String) { self.init(value) }

    /// `length`: the number of UTF-16 code units.
    public var length: Int { text.length }

    /// The text as a Swift `String` (a lone surrogate becomes U+FFFD, as bridging does).
    public var string: String { String(decoding: text.units, as: UTF16.self) }

    /// The text with invisible characters and lone surrogates shown (`<D83D>`).
    public var description: String { text.visibleDescription }

    /// `character(at:)`: the UTF-16 unit at `index`, a lone surrogate as it is.
    /// Apple: "Raises an NSRangeException if index lies beyond the end of the receiver."
    public func character(at index: Int) -> UInt16 {
        precondition(index >= 0 && index < length, "NSRangeException: index \(index) beyond bounds \(length)")
        return text.units[index]
    }

    /// `substring(to:)`: the units before `to`, a surrogate pair cut in half if `to` falls
    /// inside one (what iOS returns; Linux Foundation traps instead).
    /// Apple: "Raises an NSRangeException if anIndex lies beyond the end of the receiver."
    @_disfavoredOverload
    public func substring(to index: Int) -> AppleString {
        substring(with: NSRange(location: 0, length: index))
    }

    /// `substring(from:)`: the units from `from` on, cut the same way.
    @_disfavoredOverload
    public func substring(from index: Int) -> AppleString {
        precondition(index >= 0 && index <= length, "NSRangeException: index \(index) beyond bounds \(length)")
        return substring(with: NSRange(location: index, length: length - index))
    }

    /// `substring(with:)`: the units in `range`.
    /// Apple: "Raises an NSRangeException if any part of aRange lies beyond the end of the receiver."
    @_disfavoredOverload
    public func substring(with range: NSRange) -> AppleString {
        AppleString(text[checked(range)])
    }

    /// `replacingCharacters(in:with:)`: `range` replaced by `replacement`.
    public func replacingCharacters(in range: NSRange, with replacement: AppleString) -> AppleString {
        AppleString(text.replacing(checked(range), with: replacement.text))
    }

    /// `replacingCharacters(in:with:)` with a `String` replacement.
    @_disfavoredOverload
    public func replacingCharacters(in range: NSRange, with replacement: String) -> AppleString {
        replacingCharacters(in: range, with: AppleString(replacement))
    }

    /// `rangeOfComposedCharacterSequence(at:)`: the grapheme cluster (UAX #29, ICU) that
    /// holds the unit at `index`.
    public func rangeOfComposedCharacterSequence(at index: Int) -> NSRange {
        precondition(index >= 0 && index < length, "NSRangeException: index \(index) beyond bounds \(length)")
        let boundaries = text.graphemeBoundaries
        let end = boundaries.first { $0 > index } ?? length
        let start = boundaries.last { $0 <= index } ?? 0
        return NSRange(location: start, length: end - start)
    }

    /// `rangeOfComposedCharacterSequences(for:)`: `range` widened to whole grapheme clusters.
    public func rangeOfComposedCharacterSequences(for range: NSRange) -> NSRange {
        let bounds = checked(range)
        let boundaries = text.graphemeBoundaries
        let start = boundaries.last { $0 <= bounds.location } ?? 0
        let end = bounds.isEmpty ? start : (boundaries.first { $0 >= bounds.end } ?? length)
        return NSRange(location: start, length: max(end, start) - start)
    }

    /// `enumerateSubstrings(in:options: .byComposedCharacterSequences)`: each grapheme
    /// cluster overlapping `range`, with its range, in order; `stop` ends it.
    public func enumerateComposedCharacterSequences(
        in range: NSRange, _ body: (_ substring: AppleString, _ range: NSRange, _ stop: inout Bool) -> Void
    ) {
        let widened = rangeOfComposedCharacterSequences(for: range)
        let boundaries = text.graphemeBoundaries.filter { $0 >= widened.location && $0 <= widened.upperBound }
        var stop = false
        for (start, end) in zip(boundaries, boundaries.dropFirst()) {
            let range = NSRange(location: start, length: end - start)
            body(substring(with: range), range, &stop)
            if stop { return }
        }
    }

    /// `rangeOfCharacter(from:)`: the first character (scalar) in `set`, or
    /// `NSRange(location: NSNotFound, length: 0)`. A lone surrogate is in no set.
    public func rangeOfCharacter(from set: CharacterSet) -> NSRange {
        var offset = 0
        for element in text.decodedUnits {
            switch element {
            case .scalar(let scalar):
                let width = scalar.value > 0xFFFF ? 2 : 1
                if set.contains(scalar) { return NSRange(location: offset, length: width) }
                offset += width
            case .loneSurrogate: offset += 1
            }
        }
        return NSRange(location: NSNotFound, length: 0)
    }

    /// `NSPredicate(format: "SELF MATCHES %@", pattern).evaluate(with:)`: whether the ICU
    /// regular expression `pattern` matches the whole text (Apple's `MATCHES` is ICU's too).
    /// A pattern ICU cannot compile raises on iOS, and traps here.
    ///
    /// The compiled pattern is kept per thread (the last 64), as a predicate a rule keeps
    /// in a property would be: a price field's rule fuzzed 20 times slower than the others
    /// when each call compiled it again.
    public func matches(_ pattern: String) -> Bool {
        let key = "IMEHarness.AppleString.patterns"
        var patterns = Thread.current.threadDictionary[key] as? [String: ICURegex] ?? [:]
        if let regex = patterns[pattern] { return regex.matchesWhole(text) }
        let regex: ICURegex
        do {
            regex = try ICURegex(pattern)
        } catch {
            preconditionFailure("NSInvalidArgumentException: cannot parse the regular expression \(pattern): \(error)")
        }
        if patterns.count >= 64 { patterns.removeAll() }
        patterns[pattern] = regex
        Thread.current.threadDictionary[key] = patterns
        return regex.matchesWhole(text)
    }

    /// `range` as a range of units, trapping as `NSRangeException` does when it does not fit.
    private func checked(_ range: NSRange) -> UTF16Range {
        let units = UTF16Range(location: range.location, length: range.length)
        precondition(units.fits(in: length), "NSRangeException: range \(units) out of bounds; string length \(length)")
        return units
    }
}

extension AppleString {
    /// `string1 == string2`, comparing code units as `isEqual(to:)` does.
    public static func == (lhs: AppleString, rhs: String) -> Bool { lhs.text == UTF16Text(rhs) }
}

/// The methods that return a `String` in Swift on iOS (`NSString`'s methods are bridged
/// there: `textField.text = (text as NSString).substring(to: 10)` compiles), so that pasted
/// code that uses their result as a `String` compiles unchanged; where the context takes an
/// ``AppleString`` (`textField.nsText = text.substring(to: 10)`), the `AppleString` forms
/// above are chosen.
///
/// On iOS the bridged `String` keeps the lone surrogate a cut leaves; a Swift `String` here
/// cannot hold one and repairs it to U+FFFD. So the `String` these return is remembered, on
/// its thread, with the units it came from, and a ``UITextField`` (or ``UITextView``) given
/// that `String` as its `text` gets the units, lone surrogate and all, as on iOS.
extension AppleString {
    /// `substring(to:)` bridged to `String`.
    public func substring(to index: Int) -> String { Bridged.string(substring(to: index) as AppleString) }

    /// `substring(from:)` bridged to `String`.
    public func substring(from index: Int) -> String { Bridged.string(substring(from: index) as AppleString) }

    /// `substring(with:)` bridged to `String`.
    public func substring(with range: NSRange) -> String { Bridged.string(substring(with: range) as AppleString) }

    /// `replacingCharacters(in:with:)` bridged to `String`.
    public func replacingCharacters(in range: NSRange, with replacement: String) -> String {
        Bridged.string(replacingCharacters(in: range, with: replacement) as AppleString)
    }

    /// `NSString(string:)`.
    public init(string: String) { self.init(string) }

    /// `isEqual(to:)`: the same code units.
    public func isEqual(to other: String) -> Bool { self == other }
}

/// The `String`s made from ``AppleString``s whose lone surrogates bridging repaired, with
/// their units, per thread (the last few: a rule assigns what it just computed).
enum Bridged {
    private static let key = "IMEHarness.Bridged"
    private static let kept = 8

    /// `text` as a `String`, remembered when the conversion repaired a lone surrogate.
    static func string(_ text: AppleString) -> String {
        let string = text.string
        guard !text.text.loneSurrogateOffsets.isEmpty else { return string }
        var recent = Thread.current.threadDictionary[key] as? [(String, UTF16Text)] ?? []
        recent.removeAll { $0.0 == string }
        recent.append((string, text.text))
        if recent.count > kept { recent.removeFirst(recent.count - kept) }
        Thread.current.threadDictionary[key] = recent
        return string
    }

    /// The units `string` was made from, when it is a remembered conversion; else its own.
    static func units(of string: String) -> UTF16Text {
        let recent = Thread.current.threadDictionary[key] as? [(String, UTF16Text)] ?? []
        return recent.last { $0.0 == string }?.1 ?? UTF16Text(string)
    }
}

/// The rest of `NSString` that text-field code uses, with Apple's semantics: UTF-16 units,
/// `NSNotFound` for what is not there.
extension AppleString {
    /// `range(of:)`: the first occurrence of `other`'s units, or `{NSNotFound, 0}`.
    /// Apple's default comparison also finds canonically equivalent spellings (`é` for
    /// `e` + U+0301); this one is `.literal`, which is what a rule searching for a
    /// separator or an ASCII character gets either way.
    public func range(of other: String) -> NSRange {
        let needle = UTF16Text(other).units
        let units = text.units
        guard !needle.isEmpty, needle.count <= units.count else { return NSRange(location: NSNotFound, length: 0) }
        for start in 0...(units.count - needle.count) where units[start] == needle[0] {
            if units[start..<start + needle.count].elementsEqual(needle) {
                return NSRange(location: start, length: needle.count)
            }
        }
        return NSRange(location: NSNotFound, length: 0)
    }

    /// `contains(_:)`: whether `range(of:)` finds `other`.
    public func contains(_ other: String) -> Bool { range(of: other).location != NSNotFound }

    /// `hasPrefix(_:)`: a literal comparison of the first units, as Apple documents;
    /// `false` for an empty prefix, as `NSString`'s is (Swift's `String` says `true`).
    public func hasPrefix(_ prefix: String) -> Bool {
        !prefix.isEmpty && text.units.starts(with: UTF16Text(prefix).units)
    }

    /// `hasSuffix(_:)`: a literal comparison of the last units; `false` for an empty suffix.
    public func hasSuffix(_ suffix: String) -> Bool {
        !suffix.isEmpty && text.units.reversed().starts(with: UTF16Text(suffix).units.reversed())
    }

    /// `components(separatedBy:)`: the pieces between occurrences of `separator`, empty
    /// ones included (`"a,,b"` → `["a", "", "b"]`).
    public func components(separatedBy separator: String) -> [String] {
        let cut = UTF16Text(separator).units
        guard !cut.isEmpty else { return [Bridged.string(self)] }
        var pieces: [String] = []
        var rest = self
        while true {
            let found = rest.range(of: separator)
            guard found.location != NSNotFound else { break }
            pieces.append(Bridged.string(rest.substring(to: found.location) as AppleString))
            rest = rest.substring(from: found.location + found.length) as AppleString
        }
        pieces.append(Bridged.string(rest))
        return pieces
    }

    /// `trimmingCharacters(in:)`: without the leading and trailing scalars in `set`.
    public func trimmingCharacters(in set: CharacterSet) -> String {
        var scalars = Array(text.decodedUnits)
        func trimmed(_ element: DecodedUnit) -> Bool {
            if case .scalar(let scalar) = element { return set.contains(scalar) }
            return false
        }
        while let first = scalars.first, trimmed(first) { scalars.removeFirst() }
        while let last = scalars.last, trimmed(last) { scalars.removeLast() }
        let start = text.decodedUnits.prefix { trimmed($0) }.reduce(0) { $0 + $1.utf16Length }
        let kept = scalars.reduce(0) { $0 + $1.utf16Length }
        return Bridged.string(substring(with: NSRange(location: start, length: kept)) as AppleString)
    }

    /// `integerValue`: the decimal number the text begins with, after leading whitespace
    /// (ASCII digits, an optional sign); 0 when it does not begin with one; `Int.max` or
    /// `Int.min` when it does not fit. Apple: "Returns 0 if the string doesn't begin with a
    /// valid decimal text representation of a number."
    public var integerValue: Int {
        let units = text.units.drop { Self.isWhitespace($0) }
        var digits = units.makeIterator()
        var negative = false
        var value = 0
        var overflowed = false
        var next = digits.next()
        if next == 0x2D || next == 0x2B {
            negative = next == 0x2D
            next = digits.next()
        }
        while let unit = next, (0x30...0x39).contains(unit) {
            let digit = Int(unit - 0x30)
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (plus, overflow2) = times.addingReportingOverflow(digit)
            if overflow1 || overflow2 { overflowed = true } else { value = plus }
            next = digits.next()
        }
        if overflowed { return negative ? Int.min : Int.max }
        return negative ? -value : value
    }

    /// `intValue`: ``integerValue`` clamped to 32 bits.
    public var intValue: Int32 { Int32(clamping: integerValue) }

    /// `doubleValue`: the floating-point number the text begins with, after leading
    /// whitespace (`[+-]digits[.digits][e[+-]digits]`, ASCII, `.` whatever the locale); 0
    /// when it does not begin with one.
    public var doubleValue: Double {
        let units = Array(text.units.drop { Self.isWhitespace($0) })
        var end = 0
        func digits() -> Int {
            let start = end
            while end < units.count, (0x30...0x39).contains(units[end]) { end += 1 }
            return end - start
        }
        if end < units.count, units[end] == 0x2D || units[end] == 0x2B { end += 1 }
        var count = digits()
        if end < units.count, units[end] == 0x2E {
            end += 1
            count += digits()
        }
        guard count > 0 else { return 0 }
        var accepted = end
        if end < units.count, units[end] == 0x65 || units[end] == 0x45 {
            end += 1
            if end < units.count, units[end] == 0x2D || units[end] == 0x2B { end += 1 }
            if digits() > 0 { accepted = end }
        }
        return Double(String(decoding: units[..<accepted], as: UTF16.self)) ?? 0
    }

    /// `floatValue`: ``doubleValue`` as a `Float`.
    public var floatValue: Float { Float(doubleValue) }

    /// Whitespace as `integerValue` skips it: space, tab, newlines.
    private static func isWhitespace(_ unit: UInt16) -> Bool {
        unit == 0x20 || (0x09...0x0D).contains(unit)
    }
}

/// `NSMutableString` as iOS's Foundation behaves (``AppleString``'s units, edited in place):
/// `typealias NSMutableString = AppleMutableString`, which the paste step writes beside
/// `NSString`'s, makes pasted code that builds a text piece by piece compile unchanged.
/// Every range is in UTF-16 units and traps where Apple raises `NSRangeException`.
public final class AppleMutableString: CustomStringConvertible, @unchecked Sendable {
    /// The text so far.
    public private(set) var appleString: AppleString

    /// `NSMutableString(string:)`.
    public init(string: String) { appleString = AppleString(string) }

    /// A mutable copy of `string`.
    public init(_ string: AppleString) { appleString = string }

    /// `length`.
    public var length: Int { appleString.length }

    /// The text, bridged as iOS bridges it (see ``AppleString``'s `String` methods).
    public var string: String { Bridged.string(appleString) }

    /// The text with invisible characters and lone surrogates shown.
    public var description: String { appleString.description }

    /// `insert(_:at:)`. Apple: "Raises an NSRangeException if anIndex lies beyond the end
    /// of the receiver."
    public func insert(_ string: String, at index: Int) {
        precondition(index >= 0 && index <= length, "NSRangeException: index \(index) beyond bounds \(length)")
        appleString = appleString.replacingCharacters(in: NSRange(location: index, length: 0), with: string)
    }

    /// `replaceCharacters(in:with:)`.
    public func replaceCharacters(in range: NSRange, with string: String) {
        appleString = appleString.replacingCharacters(in: range, with: string)
    }

    /// `deleteCharacters(in:)`.
    public func deleteCharacters(in range: NSRange) {
        appleString = appleString.replacingCharacters(in: range, with: "")
    }

    /// `append(_:)`.
    public func append(_ string: String) {
        appleString = AppleString(appleString.text + UTF16Text(string))
    }

    /// `setString(_:)`.
    public func setString(_ string: String) { appleString = AppleString(string) }
}
