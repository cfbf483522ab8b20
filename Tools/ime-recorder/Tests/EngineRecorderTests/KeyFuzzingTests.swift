import Foundation
import IMEHarness
import Testing

@testable import EngineRecorder

/// The keys generated scripts are made of, read from the engines' data and Unicode's.
@Suite struct KeyVocabularyTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var spelling: String
        var keys: String
        var testDescription: String { "\(spelling) → \(keys)" }
    }

    /// Rime's Zhuyin algebra gives the keys the recorded Zhuyin scripts type for the same
    /// syllables (`Corpora/sessions/recorded/keys.tsv`), tone 1 on the space bar.
    static let zhuyin: [Case] = [
        .init(spelling: "zhong1", keys: "5j/ "), .init(spelling: "wen2", keys: "jp6"),
        .init(spelling: "ni3", keys: "su3"), .init(spelling: "hao3", keys: "cl3"),
        .init(spelling: "wang2", keys: "j;6"), .init(spelling: "xie4", keys: "vu,4"),
        .init(spelling: "xie5", keys: "vu,7"), .init(spelling: "tai2", keys: "w96"),
        .init(spelling: "wan1", keys: "j0 "), .init(spelling: "dian4", keys: "2u04"),
        .init(spelling: "nao3", keys: "sl3"), .init(spelling: "peng2", keys: "q/6"),
        .init(spelling: "you3", keys: "u.3"), .init(spelling: "zai4", keys: "y94"),
        .init(spelling: "jian4", keys: "ru04"),
    ]

    @Test(arguments: zhuyin)
    func zhuyinSpellingsBecomeTheRecordedKeys(_ testCase: Case) throws {
        let path = KeyVocabulary.DataPaths().rime + "/zhuyin.yaml"
        let algebra = try SpellingAlgebra(
            yaml: try String(contentsOfFile: path, encoding: .utf8), sections: ["pinyin_to_zhuyin", "keymap_bopomofo"],
            file: path)
        #expect(algebra.apply(testCase.spelling) == testCase.keys)
    }

    @Test func rimeSymbolsIncludeTextOutsideTheBMP() throws {
        let symbols = try KeyVocabulary.rimeSymbols(KeyVocabulary.DataPaths().rime)
        #expect(symbols.allSatisfy { $0.code.hasPrefix("/") && $0.code.count > 1 })
        #expect(symbols.contains { $0.code == "/mj" && $0.first == "🀀" })
        #expect(symbols.contains { $0.code == "/yy" && $0.first == "𝄞" })
    }

    /// Dubeolsik: 14 consonant keys and their 5 shifted doubles are initials, 12 vowel keys
    /// and 2 shifted ones vowels (upper and lower case both listed); finals are typed with
    /// initials' keys. Sebeolsik final has keys of its own for finals.
    @Test func hangulKeysAreToldApartByTheirJamo() throws {
        let two = try KeyVocabulary.hangulKeys(keyboard: "2", data: .init())
        #expect(Set(two.initials).isSuperset(of: ["r", "R", "s", "g", "Q", "T"].map { Key.character($0) }))
        #expect(Set(two.vowels).isSuperset(of: ["k", "l", "O", "P", "m"].map { Key.character($0) }))
        #expect(Set(two.initials).isDisjoint(with: two.vowels))
        #expect(Set(two.initials.filter { "a"..."z" ~= $0.description }).count == 14)
        #expect(Set(two.vowels.filter { "a"..."z" ~= $0.description }).count == 12)
        #expect(two.finals.isEmpty)
        let threeFinal = try KeyVocabulary.hangulKeys(keyboard: "3f", data: .init())
        #expect(!threeFinal.finals.isEmpty)
        #expect(Set(threeFinal.finals).isDisjoint(with: threeFinal.initials))
    }

    @Test func hiraganaAreTheKanaOfTheHiraganaBlock() throws {
        let kana = try KeyVocabulary.hiragana(KeyVocabulary.DataPaths().unicode)
        #expect(kana.count == 87)  // ぁ…ゖ (86) and ゟ
        #expect(kana.contains("あ") && kana.contains("ん") && kana.contains("ぁ"))
        #expect(kana.allSatisfy { $0.value <= 0xFFFF })
    }

    /// Every engine's scripts: keys a script file can hold, none typed in vain, the same for
    /// the same iteration, and different from one iteration to the next.
    @Test(arguments: RecorderCLI.fuzzedEngines)
    func generatedScriptsAreWellFormedAndReproducible(_ target: String) throws {
        let parts = target.split(separator: "/").map(String.init)
        let vocabulary = try KeyVocabulary.make(engine: parts[0], schema: parts[1])
        var distinct: Set<[Key]> = []
        var used: Set<Key> = []
        for iteration in 0..<300 {
            let keys = vocabulary.keys(seed: 7, iteration: iteration)
            #expect(!keys.isEmpty && keys.count <= KeyVocabulary.maximumKeys)
            #expect(vocabulary.isTypable(keys), "\(KeyScript.write(keys))")
            #expect(try KeyScript.parse(KeyScript.write(keys)) == keys)
            #expect(vocabulary.keys(seed: 7, iteration: iteration) == keys)
            distinct.insert(keys)
            used.formUnion(keys)
        }
        #expect(distinct.count > 290)
        for key in [Key.named(.backSpace), .named(.enter), .named(.escape), .named(.left), .named(.right)] {
            #expect(used.contains(key), "\(target) never presses \(key)")
        }
        // The mode switches, where the engine has modes.
        #expect(used.contains(.named(.capsLock)) == ["rime", "chewing"].contains(parts[0]))
        #expect(used.contains(.named(.shift)) == (parts[0] == "rime"))
    }

    struct TypableCase: Sendable, CustomTestStringConvertible {
        var keys: String
        var typable: Bool
        var testDescription: String { keys }
    }

    /// Anthy takes seconds, then minutes, over runs of more than eight digits.
    static let typable: [TypableCase] = [
        .init(keys: "01234567{space}{Return}", typable: true),
        .init(keys: "012345678{space}", typable: false),
        .init(keys: "0123{Return}45678901{Return}", typable: true),
        .init(keys: "0123あ4567{BackSpace}8", typable: false),
        .init(keys: "かな{space}{Return}", typable: true),
    ]

    @Test(arguments: typable)
    func anthyScriptsKeepDigitsPerCompositionBounded(_ testCase: TypableCase) throws {
        let vocabulary = try KeyVocabulary.make(engine: "anthy", schema: "kana")
        #expect(vocabulary.isTypable(try KeyScript.parse(testCase.keys)) == testCase.typable)
        let pinyin = try KeyVocabulary.make(engine: "rime", schema: "luna_pinyin_simp")
        #expect(pinyin.isTypable(try KeyScript.parse(testCase.keys)))
    }

    @Test func missingDataAndUnknownSchemasAreNamed() {
        #expect(
            throws: RecorderError.engine(
                "rime",
                "no key vocabulary for schema 'cangjie5' (known: rime luna_pinyin*, rime bopomofo*, chewing default, libhangul <keyboard>, anthy kana)"
            )
        ) {
            try KeyVocabulary.make(engine: "rime", schema: "cangjie5")
        }
        var data = KeyVocabulary.DataPaths()
        data.rime = "/nonexistent"
        #expect(throws: RecorderError.file("/nonexistent/symbols.yaml", "no such file")) {
            try KeyVocabulary.make(engine: "rime", schema: "luna_pinyin_simp", data: data)
        }
        data.libhangul = "/nonexistent"
        #expect(throws: RecorderError.file("/nonexistent/hangul-keyboard-2.xml", "no such file")) {
            try KeyVocabulary.make(engine: "libhangul", schema: "2", data: data)
        }
    }
}

