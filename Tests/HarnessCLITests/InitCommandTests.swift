import Foundation
import HarnessCLI
import HarnessTestSupport
import Testing

/// `ime-harness init`: the test package, the workflow and the pasted file, written once;
/// a missing file to paste is a one-line error. (scripts/app-repo-smoke, in CI, builds and
/// runs what it writes.)
@Suite struct InitCommandTests {
    @Test func writesThePackageTheWorkflowAndThePastedFileOnce() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("imeharness-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/App", withIntermediateDirectories: true)
        try """
        import UIKit

        class NameViewController: UIViewController {
            @IBOutlet weak var nameField: UITextField!
            override func viewDidLoad() {
                super.viewDidLoad()
                nameField.addTarget(self, action: #selector(nameChanged(_:)), for: .editingChanged)
            }
            @objc func nameChanged(_ sender: UITextField) {
                let text = sender.text ?? ""
                if (text as NSString).length > 8 { sender.text = (text as NSString).substring(to: 8) }
            }
        }
        """.write(toFile: root + "/App/Name.swift", atomically: true, encoding: .utf8)
        let first = CLI.run(["init", root, "--paste", root + "/App/Name.swift", "--harness-path", Repository.path(".")])
        #expect(first.exitCode == 0, "\(first.standardError)")
        for file in [
            "IMERuleTests/Package.swift", "IMERuleTests/ime-baseline.json", "IMERuleTests/ime-paste",
            "IMERuleTests/Tests/IMERuleTests/RuleTests.swift", "IMERuleTests/Tests/IMERuleTests/Name.swift",
            "IMERuleTests/Tests/IMERuleTests/IMEPastedRules.swift", ".github/workflows/ime-rules.yml",
        ] {
            #expect(FileManager.default.fileExists(atPath: root + "/" + file), "\(file)")
        }
        let pasted = try String(contentsOfFile: root + "/IMERuleTests/Tests/IMERuleTests/Name.swift", encoding: .utf8)
        #expect(
            pasted.contains(
                "nameField.addAction(UIAction { [weak target = self] action in target?.nameChanged(action.sender as! UITextField) }, for: .editingChanged)"
            ))
        #expect(pasted.contains("if (NSString(text)).length > 8 { sender.text = (NSString(text)).substring(to: 8) }"))
        #expect(!pasted.contains("@objc") && !pasted.contains("@IBOutlet") && !pasted.contains("import UIKit"))
        let rules = try String(
            contentsOfFile: root + "/IMERuleTests/Tests/IMERuleTests/IMEPastedRules.swift", encoding: .utf8)
        #expect(
            rules.contains("static func nameViewController(contract: RuleContract = RuleContract()) -> TextFieldRule"))
        #expect(rules.contains("object.nameField = field"))
        let manifest = try String(contentsOfFile: root + "/IMERuleTests/Package.swift", encoding: .utf8)
        #expect(manifest.contains(#"environment["IME_HARNESS_PATH"]"#))

        // Again: nothing the team may have edited is overwritten.
        try "// edited".write(toFile: root + "/IMERuleTests/ime-baseline.json", atomically: true, encoding: .utf8)
        #expect(CLI.run(["init", root, "--harness-path", Repository.path(".")]).exitCode == 0)
        #expect(try String(contentsOfFile: root + "/IMERuleTests/ime-baseline.json", encoding: .utf8) == "// edited")

        let missing = CLI.run(["init", root, "--paste", root + "/App/Missing.swift"])
        #expect(missing.exitCode == 2)
        #expect(missing.standardError == "ime-harness: \(root)/App/Missing.swift: no such file\n")
    }
}
