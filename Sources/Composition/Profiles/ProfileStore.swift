import Foundation
import Graphemes
import HarnessJSON

/// The platform profiles in a directory (`Corpora/profiles/NAME.json`), or built into the
/// binary, loaded by name.
package struct ProfileStore: Sendable {
    /// The directory, or for built-in profiles what messages call them.
    package let directory: String
    /// Built-in profile files by name (`NAME.json`), when the store has no directory.
    private let files: [String: String]?

    package init(directory: String) {
        self.directory = directory
        files = nil
    }

    /// A store of profile files held in memory (`NAME.json` → its JSON), called `label`.
    package init(files: [String: String], label: String) {
        directory = label
        self.files = files
    }

    /// The names of the profiles in the directory, sorted: the ones a run uses by default.
    package func names() -> [String] { names(in: nil) }

    /// The names of the alternative profiles (`alternatives/NAME.json` in the directory),
    /// sorted, each as `alternatives/NAME`: the behaviours the sources leave open, run by
    /// `--profile all` (``expanding(_:)``) and not by default.
    package func alternativeNames() -> [String] { names(in: Self.alternatives) }

    /// The subdirectory of alternative profiles.
    package static let alternatives = "alternatives"

    /// `names` with `all` replaced by every profile and every alternative, and
    /// `alternatives` by every alternative.
    package func expanding(_ names: [String]) -> [String] {
        names.flatMap { name -> [String] in
            switch name {
            case "all": self.names() + alternativeNames()
            case Self.alternatives: alternativeNames()
            default: [name]
            }
        }
    }

    /// The profiles directly in the directory (`subdirectory` nil) or in one below it.
    private func names(in subdirectory: String?) -> [String] {
        let prefix = subdirectory.map { $0 + "/" } ?? ""
        let files =
            self.files.map { files in
                files.keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
            } ?? (try? FileManager.default.contentsOfDirectory(atPath: directory + "/" + prefix)) ?? []
        return files.filter { $0.hasSuffix(".json") && !$0.contains("/") }.map { prefix + $0.dropLast(5) }.sorted()
    }

    /// The most a profile file may hold: 1 MiB (the shipped ones hold under 10 KB).
    package static let sizeLimit = 1 << 20

    /// The bytes of profile `name` at `path`; `nil` when there is no such file.
    private func contents(_ name: String, path: String) throws(ProfileError) -> [UInt8]? {
        if let files, !name.hasSuffix(".json") { return files[name + ".json"].map { Array($0.utf8) } }
        do {
            return try FileContents.read(path, limit: Self.sizeLimit)
        } catch .notFound {
            return nil
        } catch {
            throw .malformed(path: path, message: error.description)
        }
    }

    /// The profile `name` (a file `NAME.json` in the directory), or the profile file at the path `name`.
    ///
    /// - Throws: ``ProfileError`` naming the file and what is wrong with it.
    package func profile(named name: String) throws(ProfileError) -> PlatformProfile {
        try document(named: name, decode: PlatformProfile.init(json:), name: \.name)
    }

    /// The JSON of the document `name` (a file `NAME.json` in the directory) or at the path
    /// `name`, and the file's path.
    ///
    /// - Throws: ``ProfileError`` for a missing file or one that is not JSON.
    package func value(named name: String) throws(ProfileError) -> (value: JSONValue, path: String) {
        let path = name.hasSuffix(".json") ? name : "\(directory)/\(name).json"
        guard let data = try contents(name, path: path) else {
            throw name.hasSuffix(".json")
                ? .unreadable(path: path) : .unknownProfile(name: name, directory: directory, known: names())
        }
        do {
            return (try JSONParser.parse(data), path)
        } catch {
            throw .malformed(path: path, message: error.description)
        }
    }

    /// The document `name` (a file `NAME.json` in the directory) or at the path `name`,
    /// decoded by `decode`; `name` reads the name a document gives itself, which must be
    /// its file's. `resolve` may first complete the JSON (from other documents of the store:
    /// a keyboard profile's `base`). The keyboard-geometry profiles are loaded the same way.
    ///
    /// - Throws: ``ProfileError`` naming the file and what is wrong with it.
    package func document<Document>(
        named name: String, decode: (JSONNode) throws(JSONDecodingError) -> Document,
        name documentName: (Document) -> String,
        resolve: (_ value: JSONValue, _ path: String) throws(ProfileError) -> JSONValue = { value, _ in value }
    ) throws(ProfileError) -> Document {
        let (read, path) = try value(named: name)
        let value = try resolve(read, path)
        do {
            let profile = try decode(JSONNode(value))
            // `alternatives/NAME` names the file NAME.json below the directory.
            let fileName = name.split(separator: "/").last.map(String.init) ?? name
            if !name.hasSuffix(".json"), documentName(profile) != fileName {
                throw ProfileError.malformed(
                    path: path,
                    message:
                        "$.name: expected \"\(fileName)\" (the file's name), found \"\(documentName(profile))\"")
            }
            return profile
        } catch let error as JSONDecodingError {
            throw .malformed(path: path, message: error.description)
        } catch let error as ProfileError {
            throw error
        } catch {
            throw .malformed(path: path, message: "\(error)")
        }
    }
}

/// A profile that cannot be loaded.
package enum ProfileError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownProfile(name: String, directory: String, known: [String])
    case unreadable(path: String)
    case malformed(path: String, message: String)

    package var description: String {
        switch self {
        case .unknownProfile(let name, let directory, let known):
            "unknown profile '\(name)'" + ClosestMatch.suggestion(name, among: known)
                + " (no \(directory)/\(name).json; known: \(known.joined(separator: ", ")))"
        case .unreadable(let path): "\(path): cannot be read"
        case .malformed(let path, let message): "\(path): \(message)"
        }
    }
}
