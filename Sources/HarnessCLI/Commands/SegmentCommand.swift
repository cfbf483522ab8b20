import Foundation
import Graphemes
import HarnessJSON

/// `ime-harness segment`: grapheme clusters, their classes and the text's lengths.
enum SegmentCommand: Command {
    static let spec = CommandSpec(
        name: .segment,
        abstract: "Split text into grapheme clusters and classify each (han, emoji, ...).",
        arguments: "[TEXT]",
        discussion: """
            Splits TEXT (or the UTF-8 file PATH, at most 64 MiB; '-' reads standard
            input) into extended grapheme clusters with ICU and classifies each one: han,
            bopomofo, hiragana, katakana, hangul, emoji (with its RGI sequence type),
            emoji-component, digit, letter, mark, punctuation, symbol, whitespace, control,
            unassigned, other.
            """,
        options: [
            .value("--format", "FORMAT", choices: PlainFormat.names, help: "Output format (default: text)."),
            .value("--file", "PATH", help: "Read the text from a UTF-8 file instead of the argument."),
        ])

    /// The most `--file` reads, standard input included: 64 MiB of text, each cluster a
    /// line of output (about 40 bytes of output per byte of Latin text).
    static let fileLimit = 64 << 20

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws(CLIError) -> CLIResult {
        let format = try parsed.choice("--format", default: PlainFormat.text)
        let text: UTF16Text
        switch (parsed.value("--file"), parsed.positionals.count) {
        case (let path?, 0): text = try InputFile.readUTF8(path, limit: fileLimit)
        case (.some, _): throw .conflictingArguments("TEXT", "--file", command: .segment)
        case (nil, 1): text = UTF16Text(parsed.positionals[0])
        case (nil, 0): throw .missingArgument("TEXT or --file PATH", command: .segment)
        case (nil, _): throw .unexpectedArgument(parsed.positionals[1], command: .segment)
        }
        switch format {
        case .json: writeJSON(text, to: context.output)
        case .text: writePlain(text, to: context.output)
        }
        return CLIResult(exitCode: 0)
    }

    /// The JSON shape: `{"unicodeVersion", "icuVersion", "clusters": [...], "metrics"}`, two-space
    /// indented like every JSON document the harness writes, written one cluster at a time.
    static func writeJSON(_ text: UTF16Text, to output: OutputSink) {
        func member(_ key: String, _ value: JSONValue) -> String {
            JSONValue.string(key).rendered() + ": " + value.rendered()
        }
        output.write("{\n  " + member("unicodeVersion", .string(UnicodeVersions.unicode)) + ",\n  ")
        output.write(member("icuVersion", .string(UnicodeVersions.icu)) + ",\n  \"clusters\": [")
        var first = true
        text.forEachCluster { cluster in
            // The object as the pretty renderer writes it at this depth, without building it.
            var object = first ? "\n    {\n      \"text\": " : ",\n    {\n      \"text\": "
            object += JSONValue.string(text[cluster.range]).rendered(pretty: false)
            object += ",\n      \"range\": [\(cluster.range.location), \(cluster.range.length)]"
            object += ",\n      \"class\": \"\(cluster.classification.clusterClass.rawValue)\""
            if let emoji = cluster.classification.emoji { object += ",\n      \"emoji\": \"\(emoji.rawValue)\"" }
            output.write(object + "\n    }")
            first = false
        }
        output.write(first ? "],\n  " : "\n  ],\n  ")
        let metrics = text.metrics
        let metricsJSON = JSONValue.object([
            ("utf16", .int(metrics.utf16)), ("scalars", .int(metrics.scalars)),
            ("graphemes", .int(metrics.graphemes)), ("utf8", .int(metrics.utf8Bytes)),
            ("columns", .int(metrics.displayColumns)),
        ])
        output.write(member("metrics", metricsJSON).replacingOccurrences(of: "\n", with: "\n  ") + "\n}\n")
    }

    /// The text shape: the metrics, then a line per cluster.
    static func writePlain(_ text: UTF16Text, to output: OutputSink) {
        let metrics = text.metrics
        output.write(
            "\(metrics.graphemes) clusters, \(metrics.utf16) UTF-16 units, \(metrics.scalars) scalars, "
                + "\(metrics.utf8Bytes) UTF-8 bytes, \(metrics.displayColumns) columns "
                + "(ICU \(UnicodeVersions.icu), Unicode \(UnicodeVersions.unicode))\n")
        // The widest range is the last one's or a longer one before it: `{location, length}`
        // widths grow with the location, so measure every range's width in a first pass.
        var rangeWidth = 0
        text.forEachCluster { rangeWidth = max(rangeWidth, $0.range.description.count) }
        text.forEachCluster { cluster in
            let slice = text[cluster.range]
            let codePoints = slice.decodedUnits.map { "U+" + hex($0.codePoint) }.joined(separator: " ")
            output.write(
                "  " + pad(cluster.range.description, rangeWidth) + "  "
                    + pad(cluster.classification.description, 16) + "  " + slice.visibleDescription + "  "
                    + codePoints + "\n")
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private static func pad(_ string: String, _ width: Int) -> String {
        string + String(repeating: " ", count: max(0, width - string.count))
    }
}
