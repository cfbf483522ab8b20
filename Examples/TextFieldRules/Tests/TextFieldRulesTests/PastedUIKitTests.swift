import IMEHarness
import Testing
import TextFieldRules

/// The pasted UIKit, Android and Flutter shapes: each bug found, each fix passing.
@Suite struct PastedUIKitTests {
    func replayFailure(_ rule: some InputRule) -> String? {
        do {
            try HarnessAssert.noDiscrepancies(rule: rule)
            return nil
        } catch {
            return error.description
        }
    }

    func fuzzingFailure(_ rule: some InputRule, iterations: Int = 1_500) -> String? {
        do {
            try HarnessAssert.survivesFuzzing(rule: rule, iterations: iterations)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func insertWhatFitsEndsCompositions() throws {
        let failure = try #require(replayFailure(insertWhatFits))
        #expect(failure.contains("composition-interrupted"), "\(failure)")
        #expect(replayFailure(undoOverflow) == nil, "\(replayFailure(undoOverflow) ?? "")")
        #expect(fuzzingFailure(undoOverflow) == nil, "\(fuzzingFailure(undoOverflow) ?? "")")
    }

    @Test func trimmingOnEveryChangeCutsPinyin() throws {
        let failure = try #require(replayFailure(trimOnChange))
        #expect(failure.contains("composition-interrupted"), "\(failure)")
        #expect(failure.contains("under ios18-single:") || failure.contains("under ios26-multi:"), "\(failure)")
    }

    @Test func strippingNewlinesWhileMarkedEndsCompositions() throws {
        // A message pasted with a line break, then Japanese typed after it.
        let session = Session(
            id: "chat", ime: .kana, source: .init(kind: .authored, detail: "a pasted line break, then kana"),
            initial: FieldState(text: UTF16Text("a\nb")), events: SessionEvent.composing("にほん", commit: "日本"))
        let failure = #expect(throws: HarnessFailure.self) {
            try HarnessAssert.noDiscrepancies(rule: stripNewlines, corpus: .sessions([session]))
        }
        #expect(failure?.description.contains("composition-interrupted") == true, "\(failure?.description ?? "")")
        try HarnessAssert.noDiscrepancies(rule: stripNewlinesAfterComposition, corpus: .sessions([session]))
        #expect(
            fuzzingFailure(stripNewlinesAfterComposition) == nil,
            "\(fuzzingFailure(stripNewlinesAfterComposition) ?? "")")
        #expect(replayFailure(stripNewlinesAfterComposition) == nil)
    }

    @Test func androidsLengthFilterCutsEmojiBeforeAndAfterItsFix() throws {
        let failure = try #require(fuzzingFailure(lengthFilter(5, checksSurrogates: false)))
        #expect(failure.contains("broken-text"), "\(failure)")
        let fixed = try #require(fuzzingFailure(lengthFilter(5, checksSurrogates: true)))
        #expect(
            fixed.contains("broken-text") && fixed.contains("<200D>"), "a ZWJ sequence cut after its joiner: \(fixed)")
    }

    @Test func aFormatterThatForgetsComposingInterruptsIt() throws {
        let failure = try #require(replayFailure(truncatingFormatter(6, respectsComposing: false)))
        #expect(failure.contains("composition-interrupted"), "\(failure)")
        let fixed = truncatingFormatter(6, respectsComposing: true)
        #expect(replayFailure(fixed) == nil, "\(replayFailure(fixed) ?? "")")
    }
}
