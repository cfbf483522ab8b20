import Composition
import Foundation
import Fuzzing
import Graphemes
import InputRules

/// The shipped profiles and inventories.
enum Fixtures {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url = url.deletingLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url.path
            }
        }
        return FileManager.default.currentDirectoryPath
    }()

    static let profiles: [PlatformProfile] = {
        let store = ProfileStore(directory: root + "/Corpora/profiles")
        return store.names().compactMap { try? store.profile(named: $0) }
    }()

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
        var events: [SessionEvent] = before.isEmpty ? [] : [.insertText(UTF16Text(before))]
        var marked = ""
        for letter in letters {
            marked.append(letter)
            events.append(.setMarkedText(UTF16Text(marked), selectedRange: .caret(at: marked.utf16.count)))
        }
        events.append(.insertText(UTF16Text(commit)))
        return events
    }
}
