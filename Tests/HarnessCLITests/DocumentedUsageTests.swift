import Foundation
import HarnessTestSupport
import Testing

@testable import HarnessCLI

/// docs/commands.md lists every command's usage as `--help` declares it (the option
/// declarations are the one source): a changed option changes both, or this fails.
/// `RECORD_SNAPSHOTS=1` rewrites the list from the declarations.
@Suite struct DocumentedUsageTests {
    @Test func theCommandListIsTheDeclarations() throws {
        let path = Repository.path("docs/commands.md")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let parts = text.components(separatedBy: "```\n")
        try #require(parts.count >= 3, "docs/commands.md has no usage block")
        let documented = parts[1].hasSuffix("\n") ? String(parts[1].dropLast()) : parts[1]
        var lines: [String] = []
        for name in CommandName.allCases { lines.append(name.command.spec.oneLineUsage) }
        let expected = lines.joined(separator: "\n")
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1", documented != expected {
            var rewritten = parts
            rewritten[1] = expected + "\n"
            try rewritten.joined(separator: "```\n").write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        #expect(documented == expected)
    }
}
