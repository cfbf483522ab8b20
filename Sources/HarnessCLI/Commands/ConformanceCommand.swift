import Graphemes
import HarnessJSON

/// `ime-harness conformance`: segmentation and emoji classification against Unicode's test files.
enum ConformanceCommand: Command {
    static let spec = CommandSpec(
        name: .conformance,
        abstract: "Check segmentation and emoji classification against Unicode's test files.",
        discussion: """
            Checks, against Unicode's own data files:
              - every line of auxiliary/GraphemeBreakTest.txt splits exactly as specified;
              - every fully-qualified line of emoji/emoji-test.txt is one cluster,
                classified emoji, with the sequence type that emoji-sequences.txt and
                emoji-zwj-sequences.txt give it; no minimally-qualified or unqualified
                line is classified emoji.
            Also reports how many fully-qualified emoji survive the per-unit emoji filter of
            seed 000 intact, and where Swift's own Character segmentation disagrees with
            GraphemeBreakTest.txt (reported, never failed).
            """,
        options: [
            .value(
                "--unicode-data", "DIR",
                help: "Where the data files are (default: /usr/share/unicode, Debian's unicode-data package)."),
            .value("--format", "FORMAT", choices: PlainFormat.names, help: "Output format (default: text)."),
        ],
        exitCodes: "Exit code 1 when any check fails.")

    /// How many failing lines the text output lists per check.
    static let listedFailures = 20

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws(CLIError) -> CLIResult {
        try parsed.rejectPositionals()
        let format = try parsed.choice("--format", default: PlainFormat.text)
        let files = UnicodeDataFiles(directory: parsed.value("--unicode-data") ?? UnicodeDataFiles.defaultDirectory)
        let report: ConformanceReport
        do {
            report = try ConformanceRunner(files: files).run()
        } catch {
            throw .unicodeData(error)
        }
        let output =
            switch format {
            case .json: json(report).rendered() + "\n"
            case .text: plain(report)
            }
        return CLIResult(exitCode: report.passed ? 0 : 1, standardOutput: output)
    }

    static func json(_ report: ConformanceReport) -> JSONValue {
        func mismatch(_ failure: ConformanceReport.BreakMismatch) -> JSONValue {
            .object([
                ("line", .int(failure.line)), ("text", .string(failure.text)),
                ("expected", .array(failure.expected.map(JSONValue.int))),
                ("actual", .array(failure.actual.map(JSONValue.int))),
            ])
        }
        let breaks = report.graphemeBreak
        let emoji = report.emoji
        let legacy = report.legacyEmojiFilter
        let swift = report.swiftCharacter
        return .object([
            ("unicodeVersion", .string(report.unicodeVersion)),
            ("icuVersion", .string(report.icuVersion)),
            (
                "graphemeBreak",
                .object([
                    ("passed", .int(breaks.passed)), ("failed", .int(breaks.failed)),
                    ("file", .string(breaks.path)), ("fileVersion", breaks.fileVersion.map(JSONValue.string) ?? .null),
                    ("failures", .array(breaks.failures.map(mismatch))),
                ])
            ),
            (
                "emoji",
                .object([
                    ("passed", .int(emoji.passed)), ("failed", .int(emoji.failed)),
                    ("fullyQualified", .int(emoji.fullyQualified)),
                    ("notFullyQualified", .int(emoji.notFullyQualified)),
                    (
                        "byType",
                        .object(EmojiSequenceType.allCases.map { ($0.rawValue, .int(emoji.byType[$0] ?? 0)) })
                    ),
                    ("file", .string(emoji.path)), ("fileVersion", emoji.fileVersion.map(JSONValue.string) ?? .null),
                    (
                        "failures",
                        .array(
                            emoji.failures.map {
                                .object([
                                    ("line", .int($0.line)), ("text", .string($0.text)),
                                    ("status", .string($0.qualification.rawValue)),
                                    ("expected", .string($0.expected)), ("actual", .string($0.actual)),
                                ])
                            })
                    ),
                ])
            ),
            (
                "legacyEmojiFilter",
                .object([
                    ("intact", .int(legacy.intact)), ("of", .int(legacy.of)),
                    ("damaged", .int(legacy.damaged)), ("removed", .int(legacy.removed)),
                    ("recognisedByICU", .int(legacy.recognisedByICU)), ("pattern", .string(legacy.pattern)),
                ])
            ),
            (
                "swiftCharacter",
                .object([
                    ("agreed", .int(swift.agreed)), ("disagreed", .int(swift.disagreed)),
                    ("skipped", .int(swift.skipped)), ("disagreements", .array(swift.disagreements.map(mismatch))),
                ])
            ),
        ])
    }

    static func plain(_ report: ConformanceReport) -> String {
        let breaks = report.graphemeBreak
        let emoji = report.emoji
        let legacy = report.legacyEmojiFilter
        let swift = report.swiftCharacter
        var out =
            "Conformance of ICU \(report.icuVersion) (Unicode \(report.unicodeVersion)) segmentation and classification\n\n"
        out += "Grapheme breaks: \(breaks.passed) of \(breaks.passed + breaks.failed) lines of \(breaks.path)"
        out += " (\(breaks.fileVersion ?? "unknown version")) split as specified\n"
        for failure in breaks.failures.prefix(listedFailures) {
            out +=
                "  FAIL line \(failure.line): \(failure.text.visibleDescription)  expected \(failure.expected), got \(failure.actual)\n"
        }
        out +=
            "Emoji: \(emoji.passed) of \(emoji.passed + emoji.failed) lines of \(emoji.path) (\(emoji.fileVersion ?? "unknown version")) pass:\n"
        out += "  \(emoji.fullyQualified) fully-qualified, each one emoji cluster of its RGI type ("
        out +=
            EmojiSequenceType.allCases.map { "\(emoji.byType[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", ") + ")\n"
        out += "  \(emoji.notFullyQualified) minimally-qualified or unqualified, none classified emoji\n"
        for failure in emoji.failures.prefix(listedFailures) {
            out +=
                "  FAIL line \(failure.line) (\(failure.qualification.rawValue)): \(failure.text.visibleDescription)  expected \(failure.expected), got \(failure.actual)\n"
        }
        out += "\nSeed 000's per-unit emoji filter keeps \(legacy.intact) of \(legacy.of) fully-qualified emoji intact"
        out +=
            " (\(legacy.damaged) damaged, \(legacy.removed) removed); ICU's classification recognises \(legacy.recognisedByICU).\n"
        out += "  pattern: \(legacy.pattern)\n"
        out += "\nSwift's Character segmentation (stdlib, not ICU) on the same file: \(swift.agreed) lines agree, "
        out +=
            "\(swift.disagreed) disagree, \(swift.skipped) skipped (lone surrogates cannot be a String). Reported, not failed.\n"
        for disagreement in swift.disagreements.prefix(listedFailures) {
            out +=
                "  line \(disagreement.line): \(disagreement.text.visibleDescription)  file \(disagreement.expected), Swift \(disagreement.actual)\n"
        }
        if swift.disagreements.count > listedFailures {
            out += "  ... and \(swift.disagreements.count - listedFailures) more (see --format json)\n"
        }
        out += "\n" + (report.passed ? "PASS" : "FAIL") + "\n"
        return out
    }
}