extension EngineSuites {
    /// Key-level fuzzing through the real engines.
    @Suite struct KeyFuzzingTests {
        struct Case: Sendable, CustomTestStringConvertible {
            var rule: String
            var property: String
            var testDescription: String { "\(rule) \(property)" }
        }

        /// Each legacy length limiter of the catalogue with the property its documented
        /// failure breaks.
        static let limiters: [Case] = FuzzCampaign.documentedFailures.compactMap { rule, property in
            (try? Rules.named(rule))?.contract.limit == nil ? nil : Case(rule: rule, property: property)
        }

        @Test func everyLegacyLimiterIsFuzzed() {
            #expect(
                Set(Self.limiters.map { $0.rule.prefix { $0 != ":" } }) == [
                    "legacy-input-filter", "legacy-count-limit", "legacy-marked-guard-limit", "legacy-truncate-count",
                    "legacy-truncate-marked-aware",
                ])
        }

        /// Typed through the five engines from seed 0, each limiter's documented failure turns
        /// up (in seconds: the test stops it at 60), minimised to at most 20 keys from which no key
        /// can be dropped, and the minimised script fails again when replayed.
        @Test(arguments: limiters)
        func eachLimitersDocumentedFailureIsFoundAndMinimised(_ testCase: Case) throws {
            let recorder = Recorder(engines: EngineSet(directory: temporaryDirectory()))
            let vocabularies = try RecorderCLI.fuzzedEngines.map { target in
                let parts = target.split(separator: "/").map(String.init)
                return try KeyVocabulary.make(engine: parts[0], schema: parts[1])
            }
            let rule = try Rules.named(testCase.rule)
            let fuzzer = KeyFuzzer(rule: rule, vocabularies: vocabularies, profiles: Profile.all, recorder: recorder)
            let outcome = try fuzzer.run(seed: 0, sessions: 2000, seconds: 60, until: [testCase.property])
            let failure = try #require(outcome.failures.first { $0.property == testCase.property })
            let keys = try KeyScript.parse(failure.minimised.keys)
            #expect(keys.count <= 20, "\(failure.minimised.keys)")
            let vocabulary = try #require(
                vocabularies.first { $0.engine == failure.minimised.engine && $0.schema == failure.minimised.schema })
            let profile = try #require(Profile.all.first { $0.name == failure.profile })
            func fails(_ keys: [Key]) throws -> Bool {
                var line = failure.minimised
                line.keys = KeyScript.write(keys)
                return try recorder.replay(line, rule: rule, profile: profile).failures.contains {
                    $0.property == testCase.property
                }
            }
            #expect(try fails(keys))
            for index in keys.indices {
                var fewer = keys
                fewer.remove(at: index)
                guard !fewer.isEmpty, vocabulary.isTypable(fewer) else { continue }
                #expect(try !fails(fewer), "\(failure.minimised.keys) without key \(index) still fails")
            }
        }

        /// The same seed and number of scripts, the same failures, minimised to the same keys.
        @Test func aSeededRunIsReproducible() throws {
            let recorder = Recorder(engines: EngineSet(directory: temporaryDirectory()))
            let vocabularies = [
                try KeyVocabulary.make(engine: "rime", schema: "luna_pinyin_simp"),
                try KeyVocabulary.make(engine: "libhangul", schema: "2"),
            ]
            let fuzzer = KeyFuzzer(
                rule: try Rules.named("legacy-truncate-marked-aware:limit=6"), vocabularies: vocabularies,
                profiles: Profile.all, recorder: recorder)
            let first = try fuzzer.run(seed: 0, sessions: 40, seconds: nil)
            let second = try fuzzer.run(seed: 0, sessions: 40, seconds: nil)
            #expect(!first.failures.isEmpty)
            #expect(first.sessions == 40 && first.replays == second.replays && first.keys == second.keys)
            #expect(first.failures.map(\.minimised) == second.failures.map(\.minimised))
            #expect(first.failures.map(\.loop.session) == second.failures.map(\.loop.session))
        }

        /// The correct limit: no property fails on 100 scripts through every engine.
        @Test func theCorrectLimitSurvivesTheFuzzer() {
            let (code, output, errors) = RecorderCLI.run(["fuzz", "--rule", "max-length:limit=6", "--sessions", "100"])
            #expect(code == 0, "\(output)\(errors)")
            #expect(output.contains("  100 key scripts, 200 closed loops, "), "\(output)")
            #expect(output.hasSuffix("  no property failed\n"), "\(output)")
        }

        /// `--write` keeps the minimised scripts as a script file the recorder reads back,
        /// each failure's session, and a report; exit code 1 for a failure.
        @Test func theFuzzCommandWritesWhatItFound() throws {
            let directory = temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let (code, output, errors) = RecorderCLI.run([
                "fuzz", "--rule", "legacy-truncate-marked-aware:limit=6", "--engine", "rime/luna_pinyin_simp",
                "--sessions", "60", "--until", "broken-text", "--write", directory,
            ])
            #expect(code == 1, "\(errors)")
            #expect(output.contains("broken-text under "), "\(output)")
            let base = directory + "/legacy-truncate-marked-aware_limit_6"
            let lines = try ScriptFile.read(base + "/minimised.tsv")
            let line = try #require(lines.first { $0.id.hasSuffix("-broken-text") })
            #expect(line.engine == "rime" && line.schema == "luna_pinyin_simp")
            let sessions = try Corpus.files(base + "/broken-text.json").load()
            let recorder = Recorder(engines: EngineSet(directory: temporaryDirectory()))
            let loop = try recorder.replay(
                line, rule: try Rules.named("legacy-truncate-marked-aware:limit=6"),
                profile: try #require(Profile.all.first { output.contains("broken-text under \($0.name)") }))
            #expect(sessions.map(\.events) == [loop.session.events])
            #expect(loop.failures.contains { $0.property == "broken-text" })
            #expect(FileManager.default.fileExists(atPath: base + ".md"))
        }

        struct UsageCase: Sendable, CustomTestStringConvertible {
            var arguments: [String]
            var message: String
            var testDescription: String { arguments.joined(separator: " ") }
        }

        /// `fuzz` with a rule and `rest`, which `message` must name.
        static func withRule(_ rest: String..., message: String) -> UsageCase {
            UsageCase(arguments: ["fuzz", "--rule", "max-length:limit=3"] + rest, message: message)
        }

        static let usage: [UsageCase] = [
            UsageCase(arguments: ["fuzz"], message: "fuzz: give one --rule SPEC, or --documented"),
            withRule("--documented", message: "fuzz: give one --rule SPEC, or --documented"),
            UsageCase(arguments: ["fuzz", "--rule", "no-such-rule"], message: "--rule no-such-rule: "),
            withRule("--until", "too-long", message: "--until too-long: no such property (known: limit-exceeded, "),
            withRule("--engine", "rime", message: "--engine rime: write ENGINE/SCHEMA"),
            withRule("--engine", "rime/cangjie5", message: "no key vocabulary for schema 'cangjie5'"),
            withRule("--seconds", "0", message: "--seconds needs a number above 0"),
            withRule("--sessions", "-1", message: "--sessions needs a whole number from 1 to 10000000"),
            withRule("--seed", "x", message: "--seed needs a whole number from 0 to 18446744073709551615"),
        ]

        @Test(arguments: usage)
        func usageErrorsAreOneLine(_ testCase: UsageCase) {
            let (code, output, errors) = RecorderCLI.run(testCase.arguments)
            #expect(code == 2)
            #expect(output == "")
            #expect(errors.hasPrefix("ime-record: ") && errors.contains(testCase.message), "\(errors)")
            #expect(errors.filter { $0 == "\n" }.count == 1, "\(errors)")
        }
    }
}

