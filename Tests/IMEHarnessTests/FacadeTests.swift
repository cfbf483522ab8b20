import Foundation
import HarnessTestSupport
import IMEHarness
import Testing

/// The public library as another package sees it (only `import IMEHarness`).
@Suite struct FacadeTests {
    /// A fuzzing run that cannot end is refused, as the command line refuses `--seconds inf`.
    @Test(arguments: [Double.infinity, .nan, 1e300, 0, -1])
    func fuzzingForeverIsRefused(_ seconds: Double) {
        #expect(throws: HarnessFailure.self) { try FuzzCampaign(rule: AcceptEverything(), seconds: seconds) }
    }

    /// A test target written against 0.1 still builds: the renamed types and the removed
    /// kinds set are deprecated aliases of what replaced them, for a release.
    @available(*, deprecated, message: "uses the 0.1 names on purpose")
    @Test func theEarlierNamesStillWork() {
        #expect(ReplayRun.self == CorpusReplay.self)
        #expect(FuzzRun.self == FuzzCampaign.self)
        #expect(HarnessAssert.ruleKinds == DiscrepancyKind.causedByRules)
        #expect(HarnessAssert.ruleKinds.contains(.compositionInterrupted))
    }

    /// A test target written against 0.2 still builds without a warning: the signatures
    /// before `properties:` resolve to the new declarations (the deprecated overloads keep
    /// the old symbols), which check the fuzzer's properties as well.
    @Test func theSignaturesBeforePropertiesStillWork() throws {
        let session = Session(
            id: "typed", ime: .latin, source: .init(kind: .authored, detail: "a test"),
            initial: FieldState(text: ""), events: [.insertText("ab")])
        let run = try CorpusReplay(rule: AcceptEverything(), corpus: .sessions([session]), profiles: [.ios18Single])
        #expect(run.sessionCount == 1 && run.propertyFailures.isEmpty)
        let checked = try HarnessAssert.noDiscrepancies(
            rule: AcceptEverything(), corpus: .sessions([session]), profiles: [.ios18Single], kinds: nil)
        #expect(checked.finalTexts == [UTF16Text("ab")])
    }

    /// The library says its version, which is the tool's.
    @Test func theLibrarySaysItsVersion() {
        #expect(IMEHarness.version == "0.3.0")
    }

    @Test func bundledCorpusAndProfilesLoad() throws {
        let sessions = try Corpus.bundled.load()
        #expect(sessions.count == 154)
        #expect(Profile.all.map(\.name) == ["ios18-single", "ios26-multi"])
    }

    /// `Corpora/sessions` holds the sessions themselves, not a link into `Sources/`:
    /// `cp -r Corpora/sessions DEST` (which copies a link as a link) copies all 154, and
    /// they are the sessions the library ships.
    @Test func copyingCorporaSessionsCopiesTheSessions() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("corpora-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = Process()
        copy.executableURL = URL(fileURLWithPath: "/bin/cp")
        copy.arguments = ["-r", Repository.path("Corpora/sessions"), directory.path]
        try copy.run()
        copy.waitUntilExit()
        #expect(copy.terminationStatus == 0)
        let copied = try Corpus.files(directory.appendingPathComponent("sessions").path).load()
        #expect(copied.count == 154)
        #expect(copied.map(\.id).sorted() == (try Corpus.bundled.load()).map(\.id).sorted())
    }

    /// A delegate body sees what UIKit hands it: under iOS 26 the commit of ㄨㄤ → 王 comes
    /// as `[{2, 0}]` with the marked range `{0, 2}`; under iOS 18 as `{0, 2}`.
    @Test func delegateBodiesSeeWhatUIKitHandsThem() throws {
        let calls = Calls()
        let rule = DelegateRule("spy") { text, range, replacement, marked in
            calls.append(
                "\(text)|\(range.location),\(range.length)|\(replacement)|\(marked.map { "\($0.location),\($0.length)" } ?? "-")"
            )
            return true
        }
        let forum = Session(
            id: "wang", ime: .zhuyin, source: .init(kind: .authored, detail: "forum 801013"),
            initial: FieldState(text: ""),
            events: [
                .setMarkedText("ㄨ", selectedRange: .caret(at: 1)), .setMarkedText("ㄨㄤ", selectedRange: .caret(at: 2)),
                .insertText("王"),
            ])
        _ = try CorpusReplay(rule: rule, corpus: .sessions([forum]), profiles: [.ios26Multi])
        #expect(calls.all.last == "ㄨㄤ|2,0|王|0,2")
        calls.removeAll()
        _ = try CorpusReplay(rule: rule, corpus: .sessions([forum]), profiles: [.ios18Single])
        #expect(calls.all.last == "ㄨㄤ|0,2|王|0,2")
    }

