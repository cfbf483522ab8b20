import Composition
import Foundation

/// A platform profile: how one iOS version turns input-method events into delegate calls.
public struct Profile: Sendable, CustomStringConvertible {
    let platform: PlatformProfile

    /// The profile's name, e.g. `ios26-multi`.
    public var name: String { platform.name }

    /// The name.
    public var description: String { name }

    /// iOS 18: `textField(_:shouldChangeCharactersIn:replacementString:)`, a commit
    /// reporting the marked range (`{0, 2}` for ㄨㄤ → 王).
    public static let ios18Single = bundled("ios18-single")

    /// iOS 26: `textField(_:shouldChangeCharactersInRanges:replacementString:)`, a commit
    /// reporting an empty range at the end of the marked text (`[{2, 0}]`), as Apple
    /// Developer Forums thread 801013 observed on iOS 26.0.
    public static let ios26Multi = bundled("ios26-multi")

    /// Both shipped profiles.
    public static let all = [ios18Single, ios26Multi]

    /// The alternative profiles: each a behaviour the sources leave open or disagree on
    /// (Korean as the last syllable replaced or as marked text, marked-text updates that
    /// bypass the delegate, iOS 26 asking a single-range delegate about each range, iOS 7–9
    /// candidate-bar commits without the delegate), in `Corpora/profiles/alternatives/`.
    /// A rule that passes under ``all`` and these is right whichever account is true.
    public static let alternatives: [Profile] = {
        let store = ProfileStore(directory: BundledData.directory + "/profiles")
        return store.alternativeNames().map { name in
            do {
                return Profile(platform: try store.profile(named: name))
            } catch {
                preconditionFailure("the shipped profile \(name) does not load: \(error)")
            }
        }
    }()

    /// The alternative profile called `name` (`ios26-multi-each-range`), if there is one.
    public static func alternative(_ name: String) -> Profile? { alternatives.first { $0.name == name } }

    /// Reads a profile file (`ime-profile/1`).
    ///
    /// - Throws: ``HarnessFailure`` naming the file and the JSON path of the problem.
    public init(path: String) throws(HarnessFailure) {
        let url = URL(fileURLWithPath: path)
        let store = ProfileStore(directory: url.deletingLastPathComponent().path)
        do {
            platform = try store.profile(named: url.deletingPathExtension().lastPathComponent)
        } catch {
            throw HarnessFailure(error.description)
        }
    }

    init(platform: PlatformProfile) {
        self.platform = platform
    }

    /// A shipped profile. The files are this package's resources, checked by its tests;
    /// one that does not load is a broken package, not bad input.
    private static func bundled(_ name: String) -> Profile {
        do {
            return Profile(
                platform: try ProfileStore(directory: BundledData.directory + "/profiles").profile(named: name))
        } catch {
            preconditionFailure("the shipped profile \(name) does not load: \(error)")
        }
    }
}
