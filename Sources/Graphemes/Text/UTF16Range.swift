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

/// Why a range cannot be applied to a text.
public enum UTF16RangeError: Error, Hashable, Sendable {
    /// The location or length is negative, or the range ends past the text.
    case outOfBounds(UTF16Range, textLength: Int)
    /// One end of the range falls between the two units of a surrogate pair.
    case splitsSurrogatePair(UTF16Range, offset: Int)
    /// One end of the range falls inside a grapheme cluster (UAX #29).
    case splitsGrapheme(UTF16Range, offset: Int, cluster: UTF16Range)
}

extension UTF16RangeError: CustomStringConvertible {
    /// One line saying which range and what is wrong.
    public var description: String {
        switch self {
        case .outOfBounds(let range, let textLength):
            "range \(range) is outside the text of length \(textLength)"
        case .splitsSurrogatePair(let range, let offset):
            "range \(range) splits a surrogate pair at offset \(offset)"
        case .splitsGrapheme(let range, let offset, let cluster):
            "range \(range) splits the grapheme cluster \(cluster) at offset \(offset)"
        }
    }
}

extension UTF16Range {
    /// Checks that the range lies within `text` and does not split a surrogate pair.
    ///
    /// - Throws: ``UTF16RangeError/outOfBounds(_:textLength:)`` or
    ///   ``UTF16RangeError/splitsSurrogatePair(_:offset:)``.
    public func validate(in text: UTF16Text) throws(UTF16RangeError) {
        guard location >= 0, length >= 0, location <= text.length, length <= text.length - location
        else { throw .outOfBounds(self, textLength: text.length) }
        for offset in [location, end] where text.splitsSurrogatePair(at: offset) {
            throw .splitsSurrogatePair(self, offset: offset)
        }
    }

    /// Checks ``validate(in:)`` and, in addition, that both ends are grapheme boundaries.
    ///
    /// - Throws: any ``UTF16RangeError``.
    public func validateOnGraphemeBoundaries(in text: UTF16Text) throws(UTF16RangeError) {
        try validate(in: text)
        let clusters = text.graphemeClusters
        for offset in [location, end] {
            if let cluster = clusters.first(where: { $0.location < offset && offset < $0.end }) {
                throw .splitsGrapheme(self, offset: offset, cluster: cluster)
            }
        }
    }
}
