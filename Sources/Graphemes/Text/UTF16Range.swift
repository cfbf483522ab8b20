/// A range of UTF-16 code units, like `NSRange`: a location and a length.
///
/// UIKit's delegate calls (`textField(_:shouldChangeCharactersIn:replacementString:)`
/// and iOS 26's `shouldChangeCharactersInRanges`) report `NSRange`s in UTF-16 units;
/// this is the same thing without Foundation. It prints as `{0, 2}`, like `NSStringFromRange`.
public struct UTF16Range: Hashable, Sendable, Codable {
    /// The offset of the first unit.
    public var location: Int
    /// The number of units.
    public var length: Int

    /// The range of `length` units from `location`.
    public init(location: Int, length: Int) {
        self.location = location
        self.length = length
    }

    /// Creates the range that covers the half-open interval `bounds`.
    public init(_ bounds: Range<Int>) {
        self.init(location: bounds.lowerBound, length: bounds.count)
    }

    /// An empty range (a caret) at `location`.
    public static func caret(at location: Int) -> UTF16Range {
        UTF16Range(location: location, length: 0)
    }

    /// The offset just past the last unit (`NSMaxRange`).
    public var end: Int { location + length }

    /// Whether the range covers no units.
    public var isEmpty: Bool { length == 0 }

    /// The half-open interval of offsets.
    ///
    /// Only meaningful for a range with a non-negative length; see ``validate(in:)``.
    public var bounds: Range<Int> { location..<end }

    /// Whether `offset` is inside the range.
    public func contains(_ offset: Int) -> Bool { offset >= location && offset < end }
}

extension UTF16Range: CustomStringConvertible {
    /// `{location, length}`, as `NSStringFromRange` writes it.
    public var description: String { "{\(location), \(length)}" }
}

/// Why a range cannot be applied to a text: what the replay reports as a range
/// discrepancy and what ``UTF16Range/validate(in:)`` throws.
public enum RangeProblem: Error, Hashable, Sendable {
    /// The location or length is negative, or the range ends past the text.
    case outOfBounds(UTF16Range, textLength: Int)
    /// One end of the range falls between the two units of a surrogate pair.
    case splitsSurrogate(UTF16Range, offset: Int)
    /// One end of the range falls inside a grapheme cluster (UAX #29).
    case splitsGrapheme(UTF16Range, offset: Int)
}

extension RangeProblem: CustomStringConvertible {
    /// One line saying which range and what is wrong.
    public var description: String {
        switch self {
        case .outOfBounds(let range, let length): "\(range) lies outside the text of length \(length)"
        case .splitsSurrogate(let range, let offset): "\(range) splits a surrogate pair at \(offset)"
        case .splitsGrapheme(let range, let offset): "\(range) splits a grapheme cluster at \(offset)"
        }
    }
}

extension UTF16Range {
    /// Whether the range lies within a text of `length` units: its location and length are
    /// not negative and it ends at or before `length` (checked without overflowing).
    public func fits(in length: Int) -> Bool {
        location >= 0 && self.length >= 0 && location <= length && self.length <= length - location
    }

    /// What is wrong with the range in `text`: that it does not fit, or else each end that
    /// splits a surrogate pair or a grapheme cluster (empty when the range is valid).
    ///
    /// The one definition of a valid range, used for a delegate call's ranges and an event's.
    ///
    /// - Parameter isBoundary: whether an offset strictly inside `text`, not inside a
    ///   surrogate pair, is a grapheme cluster boundary (callers that check many ranges
    ///   pass a reused break iterator's answer).
    public func problems(in text: UTF16Text, isBoundary: (Int) -> Bool) -> [RangeProblem] {
        guard fits(in: text.length) else { return [.outOfBounds(self, textLength: text.length)] }
        var problems: [RangeProblem] = []
        func check(_ offset: Int) {
            guard offset > 0, offset < text.length else { return }
            if text.splitsSurrogatePair(at: offset) {
                problems.append(.splitsSurrogate(self, offset: offset))
            } else if !isBoundary(offset) {
                problems.append(.splitsGrapheme(self, offset: offset))
            }
        }
        check(location)
        if !isEmpty { check(end) }
        return problems
    }

    /// Checks that the range fits `text` and that both ends are grapheme cluster boundaries
    /// (which includes not splitting a surrogate pair).
    ///
    /// - Throws: the first of ``problems(in:isBoundary:)``.
    public func validate(in text: UTF16Text) throws(RangeProblem) {
        let clusters = text.graphemeClusters
        let problem = problems(in: text) { offset in
            !clusters.contains { $0.location < offset && offset < $0.end }
        }.first
        if let problem { throw problem }
    }
}
