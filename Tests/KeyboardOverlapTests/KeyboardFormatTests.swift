import Composition
import Foundation
import HarnessJSON
import HarnessTestSupport
import Testing

@testable import KeyboardOverlap

/// The session and profile formats: the shipped files load, round-trip, and every
/// malformed document gets one located error.
@Suite struct KeyboardFormatTests {
    @Test func everyShippedProfileLoadsWithAFactForEveryValue() throws {
        #expect(
            KeyboardFixtures.profiles.map(\.name) == [
                "ipad-multitasking", "iphone-frame-only", "iphone-ios11-emoji", "iphone-show-repeats",
            ])
        for profile in KeyboardFixtures.profiles {
            for member in KeyboardProfile.factMembers {
                #expect(profile.facts.contains { $0.about == member }, "\(profile.name): \(member)")
            }
            for action in KeyboardAction.allCases {
                #expect(profile.facts.contains { $0.about == "sequences.\(action.rawValue)" })
            }
            // The document written back reads as the same profile.
            #expect(try KeyboardProfile(json: JSONNode(profile.json)) == profile)
        }
    }

    /// Where sources disagree, the profiles do: seed 001's claim against the reports that
    /// keyboardWillShow comes again.
    @Test func theDisagreementIsInTheProfiles() {
        let repeats = KeyboardFixtures.profile("iphone-show-repeats")
        let frameOnly = KeyboardFixtures.profile("iphone-frame-only")
        let ios11 = KeyboardFixtures.profile("iphone-ios11-emoji")
        #expect(repeats.sequences[.emojiSwitch] == [.willChangeFrame, .willShow, .didChangeFrame, .didShow])
        #expect(frameOnly.sequences[.emojiSwitch] == [.willChangeFrame, .didChangeFrame])
        #expect(ios11.sequences[.emojiSwitch] == [.willShow, .didShow])
        #expect(frameOnly.sequences[.refocus] == [])
    }

    @Test func theCorpusCoversEveryBehaviourTheIssueNames() {
        let corpus = KeyboardFixtures.corpus
        #expect(corpus.count >= 20)
        let ops = Set(corpus.flatMap { $0.events.map { $0.brief.split(separator: " ").first.map(String.init) ?? "" } })
        for op in [
            "focus", "dismiss", "inputMode", "quickType", "hardwareKeyboard", "placement", "rotate", "otherApp",
            "interactiveDismiss", "notification",
        ] {
            #expect(ops.contains(op), "no session exercises \(op)")
        }
        #expect(corpus.contains { $0.window != nil }, "Split View / Stage Manager windows")
        #expect(corpus.contains { $0.events.contains { if case .text = $0 { true } else { false } } }, "text events")
        for session in corpus { #expect(!session.source.detail.isEmpty, "\(session.id) cites nothing") }
    }

    @Test func sessionsRoundTrip() throws {
        for session in KeyboardFixtures.corpus {
            let again = try KeyboardSession(json: JSONNode(JSONParser.parse(session.document)))
            #expect(again == session)
        }
    }

    static let valid = """
        {"format": "ime-keyboard-session/1", "id": "x", "source": {"kind": "authored", "detail": "d"},
         "idiom": "phone", "layout": {"kind": "scroll", "fields": [{"id": "a", "frame": [0, 600, 300, 44]}]},
         "events": [EVENT]}
        """

    static let malformed: [(event: String, message: String)] = [
        (#"{"op": "focsu", "field": "a"}"#, "$.events[0].op: expected a keyboard op"),
        (#"{"op": "focuss", "field": "a"}"#, "did you mean 'focus'?"),
        (#"{"op": "focus", "field": "b"}"#, "$.events[0].field: expected the id of a field of the layout (a)"),
        (#"{"op": "interactiveDismiss", "steps": 0}"#, "$.events[0].steps: expected 1 to 20 steps"),
        (#"{"op": "window", "frame": [0, 0, -1, 5]}"#, "$.events[0].frame[2]: expected a size from 0"),
        (#"{"op": "window", "frame": [0, 0, 200000, 5]}"#, "$.events[0].frame[2]: expected a number from -100000"),
        (#"{"op": "rotate", "orientation": "sideways"}"#, "$.events[0].orientation: expected one of"),
        (
            #"{"op": "notification", "name": "willShow", "begin": [0,0,1,1], "end": [0,0,1,1], "duration": 99, "curve": 7, "isLocal": true}"#,
            "$.events[0].duration: expected a duration up to 10 s"
        ),
        (#"{"op": "insertText", "text": 5}"#, "$.events[0].text: expected a string"),
        (#"{"op": "dismiss", "extra": 1}"#, "$.events[0]"),
    ]

    @Test(arguments: 0..<malformed.count)
    func malformedEventsNameTheirPlace(_ index: Int) {
        let (event, message) = Self.malformed[index]
        let result = KeyboardFixtures.decode(Self.valid.replacingOccurrences(of: "EVENT", with: event))
        guard case .failure(let error) = result else {
            Issue.record("accepted \(event)")
            return
        }
        #expect(error.event == 0)
        #expect(error.description.contains(message), "\(error)")
        #expect(!error.description.contains("\n"))
    }

    @Test func malformedDocumentsNameTheirPlace() {
        let valid = Self.valid.replacingOccurrences(of: "EVENT", with: #"{"op": "dismiss"}"#)
        let cases: [(String, String)] = [
            ("{", "s.json: not JSON: line 1"),
            (valid.replacingOccurrences(of: "\"phone\"", with: "\"watch\""), "$.idiom: expected one of"),
            (
                valid.replacingOccurrences(
                    of: "\"scroll\", \"fields\"", with: "\"fixed\", \"contentHeight\": 5, \"fields\""),
                "$.layout.contentHeight: expected no contentHeight unless the kind is \"scroll\""
            ),
            (valid.replacingOccurrences(of: "[{\"id\": \"a\"", with: "[{\"id\": \"\""), "$.layout.fields[0].id"),
            (valid, ""),
            (Self.valid.replacingOccurrences(of: "EVENT", with: ""), ""),
        ]
        for (text, message) in cases {
            switch KeyboardFixtures.decode(text) {
            case .success: #expect(message.isEmpty, "accepted: \(text)")
            case .failure(let error):
                #expect(!message.isEmpty && error.description.contains(message), "\(error) does not say \(message)")
            }
        }
    }

    /// Two of the iPhone profiles are `iphone-show-repeats` with other notification
    /// sequences: everything else, facts included, is the base's.
    @Test func aBasedProfileIsItsBaseWithItsOwnValues() throws {
        let base = KeyboardFixtures.profile("iphone-show-repeats")
        let frameOnly = KeyboardFixtures.profile("iphone-frame-only")
        func geometry(_ profile: KeyboardProfile) -> JSONValue {
            guard case .object(let members) = profile.json else { return .null }
            return .object(members.filter { !["name", "description", "sequences", "facts"].contains($0.0) })
        }
        #expect(geometry(frameOnly) == geometry(base))
        let changed = KeyboardAction.allCases.filter { frameOnly.sequences[$0] != base.sequences[$0] }
        #expect(changed == [.refocus, .modeSwitch, .emojiSwitch, .rotate])
        for fact in frameOnly.facts {
            let inherited = base.facts.first { $0.about == fact.about }
            let own = changed.contains { "sequences.\($0.rawValue)" == fact.about }
            #expect(own ? inherited != fact : inherited == fact, "\(fact.about)")
        }
        #expect(frameOnly.facts.map(\.about) == base.facts.map(\.about))
    }

    /// Every way a based profile can be wrong gets one line naming the file and member.
    @Test func aBadBaseNamesTheFileAndMember() throws {
        let base = try String(
            contentsOfFile: Repository.path("Corpora/keyboard-profiles/iphone-show-repeats.json"), encoding: .utf8)
        func based(_ name: String, base: String = "iphone-show-repeats", extra: String = "") -> String {
            #"{"format": "ime-keyboard-profile/1", "name": "\#(name)", "base": "\#(base)", "description": "d""#
                + extra + "}"
        }
        let fact = #", "facts": [{"about": "sequences.refocus", "status": "assumed", "note": "n"}]"#
        let cases: [(String, String)] = [
            (based("x", extra: #", "sequences": {"refocus": []}"# + fact), ""),
            (
                based("x", base: "nowhere", extra: #", "facts": []"#),
                "x.json: $.base: expected the name of a keyboard profile"
            ),
            (
                based("x", extra: #", "sequences": {"refocus": []}, "facts": []"#),
                "x.json: $.facts: expected a fact about every value this profile sets over its base, found no fact about 'sequences.refocus'"
            ),
            (
                based("x", extra: #", "screen": [0, 0, 10, 10]"# + fact),
                "x.json: $.facts[0].about: expected a value this profile sets over its base (screen)"
            ),
            (
                based("x", base: "x", extra: #", "facts": []"#),
                "x.json: $.base: expected a chain of at most 4 bases without a cycle"
            ),
            (
                based("x", base: "iphone-show-repeats.json", extra: #", "facts": []"#),
                "x.json: $.base: expected the name of another keyboard profile"
            ),
            (
                #"{"format": "ime-keyboard-profile/1", "name": "x", "base": "iphone-show-repeats", "facts": []}"#,
                "x.json: $.description: expected a value, found nothing"
            ),
            (
                based("x", extra: #", "sequences": {"refocus": ["soon"]}"# + fact),
                "x.json: $.sequences.refocus[0]: expected"
            ),
        ]
        for (text, message) in cases {
            let store = ProfileStore(files: ["iphone-show-repeats.json": base, "x.json": text], label: "x")
            do {
                let profile = try KeyboardFiles.profile(named: "x", in: store)
                #expect(message.isEmpty, "accepted: \(text)")
                #expect(profile.sequences[.refocus] == [] && profile.facts.count == 23)
            } catch {
                #expect(!message.isEmpty && error.description.contains(message), "\(error) does not say \(message)")
            }
        }
    }

    @Test func aBadProfileNamesTheMember() throws {
        var profile = try #require(KeyboardFixtures.profiles.first).json
        guard case .object(var members) = profile else { return }
        members.removeAll { $0.0 == "sequences" }
        members.append(("sequences", .object([("show", .array([.string("willShow")]))])))
        profile = .object(members)
        #expect(throws: JSONDecodingError.self) { try KeyboardProfile(json: JSONNode(profile)) }
        do {
            _ = try KeyboardProfile(json: JSONNode(profile))
        } catch {
            #expect(error.description.hasPrefix("$.sequences: expected a sequence for every action"))
        }
    }
}
