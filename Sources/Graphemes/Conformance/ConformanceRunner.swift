/// Runs the conformance checks against Unicode's data files.
package struct ConformanceRunner: Sendable {
    package var files: UnicodeDataFiles

    package init(files: UnicodeDataFiles = UnicodeDataFiles()) {
        self.files = files
    }

    /// Reads the data files and runs every check.
    ///
    /// - Throws: ``UnicodeDataError`` when a data file is missing or malformed.
    package func run() throws(UnicodeDataError) -> ConformanceReport {
        let breakTest = try GraphemeBreakTestFile(files)
        let emojiTest = try EmojiTestFile(files)
        let catalogue = try EmojiSequenceCatalogue(files)
        let filter: PerUnitRegexFilter
        do {
            filter = try PerUnitRegexFilter.seed000Emoji()
        } catch {
            preconditionFailure("seed 000's emoji pattern no longer compiles: \(error)")
        }
        return ConformanceReport(
            unicodeVersion: UnicodeVersions.unicode,
            icuVersion: UnicodeVersions.icu,
            graphemeBreak: checkGraphemeBreaks(breakTest),
            emoji: checkEmoji(emojiTest, catalogue: catalogue),
            legacyEmojiFilter: measure(filter, on: emojiTest),
            swiftCharacter: compareSwiftCharacters(breakTest))
    }

    func checkGraphemeBreaks(_ file: GraphemeBreakTestFile) -> ConformanceReport.GraphemeBreakResult {
        var failures: [ConformanceReport.BreakMismatch] = []
        GraphemeSegmenter.withSegmenter { segmenter in
            for testCase in file.cases {
                let actual = segmenter.boundaries(of: testCase.text)
                if actual != testCase.boundaries {
                    failures.append(
                        .init(line: testCase.line, text: testCase.text, expected: testCase.boundaries, actual: actual))
                }
            }
        }
        return .init(
            path: file.path, fileVersion: file.version, passed: file.cases.count - failures.count,
            failed: failures.count, failures: failures)
    }

    func checkEmoji(_ file: EmojiTestFile, catalogue: EmojiSequenceCatalogue) -> ConformanceReport.EmojiResult {
        var failures: [ConformanceReport.EmojiMismatch] = []
        var passed = 0
        var fullyQualified = 0
        var notFullyQualified = 0
        var byType: [EmojiSequenceType: Int] = [:]
        for entry in file.entries where entry.qualification != .component {
            let clusters = entry.text.clusters
            let actual = clusters.map(\.classification.description).joined(separator: " + ")
            let expected: String
            let ok: Bool
            if entry.qualification == .fullyQualified {
                fullyQualified += 1
                let type = catalogue.types[entry.text]
                if let type { byType[type, default: 0] += 1 }
                expected =
                    type.map { ClusterClassification(.emoji, emoji: $0).description }
                    ?? "emoji (type missing from the sequence files)"
                ok =
                    type != nil && clusters.count == 1
                    && clusters[0].classification == ClusterClassification(.emoji, emoji: type)
            } else {
                notFullyQualified += 1
                expected = "no emoji cluster"
                ok = !clusters.contains { $0.classification.clusterClass == .emoji }
            }
            if ok {
                passed += 1
            } else {
                failures.append(
                    .init(
                        line: entry.line, text: entry.text, qualification: entry.qualification, expected: expected,
                        actual: actual))
            }
        }
        return .init(
            path: file.path, fileVersion: file.version, passed: passed, failed: failures.count,
            fullyQualified: fullyQualified, notFullyQualified: notFullyQualified, byType: byType, failures: failures)
    }

    func measure(_ filter: PerUnitRegexFilter, on file: EmojiTestFile) -> ConformanceReport.LegacyFilterResult {
        var intact = 0
        var damaged = 0
        var removed = 0
        var recognised = 0
        let emoji = file.entries.filter { $0.qualification == .fullyQualified }
        for entry in emoji {
            let filtered = filter.filter(entry.text)
            if filtered == entry.text {
                intact += 1
            } else if filtered.isEmpty {
                removed += 1
            } else {
                damaged += 1
            }
            let clusters = entry.text.clusters
            if clusters.count == 1, clusters[0].classification.clusterClass == .emoji { recognised += 1 }
        }
        return .init(
            pattern: PerUnitRegexFilter.seed000EmojiPattern, intact: intact, damaged: damaged, removed: removed,
            of: emoji.count, recognisedByICU: recognised)
    }

    func compareSwiftCharacters(_ file: GraphemeBreakTestFile) -> ConformanceReport.SwiftCharacterResult {
        var agreed = 0
        var skipped = 0
        var disagreements: [ConformanceReport.BreakMismatch] = []
        for testCase in file.cases {
            guard let string = String(validating: testCase.text) else {
                skipped += 1
                continue
            }
            var boundaries = [0]
            for character in string { boundaries.append(boundaries[boundaries.count - 1] + character.utf16.count) }
            if boundaries == testCase.boundaries {
                agreed += 1
            } else {
                disagreements.append(
                    .init(line: testCase.line, text: testCase.text, expected: testCase.boundaries, actual: boundaries))
            }
        }
        return .init(agreed: agreed, disagreed: disagreements.count, skipped: skipped, disagreements: disagreements)
    }
}
