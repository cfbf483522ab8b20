import Composition
import Foundation
import HarnessJSON

/// Reads keyboard sessions and profiles from files.
package enum KeyboardFiles {
    /// Every keyboard session under `paths` (files and directories of `.json` files, walked
    /// in sorted order as ``SessionFiles/expand(_:)`` does), and what could not be read,
    /// one located error each; a bad file never stops the others.
    package static func load(_ paths: [String]) -> (sessions: [KeyboardSession], errors: [SessionError]) {
        let (files, pathErrors) = SessionFiles.expand(paths)
        var errors = pathErrors
        var sessions: [KeyboardSession] = []
        var firstFile: [String: String] = [:]
        for file in files where file.hasSuffix(".json") {
            switch read(file) {
            case .failure(let error): errors.append(error)
            case .success(let session):
                if let first = firstFile[session.id] {
                    errors.append(
                        SessionError(file: file, message: "duplicate session id '\(session.id)' (first in \(first))"))
                } else {
                    firstFile[session.id] = file
                    sessions.append(session)
                }
            }
        }
        return (sessions, errors)
    }

    /// The keyboard session in the file at `path`.
    package static func read(_ path: String) -> Result<KeyboardSession, SessionError> {
        switch SessionFiles.contents(path) {
        case .success(let data): decode(data, file: path)
        case .failure(let error): .failure(error)
        }
    }

    /// Decodes one `ime-keyboard-session/1` document.
    package static func decode(_ bytes: some Collection<UInt8>, file: String) -> Result<KeyboardSession, SessionError> {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            return .failure(
                SessionError(
                    file: file,
                    message: "not JSON: line \(error.line), column \(error.column): expected \(error.expected)"))
        }
        do {
            return .success(try KeyboardSession(json: JSONNode(value)))
        } catch {
            return .failure(
                SessionError(file: file, event: error.path.index(after: "events"), message: error.description))
        }
    }

    /// The keyboard profiles in `store` (a directory, or the built-in files), by name.
    package static func profile(named name: String, in store: ProfileStore) throws(ProfileError) -> KeyboardProfile {
        try store.document(named: name, decode: KeyboardProfile.init(json:), name: \.name) {
            value, path throws(ProfileError) in try KeyboardProfileBase.resolve(value, path: path, in: store)
        }
    }
}
