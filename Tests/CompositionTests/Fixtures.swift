import Foundation
import Graphemes
import HarnessJSON
import HarnessTestSupport

@testable import Composition

/// The shipped profiles, read from the repository's Corpora/profiles.
enum Fixtures {
    static let repositoryRoot = Repository.root
    static let profiles = Repository.profileStore

    static func profile(_ name: String) -> PlatformProfile { Repository.profile(name) }

    static var ios18: PlatformProfile { profile("ios18-single") }
    static var ios26: PlatformProfile { profile("ios26-multi") }

    /// `ios18-single` with one choice changed.
    static func ios18(_ change: (inout PlatformProfile) -> Void) -> PlatformProfile {
        var profile = ios18
        change(&profile)
        return profile
    }

    /// A session starting from a field written in field notation.
    ///
    /// - Throws: when `initial` is not field notation: a typo must fail the test, not
    ///   replay an empty field that finds nothing.
    static func session(
        _ id: String = "test", _ initial: String = "|", _ events: [SessionEvent], expect: String? = nil,
        observed: [String: [DelegateCall?]] = [:]
    ) throws -> Session {
        let state = try FieldState(notation: initial)
        return Session(
            id: id, ime: .other, source: .init(kind: .authored, detail: "test"), initial: state, events: events,
            observed: observed, expectedText: expect.map { UTF16Text($0) })
    }

    /// The forum's Zhuyin session.
    static let forum = Session(
        id: "zhuyin-wang", ime: .other, source: .init(kind: .authored, detail: "test"),
        initial: FieldState(text: .empty),
        events: [
            .setMarkedText("ㄨ", selectedRange: .caret(at: 1)), .setMarkedText("ㄨㄤ", selectedRange: .caret(at: 2)),
            .insertText("王"),
        ],
        observed: [
            "ios18-single": [nil, nil, .single(range: UTF16Range(location: 0, length: 2), replacement: "王")],
            "ios26-multi": [nil, nil, .multi(ranges: [.caret(at: 2)], replacement: "王")],
        ],
        expectedText: "王")

    /// Replays with a fresh replayer and returns the discrepancies.
    static func discrepancies(
        _ session: Session, profiles: [PlatformProfile] = [ios18, ios26], rule: any InputRule = AcceptEverything()
    ) throws -> [Discrepancy] {
        try Replayer().run(session, profiles: profiles, rules: [rule])[0].findings
    }
}

/// Rules for tests, shaped like the ones developers write.
struct MaxGraphemes: InputRule {
    var limit: Int
    var spec: String { "test-max-graphemes:limit=\(limit)" }
    func shouldChange(_ request: ChangeRequest) -> Bool {
        (request.proposedText?.graphemeCount ?? 0) <= limit
    }
}

struct RejectMarkedText: InputRule {
    var spec: String { "test-reject-marked" }
    func shouldChange(_ request: ChangeRequest) -> Bool {
        request.field.markedRange == nil && !request.call.replacement.units.contains { (0x3100...0x312F).contains($0) }
    }
}

struct RejectEverything: InputRule {
    var spec: String { "test-reject-all" }
    func shouldChange(_ request: ChangeRequest) -> Bool { false }
}

/// An editingChanged filter that keeps ASCII digits only, assigning the text on every change (seed 000's shape).
struct DigitsOnlyFilter: InputRule {
    var spec: String { "test-digits-filter" }
    func editingChanged(_ change: FieldChange) -> TextAssignment? {
        TextAssignment(UTF16Text(units: change.after.text.units.filter { (0x30...0x39).contains($0) }))
    }
}

/// Rejects pastes longer than one unit, and nothing else.
struct RejectLongReplacements: InputRule {
    var spec: String { "test-reject-long" }
    func shouldChange(_ request: ChangeRequest) -> Bool {
        request.field.markedRange != nil || request.call.replacement.length <= 1
    }
}

/// Accepts everything but declares a limit, so replay checks it.
struct DeclaredLimit: InputRule {
    var limit: Int
    var spec: String { "test-declared-limit:limit=\(limit)" }
    var contract: RuleContract { RuleContract(limit: .init(limit, .graphemes)) }
}
