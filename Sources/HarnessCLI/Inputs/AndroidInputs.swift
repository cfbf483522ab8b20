import Composition
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
        var profiles: [AndroidProfile] = []
        for name in androidNames.isEmpty ? ["android"] : androidNames {
            for profileName in name == "android" ? AndroidProfile.names : [name] {
                guard !profiles.contains(where: { $0.name == profileName }) else { continue }
                do {
                    profiles.append(try AndroidProfile.named(profileName))
                } catch {
                    throw .results(path: profileName, reason: "\(error)")
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
        let all: [AndroidSession]
        do {
            all = try AndroidSession.bundled() + sessions.map(AndroidSession.init(presenting:))
        } catch {
            throw .results(path: "android-sessions", reason: "\(error)")
        }
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

    /// The specs of the rules, as a report lists them.
    var ruleSpecs: [String] { rules.map { $0?.spec ?? "none" } }
}
