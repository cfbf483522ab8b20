import Composition
import Foundation
import Graphemes
import InputRules

/// The shipped corpus and profiles, and sessions written in field notation.
enum Fixtures {
    static let repositoryRoot: String = {
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
        let store = ProfileStore(directory: repositoryRoot + "/Corpora/profiles")
        return store.names().map { name in
            do {
                return try store.profile(named: name)
            } catch {
                fatalError("the shipped profile \(name) must load: \(error)")
            }
        }
    }()

    /// Every session of the shipped corpus.
    static let corpus: [Session] = {
        let (files, errors) = SessionFiles.expand([repositoryRoot + "/Corpora/sessions"])
        precondition(errors.isEmpty, "\(errors)")
        var sessions: [Session] = []
        for file in files {
            SessionFiles.read(file) { result in
                guard case .success(let session) = result else { fatalError("\(result)") }
                sessions.append(session)
            }
        }
        return sessions
    }()

    static func corpusSession(_ id: String) -> Session {
        guard let session = corpus.first(where: { $0.id == id }) else { fatalError("no corpus session \(id)") }
        return session
    }

    /// A session starting from a field written in field notation (`"ab|"`).
    static func session(_ initial: String = "|", _ events: [SessionEvent]) -> Session {
        let state = (try? FieldState(notation: initial)) ?? FieldState(text: .empty)
        return Session(
            id: "test", ime: .other, source: .init(kind: .authored, detail: "test"), initial: state, events: events,
            observed: [:], expectedText: nil)
    }

    /// Pinyin typed letter by letter (with the spaces an engine inserts), then `commit`.
    static func pinyin(_ initial: String = "|", _ letters: String, commit: String) -> Session {
        var events: [SessionEvent] = []
        var marked = ""
        for letter in letters {
            marked.append(letter)
            let text = UTF16Text(marked)
            events.append(.setMarkedText(text, selectedRange: .caret(at: text.length)))
        }
        events.append(.insertText(UTF16Text(commit)))
        return session(initial, events)
    }

    /// The catalogue's rule for `spec`.
    static func rule(_ spec: String) -> any InputRule {
        do {
            return try RuleCatalogue.full.rule(spec)
        } catch {
            fatalError("\(spec): \(error)")
        }
    }

    /// Replays `session` with the rule `spec` under every shipped profile.
    static func replay(_ session: Session, _ spec: String) throws -> SessionResult {
        try Replayer().run(session, profiles: profiles, rules: [rule(spec)])[0]
    }
}

extension SessionResult {
    /// The kinds found, in order.
    var kinds: [DiscrepancyKind] { discrepancies.map(\.kind) }

    /// The final text of every profile, when they agree.
    var agreedText: String? {
        let texts = Set(finalText.map(\.text))
        return texts.count == 1 ? texts.first?.visibleDescription : nil
    }

    /// Whether every profile ends with exactly `text`.
    func endsEverywhere(with text: String) -> Bool {
        finalText.allSatisfy { $0.text == UTF16Text(text) }
    }

    /// The final text under `profile`.
    func text(_ profile: String) -> String? {
        finalText.first { $0.profile == profile }?.text.visibleDescription
    }

    /// The events at which `kind` was found.
    func events(_ kind: DiscrepancyKind) -> [Int] {
        discrepancies.filter { $0.kind == kind }.compactMap(\.event)
    }
}
