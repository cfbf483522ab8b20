import Graphemes
import HarnessJSON
import Testing

@testable import Composition

/// Every discrepancy kind, made to appear and shown not to appear where it must not.
@Suite struct DiscrepancyTests {
    typealias F = Fixtures

    static var latinTyping: Session {
        get throws {
            try F.session(
                "latin", "|", [.insertText("a"), .insertText("b"), .deleteBackward, .insertText("c")], expect: "ac")
        }
    }
    static var pinyin: Session {
        get throws {
            try F.session(
                "pinyin", "|",
                [
                    .setMarkedText("z", selectedRange: .caret(at: 1)),
                    .setMarkedText("zh", selectedRange: .caret(at: 2)),
                    .setMarkedText("zhong", selectedRange: .caret(at: 5)),
                    .setMarkedText("zhong g", selectedRange: .caret(at: 7)),
                    .setMarkedText("zhong guo", selectedRange: .caret(at: 9)), .insertText("中国"),
                ], expect: "中国")
        }
    }

    private func kinds(_ found: [Discrepancy]) -> [String] {
        found.map { "\($0.kind.rawValue)@\($0.event.map(String.init) ?? "-")" }
    }

    @Test func theForumSessionShowsTheIOS26Bug() throws {
        let found = try F.discrepancies(F.forum)
        #expect(kinds(found) == ["proposed-text-mismatch@2", "length-mismatch@2"])
        let mismatch = try #require(found.first)
        #expect(mismatch.profiles == ["ios26-multi"])
        #expect(
            mismatch.message
                == #"ios26-multi calls [{2, 0}] "王" on "[ㄨㄤ|]": the call implies "ㄨㄤ王" but the field then holds "王""#)
        #expect(found[1].profiles == ["ios18-single", "ios26-multi"])
        #expect(
            found[1].message
                == "the proposed text measures (UTF-16/scalars/graphemes) 1/1/1 under ios18-single, 3/3/3 under ios26-multi"
        )
    }

    @Test func noDiscrepancyWhereTheProfilesAgree() throws {
        #expect(try F.discrepancies(try Self.latinTyping).isEmpty)
        #expect(try F.discrepancies(F.forum, profiles: [F.ios18]).isEmpty)
    }

    @Test func pinyinCommitDiffersInLengthOnlyUnderIOS26() throws {
        let found = try F.discrepancies(try Self.pinyin)
        #expect(kinds(found) == ["proposed-text-mismatch@5", "length-mismatch@5"])
    }

    @Test func verdictAndFinalTextMismatchWhenALimitReadsTheWrongText() throws {
        // "at most 2 characters": iOS 18 sees 王 (1), iOS 26 sees ㄨㄤ王 (3) and rejects the commit.
        let found = try F.discrepancies(F.forum, rule: MaxGraphemes(limit: 2))
        #expect(
            kinds(found) == [
                "proposed-text-mismatch@2", "length-mismatch@2", "verdict-mismatch@2", "composition-interrupted@2",
                "final-text-mismatch@-",
            ])
        #expect(
            found.first { $0.kind == .finalTextMismatch }?.message
                == #"the field ends as "王|" under ios18-single, "[ㄨㄤ|]" under ios26-multi"#)
        #expect(try F.discrepancies(try Self.latinTyping, rule: MaxGraphemes(limit: 2)).isEmpty)
    }

    /// A range recorded against a text the rule refused has diverged: a note on the
    /// trace, no finding against the rule. A range that never fitted the recording is
    /// the recording's own fault, and a finding.
    @Test func aRangeTheRuleMadeStaleDivergesAndABadRangeIsAFinding() throws {
        let session = try F.session(
            "paste", "|", [.insertText("abc"), .replace(UTF16Range(location: 2, length: 1), "x")])
        let result = try Replayer().run(
            session, profiles: [F.ios18], rules: [RejectLongReplacements()], traces: .all)[0]
        #expect(result.findings.isEmpty, "\(kinds(result.findings))")
        let step = try #require(result.traces.first?.steps.last)
        #expect(
            step.note
                == .diverged(
                    #"recorded against "abc|", which the rule changed: {2, 1} lies outside the text of length 0"#))
        #expect(try F.discrepancies(session, profiles: [F.ios18]).isEmpty)
        let bad = try F.session("bad", "|", [.insertText("ab"), .replace(UTF16Range(location: 2, length: 1), "x")])
        let found = try F.discrepancies(bad, profiles: [F.ios18])
        #expect(kinds(found) == ["range-out-of-bounds@1"])
        #expect(
            found.first?.message
                == #"replace({2, 1}, "x") cannot apply to "ab|": {2, 1} lies outside the text of length 2; the event was skipped"#
        )
    }

    @Test func rangeSplitsSurrogateAndBrokenTextWhenDeletingOneUnit() throws {
        let session = try F.session("utf16-delete", "a😀|", [.deleteBackward])
        let found = try F.discrepancies(session, profiles: [F.ios18 { $0.deleteBackward = .utf16 }])
        #expect(kinds(found) == ["range-splits-surrogate@0", "broken-text@0"])
        #expect(found[1].message == #"after deleteBackward the field holds "a<D83D>|" with lone surrogate at 1"#)
        #expect(try F.discrepancies(session, profiles: [F.ios18]).isEmpty)
    }

    @Test func rangeSplitsGraphemeWhenDeletingOneScalar() throws {
        let scalar = F.ios18 { $0.deleteBackward = .scalar }
        let flag = try F.discrepancies(try F.session("flag", "🇯🇵|", [.deleteBackward]), profiles: [scalar])
        #expect(kinds(flag) == ["range-splits-grapheme@0", "broken-text@0"])
        #expect(flag[1].message.hasSuffix("lone regional indicator at {0, 2}"))
        let family = try F.discrepancies(
            try F.session("zwj", "👨<200D>👩<200D>👧|", [.deleteBackward]), profiles: [scalar])
        #expect(kinds(family) == ["range-splits-grapheme@0", "broken-text@0"])
        #expect(family[1].message.hasSuffix("orphan ZWJ in {0, 6}"))
        let skinTone = try F.discrepancies(try F.session("tone", "👍🏽|", [.deleteBackward]), profiles: [scalar])
        #expect(kinds(skinTone) == ["range-splits-grapheme@0"])
        #expect(try F.discrepancies(try F.session("flag", "🇯🇵|", [.deleteBackward]), profiles: [F.ios18]).isEmpty)
    }

    @Test func brokenTextWhenAPasteLeavesALoneModifier() throws {
        let session = try F.session("paste", "|", [.replace(.caret(at: 0), "🏽")])
        #expect(kinds(try F.discrepancies(session, profiles: [F.ios18])) == ["broken-text@0"])
        #expect(
            try F.discrepancies(try F.session("paste", "|", [.replace(.caret(at: 0), "👍🏽")]), profiles: [F.ios18])
                .isEmpty)
    }

    @Test func compositionInterruptedWhenARuleRejectsMarkedText() throws {
        let found = try F.discrepancies(F.forum, profiles: [F.ios18], rule: RejectMarkedText())
        // The field never took the marked text, so the commit arrives as a plain insertion.
        #expect(kinds(found) == ["composition-interrupted@0", "composition-interrupted@1"])
        #expect(try F.discrepancies(F.forum, profiles: [F.ios18], rule: RejectLongReplacements()).isEmpty)
    }

    @Test func compositionInterruptedWhenAFilterAssignsTheTextWhileMarked() throws {
        let found = try F.discrepancies(F.forum, profiles: [F.ios18], rule: DigitsOnlyFilter())
        #expect(kinds(found).first == "composition-interrupted@0")
        #expect(
            found[0].message
                == #"rule test-digits-filter assigned "" to the field while text was marked, ending the composition: "|""#
        )
        #expect(
            try F.discrepancies(
                F.session("digits", "|", [.insertText("1"), .insertText("2")]), profiles: [F.ios18],
                rule: DigitsOnlyFilter()
            ).isEmpty)
    }

    @Test func limitExceededCountsCommittedTextOnlyAndOnlyWhenItGrows() throws {
        // Marked text past the limit is not committed; the commit "中国" fits; "abc" does not.
        #expect(
            try F.discrepancies(try Self.pinyin, rule: DeclaredLimit(limit: 2)).allSatisfy { $0.kind != .limitExceeded }
        )
        let session = try F.session(
            "latin", "|", [.insertText("ab"), .insertText("c"), .insertText("d"), .deleteBackward, .deleteBackward])
        let found = try F.discrepancies(session, rule: DeclaredLimit(limit: 2))
        #expect(kinds(found) == ["limit-exceeded@1", "limit-exceeded@1", "limit-exceeded@2", "limit-exceeded@2"])
        let first = try #require(found.first)
        #expect(
            first.message
                == "under ios18-single the committed text of \"abc|\" measures 3 graphemes, over the limit of 2")
        #expect(first.details.rendered(pretty: false) == #"{"field":"abc|","limit":2,"unit":"graphemes","length":3}"#)
        // Deleting back towards the limit is no new excess.
        #expect(
            try F.discrepancies(try F.session("x", "abcd|", [.deleteBackward]), rule: DeclaredLimit(limit: 2)).isEmpty)
    }

    @Test func observedMismatchWhenTheRecordingDisagreesWithTheProfile() throws {
        var session = F.forum
        session.observed["ios26-multi"] = [
            nil, nil, .multi(ranges: [UTF16Range(location: 0, length: 2)], replacement: "王"),
        ]
        let found = try F.discrepancies(session)
        #expect(kinds(found).contains("observed-mismatch@2"))
        #expect(
            found.first { $0.kind == .observedMismatch }?.message
                == #"ios26-multi predicts [{2, 0}] "王" for insertText("王"), but the device called [{0, 2}] "王""#)
        #expect(!kinds(try F.discrepancies(F.forum)).contains("observed-mismatch@2"))
        // Recordings describe the field with no rule; other rules do not check them.
        #expect(!kinds(try F.discrepancies(session, rule: MaxGraphemes(limit: 9))).contains("observed-mismatch@2"))
    }

    @Test func expectedTextMismatchWhenTheFieldEndsElsewhere() throws {
        var session = F.forum
        session.expectedText = "玉"
        #expect(kinds(try F.discrepancies(session, profiles: [F.ios18])) == ["expected-text-mismatch@-"])
        #expect(try F.discrepancies(F.forum, profiles: [F.ios18]).isEmpty)
    }

    @Test func eachRangeAndUnionRangeMatchTheEditWhereTargetOnlyDoesNot() throws {
        let session = try F.session(
            "quicktype", "one two three|",
            [.replaceRanges([UTF16Range(location: 4, length: 3), UTF16Range(location: 0, length: 4)], "2")],
            expect: "2 three")
        let each = F.ios18 { $0.multiRangeOnSingleRange = .eachRange }
        #expect(try F.discrepancies(session, profiles: [each, F.ios18, F.ios26]).isEmpty)
        // Reporting only the target range to a single-range delegate hides the deletion from
        // it; the union range (the default) does not.
        let targetOnly = try F.discrepancies(session, profiles: [F.ios18 { $0.multiRangeOnSingleRange = .targetOnly }])
        #expect(kinds(targetOnly) == ["proposed-text-mismatch@0"])
    }
}
