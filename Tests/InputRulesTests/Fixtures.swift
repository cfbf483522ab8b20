import Composition
import Foundation
import Graphemes
import HarnessTestSupport
import InputRules

/// The shipped corpus and profiles, and sessions written in field notation.
enum Fixtures {
    static let repositoryRoot = Repository.root
    static let profiles = Repository.profiles

    /// Every session of the shipped corpus.
    static let corpus: [Session] = {
        let (sessions, errors) = Repository.sessions()
        precondition(errors.isEmpty, "\(errors)")
        return sessions
    }()

    static func corpusSession(_ id: String) -> Session {
        guard let session = corpus.first(where: { $0.id == id }) else { fatalError("no corpus session \(id)") }
        return session
    }

    /// A session starting from a field written in field notation (`"ab|"`).
    ///
    /// - Throws: when `initial` is not field notation: a typo must fail the test, not
    ///   replay an empty field that finds nothing.
    static func session(_ initial: String = "|", _ events: [SessionEvent]) throws -> Session {
        let state = try FieldState(notation: initial)
        return Session(
            id: "test", ime: .other, source: .init(kind: .authored, detail: "test"), initial: state, events: events,
            observed: [:], expectedText: nil)
    }

    /// Pinyin typed letter by letter, then `commit`.
    static func pinyin(_ initial: String = "|", _ letters: String, commit: String) throws -> Session {
        try session(initial, SessionEvent.composing(UTF16Text(letters), commit: UTF16Text(commit)))
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
    var kinds: [DiscrepancyKind] { findings.map(\.kind) }

    /// The final text of every profile, when they agree.
    var agreedText: String? {
        let texts = Set(finalText.map(\.value))
        return texts.count == 1 ? texts.first?.visibleDescription : nil
    }

    /// Whether every profile ends with exactly `text`.
    func endsEverywhere(with text: String) -> Bool {
        finalText.allSatisfy { $0.value == UTF16Text(text) }
    }

    /// The final text under `profile`.
    func text(_ profile: String) -> String? {
        finalText.first { $0.profile == profile }?.value.visibleDescription
    }

    /// The events at which `kind` was found.
    func events(_ kind: DiscrepancyKind) -> [Int] {
        findings.filter { $0.kind == kind }.compactMap(\.event)
    }
}
