import Composition
import Foundation
import HarnessJSON
import HarnessTestSupport

@testable import KeyboardOverlap

/// The shipped keyboard profiles and sessions, and small helpers.
enum KeyboardFixtures {
    static let store = ProfileStore(directory: Repository.path("Corpora/keyboard-profiles"))

    static let profiles: [KeyboardProfile] = store.names().map(profile)

    static func profile(_ name: String) -> KeyboardProfile {
        do {
            return try KeyboardFiles.profile(named: name, in: store)
        } catch {
            fatalError("the shipped keyboard profile \(name) must load: \(error)")
        }
    }

    static let corpus: [KeyboardSession] = {
        let (sessions, errors) = KeyboardFiles.load([Repository.path("Corpora/keyboard-sessions")])
        precondition(errors.isEmpty, "the keyboard corpus must load: \(errors)")
        return sessions
    }()

    static func session(_ id: String) -> KeyboardSession {
        guard let session = corpus.first(where: { $0.id == id }) else { fatalError("no keyboard session \(id)") }
        return session
    }

    /// Decodes `text` as a session, or the error's description.
    static func decode(_ text: String) -> Result<KeyboardSession, SessionError> {
        KeyboardFiles.decode(Array(text.utf8), file: "s.json")
    }

    static func replay(_ id: String, _ handler: any KeyboardHandler, _ profile: String) -> KeyboardReplay {
        KeyboardReplayer().replay(session(id), profile: Self.profile(profile), handler: handler)
    }
}
