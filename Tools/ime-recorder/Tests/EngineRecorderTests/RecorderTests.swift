import Foundation
import IMEHarness
import Testing

@testable import EngineRecorder

/// The checkout holding this package (`Tools/ime-recorder` inside it).
let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
        url = url.deletingLastPathComponent()
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("Corpora/sessions").path) {
            return url.path
        }
    }
    return FileManager.default.currentDirectoryPath
}()

let scriptsPath = repositoryRoot + "/Corpora/sessions/recorded/keys.tsv"

/// The suites that drive the engines, one test at a time: Rime's runtime is one per
/// process and Anthy keeps global state, so two tests may not drive them at once.
@Suite(.serialized) enum EngineSuites {}

/// A private directory for one test's engines.
func temporaryDirectory() -> String {
    NSTemporaryDirectory() + "recorder-test-\(UUID().uuidString)"
}

@Suite struct KeyScriptTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var script: String
        var keys: [Key]?
        var testDescription: String { script }
    }

    static let cases: [Case] = [
        .init(
            script: "nihao{space}",
            keys: [.character("n"), .character("i"), .character("h"), .character("a"), .character("o"), .named(.space)]),
        .init(script: "j;6{Return}", keys: [.character("j"), .character(";"), .character("6"), .named(.enter)]),
        .init(script: "{{x", keys: [.character("{"), .character("x")]),
        .init(script: "かな{Shift+Left}", keys: [.character("か"), .character("な"), .named(.shiftLeft)]),
        .init(
            script: "{BackSpace}{Escape}{Left}{Right}{Down}",
            keys: [.named(.backSpace), .named(.escape), .named(.left), .named(.right), .named(.down)]),
        .init(script: "{Space}", keys: nil),
        .init(script: "ab{space", keys: nil),
        .init(script: "a b", keys: nil),
        .init(script: "a\tb", keys: nil),
    ]

    @Test(arguments: cases)
    func parses(_ testCase: Case) {
        let parsed = try? KeyScript.parse(testCase.script)
        #expect(parsed == testCase.keys)
        if let keys = testCase.keys { #expect(KeyScript.write(keys) == testCase.script) }
    }

    @Test func errorsNameThePosition() {
        #expect(throws: RecorderError.badKeys("ab{space", "'{' at position 2 is never closed")) {
            try KeyScript.parse("ab{space")
        }
    }
}

@Suite struct FieldEventTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var field: String
        var key: Key
        var event: SessionEvent?
        var testDescription: String { "\(key) on \(field)" }
    }

    /// What a text field does with a key the engine declined; moves go by grapheme cluster.
    static let cases: [Case] = [
        .init(field: "ab|", key: .named(.backSpace), event: .deleteBackward),
        .init(field: "ab|", key: .character("x"), event: .insertText("x")),
        .init(field: "ab|", key: .named(.space), event: .insertText(" ")),
        .init(field: "a👩‍💻|", key: .named(.left), event: .setSelection(.caret(at: 1))),
        .init(field: "|a👩‍💻", key: .named(.right), event: .setSelection(.caret(at: 1))),
        .init(field: "a|👩‍💻", key: .named(.right), event: .setSelection(.caret(at: 6))),
        .init(field: "a|👩‍💻b", key: .named(.delete), event: .replace(UTF16Range(location: 1, length: 5), .empty)),
        .init(field: "a|b|c", key: .named(.left), event: .setSelection(.caret(at: 1))),
        .init(field: "ab|", key: .named(.home), event: .setSelection(.caret(at: 0))),
        .init(field: "ab|", key: .named(.enter), event: nil),
        .init(field: "ab|", key: .named(.escape), event: nil),
        .init(field: "|", key: .named(.left), event: .setSelection(.caret(at: 0))),
    ]

    @Test(arguments: cases)
    func fieldHandlesDeclinedKeys(_ testCase: Case) throws {
        let state = try FieldState(notation: testCase.field)
        #expect(Recorder.fieldEvent(for: testCase.key, in: state) == testCase.event)
    }
}

