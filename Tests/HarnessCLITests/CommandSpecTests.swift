import Testing

@testable import HarnessCLI

/// Each command's options are declared once; parsing, `--help` and the overview read them.
@Suite struct CommandSpecTests {
    /// Every command answers `--help` and `-h` from its declaration, in 80 columns, with
    /// every option it takes in the usage line and in the table.
    @Test(arguments: CommandName.allCases)
    func helpListsEveryDeclaredOption(_ name: CommandName) {
        let spec = name.command.spec
        for flag in ["--help", "-h"] {
            let result = CLI.run([name.rawValue, flag])
            #expect(result.exitCode == 0)
            #expect(result.standardOutput == spec.helpText)
        }
        let lines = spec.helpText.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
        let usage = spec.helpText.components(separatedBy: "\n\n")[0]
        for option in spec.options {
            #expect(usage.contains(option.name), "\(option.name) is in the usage line")
            #expect(lines.contains { $0.hasPrefix("  \(option.name)") }, "\(option.name) is in the table")
        }
        #expect(CLI.overview.contains("  \(name.rawValue)"))
        #expect(CLI.overview.contains(spec.abstract))
    }

    /// An option one command declares is unknown to a command that does not.
    @Test func optionsBelongToTheirCommand() {
        let result = CLI.run(["rules", "--format", "json"])
        #expect(result.exitCode == 2)
        #expect(
            result.standardError == "ime-harness: rules: unknown option '--format' (see 'ime-harness rules --help')\n")
        let flag = CLI.run(["replay", "--segmentation", "x.json"])
        #expect(flag.standardError.contains("unknown option '--segmentation'"))
    }
}
