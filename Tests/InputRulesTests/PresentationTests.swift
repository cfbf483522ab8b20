import Composition
import Foundation
import Graphemes
import HarnessJSON
import HarnessTestSupport
import InputRules
import Testing

/// One engine recording, presented per profile: Korean reaches an iOS field as each key's
/// jamo inserted and the syllable recombined, and a marked-text profile replays it as
/// recorded.
@Suite struct PresentationTests {
    static let markedText: PlatformProfile = {
        do {
            return try ProfileStore(directory: Fixtures.repositoryRoot + "/Corpora/profiles")
                .profile(named: "alternatives/marked-text")
        } catch {
            fatalError("\(error)")
        }
    }()

    static func alternative(_ name: String) -> PlatformProfile {
        do {
            return try ProfileStore(directory: Fixtures.repositoryRoot + "/Corpora/profiles")
                .profile(named: "alternatives/" + name)
        } catch {
            fatalError("\(error)")
        }
    }

    static let libhangul = Fixtures.corpus.filter {
        $0.source.kind == .engine && $0.ime == .hangul
    }

    func traces(_ session: Session, _ profiles: [PlatformProfile], _ spec: String = "none") throws -> [Trace] {
        try Replayer().run(session, profiles: profiles, rules: [Fixtures.rule(spec)], traces: .all)[0].traces
    }

    @Test func theShippedIOSProfilesPresentHangulAsJamoInsertions() {
        for profile in Fixtures.profiles {
            #expect(profile.presentation(of: .hangul) == .jamoInsertion, "\(profile.name)")
            #expect(profile.presentation(of: .pinyin) == .markedText, "\(profile.name)")
        }
        #expect(Self.markedText.presentation(of: .hangul) == .markedText)
        #expect(Self.alternative("ios18-single-last-syllable").presentation(of: .hangul) == .lastSyllable)
    }

    /// React Native's iOS `maxLength` (RCTBaseTextInputView.m,
    /// `textInputShouldChangeText:inRange:`): the room left is the limit minus the text's
    /// length *plus the range's length*, and a replacement longer than that is refused.
    struct ReactNativeMaxLength: InputRule {
        let limit: Int
        var spec: String { "react-native-max-length:\(limit)" }
        /// React Native implements only the single-range method: under iOS 26 it is asked
        /// as the profile's fallback says.
        func shouldChange(_ request: ChangeRequest) -> Bool {
            request.singleRangeFallback.calls(
                for: request.call.ranges, replacement: request.call.replacement, target: request.multiRangeTarget
            ).allSatisfy { range, text in
                text.length <= max(limit - request.field.text.length + range.length, 0)
            }
        }
    }

    /// React Native #10320, with React Native's own range-aware limit of 5: 풋 typed after
    /// 텍스트인 leaves 텍스트인ㅍ, and 풋 typed after 텍스트이 (ㅍ first a final consonant of
    /// 잎) leaves 텍스트이푸 — both texts the report saw, under both shipped profiles. Under
    /// the last-syllable alternative the same limit accepts `replace({4, 1}, "푸")` and the
    /// user gets 텍스트인풋, which is why it is no longer the default.
    @Test func reactNativesRangeAwareLimitReproducesIssue10320() throws {
        let rule = ReactNativeMaxLength(limit: 5)
        let cases = [("hangul-limit-last-syllable", "텍스트인ㅍ"), ("hangul-final-consonant-moves", "텍스트이푸")]
        for (id, reported) in cases {
            let session = Fixtures.corpusSession(id)
            let result = try Replayer().run(session, profiles: Fixtures.profiles, rules: [rule], traces: .all)[0]
            #expect(result.agreedText == reported, "\(id): \(result.finalText)")
            // Each key a zero-length insertion of its jamo: the limit sees one unit more.
            let asked = result.traces[0].steps.flatMap(\.calls).map(\.call)
            #expect(asked.contains(.single(range: .caret(at: 4), replacement: "ㅍ")), "\(id): \(asked)")
        }
        let lastSyllable = try Replayer().run(
            Fixtures.corpusSession("hangul-limit-last-syllable"),
            profiles: [Self.alternative("ios18-single-last-syllable")], rules: [rule])[0]
        #expect(lastSyllable.agreedText == "텍스트인풋")
    }