@Suite struct ScriptFileTests {
    func write(_ text: String) throws -> String {
        let path = temporaryDirectory() + ".tsv"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func badLinesAreNamedByLine() throws {
        let cases: [(String, String)] = [
            (
                "# comment\na\trime\tx\t\tab\n",
                "expected 6 tab-separated columns (id, engine, schema, initial, keys, description), found 5"
            ),
            ("a\trime\tx\t\tab\td\na\trime\tx\t\tcd\td\n", "id 'a' already used on line 1"),
            ("a\trime\tx\t\tab{Foo}\td\n", "key script 'ab{Foo}': unknown key {Foo} at position 2"),
        ]
        for (text, message) in cases {
            let path = try write(text)
            defer { try? FileManager.default.removeItem(atPath: path) }
            #expect(throws: RecorderError.self) { try ScriptFile.read(path) }
            do {
                _ = try ScriptFile.read(path)
            } catch {
                #expect(error.description.hasPrefix(path + ":"))
                #expect(error.description.contains(message), "\(error)")
            }
        }
    }

    @Test func theShippedScriptsParse() throws {
        let lines = try ScriptFile.read(scriptsPath)
        #expect(lines.count >= 80)
        #expect(Set(lines.map(\.engine)) == ["rime", "chewing", "libhangul", "anthy"])
    }
}

extension EngineSuites {
    /// The engines themselves: these need librime, libchewing, libhangul and Anthy with
    /// their data, which `.ci/run` installs.
    @Suite struct RecordingTests {
        /// Every committed recording, recorded again from fresh engines, byte for byte.
        @Test func reRecordingGivesTheCommittedFiles() {
            let (code, output, errors) = RecorderCLI.run(["--scripts", scriptsPath, "--check"])
            #expect(errors == "")
            #expect(code == 0)
            #expect(output.hasSuffix("recordings match their files\n"))
        }

        /// Learning is off: the same script twice, with others between, records the same session.
        @Test func recordingTwiceGivesTheSameSession() throws {
            let directory = temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let recorder = Recorder(engines: EngineSet(directory: directory))
            let lines = try ScriptFile.read(scriptsPath)
            let picks = ["rime-pinyin-woaibeijing-partial", "chewing-candidate", "anthy-next-candidate"]
            let chosen = lines.filter { picks.contains($0.id) }
            #expect(chosen.count == 3)
            let first = try chosen.map { try recorder.record($0) }
            for line in lines.prefix(20) { _ = try recorder.record(line) }
            let second = try chosen.map { try recorder.record($0) }
            #expect(first == second)
        }

        @Test func rimeReportsAMixedPreeditAndSpacedSyllables() throws {
            let engine = try RimeEngine(schema: "luna_pinyin_simp", runtime: RimeRuntime.shared())
            var last = EngineStep()
            for key in try KeyScript.parse("zhongguo") { last = engine.press(key) }
            #expect(last.preedit == "zhong guo")
            #expect(last.selection == .caret(at: 9))
            try engine.reset()
            for key in try KeyScript.parse("woaibeijing2") { last = engine.press(key) }
            #expect(last.preedit == "我爱bei jing")
            #expect(last.selection == .caret(at: 10), "Rime's byte offset 14 is UTF-16 offset 10")
            #expect(engine.press(.named(.space)).commit == "我爱北京", "the chosen 我爱 is committed with the rest")
        }

        @Test func chewingLeavesBackSpaceOnAnEmptyBufferToTheField() throws {
            let engine = try ChewingEngine()
            #expect(engine.press(.named(.backSpace)).declined)
            _ = engine.press(.character("j"))
            let step = engine.press(.character(";"))
            #expect(step.preedit == "ㄨㄤ")
            #expect(!engine.press(.named(.backSpace)).declined)
        }

        @Test func libhangulCommitsAndStartsTheNextSyllableInOneKey() throws {
            let engine = try HangulEngine()
            for key in try KeyScript.parse("gks") { _ = engine.press(key) }
            let step = engine.press(.character("r"))
            #expect(step.commit == "한")
            #expect(step.preedit == "ㄱ")
            #expect(!step.declined)
        }

        @Test func anthySelectsTheSegmentBeingConverted() throws {
            let directory = temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let engine = try AnthyEngine(home: directory)
            for key in try KeyScript.parse("にほんごのぶん") { _ = engine.press(key) }
            let converted = engine.press(.named(.space))
            #expect(converted.preedit.hasPrefix("日本語"))
            #expect(converted.selection.location == 0)
            #expect(converted.selection.length >= 3, "the first segment, 日本語 and perhaps its particle")
            let next = engine.press(.named(.right))
            #expect(next.selection.location == converted.selection.length)
            #expect(next.selection.end <= next.preedit.utf16.count)
            #expect(engine.press(.named(.enter)).commit == next.preedit)
        }

