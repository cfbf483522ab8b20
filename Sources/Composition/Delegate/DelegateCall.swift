import Foundation
import Graphemes

/// One call to a text field delegate, as UIKit would make it.
public enum DelegateCall: Hashable, Sendable {
    /// `textField(_:shouldChangeCharactersIn:replacementString:)`.
    case single(range: UTF16Range, replacement: UTF16Text)
    /// `textField(_:shouldChangeCharactersInRanges:replacementString:)` (iOS 26+).
    case multi(ranges: [UTF16Range], replacement: UTF16Text)

    /// The call's ranges (one for a single-range call).
    public var ranges: [UTF16Range] {
        switch self {
        case .single(let range, _): [range]
        case .multi(let ranges, _): ranges
        }
    }

    /// Whether every range of the call satisfies `predicate`: ``ranges`` without building
    /// an array for a single-range call (rules ask this at every call).
    public func allRanges(_ predicate: (UTF16Range) -> Bool) -> Bool {
        switch self {
        case .single(let range, _): predicate(range)
        case .multi(let ranges, _): ranges.allSatisfy(predicate)
        }
    }

    /// The replacement string.
    public var replacement: UTF16Text {
        switch self {
        case .single(_, let replacement), .multi(_, let replacement): replacement
        }
    }

    /// The text the call implies: its replacement in the `target` range and the other
    /// ranges deleted; `nil` if a range lies outside `text` or two ranges overlap.
    public func proposedText(applyingTo text: UTF16Text, target: MultiRangeTarget) -> UTF16Text? {
        let single: (UTF16Range, UTF16Text)? =
            switch self {
            case .single(let range, let replacement): (range, replacement)
            case .multi(let ranges, let replacement): ranges.count == 1 ? (ranges[0], replacement) : nil
            }
        if let (range, replacement) = single {
            guard range.fits(in: text.length) else { return nil }
            return text.replacing(range, with: replacement)
        }
        let ranges = ranges
        guard ranges.allSatisfy({ $0.fits(in: text.length) }), !ranges.overlaps else { return nil }
        var field = TextField(FieldState(text: text))
        field.replaceRanges(ranges, with: replacement, target: target)
        return field.text
    }

    /// Whether applying a one-range call to `text` gives exactly `result`, checked without
    /// building the text (`false` for calls of several ranges, which need building).
    ///
    /// `ends`: what `text` and `result` are known to share at their two ends, which is not
    /// compared again (`nil`: the two are the same text), so that checking a call costs
    /// what its edit changed, not the length of the text.
    func implies(_ result: UTF16Text, from text: UTF16Text, sharing ends: UnchangedEnds? = .nothing)
        -> Bool
    {
        let known = ends ?? UnchangedEnds(prefix: text.length, suffix: 0)
        switch self {
        case .single(let range, let replacement): return implies(range, replacement, result, from: text, known)
        case .multi(let ranges, let replacement):
            return ranges.count == 1 && implies(ranges[0], replacement, result, from: text, known)
        }
    }

    private func implies(
        _ range: UTF16Range, _ replacement: UTF16Text, _ result: UTF16Text, from text: UTF16Text,
        _ ends: UnchangedEnds
    ) -> Bool {
        guard range.fits(in: text.length), result.length == text.length - range.length + replacement.length
        else { return false }
        return text.units.withUnsafeBufferPointer { before in
            result.units.withUnsafeBufferPointer { after in
                replacement.units.withUnsafeBufferPointer { inserted in
                    let tail = before.count - range.end
                    // The head and tail are compared only where the two texts are not known
                    // to be the same.
                    let head = min(range.location, ends.prefix)
                    return same(before, head, after, head, range.location - head)
                        && same(inserted, 0, after, range.location, inserted.count)
                        && same(before, range.end, after, after.count - tail, max(0, tail - ends.suffix))
                }
            }
        }
    }

    /// Whether `count` units of `a` from `i` equal those of `b` from `j`.
    private func same(
        _ a: UnsafeBufferPointer<UInt16>, _ i: Int, _ b: UnsafeBufferPointer<UInt16>, _ j: Int, _ count: Int
    ) -> Bool {
        guard count > 0, let a = a.baseAddress, let b = b.baseAddress else { return true }
        return memcmp(a + i, b + j, count * 2) == 0
    }
}

extension DelegateCall: CustomStringConvertible {
    /// `{0, 2} "王"` or `[{2, 0}] "王"`.
    public var description: String {
        switch self {
        case .single(let range, let replacement): "\(range) \"\(replacement.briefDescription)\""
        case .multi(let ranges, let replacement):
            "[\(ranges.map(\.description).joined(separator: ", "))] \"\(replacement.briefDescription)\""
        }
    }
}
