import Composition
import Foundation

/// The checkout the tests run in, and the data it ships: shared by every test target.
package enum Repository {
    /// The directory holding `Package.swift`, found from this file's own path.
    package static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url = url.deletingLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url.path
            }
        }
        return FileManager.default.currentDirectoryPath
    }()

    /// `relative` inside the checkout.
    package static func path(_ relative: String) -> String { root + "/" + relative }

    /// The shipped profiles (`Corpora/profiles`).
    package static let profileStore = ProfileStore(directory: path("Corpora/profiles"))

    /// Every shipped profile, sorted by name.
    package static let profiles: [PlatformProfile] = profileStore.names().map(profile)

    /// The shipped profile `name`; a test cannot run without it.
    package static func profile(_ name: String) -> PlatformProfile {
        do {
            return try profileStore.profile(named: name)
        } catch {
            fatalError("the shipped profile \(name) must load: \(error)")
        }
    }

    /// The sessions under `relative` (default: the shipped corpus) and the files that failed to load.
    package static func sessions(in relative: String = "Corpora/sessions") -> (
        sessions: [Session], errors: [SessionError]
    ) {
        SessionFiles.load([path(relative)])
    }
}