        /// Two Anthy engines alive at once (two recorders in one process): releasing the
        /// first must leave the second working, and releasing the second must not crash
        /// (before, the first one's `anthy_quit` freed the second's context: signal 11).
        @Test func anthyEnginesOverlapping() throws {
            let directory = temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            var first: AnthyEngine? = try AnthyEngine(home: directory + "/1")
            let second = try AnthyEngine(home: directory + "/2")
            for key in try KeyScript.parse("にほんご") { _ = first?.press(key) }
            first = nil
            for key in try KeyScript.parse("にほんご") { _ = second.press(key) }
            #expect(second.press(.named(.space)).preedit.hasPrefix("日本"))
            #expect(second.press(.named(.enter)).commit.hasPrefix("日本"))
        }
    }
}

extension EngineSuites {
    /// Closed loop: the engine in the loop with a rule and a profile.
    @Suite struct ClosedLoopTests {
        /// With a rule that changes nothing, the field never departs from what the engine
        /// saw: every committed script, under every profile, gives its recording byte for byte.
        @Test func withNoRuleTheClosedLoopIsTheRecording() throws {
            let directory = temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let recorder = Recorder(engines: EngineSet(directory: directory))
            let lines = try ScriptFile.read(scriptsPath)
            for line in lines {
                let recorded = try recorder.record(line).document
                for profile in Profile.all {
                    let loop = try recorder.replay(line, rule: AcceptEverything(), profile: profile)
                    #expect(loop.session.document == recorded, "\(line.id) under \(profile)")
                }
            }
        }

        /// A limiter that cuts the text while Pinyin is being composed (seed 002's truncating
        /// `editingChanged`): the app ends the composition, Rime is told and drops it, so the
        /// user is left with the Pinyin letters that fit, and each next key starts a new
        /// composition that is cut in turn; the open loop instead drops the rest of the
        /// recorded composition as no longer coming.
        @Test func aTruncatingLimiterLeavesPinyinLettersAndEachKeyStartsAgain() throws {
            let directory = temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let recorder = Recorder(engines: EngineSet(directory: directory))
            let line = try #require(try ScriptFile.read(scriptsPath).first { $0.id == "rime-pinyin-nihao" })
            let rule = try Rules.named("legacy-truncate-count:limit=3")
            let loop = try recorder.replay(line, rule: rule, profile: .ios18Single)
            #expect(loop.finalText == "ni ")
            #expect(
                loop.session.events == [
                    .setMarkedText("n", selectedRange: .caret(at: 1)),
                    .setMarkedText("ni", selectedRange: .caret(at: 2)),
                    .setMarkedText("ni h", selectedRange: .caret(at: 4)),
                    // Rime dropped "ni h": the next keys are compositions of their own.
                    .setMarkedText("a", selectedRange: .caret(at: 1)),
                    .setMarkedText("o", selectedRange: .caret(at: 1)),
                    .insertText(" "),
                ])
            #expect(loop.timeline.contains("editingChanged assigned \"ni \""))
            #expect(loop.discrepancies.contains { $0.kind == .compositionInterrupted })
            let open = try CorpusReplay(
                rule: rule, corpus: .sessions([try recorder.record(line)]), profiles: [.ios18Single])
            #expect(open.finalTexts == ["ni "])
            #expect(open.discrepancies.contains { $0.kind == .compositionInterrupted })
        }

        /// A limiter that refuses: the Pinyin letters it last accepted stay in the field, and
        /// the next syllable starts a composition of its own, which the limit refuses in turn.
        @Test func aRefusingLimiterLeavesTheLettersItLastAccepted() throws {
            let recorder = Recorder(engines: EngineSet(directory: temporaryDirectory()))
            let line = try #require(try ScriptFile.read(scriptsPath).first { $0.id == "rime-pinyin-two-words" })
            let loop = try recorder.replay(
                line, rule: try Rules.named("legacy-input-filter:max-length=3"), profile: .ios18Single)
            #expect(loop.finalText == "我x")
            #expect(
                loop.session.events.prefix(4) == [
                    .setMarkedText("w", selectedRange: .caret(at: 1)),
                    .setMarkedText("wo", selectedRange: .caret(at: 2)),
                    .insertText("我"),
                    .setMarkedText("x", selectedRange: .caret(at: 1)),
                ])
            // The eleven updates from "xi" to "xi huan chi fan" and the commit are refused.
            #expect(loop.session.events.last == .insertText("喜欢吃饭"))
            #expect(loop.timeline.split(separator: "\n").filter { $0.contains("(rejected)") }.count == 12)
        }

