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

/// The editing lifecycle: a cap applied in `textFieldDidEndEditing`.
@Suite struct LifecycleRuleTests {
    /// Typed past the cap, then dismissed: the cut emoji is found at `endEditing`.
    @Test func cappingWhenEditingEndsCutsAnEmoji() throws {
        let session = Session(
            id: "cap-emoji", ime: .emoji, source: .init(kind: .authored, detail: "typed past the cap, then done"),
            initial: FieldState(text: .empty), events: [.insertText("abcd"), .insertText("😀"), .endEditing])
        let failure = #expect(throws: HarnessFailure.self) {
            try HarnessAssert.noDiscrepancies(rule: capWhenDone(5, composed: false), corpus: .sessions([session]))
        }
        #expect(failure?.description.contains("broken-text") == true, "\(failure?.description ?? "")")
        #expect(failure?.description.contains("lone surrogate") == true, "\(failure?.description ?? "")")
        try HarnessAssert.noDiscrepancies(rule: capWhenDone(5, composed: true), corpus: .sessions([session]))
    }

    /// The fuzzer ends a quarter of its sessions with the lifecycle, so it finds the cut
    /// on its own, minimised to a few events ending in `endEditing` or `returnKey`.
    @Test func theFuzzerFindsTheCutAtTheEndOfEditing() throws {
        let failure = try #require(Failures.fuzzing(capWhenDone(5, composed: false)))
        #expect(failure.contains("broken-text"), "\(failure)")
        #expect(failure.contains("endEditing") || failure.contains("returnKey"), "\(failure)")
        let fixed = capWhenDone(5, composed: true)
        #expect(Failures.fuzzing(fixed) == nil, "\(Failures.fuzzing(fixed) ?? "")")
        #expect(Failures.replay(fixed) == nil, "\(Failures.replay(fixed) ?? "")")
    }
}
