import Composition
import Foundation
import HarnessJSON
import HarnessTestSupport
import IMEHarness
import InputRules
import Testing

@testable import HarnessCLI

@Suite struct RulesCommandTests {
    @Test func listsEveryRuleWithItsParameters() {
        let result = CLI.run(["rules"])
        #expect(result.exitCode == 0)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        for name in RuleCatalogue.full.names {
            let entry = "  " + name
            #expect(
                lines.contains { $0.hasPrefix(entry + " ") || $0.hasPrefix(entry + ":") || $0.hasPrefix(entry + "[") },
                "\(name)")
        }
        // Grouped by purpose, the correct rule first, its origin beside it.
        let groups = lines.filter { !$0.hasPrefix(" ") }
        #expect(
            groups == [
                "Length limits", "Which characters", "Numbers", "Patterns", "No rule", RulesCommand.androidGroup,
            ])
        let length = lines.drop { $0 != "Length limits" }.dropFirst()
        #expect(length.first == "  max-length:limit=…[,unit=…][,enforcement=…]   correct")
        #expect(lines.contains("      unit: graphemes | utf16 | scalars (default graphemes)"))
        #expect(
            lines.contains(
                "  legacy-input-filter[:max-length=…][,regex=…][,charset=…]  seed 004 (InputFilter category)"))
        #expect(lines.contains("  legacy-count-limit:limit=…                    seed 001"))
    }

    /// The Android catalogue is listed too, the correct rules first, each with the code it
    /// reproduces; every spec it shows is one `replay` takes.
    @Test func listsTheAndroidRules() {
        let lines = CLI.run(["rules"]).standardOutput.split(separator: "\n").map(String.init)
        let android = Array(lines.drop { $0 != RulesCommand.androidGroup }.dropFirst())
        let entries = android.filter { $0.hasPrefix("  ") && !$0.hasPrefix("      ") }
        #expect(entries.count == AndroidCatalogue.names.count)
        #expect(entries.first == "  android-composition-aware-filter:max-length=… correct")
        #expect(entries.contains("  android-length-filter:max-length=…            AOSP (InputFilter.LengthFilter)"))
        #expect(android.contains("      enforcement: enforced or truncate-after-composition-ends (default enforced)"))
        for entry in entries {
            let spec = entry.dropFirst(2).prefix { $0 != " " }.replacingOccurrences(of: "…", with: "10")
                .replacingOccurrences(of: "[,enforcement=10]", with: "")
            #expect(throws: Never.self, "\(spec)") { try AndroidCatalogue.rule(spec) }
        }
    }

    @Test func rejectsArguments() {
        let result = CLI.run(["rules", "max-length"])
        #expect(result.exitCode == 2)
        #expect(result.standardError == "ime-harness: rules: unexpected argument 'max-length'\n")
    }
}