        /// Every rule of the catalogue, with the parameters it needs.
        static let shippedRules: [String] = Rules.names.map { name in
            switch name {
            case "max-length", "legacy-count-limit", "legacy-marked-guard-limit", "legacy-truncate-count",
                "legacy-truncate-marked-aware":
                name + ":limit=6"
            case "legacy-input-filter": name + ":max-length=6"
            case "allow": name + ":classes=han+hangul+hiragana+katakana"
            case "deny": name + ":classes=han"
            case "regex": name + ":pattern=\\p{Han}*"
            default: name
            }
        }

        /// Every shipped rule replays closed loop through a script of each engine under both
        /// profiles, and no discrepancy kind is found by one loop only: the open loop's
        /// findings are the user's too. Where a rule ends compositions the closed loop meets
        /// it at least as often (each new composition ended again).
        @Test(arguments: shippedRules)
        func everyShippedRuleFindsTheSameKindsInBothLoops(_ spec: String) throws {
            let recorder = Recorder(engines: EngineSet(directory: temporaryDirectory()))
            let picks = [
                "rime-pinyin-nihao", "rime-zhuyin-nihao", "chewing-nihao", "libhangul-annyeong", "anthy-nihongo",
            ]
            let lines = try ScriptFile.read(scriptsPath).filter { picks.contains($0.id) }
            #expect(lines.count == picks.count)
            let comparison = try LoopComparison(
                rule: try Rules.named(spec), lines: lines, profiles: Profile.all, recorder: recorder)
            #expect(comparison.rows.count == 2 * picks.count)
            for row in comparison.rows {
                // The closed loop may meet one interruption more: a digits field owes Zhuyin's
                // letters nothing and ends that composition, and the engine, reset, then marks
                // the tone key's digit, which the field does owe (the open loop never marks it).
                #expect(
                    row.onlyOpen.isEmpty && row.onlyClosed.allSatisfy { $0 == .compositionInterrupted },
                    "\(row.script) (\(row.profile)): \(row.onlyOpen) \(row.onlyClosed)")
                let interrupted = DiscrepancyKind.compositionInterrupted
                #expect((row.closedCount[interrupted] ?? 0) >= (row.openCount[interrupted] ?? 0))
                #expect(row.loop.session.expectedText == row.closedText)
            }
        }

        /// With no rule the two loops find the same and end alike, script by script.
        @Test func withNoRuleTheLoopsAgree() throws {
            let directory = temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let recorder = Recorder(engines: EngineSet(directory: directory))
            let comparison = try LoopComparison(
                rule: AcceptEverything(), lines: try ScriptFile.read(scriptsPath), profiles: Profile.all,
                recorder: recorder)
            #expect(comparison.rows.count >= 160)
            for row in comparison.rows {
                #expect(row.open == row.closed, "\(row.script) under \(row.profile)")
                #expect(row.openText == row.closedText, "\(row.script) under \(row.profile)")
            }
        }

        /// `loops` prints each loop's findings per kind; without a rule it is a usage error.
        @Test func theLoopsCommandComparesPerKind() {
            let (code, output, errors) = RecorderCLI.run([
                "loops", "--rule", "legacy-truncate-count:limit=3", "--scripts", scriptsPath, "--only",
                "rime-pinyin-nihao",
            ])
            #expect(code == 0, "\(errors)")
            #expect(output.hasPrefix("legacy-truncate-count:limit=3: 2 script replays\n"), "\(output)")
            #expect(
                output.contains("composition-interrupted: open loop only 0, closed loop only 0, both 2"), "\(output)")
            let (usage, _, message) = RecorderCLI.run(["loops", "--scripts", scriptsPath])
            #expect(usage == 2)
            #expect(message == "ime-record: loops: give at least one --rule SPEC (see 'ime-record --help')\n")
            let (rounds, _, roundsMessage) = RecorderCLI.run(["speed", "--rounds", "0"])
            #expect(rounds == 2)
            #expect(roundsMessage.contains("--rounds needs a whole number from 1 to 1000"))
        }

        /// `loops --write` leaves each closed loop's session, which the harness reads back,
        /// and a report per profile with what the loop found.
        @Test func theLoopsCommandWritesSessionsAndReports() throws {
            let directory = temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let (code, output, errors) = RecorderCLI.run([
                "loops", "--rule", "legacy-truncate-count:limit=3", "--scripts", scriptsPath, "--only",
                "rime-pinyin-nihao", "--write", directory,
            ])
            #expect(code == 0, "\(errors)")
            #expect(output.hasSuffix("wrote 6 files under \(directory)/legacy-truncate-count_limit_3\n"), "\(output)")
            let base = directory + "/legacy-truncate-count_limit_3/ios18-single"
            let sessions = try Corpus.files(base + "/rime-pinyin-nihao.json").load()
            let recorder = Recorder(engines: EngineSet(directory: temporaryDirectory()))
            let line = try #require(try ScriptFile.read(scriptsPath).first { $0.id == "rime-pinyin-nihao" })
            let loop = try recorder.replay(
                line, rule: try Rules.named("legacy-truncate-count:limit=3"), profile: .ios18Single)
            #expect(sessions == [loop.session])
            let report = try String(contentsOfFile: base + ".md", encoding: .utf8)
            // The cut at the third key of "nihao" commits "ni ", which fills the field: the
            // compositions after it are cut again, but at a full field that is the limit
            // working, not an interruption the rule owes the user.
            #expect(report.contains("| `composition-interrupted` | 1 | yes |"), "\(report)")
            #expect(report.contains("| 2 | `composition-interrupted` | ios18-single | `[ni\\|]` |"), "\(report)")
        }

        /// `speed` prints every engine's keys per second, alone and in the closed loop, and
        /// key-level fuzzing's speed through each fuzzed schema.
        @Test func theSpeedCommandTimesEveryEngine() {
            let (code, output, errors) = RecorderCLI.run(["speed", "--rounds", "1", "--scripts", scriptsPath])
            #expect(code == 0, "\(errors)")
            for engine in ["rime", "chewing", "libhangul", "anthy"] {
                #expect(output.contains("\n  \(engine) "), "\(output)")
            }
            #expect(output.components(separatedBy: "closed loop").count == 5, "\(output)")
            for target in RecorderCLI.fuzzedEngines {
                #expect(output.contains("key-level fuzzing \(target): "), "\(output)")
            }
        }
    }
}

