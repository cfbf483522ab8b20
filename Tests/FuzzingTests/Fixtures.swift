import Composition
import Foundation
import Fuzzing
import Graphemes
import HarnessTestSupport
import InputRules

/// The shipped profiles and inventories.
enum Fixtures {
    static let root = Repository.root
    static let profiles = Repository.profiles

    static let inventory: Inventory = {
        do {
            return try Inventory(fuzzingDirectory: root + "/Corpora/fuzzing")
        } catch {
            fatalError("the fuzzing inventory must load: \(error)")
        }
    }()

    static func fuzzer(_ spec: String) throws -> Fuzzer {
        try Fuzzer(rule: RuleCatalogue.full.rule(spec), profiles: profiles, inventory: inventory)
    }

    /// Pinyin letters typed one by one after `before`, then `commit`.
    static func pinyin(after before: String, _ letters: String, commit: String) -> [SessionEvent] {
        (before.isEmpty ? [] : [.insertText(UTF16Text(before))])
            + SessionEvent.composing(UTF16Text(letters), commit: UTF16Text(commit))
    }
}
