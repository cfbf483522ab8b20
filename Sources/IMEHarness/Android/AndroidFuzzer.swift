import Composition
import Foundation
import Fuzzing
import Graphemes
import SeededRandom

/// Generates Android keyboard sessions and replays a rule through them under the Android
/// profiles, reporting each property's first failure shrunk to a few calls.
///
/// A session is a run of gestures drawn from a seeded generator:
/// - a Latin word composed letter by letter, then committed with a space, autocorrected,
///   shortened by Backspace inside the composition, or finished by a caret move;
/// - a composition of the corpus (Pinyin, Zhuyin, kana, Hangul syllables, emoji) as an
///   Android keyboard sends it, spliced in whole;
/// - Backspace outside a composition, `deleteSurroundingText` around the caret;
/// - the caret back into a committed word, which becomes composing again
///   (`setComposingRegion`) and is shortened or replaced;
/// - a correction in a batch edit; a caret move.
public struct AndroidFuzzer {
    /// The rule fuzzed.
    public let rule: AndroidRule
    /// The profiles it runs under.
    public let profiles: [AndroidProfile]
    private let fragments: [[InputConnectionCall]]

    /// A fuzzer of `rule` under `profiles` (every shipped Android profile by default),
    /// splicing in the compositions of `corpus`.
    public init(rule: AndroidRule, profiles: [AndroidProfile] = AndroidProfile.all, corpus: Corpus = .bundled) throws {
        self.rule = rule
        self.profiles = profiles
        fragments = try Self.compositions(of: AndroidSession.corpus(corpus))
    }

    /// One failure: the finding, and the session shrunk to the fewest calls that still
    /// show it.
    public struct Failure: Sendable, CustomStringConvertible {
        /// The finding on the shrunk session.
        public var finding: AndroidFinding
        /// The shrunk session.
        public var minimised: AndroidSession
        /// The seed and index of the generated session it was shrunk from.
        public var seed: UInt64
        /// The finding and its session, call by call.
        public var description: String {
            "\(finding)\n  from \"\(minimised.initial.notation)\": "
                + minimised.calls.map(\.description).joined(separator: ", ")
        }
    }

    /// What a run found.
    public struct Outcome: Sendable {
        /// Sessions generated and replayed (under every profile).
        public var sessions: Int
        /// The first failure of each property under each profile, shrunk.
        public var failures: [Failure]
    }

    /// Fuzzes from `seed` for `seconds` or `iterations` sessions, whichever ends first.
    public func run(seed: UInt64, iterations: Int? = nil, seconds: Double? = nil) throws -> Outcome {
        let replays = try profiles.map { try AndroidReplay(rule: rule, profile: $0) }
        var random = SplitMix64(seed: seed)
        let deadline = seconds.map { Date().addingTimeInterval($0) }
        var found: Set<String> = []
        var failures: [Failure] = []
        var count = 0
        while iterations.map({ count < $0 }) ?? true, deadline.map({ Date() < $0 }) ?? true {
            let session = generate(&random, index: count)
            count += 1
            for replay in replays {
                for finding in replay.run(session.calls, from: session.initial).findings {
                    let key = finding.kind + "/" + finding.profile
                    guard !found.contains(key) else { continue }
                    found.insert(key)
                    var minimised = replay.minimised(session, showing: finding.kind)
                    minimised.id = "android-fuzz-\(finding.kind)"
                    let shrunkFinding =
                        replay.run(minimised.calls, from: minimised.initial).findings.first { $0.kind == finding.kind }
                        ?? finding
                    failures.append(Failure(finding: shrunkFinding, minimised: minimised, seed: seed))
                }
            }
        }
        return Outcome(sessions: count, failures: failures)
    }

    /// One generated session.
    func generate(_ random: inout SplitMix64, index: Int) -> AndroidSession {
        var calls: [InputConnectionCall] = []
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        func word(_ random: inout SplitMix64) -> String {
            String((0..<(1 + Int(random.next() % 9))).map { _ in letters[Int(random.next() % 26)] })
        }
        let gestures = 1 + Int(random.next() % 8)
        for _ in 0..<gestures {
            switch random.next() % 10 {
            case 0, 1, 2:
                let typed = word(&random)
                let units = Array(typed)
                for end in 1...units.count { calls.append(.setComposingText(UTF16Text(String(units[0..<end])))) }
                switch random.next() % 4 {
                case 0:
                    let kept = max(0, units.count - 1 - Int(random.next() % UInt64(units.count)))
                    for end in stride(from: units.count - 1, through: kept, by: -1) {
                        calls.append(.setComposingText(UTF16Text(String(units[0..<end]))))
                    }
                    calls.append(.commitText(UTF16Text(String(units[0..<kept]) + " ")))
                case 1: calls.append(.commitText(UTF16Text(word(&random) + " ")))
                case 2: calls.append(.setSelection(start: 0, end: 0))
                default: calls.append(.commitText(UTF16Text(typed + " ")))
                }
            case 3, 4:
                if !fragments.isEmpty { calls += fragments[Int(random.next() % UInt64(fragments.count))] }
            case 5:
                for _ in 0..<(1 + Int(random.next() % 3)) { calls.append(.backspace) }
            case 6:
                calls.append(
                    .deleteSurroundingText(before: Int(random.next() % 3), after: Int(random.next() % 2)))
            case 7:
                let start = Int(random.next() % 6)
                let end = start + 1 + Int(random.next() % 5)
                calls += [.setComposingRegion(start: start, end: end), .setComposingText(UTF16Text(word(&random)))]
                if random.next() % 2 == 0 { calls.append(.commitText(UTF16Text(word(&random)))) }
            case 8:
                let start = Int(random.next() % 6)
                calls += [
                    .beginBatchEdit, .setComposingRegion(start: start, end: start + 1 + Int(random.next() % 4)),
                    .commitText(UTF16Text(word(&random))), .endBatchEdit,
                ]
            default:
                let position = Int(random.next() % 12)
                calls.append(.setSelection(start: position, end: position))
            }
        }
        return AndroidSession(id: "android-fuzz-\(index)", calls: calls)
    }

    /// The compositions of `sessions`: each run of calls from a `setComposingText` to the
    /// commit that ends it, deduplicated, in a stable order.
    static func compositions(of sessions: [AndroidSession]) -> [[InputConnectionCall]] {
        var seen: Set<[InputConnectionCall]> = []
        var result: [[InputConnectionCall]] = []
        for session in sessions {
            var current: [InputConnectionCall] = []
            for call in session.calls {
                switch call {
                case .setComposingText: current.append(call)
                case .commitText:
                    current.append(call)
                    if seen.insert(current).inserted { result.append(current) }
                    current = []
                default: current = []
                }
            }
        }
        return result
    }
}