extension EngineSuites {
    /// The fuzzer's properties, checked on the closed loop through real engines.
    @Suite struct ClosedLoopPropertyTests {
        struct Case: Sendable, CustomTestStringConvertible {
            var rule: String
            var property: String
            var script: String
            var message: String
            var testDescription: String { "\(rule) \(property)" }
        }

        /// Each legacy limiter's documented failure, met by the user typing a recorded script
        /// on the real engine with the rule in the field (iOS 18).
        static let cases: [Case] = [
            .init(
                rule: "legacy-input-filter:max-length=3", property: "typed-text-lost", script: "rime-pinyin-nihao",
                message: "insertText(\"你好\") on \"[ni|]\" should leave \"你好\""),
            .init(
                rule: "legacy-marked-guard-limit:limit=3", property: "limit-exceeded",
                script: "rime-pinyin-woaibeijing-partial", message: "the committed text of \"我爱北京|\" measures 4 utf16"),
            .init(
                rule: "legacy-truncate-count:limit=3", property: "committed-text-lost",
                script: "rime-pinyin-middle-of-text",
                message: "setMarkedText(\"a\", {1, 0}) turned \"我|北京\" into \"我a北|\""),
        ]

        @Test(arguments: cases)
        func aLegacyLimitersFailureShowsThroughTheEngine(_ testCase: Case) throws {
            let recorder = Recorder(engines: EngineSet(directory: temporaryDirectory()))
            let line = try #require(try ScriptFile.read(scriptsPath).first { $0.id == testCase.script })
            let loop = try recorder.replay(line, rule: try Rules.named(testCase.rule), profile: .ios18Single)
            let failure = try #require(loop.failures.first { $0.property == testCase.property }, "\(loop.failures)")
            #expect(failure.message.contains(testCase.message), "\(failure.message)")
        }

        /// The correct limit breaks none of them, on any script, under either profile.
        @Test func theCorrectLimitBreaksNothing() throws {
            let recorder = Recorder(engines: EngineSet(directory: temporaryDirectory()))
            let rule = try Rules.named("max-length:limit=3")
            for line in try ScriptFile.read(scriptsPath) {
                for profile in Profile.all {
                    let loop = try recorder.replay(line, rule: rule, profile: profile)
                    #expect(loop.failures.isEmpty, "\(line.id) under \(profile): \(loop.failures)")
                }
            }
        }
    }
}
