import Foundation

/// Golden files: a test's whole output compared byte for byte with a file in the checkout,
/// or written there when recording (`RECORD_SNAPSHOTS=1`). Recording is never a pass: as
/// swift-argument-parser's snapshot helper does, a recording run fails and says so.
package enum GoldenFile {
    /// What is wrong with `output` against the golden file at `relative` (in the checkout),
    /// or `nil` when they are the same; when recording, writes it and says so.
    package static func mismatch(_ output: String, at relative: String) throws -> String? {
        let path = Repository.path(relative)
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try output.write(toFile: path, atomically: true, encoding: .utf8)
            return "recorded \(relative): run the tests again without RECORD_SNAPSHOTS, and review the diff"
        }
        guard let recorded = FileManager.default.contents(atPath: path) else {
            return "no golden file \(relative): record it with RECORD_SNAPSHOTS=1"
        }
        guard Data(output.utf8) != recorded else { return nil }
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        let expected = String(decoding: recorded, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        let first =
            zip(lines, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(lines.count, expected.count)
        return """
            \(relative) differs from the golden file at line \(first + 1):
              recorded: \(first < expected.count ? String(expected[first].prefix(200)) : "(end)")
              rendered: \(first < lines.count ? String(lines[first].prefix(200)) : "(end)")
            If the change is meant, record again with RECORD_SNAPSHOTS=1 and review the diff.
            """
    }
}
