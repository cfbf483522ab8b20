import Composition
import Foundation

/// `ime-harness init [DIR]`: the harness in an app's repository — a SwiftPM test package
/// (`IMERuleTests/`) that holds the team's text-field code pasted as written, tests it over
/// the shipped corpus, gates on a baseline, and the GitHub workflow that runs it.
enum InitCommand: Command {
    static let spec = CommandSpec(
        name: .initialize,
        abstract: "Set up IMERuleTests/ and its workflow in an app's repository, pasting your text-field code.",
        arguments: "[DIR]",
        discussion: CommandSpec.paragraph(
            """
            Writes, in DIR (the app repository's root; the current directory by default), \
            IMERuleTests/: Package.swift (IMEHarness \(HarnessVersion.current) pinned, or \
            the checkout IME_HARNESS_PATH names), Tests/IMERuleTests/ with each --paste FILE \
            pasted by ime-paste (or, without --paste, the usual limit delegate as an \
            example), RuleTests.swift (every pasted rule over the shipped corpus under iOS \
            18 and iOS 26, against ime-baseline.json), an empty ime-baseline.json, the paste \
            step itself (ime-paste), and .github/workflows/ime-rules.yml, which runs those \
            tests on each pull request, posts the verdict, uploads the HTML reports, fails \
            on a finding beyond the baseline and caches the build. Files that exist are \
            left as they are; pasting again rewrites the pasted files and the generated \
            rules. Then: swift test --package-path DIR/IMERuleTests. The paste step needs \
            Python with tree-sitter-swift (python3 -m pip install tree-sitter \
            tree-sitter-swift).
            """),
        options: [
            .value(
                "--paste", "FILE", repeatable: true,
                help:
                    "Paste FILE (Swift from the app, as written: a delegate, a view controller, a text view's delegate) into the tests."
            ),
            .value(
                "--harness-path", "PATH",
                help:
                    "Depend on the IMEHarness checkout at PATH instead of the pinned release (IME_HARNESS_PATH overrides either)."
            ),
        ],
        exitCodes: "0 set up; 2 a file could not be written or pasted.")

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws(CLIError) -> CLIResult {
        try parsed.rejectPositionals(after: 1)
        let root = absolute(parsed.positionals.first ?? ".")
        let package = root + "/IMERuleTests"
        let tests = package + "/Tests/IMERuleTests"
        let pastes = parsed.all("--paste").map(absolute)
        for file in pastes where !FileManager.default.fileExists(atPath: file) { throw .fileNotFound(path: file) }
        let harnessPath = parsed.value("--harness-path").map(absolute)
        var written: [String] = []
        func write(_ text: String, to path: String, executable: Bool = false) throws(CLIError) {
            guard !FileManager.default.fileExists(atPath: path) else { return }
            do {
                try FileManager.default.createDirectory(
                    atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path,
                    withIntermediateDirectories: true)
                try text.write(toFile: path, atomically: true, encoding: .utf8)
                if executable { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path) }
            } catch {
                throw .results(path: path, reason: "cannot be written: \(error.localizedDescription)")
            }
            written.append(path)
        }
        try write(packageManifest(harnessPath: harnessPath), to: package + "/Package.swift")
        try write(ruleTests, to: tests + "/RuleTests.swift")
        try write(#"{"format": "ime-baseline/1", "findings": []}"# + "\n", to: package + "/ime-baseline.json")
        try write(".build/\nime-reports/\n", to: package + "/.gitignore")
        try write(workflow, to: root + "/.github/workflows/ime-rules.yml")
        let script: String
        do {
            script = try String(contentsOfFile: pasteScript, encoding: .utf8)
        } catch {
            throw .results(path: pasteScript, reason: "the paste step is missing from this IMEHarness checkout")
        }
        try write(script, to: package + "/ime-paste", executable: true)
        var toPaste = pastes
        if pastes.isEmpty, !FileManager.default.fileExists(atPath: tests + "/IMEPastedRules.swift") {
            try write(exampleDelegate, to: tests + "/LimitDelegate.swift")
            toPaste = [tests + "/LimitDelegate.swift"]
        }
        if !toPaste.isEmpty { try paste(toPaste, into: tests) }
        let listing = written.map { "  wrote " + relative($0, to: root) }.joined(separator: "\n")
        let pasted = toPaste.map {
            "  pasted " + relative(tests + "/" + URL(fileURLWithPath: $0).lastPathComponent, to: root)
        }
        .joined(separator: "\n")
        let next = "Next: swift test --package-path \(relative(package, to: FileManager.default.currentDirectoryPath))"
        return CLIResult(
            exitCode: 0,
            standardOutput: [listing, pasted, next].filter { !$0.isEmpty }.joined(separator: "\n") + "\n")
    }

    /// The paste step shipped beside this source file, in the checkout's `scripts/`.
    static let pasteScript = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/ime-paste").path

