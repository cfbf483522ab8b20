import Graphemes
import SeededRandom

/// Differential segmentation fuzzing: the same generated hostile text through ICU's
/// grapheme break iterator and through Swift's `Character` segmentation.
///
/// They implement the same rules (UAX #29) from their own copies of Unicode's data, so a
/// disagreement is a difference of Unicode version or of implementation. Each is reported
/// with its text minimised (scalars dropped while the two still disagree); findings whose
/// minimised texts have the same shape — the same sequence of Grapheme_Cluster_Break
/// values and Extended_Pictographic flags, which is all UAX #29 reads — are one finding,
/// with its count.
package final class SegmentationDifferential {
    /// A text on which ICU and Swift put different boundaries.
    package struct Finding: Hashable, Sendable {
        /// The minimised text.
        package var text: UTF16Text
        /// The UTF-16 boundaries each gives.
        package var icu: [Int]
        package var swift: [Int]
        /// How many generated texts minimised to this shape.
        package var count: Int
        /// The shape: `GCB value/ExtPict` per scalar, e.g. `other+ep zwj other+ep`.
        package var shape: String
    }

    package struct Result: Sendable {
        package var seed: UInt64
        package var texts: Int
        /// Clusters in the generated texts, as ICU counts them.
        package var clusters: Int
        /// Generated texts on which the two disagree.
        package var disagreements: Int
        /// Distinct minimised findings, in the order first found.
        package var findings: [Finding]
    }

    let generator: TextGenerator
    let segmenter: GraphemeSegmenter

    package init(inventory: Inventory) throws(ICUError) {
        generator = TextGenerator(inventory: inventory)
        segmenter = try GraphemeSegmenter()
    }

    /// Runs `iterations` texts of seed `seed`, each of 1–40 generated clusters.
    package func run(seed: UInt64, iterations: Int) -> Result {
        var result = Result(seed: seed, texts: 0, clusters: 0, disagreements: 0, findings: [])
        for iteration in 0..<iterations {
            var rng = SplitMix64(seed: seed &+ UInt64(iteration) &* 0xA076_1D64_78BD_642F)
            let text = generator.text(&rng, count: 1 + rng.below(40))
            let icu = segmenter.icuBoundaries(of: text)
            result.texts += 1
            result.clusters += icu.count - 1
            guard icu != Self.swiftBoundaries(text) else { continue }
            result.disagreements += 1
            let minimal = minimise(text)
            let shape = Self.shape(of: minimal)
            if let index = result.findings.firstIndex(where: { $0.shape == shape }) {
                result.findings[index].count += 1
            } else {
                result.findings.append(
                    Finding(
                        text: minimal, icu: segmenter.icuBoundaries(of: minimal), swift: Self.swiftBoundaries(minimal),
                        count: 1, shape: shape))
            }
        }
        return result
    }

    /// What UAX #29 sees of a text: each scalar's Grapheme_Cluster_Break and whether it is
    /// Extended_Pictographic.
    static func shape(of text: UTF16Text) -> String {
        text.decodedUnits.map { element in
            let properties = CodePointProperties(codePoint: element.codePoint)
            return "\(properties.graphemeClusterBreak)"
                + (properties.binary.contains(.extendedPictographic) ? "+ep" : "")
        }.joined(separator: " ")
    }

    /// How many of `iterations` generated texts get other boundaries from the harness's
    /// own segmentation (``UTF16Text/graphemeBoundaries``: the pair rules with GB11 and
    /// GB12/GB13 context, ICU where they cannot decide) than from ICU's iterator alone,
    /// and the clusters checked. Zero is the only right answer.
    package func checkOwnSegmentation(seed: UInt64, iterations: Int) -> (texts: Int, clusters: Int, disagreements: Int)
    {
        var clusters = 0
        var disagreements = 0
        for iteration in 0..<iterations {
            var rng = SplitMix64(seed: seed &+ UInt64(iteration) &* 0xA076_1D64_78BD_642F)
            let text = generator.text(&rng, count: 1 + rng.below(40))
            let icu = segmenter.icuBoundaries(of: text)
            clusters += icu.count - 1
            if text.graphemeBoundaries != icu || text.graphemeCount != icu.count - 1 { disagreements += 1 }
        }
        return (iterations, clusters, disagreements)
    }

    /// The boundaries of Swift's `Character`s, in UTF-16 offsets.
    package static func swiftBoundaries(_ text: UTF16Text) -> [Int] {
        let string = String(decoding: text.units, as: UTF16.self)
        var boundaries = [0]
        var offset = 0
        for character in string {
            offset += character.utf16.count
            boundaries.append(offset)
        }
        return boundaries
    }

    /// `text` with scalars dropped, one at a time, while ICU and Swift still disagree.
    func minimise(_ text: UTF16Text) -> UTF16Text {
        var best = text.decodedUnits
        var changed = true
        while changed {
            changed = false
            for index in best.indices.reversed() {
                var candidate = best
                candidate.remove(at: index)
                let units = UTF16Text(units: candidate.flatMap { Self.units(of: $0) })
                if !candidate.isEmpty, segmenter.icuBoundaries(of: units) != Self.swiftBoundaries(units) {
                    best = candidate
                    changed = true
                }
            }
        }
        return UTF16Text(units: best.flatMap { Self.units(of: $0) })
    }

    private static func units(of element: DecodedUnit) -> [UInt16] {
        switch element {
        case .scalar(let scalar): Array(String(scalar).utf16)
        case .loneSurrogate(let unit): [unit]
        }
    }
}
