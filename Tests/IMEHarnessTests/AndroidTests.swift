import Foundation
import IMEHarness
import Testing

/// Issue 42: Android's input connection as a platform.
@Suite struct AndroidTests {
    static let gboard = try! AndroidProfile.named("gboard")
    static let samsung = try! AndroidProfile.named("samsung")
    static let lengthFilter10 = AndroidRule.inputFilters(
        "length-filter-10", contract: .maxLength(10, .utf16), [InputFilter.LengthFilter(10)])

    static func session(_ id: String) throws -> AndroidSession {
        try #require(try AndroidSession.bundled().first { $0.id == id })
    }

    /// A `LengthFilter(10)` cuts a Latin word Gboard is still composing: 'Hello my ' holds
    /// 9, and the composing 'fr' is cut to 'f'. Found, and minimised to a few calls.
    @Test func lengthFilterCutsALatinWordGboardIsComposing() throws {
        let session = try Self.session("android-latin-word-at-limit")
        let replay = try AndroidReplay(rule: Self.lengthFilter10, profile: Self.gboard)
        let outcome = replay.run(session.calls, from: session.initial, id: session.id)
        let kinds = outcome.findings.map(\.kind)
        #expect(kinds.contains("composition-interrupted"), "\(outcome.findings)")
        #expect(kinds.contains("deletion-blocked"), "\(outcome.findings)")
        #expect(outcome.steps[1].after.notation == "Hello my [f|]")
        let minimised = replay.minimised(session, showing: "composition-interrupted")
        #expect(minimised.calls.count <= 2, "\(minimised.calls)")
        #expect(minimised.calls.contains { if case .setComposingText = $0 { true } else { false } })
        // The fuzzer finds it too, on words it makes up.
        let fuzzed = try AndroidFuzzer(rule: Self.lengthFilter10, profiles: [Self.gboard]).run(
            seed: 1, iterations: 1500)
        let failure = try #require(fuzzed.failures.first { $0.finding.kind == "composition-interrupted" })
        #expect(failure.minimised.calls.count <= 4, "\(failure)")
    }

    /// Expo #35526: Korean past a LengthFilter(10). The syllable composing past the limit
    /// is cut to nothing, but the keyboard keeps composing it: the first Backspace deletes
    /// from that invisible syllable and the field does not change.
    @Test func lengthFilterCutsKoreanComposingText() throws {
        let session = try Self.session("android-hangul-at-limit")
        let replay = try AndroidReplay(rule: Self.lengthFilter10, profile: Self.gboard)
        let outcome = replay.run(session.calls, from: session.initial, id: session.id)
        let blocked = try #require(outcome.findings.first { $0.kind == "deletion-blocked" }, "\(outcome.findings)")
        #expect(blocked.call == 5)
        // The user never sees 카, yet two Backspaces go to it: the field shows the same ten
        // syllables from the commit of 차 until the third.
        #expect(outcome.steps[2...6].allSatisfy { $0.after.text == "가나다라마바사아자차" })
        #expect(outcome.final.text == "가나다라마바사아자")
        // Without the filter the same keys show 카 and delete it, visibly.
        let alone = try AndroidReplay(rule: nil, profile: Self.gboard).run(session.calls, from: session.initial)
        #expect(alone.steps[4].after.notation == "가나다라마바사아자차[카|]")
        #expect(alone.findings.isEmpty)
        let minimised = replay.minimised(session, showing: "deletion-blocked")
        #expect(minimised.calls.count <= 3, "\(minimised.calls)")
    }

    /// Flutter documents: "MaxLengthEnforcement.enforced truncates all text while
    /// MaxLengthEnforcement.truncateAfterCompositionEnds allows composing text to exceed
    /// the limit". Under Gboard, which composes Latin words, the first cuts the word while
    /// it composes; the second lets it run past 3 and truncates the commit.
    @Test(arguments: [AndroidTests.gboard, AndroidTests.samsung])
    func flutterLengthLimitingBehavesAsDocumented(_ profile: AndroidProfile) throws {
        let calls: [InputConnectionCall] =
            (1...5).map { .setComposingText(UTF16Text(String("hello".prefix($0)))) } + [.commitText("hello ")]
        let enforced = try AndroidReplay(
            rule: LengthLimitingTextInputFormatter(3, maxLengthEnforcement: .enforced).rule, profile: profile
        ).run(calls)
        #expect(enforced.steps.allSatisfy { $0.after.text.length <= 3 }, "\(enforced.steps.map(\.after.notation))")
        #expect(enforced.steps[3].after.text == "hel")
        #expect(enforced.final.text == "hel")

        let afterComposition = try AndroidReplay(
            rule: LengthLimitingTextInputFormatter(3, maxLengthEnforcement: .truncateAfterCompositionEnds).rule,
            profile: profile
        ).run(calls)
        #expect(afterComposition.steps[4].after.notation == "[hello|]")
        #expect(afterComposition.final.text == "hel")
        #expect(afterComposition.findings.isEmpty, "\(afterComposition.findings)")
    }

    /// Flutter #68892: LengthLimitingTextInputFormatter(5), the Android default
    /// (`enforced`), a word typed past it, then Backspace: "You have to tap backspace 4
    /// times to delete the 5th character". Found as deletion-blocked under Gboard.
    @Test func flutterEnforcedLimitSwallowsBackspaces() throws {
        let session = try Self.session("android-latin-long-word-then-backspace")
        let rule = LengthLimitingTextInputFormatter(5).rule
        let outcome = try AndroidReplay(rule: rule, profile: Self.gboard).run(session.calls, from: session.initial)
        #expect(outcome.findings.map(\.kind) == ["deletion-blocked"], "\(outcome.findings)")
        let documented = try AndroidReplay(
            rule: LengthLimitingTextInputFormatter(5, maxLengthEnforcement: .truncateAfterCompositionEnds).rule,
            profile: Self.gboard
        ).run(session.calls, from: session.initial)
        #expect(documented.findings.isEmpty, "\(documented.findings)")
    }