    /// A single-range body under a multi-range call of several ranges is asked once with the
    /// union range by default (documented for text views, the default for fields); under
    /// the `ios26-multi-each-range` alternative about each: the range that gets the text
    /// with the replacement, the others with "".
    @Test func singleRangeBodiesAreAskedAsTheProfileSays() throws {
        let calls = Calls()
        let rule = DelegateRule("spy") { _, range, replacement, _ in
            calls.append("\(range.location),\(range.length)=\(replacement)")
            return true
        }
        let quickType = Session(
            id: "multi", ime: .latin, source: .init(kind: .authored, detail: "QuickType"),
            initial: FieldState(text: "one two three"),
            events: [.replaceRanges([UTF16Range(location: 4, length: 4), UTF16Range(location: 0, length: 4)], "2 ")])
        _ = try CorpusReplay(rule: rule, corpus: .sessions([quickType]), profiles: [.ios26Multi], properties: false)
        #expect(calls.all == ["0,8=2 "])
        calls.removeAll()
        let eachRange = try #require(Profile.alternative("ios26-multi-each-range"))
        _ = try CorpusReplay(rule: rule, corpus: .sessions([quickType]), profiles: [eachRange], properties: false)
        #expect(calls.all.sorted() == ["0,4=", "4,4=2 "])
    }