extension EngineSuites {
    /// The mode switches the key-level fuzzer presses, on the engines that have them.
    @Suite struct ModeSwitchTests {
        struct Case: Sendable, CustomTestStringConvertible {
            var engine: String
            var schema: String
            var keys: String
            var text: String
            var testDescription: String { "\(engine) \(keys)" }
        }

        static let cases: [Case] = [
            // Shift alone switches Rime to ASCII, which it leaves to the field, and back.
            .init(engine: "rime", schema: "luna_pinyin_simp", keys: "{Shift}abc{Shift}ni{space}", text: "abc你"),
            // In a composition it switches inline: the letters stay raw until Shift again.
            .init(
                engine: "rime", schema: "luna_pinyin_simp", keys: "ni{Shift}hao{Shift}ma{space}", text: "你好吗"),
            // Caps Lock clears the composition (`Caps_Lock: clear`), and a second one ends ASCII.
            .init(engine: "rime", schema: "luna_pinyin_simp", keys: "ni{Caps_Lock}ha{Caps_Lock}o{space}", text: "ha哦"),
            // Chewing's English mode types letters into its buffer among the Chinese.
            .init(engine: "chewing", schema: "default", keys: "su3{Caps_Lock}abc{Caps_Lock}cl3{Return}", text: "你abc好"),
            // Engines without modes leave the composition alone.
            .init(engine: "libhangul", schema: "2", keys: "gk{Shift}s{space}", text: "한 "),
            .init(engine: "anthy", schema: "kana", keys: "かな{Shift}{Caps_Lock}{Return}", text: "かな"),
        ]