    /// Runs `ime-paste --into tests FILE…`, failing with its own one-line message.
    static func paste(_ files: [String], into tests: String) throws(CLIError) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", pasteScript, "--into", tests] + files
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .results(path: pasteScript, reason: "python3 could not be started: \(error.localizedDescription)")
        }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let line = message.split(separator: "\n").last.map(String.init) ?? "exit \(process.terminationStatus)"
            throw .results(
                path: files.joined(separator: ", "), reason: line.replacingOccurrences(of: "ime-paste: ", with: ""))
        }
    }

    static func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return URL(fileURLWithPath: joined).standardized.path
    }

    static func relative(_ path: String, to base: String) -> String {
        let base = absolute(base)
        if path == base { return "." }
        return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
    }

    /// Where the release is published; the pinned dependency of a scaffolded package.
    static let releaseURL = "https://github.com/ime-harness/IMEHarness.git"

    static func packageManifest(harnessPath: String?) -> String {
        let pinned =
            harnessPath.map { ".package(name: \"IMEHarness\", path: \"\($0)\")" }
            ?? ".package(url: \"\(releaseURL)\", exact: \"\(HarnessVersion.current)\")"
        return """
            // swift-tools-version:6.0
            // Written by `ime-harness init`: the app's text-field rules, pasted as written, tested
            // with IMEHarness. IME_HARNESS_PATH=/path/to/IMEHarness uses that checkout instead of
            // the dependency below (offline, or to try a change to the harness).
            import Foundation
            import PackageDescription

            let harness: Package.Dependency =
                ProcessInfo.processInfo.environment["IME_HARNESS_PATH"].map { .package(name: "IMEHarness", path: $0) }
                ?? \(pinned)

            let package = Package(
                name: "IMERuleTests",
                platforms: [.macOS(.v13)],
                dependencies: [harness],
                targets: [
                    .testTarget(
                        name: "IMERuleTests",
                        dependencies: [.product(name: "IMEHarness", package: "IMEHarness")]
                    )
                ]
            )

            """
    }

    static let ruleTests = """
        import Foundation
        import IMEHarness
        import Testing

        // Every rule pasted here (IMEPastedRules.swift, which `./ime-paste FILE` regenerates),
        // replayed through the shipped corpus — Pinyin, Zhuyin, Cangjie, Japanese, Korean,
        // emoji, dictation, pastes, undo — under iOS 18's and iOS 26's delegate calls.
        //
        // With no contract, what fails is a bug whatever the rule is for: a crash (iOS would
        // raise NSRangeException or trap) or text cut inside a character. Say what a rule
        // promises to check more, e.g. TextFieldRule.limitDelegate(contract: .maxLength(10, .graphemes))
        // also fails a limit that interrupts a Pinyin composition or lets the text exceed it.
        //
        // Accepted findings live in ime-baseline.json: `IME_HARNESS_WRITE_BASELINE=1 swift test`
        // rewrites it; a finding beyond it fails. With IME_HARNESS_REPORTS=DIR each rule's
        // summary, HTML timeline and JUnit report are written to DIR (the workflow does).
        let baseline = BaselineFile("ime-baseline.json")

        @Test(arguments: PastedRules.all.indices)
        func pastedRuleSurvivesRealInputMethods(_ index: Int) throws {
            try HarnessAssert.noDiscrepancies(rule: PastedRules.all[index], properties: false, baseline: baseline)
        }

        """

    /// The README's delegate, as apps write it: what `init` pastes when given nothing.
    static let exampleDelegate = """
        import UIKit

        // The usual limit: the text the change would make, counted in UTF-16 units. Replace
        // this file with your own (`./ime-paste Path/To/YourDelegate.swift --into Tests/IMERuleTests`).
        final class LimitDelegate: NSObject, UITextFieldDelegate {
            func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange,
                           replacementString string: String) -> Bool {
                let currentText = textField.text ?? ""
                let updated = (currentText as NSString).replacingCharacters(in: range, with: string)
                return (updated as NSString).length <= 10
            }
        }

        """

    static let workflow = """
        # Written by `ime-harness init`: the app's text-field rules (IMERuleTests/) on each pull
        # request — replayed through real input-method sessions, the verdict posted as a comment,
        # the HTML timelines uploaded, the check failed on a finding beyond IMERuleTests/ime-baseline.json.
        name: ime-harness rules

        on:
          pull_request:

        permissions:
          contents: read
          pull-requests: write

        jobs:
          rules:
            runs-on: ubuntu-latest
            container: swift:6.1-bookworm
            steps:
              - uses: actions/checkout@v4
              - name: Install ICU and Unicode data
                run: apt-get update && apt-get install -y libicu-dev unicode-data libxml2
              - name: Cache the build
                uses: actions/cache@v4
                with:
                  path: IMERuleTests/.build
                  key: ime-rules-${{ runner.os }}-${{ hashFiles('IMERuleTests/Package.swift', 'IMERuleTests/Package.resolved') }}
                  restore-keys: ime-rules-${{ runner.os }}-
              - name: Test the rules
                id: rules
                run: |
                  set +e
                  rm -rf ime-reports
                  IME_HARNESS_REPORTS="$PWD/ime-reports" swift test --package-path IMERuleTests 2>&1 | tee ime-test.log
                  status=${PIPESTATUS[0]}
                  echo "status=$status" >> "$GITHUB_OUTPUT"
                  {
                    if [ "$status" = 0 ]; then echo "## IME rules: PASS"; else echo "## IME rules: FAIL"; fi
                    echo
                    cat ime-reports/*.summary.md 2>/dev/null || echo "No report was written: see the job log."
                  } > ime-summary.md
                  cat ime-summary.md >> "${GITHUB_STEP_SUMMARY:-/dev/null}"
                shell: bash
              - name: Upload the reports
                if: always()
                uses: actions/upload-artifact@v4
                with:
                  name: ime-harness-reports
                  path: ime-reports
              - name: Post the verdict
                if: always() && github.event.pull_request.head.repo.full_name == github.repository
                env:
                  GH_TOKEN: ${{ github.token }}
                  PR: ${{ github.event.pull_request.number }}
                run: |
                  apt-get install -y gh || true
                  gh pr comment "$PR" --body-file ime-summary.md --edit-last || gh pr comment "$PR" --body-file ime-summary.md
              - name: Fail on the verdict
                if: steps.rules.outputs.status != '0'
                run: exit 1

        """
}
