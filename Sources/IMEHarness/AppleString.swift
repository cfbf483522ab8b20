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
    public func matches(_ pattern: String) -> Bool {
        do {
            return try ICURegex(pattern).matchesWhole(text)
        } catch {
            preconditionFailure("NSInvalidArgumentException: cannot parse the regular expression \(pattern): \(error)")
        }
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