        @Test(arguments: cases)
        func modeSwitchesActAsTheEnginesDefine(_ testCase: Case) throws {
            let recorder = Recorder(engines: EngineSet(directory: temporaryDirectory()))
            let session = try recorder.record(
                ScriptLine(
                    id: "mode", engine: testCase.engine, schema: testCase.schema, initial: "", keys: testCase.keys,
                    description: ""))
            #expect(session.expectedText == UTF16Text(testCase.text))
        }
    }
}

/// The recorder as a process: a full key-level fuzzing run through all five engines
/// ends with its exit code, not a signal at teardown (engines' cleanup order).
@Suite struct RecorderProcessTests {
    @Test func aFullFuzzingRunExitsCleanly() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("ime-record")
        process.arguments = ["fuzz", "--rule", "max-length:limit=6", "--sessions", "25"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }
}

extension EngineSuites {
    /// Issue 41: a team's own rule, not the catalogue's, fuzzed at the key level through the
    /// real engines from a test, as `import EngineRecorder` in its own package would.
    @Suite struct OwnRuleKeyFuzzingTests {
        /// The limit every tutorial pastes, with the marked-text guard: the guard lets Pinyin
        /// letters run past the limit, and the engines show it.
        static let guarded = DelegateRule("team-nickname-limit", contract: .maxLength(6, .graphemes)) {
            text, range, replacement, marked in
            guard marked == nil, let textRange = Range(range, in: text) else { return true }
            return text.replacingCharacters(in: textRange, with: replacement).count <= 6
        }

        @Test func aTeamsOwnRuleIsFuzzedThroughTheEngines() throws {
            let outcome = try KeyFuzzer(rule: Self.guarded).run(seed: 0, sessions: 200, seconds: 60)
            let failure = try #require(outcome.failures.first, "the marked-text guard lets a composition exceed 6")
            #expect(outcome.rule == "team-nickname-limit")
            #expect(try KeyScript.parse(failure.minimised.keys).count <= 20, "\(failure.minimised.keys)")
        }
    }
}
