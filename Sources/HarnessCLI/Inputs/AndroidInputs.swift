import Composition
import Foundation
import IMEHarness
import Reporting

/// The Android half of a `replay`: which of `--profile` and `--rule` are Android's, and the
/// replay of the sessions under them (``AndroidReplay``), as session replays of the one
/// report, the profiles grouped under the Android platform.
struct AndroidPart {
    /// The profile names `--profile` takes for Android: each profile, or `android` for all.
    static let profileNames = AndroidProfile.names + ["android"]
    /// The names of the Android rules `--rule` takes.
    static var ruleNames: [String] { AndroidCatalogue.names }

    let profiles: [AndroidProfile]
    /// The rules (`nil`: no rule, the field alone).
    let rules: [AndroidRule?]

    /// The Android profiles and rules a run names, and what is left for iOS: `nil` when the
    /// run has no Android part. Android profiles run when named, or, when no profile is
    /// named, when an Android rule is; an Android rule with only iOS profiles named (or the
    /// other way round) is the run's one error.
    static func split(profiles named: [String]?, rules specs: [String]?) throws(CLIError)
        -> (android: AndroidPart?, iosProfiles: [String]?, iosRules: [String])
    {
        let androidSpecs = (specs ?? []).filter(AndroidCatalogue.names)
        let iosSpecs = (specs ?? []).filter { !AndroidCatalogue.names($0) }
        let androidNames = (named ?? []).filter(profileNames.contains)
        let iosNames = named.map { $0.filter { !profileNames.contains($0) } }
        let wantsAndroid = !androidNames.isEmpty || (named == nil && !androidSpecs.isEmpty)
        if !androidSpecs.isEmpty, named != nil, androidNames.isEmpty {
            throw .invalidValue(
                option: "--rule", value: androidSpecs[0],
                expected: "a rule of the platforms the run's profiles are of: this one is an Android rule, and "
                    + "no Android profile is named (--profile gboard, samsung or android)")
        }
        if !iosSpecs.isEmpty, let iosNames, iosNames.isEmpty {
            throw .invalidValue(
                option: "--rule", value: iosSpecs[0],
                expected: "a rule of the platforms the run's profiles are of: this one is an iOS rule, and only "
                    + "Android profiles are named")
        }
        // iOS replays with its rules, or with no rule when no rule at all is named; with
        // only Android profiles named (`[]`) or only Android rules, nothing runs under iOS.
        let iosRules = iosSpecs.isEmpty && androidSpecs.isEmpty ? ["none"] : iosSpecs
        guard wantsAndroid else { return (nil, iosNames, iosRules) }
        let (directory, files) = documents("android-profiles", builtIn: EmbeddedData.androidProfiles)
        var profiles: [AndroidProfile] = []
        for name in androidNames.isEmpty ? ["android"] : androidNames {
            for profileName in name == "android" ? AndroidProfile.names : [name] {
                guard !profiles.contains(where: { $0.name == profileName }) else { continue }
                guard let file = files.first(where: { $0.name == profileName + ".json" }) else {
                    throw .results(path: profileName, reason: "no such Android profile in \(directory)")
                }
                do {
                    profiles.append(try AndroidProfile.decode(file.bytes, file: file.path))
                } catch {
                    throw .results(path: file.path, reason: "\(error)")
                }
            }
        }
        var rules: [AndroidRule?] = []
        for spec in androidSpecs {
            do {
                rules.append(try AndroidCatalogue.rule(spec))
            } catch {
                throw .rule(error, path: nil)
            }
        }
        if rules.isEmpty { rules = [nil] }
        return (AndroidPart(profiles: profiles, rules: rules), iosNames, iosRules)
    }

    /// Every rule's replay of `sessions` (the shipped Android sessions first) under the
    /// profiles, as session replays.
    func replays(of sessions: [Session]) throws(CLIError) -> [SessionReplay] {
        var all: [AndroidSession] = []
        for file in Self.documents("android-sessions", builtIn: EmbeddedData.androidSessions).files {
            do {
                all += try AndroidSession.decode(file.bytes, file: file.path)
            } catch {
                throw .results(path: file.path, reason: "\(error)")
            }
        }
        all += sessions.map(AndroidSession.init(presenting:))
        var replays: [SessionReplay] = []
        for rule in rules {
            let runs: [AndroidReplay]
            do {
                runs = try profiles.map { try AndroidReplay(rule: rule, profile: $0) }
            } catch {
                throw .results(path: "android", reason: "\(error)")
            }
            replays += AndroidCorpusRun(rule: rule?.spec ?? "none", replays: runs, sessions: all).report.sessions
        }
        return replays
    }

    /// The `.json` files of `Corpora/<group>` in a checkout around, else those built into
    /// the binary, as the iOS profiles are found (a binary copied anywhere runs on its own),
    /// sorted by name.
    static func documents(_ group: String, builtIn: [String: String]) -> (
        directory: String, files: [(name: String, path: String, bytes: [UInt8])]
    ) {
        guard let directory = CommandInputs.corporaDirectory(group) else {
            let files = builtIn.sorted { $0.key < $1.key }.map {
                ($0.key, "(built in) \($0.key)", Array($0.value.utf8))
            }
            return ("(built in)", files)
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
        return (
            directory,
            names.compactMap { name in
                FileManager.default.contents(atPath: directory + "/" + name).map {
                    (name, directory + "/" + name, Array($0))
                }
            }
        )
    }

    /// The specs of the rules, as a report lists them.
    var ruleSpecs: [String] { rules.map { $0?.spec ?? "none" } }
}