    /// Flutter's engine restarts input after a formatter's update for Samsung Keyboard
    /// only (`isRestartAlwaysRequired`, its workaround for #31512's duplicated text), which
    /// flushes the keyboard's composition; Gboard keeps composing its own word. So Flutter
    /// #68892's swallowed Backspaces happen under Gboard, not under Samsung Keyboard, and an
    /// upper-casing formatter ends the same under both.
    @Test func flutterRestartsInputForSamsungKeyboardOnly() throws {
        let upper = AndroidRule.flutter(
            "upper-case", contract: RuleContract(promise: "upper case", compositionSafe: true),
            formatters: [
                { _, new in
                    TextFieldValue(text: new.text.uppercased(), selection: new.selection, composing: new.composing)
                }
            ])
        let calls: [InputConnectionCall] = [.setComposingText("h"), .setComposingText("hi"), .commitText("hi ")]
        let samsung = try AndroidReplay(rule: upper, profile: Self.samsung).run(calls)
        let gboard = try AndroidReplay(rule: upper, profile: Self.gboard).run(calls)
        #expect(samsung.steps.map(\.restarted) == [true, true, false])
        #expect(gboard.steps.allSatisfy { !$0.restarted })
        #expect(samsung.final.text == "HI " && gboard.final.text == "HI ")
        #expect(samsung.findings.map(\.kind) == ["composition-interrupted"])
        #expect(gboard.findings.map(\.kind) == ["composition-interrupted"])

        let session = try Self.session("android-latin-long-word-then-backspace")
        let limit = LengthLimitingTextInputFormatter(5).rule
        let swallowed = try AndroidReplay(rule: limit, profile: Self.samsung).run(session.calls, from: session.initial)
        #expect(swallowed.findings.isEmpty, "\(swallowed.findings)")
    }

    /// A TextWatcher that edits its Editable forever crashes the app; the replay stops it.
    @Test func aWatcherThatNeverSettlesIsACrash() throws {
        let rule = AndroidRule.textWatcher("appends-forever") { s in s.append("!") }
        let outcome = try AndroidReplay(rule: rule, profile: Self.gboard).run([.commitText("a")])
        #expect(outcome.findings.map(\.kind) == ["rule-crashed"])
    }

    /// The field alone (no rule) reports nothing over the whole Android corpus: what the
    /// replay claims it claims of rules, not of the model.
    @Test func noRuleNoFinding() throws {
        let sessions = try AndroidSession.corpus()
        #expect(sessions.count > 100)
        for profile in [Self.gboard, Self.samsung] {
            let replay = try AndroidReplay(rule: nil, profile: profile)
            for session in sessions {
                let outcome = replay.run(session.calls, from: session.initial, id: session.id)
                #expect(outcome.findings.isEmpty, "\(session.id): \(outcome.findings)")
            }
        }
    }

    /// Recorded sessions present as an Android keyboard sends them.
    @Test func recordedSessionsArePresentedAsInputConnectionCalls() {
        let session = Session(
            id: "zhuyin", ime: .zhuyin, locale: "zh-TW", source: .init(kind: .authored, detail: ""),
            initial: FieldState(text: .empty),
            events: [
                .setMarkedText("ㄨ", selectedRange: .caret(at: 1)), .setMarkedText("ㄨㄤ", selectedRange: .caret(at: 2)),
                .insertText("王"), .setMarkedText("ㄋ", selectedRange: .caret(at: 1)), .unmarkText, .deleteBackward,
                .replace(UTF16Range(location: 0, length: 1), "汪"), .setSelection(.caret(at: 0)),
            ])
        let presented = AndroidSession(presenting: session)
        #expect(
            presented.calls.map(\.description) == [
                "setComposingText(\"ㄨ\", 1)", "setComposingText(\"ㄨㄤ\", 1)", "commitText(\"王\", 1)",
                "setComposingText(\"ㄋ\", 1)", "commitText(\"ㄋ\", 1)", "Backspace", "beginBatchEdit()",
                "setComposingRegion(0, 1)", "commitText(\"汪\", 1)", "endBatchEdit()", "setSelection(0, 0)",
            ])
    }

    /// Every Android profile fact has its source and quote, or says what would settle it,
    /// and the generated fact table lists them.
    @Test func everyAndroidFactHasItsEvidence() throws {
        for profile in [Self.gboard, Self.samsung] {
            let counts = profile.factCounts
            #expect(counts.total == 13)
            #expect(counts.sourced == counts.total, "\(profile.name): \(counts.sourced) of \(counts.total) sourced")
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let table = try String(contentsOf: root.appendingPathComponent("docs/facts.md"), encoding: .utf8)
        #expect(table.contains("## Android profiles"))
        #expect(table.contains("### `gboard`") && table.contains("### `samsung`"))
        #expect(table.contains("expo/expo/issues/35526"))
    }

    /// A malformed Android session names the file and the JSON path.
    @Test func badSessionsAreNamed() throws {
        let path = NSTemporaryDirectory() + "android-\(UUID().uuidString).json"
        try
            #"{"format": "ime-android-session/1", "sessions": [{"id": "x", "description": "", "initial": "", "calls": [["typeText", "a"]]}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect {
            try AndroidSession.load(file: path)
        } throws: { error in
            let message = "\(error)"
            return message.hasPrefix(path) && message.contains("sessions[0].calls[0][0]")
                && message.contains("an InputConnection call")
        }
    }
}