    /// A text view's delegate that implements only the single-range method is called once
    /// with the union of the ranges, as `UITextViewDelegate`'s documentation says, whatever
    /// the field profile's fallback.
    @Test func theUnionRangeIsWhatAPastedTextViewDelegateSees() throws {
        final class Spy: UITextViewDelegate {
            var seen: [String] = []
            func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String)
                -> Bool
            {
                seen.append("\(range.location),\(range.length)=\(text)")
                return true
            }
        }
        let spy = Spy()
        let rule = TextViewRule("spy") { view in
            view.delegate = spy
            view.retained.append(spy)
        }
        let quickType = Session(
            id: "multi", ime: .latin, source: .init(kind: .authored, detail: "QuickType"),
            initial: FieldState(text: "one two three"),
            events: [.replaceRanges([UTF16Range(location: 4, length: 4), UTF16Range(location: 0, length: 4)], "2 ")])
        // Documented for UITextView: the union, under every profile, the alternatives too.
        let eachRange = try #require(Profile.alternative("ios26-multi-each-range"))
        _ = try CorpusReplay(rule: rule, corpus: .sessions([quickType]), profiles: [eachRange], properties: false)
        #expect(spy.seen == ["0,8=2 "])
    }

    @Test func editingChangedHandlersAssign() throws {
        let upper = DelegateRule("upper") { text, marked in
            marked == nil && text != text.uppercased() ? text.uppercased() : nil
        }
        let session = Session(
            id: "abc", ime: .latin, source: .init(kind: .authored, detail: "typing"), initial: FieldState(text: ""),
            events: [.insertText("a"), .insertText("b")])
        let run = try CorpusReplay(rule: upper, corpus: .sessions([session]), profiles: [.ios18Single])
        #expect(run.discrepancies.isEmpty)
        #expect(run.rendered(.json).contains(#""ios18-single": "AB""#))
    }

    /// The naive limit fails with a message that shows the sessions, event by event.
    @Test func failuresExplainThemselves() throws {
        let naive = DelegateRule("naive-10", contract: .maxLength(10, .utf16)) { text, range, replacement, _ in
            ((text as NSString).replacingCharacters(in: range, with: replacement) as NSString).length <= 10
        }
        let error = #expect(throws: HarnessFailure.self) { try HarnessAssert.noDiscrepancies(rule: naive) }
        let message = error?.description ?? ""
        #expect(message.hasPrefix("rule 'naive-10': "))
        #expect(message.contains("composition-interrupted"))
        #expect(message.contains("(rejected)"))
        #expect(message.contains(" → "))
    }

    @Test func acceptEverythingSurvivesReplayAndReportsAreWrittenAtomically() throws {
        let run = try HarnessAssert.noDiscrepancies(rule: AcceptEverything())
        #expect(run.sessionCount == 154)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("facade-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try run.write(.html, to: directory + "/report.html")
        try run.write(.junit, to: directory + "/report.xml")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["report.html", "report.xml"])
        #expect(throws: HarnessFailure.self) { try run.write(.html, to: "/nonexistent/dir/report.html") }
    }

    @Test func contractsSayWhatTheyPromise() {
        let contract = RuleContract.maxLength(20, .graphemes)
        #expect(contract.limit == RuleContract.Limit(20, .graphemes))
        #expect(contract.compositionSafe && contract.profileIndependent)
        #expect(RuleContract.allowing(.digitASCII).allowedClasses == [.digitASCII])
    }

    @Test func unreadableCorporaAreOneErrorPerFile() {
        let error = #expect(throws: HarnessFailure.self) { try Corpus.files("/nonexistent/sessions").load() }
        #expect(
            error?.description == "sessions that could not be read:\n  /nonexistent/sessions: no such file or directory"
        )
    }

    /// The catalogue's rules are the library's too, their specs written as `--rule` takes them.
    @Test func catalogueRulesAreUsable() throws {
        let limit = try Rules.maxLength(10)
        #expect(limit.spec == "max-length:limit=10,unit=graphemes")
        #expect(try Rules.named(limit.spec).spec == limit.spec)
        #expect(try Rules.allowing([.digitASCII, .cluster(.han)]).spec == "allow:classes=digit-ascii+han")
        #expect(try Rules.decimal(separator: ",").spec == "decimal:separator=,")
        #expect(Rules.names.contains("legacy-count-limit"))
        try HarnessAssert.noDiscrepancies(rule: limit)
        let unknown = #expect(throws: HarnessFailure.self) { try Rules.named("max-lenght:limit=3") }
        #expect(unknown?.description.hasPrefix("unknown rule 'max-lenght'") == true)
        #expect(throws: HarnessFailure.self) { try Rules.maxLength(-1) }
        #expect(throws: HarnessFailure.self) { try Rules.matching("(") }
    }

    /// Fuzzing a number of sessions is the same on any machine: a legacy limit fails the
    /// same properties with the same minimised sessions every time.
    @Test func fuzzingByIterationsIsReproducible() throws {
        let legacy = try Rules.named("legacy-truncate-count:limit=6")
        let first = #expect(throws: HarnessFailure.self) {
            try HarnessAssert.survivesFuzzing(rule: legacy, iterations: 300, seed: 3)
        }
        let second = #expect(throws: HarnessFailure.self) {
            try HarnessAssert.survivesFuzzing(rule: legacy, iterations: 300, seed: 3)
        }
        #expect(first?.description == second?.description)
        #expect(first?.description.contains("in 300 fuzzed sessions (seed 3)") == true)
    }

    /// A delegate that refuses ideographs refuses 中 when Pinyin commits it: without a claim of
    /// composition safety the replay reports that, not fails it; claiming it makes the same
    /// replay fail. The fuzzer's properties, which the assertion checks on every session too,
    /// fail it either way: a contract of "at most 100 characters" owes the user the 中 they
    /// typed. (A digits field refusing Pinyin is neither: the contract keeps out both the
    /// letters and 中. It refuses a range beyond the text, as a delegate must: the corpus
    /// undoes a refused paste, and accepting that undo crashes the app.)
    @Test func replayIsJudgedByWhatTheContractClaims() throws {
        let noIdeographs: @Sendable (String, NSRange, String, NSRange?) -> Bool = { text, range, replacement, _ in
            range.location + range.length <= text.utf16.count
                && !replacement.unicodeScalars.contains(where: \.properties.isIdeographic)
        }
        let claims = RuleContract(promise: "at most 100 characters", limit: .init(100, .graphemes))
        let honest = DelegateRule("no-ideographs", contract: claims, shouldChangeCharactersIn: noIdeographs)
        let run = try HarnessAssert.noDiscrepancies(rule: honest, properties: false)
        #expect(run.discrepancies.contains { $0.kind == .compositionInterrupted }, "reported all the same")
        let lost = #expect(throws: HarnessFailure.self) { try HarnessAssert.noDiscrepancies(rule: honest) }
        #expect(
            lost?.description.contains("root cause: typed-text-lost at a commit, insertion or paste: refused") == true)
        #expect(lost?.description.contains("composition-interrupted") == false, "reported, not failed")
        let boastful = DelegateRule(
            "no-ideographs-safe", contract: .maxLength(100), shouldChangeCharactersIn: noIdeographs)
        let failure = #expect(throws: HarnessFailure.self) { try HarnessAssert.noDiscrepancies(rule: boastful) }
        #expect(failure?.description.contains("composition-interrupted") == true)
        let digits = DelegateRule(
            "digits-only-safe", contract: .allowing(.digitASCII),
            shouldChangeCharactersIn: { text, range, replacement, _ in
                range.location + range.length <= text.utf16.count && replacement.allSatisfy(\.isASCII)
                    && replacement.allSatisfy(\.isNumber)
            })
        #expect(
            try HarnessAssert.noDiscrepancies(rule: digits).discrepancies.allSatisfy {
                $0.kind != .compositionInterrupted
            })
    }

    /// Promises the author states: a pattern, a named predicate; and a property left out.
    @Test func contractsSayWhatTheAuthorMeant() throws {
        let twoDecimals = TextPromise.promise("at most 2 decimals") { text in
            text.split(separator: ".", omittingEmptySubsequences: false).dropFirst().first.map { $0.count <= 2 } ?? true
        }
        #expect(twoDecimals.description == "at most 2 decimals")
        #expect(twoDecimals.holds(for: UTF16Text("12.50")) && !twoDecimals.holds(for: UTF16Text("1.505")))
        #expect(try TextPromise.matching("[0-9]*").holds(for: UTF16Text("123")))
        #expect(throws: (any Error).self) { try TextPromise.matching("(") }
        // A price field that drops a third decimal breaks nothing it promises...
        let price = DelegateRule(
            "price",
            contract: RuleContract(promise: "a price", textPromise: twoDecimals, unchecked: ["typed-text-lost"])
        ) { text, range, replacement, _ in
            let updated = (text as NSString).replacingCharacters(in: range, with: replacement)
            return updated.split(separator: ".", omittingEmptySubsequences: false).dropFirst().first.map {
                $0.count <= 2
            } ?? true
        }
        try HarnessAssert.survivesFuzzing(rule: price, iterations: 300)
        // ...and a name that is no property is refused.
        let typo = RuleContract(unchecked: ["typed-text-lots"])
        let error = #expect(throws: HarnessFailure.self) {
            try HarnessAssert.survivesFuzzing(rule: AcceptEverything(), contract: typo, iterations: 10)
        }
        #expect(error?.description.contains("'typed-text-lots', which is no property") == true)
    }

    /// The one assertion checks what the contract promises on the sessions given, not only
    /// the replay's kinds: a hand-written session in which a price field accepts a third
    /// decimal fails with `promise-broken`, named by its root cause; the delegate that keeps
    /// two decimals passes the same session.
    @Test func noDiscrepanciesChecksTheContractsPromisesOnEverySession() throws {
        let twoDecimals = TextPromise.promise("at most 2 decimals") { text in
            text.split(separator: ".", omittingEmptySubsequences: false).dropFirst().first.map { $0.count <= 2 } ?? true
        }
        let contract = RuleContract(promise: "a price", textPromise: twoDecimals, unchecked: ["typed-text-lost"])
        let session = Session(
            id: "three-decimals", ime: .latin, source: .init(kind: .authored, detail: "a price typed key by key"),
            initial: FieldState(text: "12.5"), events: [.insertText("0"), .insertText("1")])
        let digitsOnly = DelegateRule(
            "price-digits-only", contract: contract,
            shouldChangeCharactersIn: { _, _, replacement, _ in
                replacement.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
            })
        let error = #expect(throws: HarnessFailure.self) {
            try HarnessAssert.noDiscrepancies(rule: digitsOnly, corpus: .sessions([session]))
        }
        #expect(error?.description.contains("12.501") == true, "\(String(describing: error))")
        #expect(error?.description.contains("root cause: promise-broken at an insertion or paste: accepted") == true)
        let keepsTwo = DelegateRule(
            "price", contract: contract,
            shouldChangeCharactersIn: { text, range, replacement, _ in
                let updated = (text as NSString).replacingCharacters(in: range, with: replacement)
                return updated.split(separator: ".", omittingEmptySubsequences: false).dropFirst().first.map {
                    $0.count <= 2
                } ?? true
            })
        try HarnessAssert.noDiscrepancies(rule: keepsTwo, corpus: .sessions([session]))
    }

    /// The library refuses what the command line refuses: two sessions with one id.
    @Test func duplicateSessionIDsAreRefused() throws {
        let session = try #require(Corpus.bundled.load().first)
        let error = #expect(throws: HarnessFailure.self) { try Corpus.sessions([session, session]).load() }
        #expect(error?.description.contains("two sessions have the id '\(session.id)'") == true)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["a.json", "b.json"] {
            try session.document.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let files = #expect(throws: HarnessFailure.self) { try Corpus.files(directory.path).load() }
        #expect(files?.description.contains("b.json: duplicate session id '\(session.id)'") == true)
    }
}

/// Values recorded by a rule closure (which must be `Sendable`): calls, lengths, offsets.
final class Recorded<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value] = []

    func append(_ value: Value) {
        lock.lock()
        values.append(value)
        lock.unlock()
    }

    func removeAll() {
        lock.lock()
        values.removeAll()
        lock.unlock()
    }

    var all: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}

typealias Calls = Recorded<String>
