import IMEHarness
import Testing
import TextFieldRules

/// The pasted UIKit, Android and Flutter shapes: each bug found, each fix passing.
@Suite struct PastedUIKitTests {
    @Test func insertWhatFitsEndsCompositions() throws {
        let failure = try #require(Failures.replay(insertWhatFits))
        #expect(failure.contains("composition-interrupted"), "\(failure)")
        #expect(Failures.replay(undoOverflow) == nil, "\(Failures.replay(undoOverflow) ?? "")")
        #expect(Failures.fuzzing(undoOverflow) == nil, "\(Failures.fuzzing(undoOverflow) ?? "")")
    }

    @Test func trimmingOnEveryChangeCutsPinyin() throws {
        let failure = try #require(Failures.replay(trimOnChange))
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
            Failures.fuzzing(stripNewlinesAfterComposition) == nil,
            "\(Failures.fuzzing(stripNewlinesAfterComposition) ?? "")")
        #expect(Failures.replay(stripNewlinesAfterComposition) == nil)
    }

    @Test func androidsLengthFilterCutsEmojiBeforeAndAfterItsFix() throws {
        let failure = try #require(Failures.fuzzing(lengthFilter(5, checksSurrogates: false)))
        #expect(failure.contains("broken-text"), "\(failure)")
        let fixed = try #require(Failures.fuzzing(lengthFilter(5, checksSurrogates: true)))
        #expect(
            fixed.contains("broken-text") && fixed.contains("<200D>"), "a ZWJ sequence cut after its joiner: \(fixed)")
    }

    @Test func aFormatterThatForgetsComposingInterruptsIt() throws {
        let failure = try #require(Failures.replay(truncatingFormatter(6, respectsComposing: false)))
        #expect(failure.contains("composition-interrupted"), "\(failure)")
        let fixed = truncatingFormatter(6, respectsComposing: true)
        #expect(Failures.replay(fixed) == nil, "\(Failures.replay(fixed) ?? "")")
    }
}