    /// Every recorded libhangul session: no marked text ever under iOS, each change of a
    /// syllable a call with a range of at most one unit, and the same final text as the
    /// recording replayed as marked text.
    @Test func recordedHangulReachesAnIOSFieldWithoutMarkedText() throws {
        #expect(Self.libhangul.count >= 10)
        for session in Self.libhangul {
            let reference = try #require(try traces(session, [Self.markedText]).first)
            #expect(reference.steps.contains { $0.after.markedRange != nil }, "\(session.id)")
            #expect(reference.steps.allSatisfy { $0.note == nil }, "\(session.id): as recorded")
            for trace in try traces(session, Fixtures.profiles) {
                #expect(trace.steps.allSatisfy { $0.after.markedRange == nil }, "\(session.id) \(trace.profile)")
                let presented = trace.steps.filter {
                    if case .presented(.setMarkedText) = $0.note { return true } else { return false }
                }
                #expect(!presented.isEmpty, "\(session.id)")
                for step in presented {
                    #expect(
                        step.calls.allSatisfy { $0.call.ranges.allSatisfy { $0.length <= 1 } },
                        "\(session.id) \(trace.profile) event \(step.eventIndex): \(step.calls.map(\.call))")
                }
                #expect(trace.final.text == reference.final.text, "\(session.id) \(trace.profile)")
            }
        }
    }

    /// React Native #10320: a limit of 5 after 텍스트인, and 풋 typed. Seed 004's filter adds
    /// the replacement's length without subtracting the range, so replacing ㅍ by 푸 is
    /// refused and the field keeps 텍스트인ㅍ; when the final consonant moves (잎 → 이푸) it
    /// keeps 텍스트이푸, as the report says. A correct limit types both words.
    @Test func aLimitAtTheFieldsLengthLeavesTheStrayJamo() throws {
        let stuck = Fixtures.corpusSession("hangul-limit-last-syllable")
        let legacy = try Fixtures.replay(stuck, "legacy-input-filter:max-length=5")
        #expect(legacy.agreedText == "텍스트인ㅍ")
        #expect(legacy.kinds.contains(.compositionInterrupted))
        let moved = try Fixtures.replay(
            Fixtures.corpusSession("hangul-final-consonant-moves"), "legacy-input-filter:max-length=5")
        #expect(moved.agreedText == "텍스트이푸")
        for session in [stuck, Fixtures.corpusSession("hangul-final-consonant-moves")] {
            let correct = try Fixtures.replay(
                session, "max-length:limit=5,unit=graphemes,enforcement=after-composition")
            #expect(correct.findings.isEmpty, "\(session.id): \(correct.kinds)")
            #expect(correct.agreedText == session.expectedText.map { String(decoding: $0.units, as: UTF16.self) })
        }
    }

    /// A candidate-bar commit that skips the delegate (a profile's choice, for the reports
    /// that a tap on the bar only sends `editingChanged`): a limit that lives in the
    /// delegate alone is bypassed, one that checks after the change is not.
    @Test func aCommitWithoutTheDelegateBypassesDelegateOnlyLimits() throws {
        var profile = Fixtures.profiles[0]
        profile.presentations[.pinyin] = .commitWithoutDelegate
        var session = try Fixtures.pinyin("你好吗|", "zhongwen", commit: "中文")
        session.ime = .pinyin
        let delegateOnly = try Replayer().run(
            session, profiles: [profile], rules: [Fixtures.rule("legacy-input-filter:max-length=4")], traces: .all)[0]
        #expect(delegateOnly.findings.contains { $0.kind == .limitExceeded })
        let commit = try #require(delegateOnly.traces.first?.steps.last)
        #expect(commit.calls.isEmpty && commit.note == .withoutDelegate)
        #expect(commit.after.text == "你好吗中文")
        let afterChange = try Replayer().run(
            session, profiles: [profile],
            rules: [Fixtures.rule("max-length:limit=4,unit=graphemes,enforcement=after-composition")])[0]
        #expect(!afterChange.findings.contains { $0.kind == .limitExceeded }, "\(afterChange.kinds)")
    }

    /// The shipped candidate-bar profile (iOS 7–9, Stack Overflow 20988146): every Chinese
    /// commit skips the delegate, so seed 004's delegate-only limit is bypassed on the
    /// corpus's Pinyin and Zhuyin sessions, while the limit that checks after the change
    /// holds; Japanese commits still ask.
    @Test func theCandidateBarProfileBypassesDelegateOnlyLimits() throws {
        let profile = Self.alternative("ios9-candidate-bar")
        for family in [InputMethodFamily.pinyin, .zhuyin, .cangjie, .wubi] {
            #expect(profile.presentation(of: family) == .commitWithoutDelegate)
        }
        #expect(profile.presentation(of: .kana) == .markedText)
        #expect(profile.facts.contains { $0.about == "presentations.pinyin" && $0.status == .observed })
        let chinese = Fixtures.corpus.filter { [.pinyin, .zhuyin].contains($0.ime) }
        let delegateOnly = try chinese.flatMap {
            try Replayer().run($0, profiles: [profile], rules: [Fixtures.rule("legacy-input-filter:max-length=4")])
        }
        #expect(delegateOnly.contains { $0.findings.contains { $0.kind == .limitExceeded } })
        let afterChange = try chinese.flatMap {
            try Replayer().run(
                $0, profiles: [profile],
                rules: [Fixtures.rule("max-length:limit=4,unit=graphemes,enforcement=after-composition")])
        }
        #expect(!afterChange.contains { $0.findings.contains { $0.kind == .limitExceeded } })
    }

    /// A presentation is a choice like any other: it needs its fact, and names a real input
    /// method and presentation.
    @Test(arguments: [
        (#""presentations": {"hangul": "last-syllable"},"#, "no fact about 'presentations.hangul'"),
        (#""presentations": {"klingon": "last-syllable"},"#, "a presentation for an input method"),
        (#""presentations": {"hangul": "sideways"},"#, "one of \"marked-text\", \"last-syllable\""),
    ])
    func presentationsAreCheckedLikeEveryChoice(_ member: String, _ expected: String) throws {
        let path = Fixtures.repositoryRoot + "/Corpora/profiles/alternatives/marked-text.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: #""facts": ["#, with: member + #""facts": ["#)
        #expect {
            _ = try PlatformProfile(json: JSONNode(JSONParser.parse(Array(text.utf8))))
        } throws: { error in
            "\(error)".contains(expected)
        }
    }
}
