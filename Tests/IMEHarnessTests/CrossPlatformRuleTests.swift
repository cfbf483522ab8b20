import Foundation
import IMEHarness
import Testing

/// Android's `InputFilter`, Flutter's `TextInputFormatter` and SwiftUI's `onChange`,
/// written as their authors write them.
@Suite struct CrossPlatformRuleTests {
    static func session(_ initial: String, _ events: [SessionEvent]) -> Session {
        Session(
            id: "cross", ime: .other, source: .init(kind: .authored, detail: "a test"),
            initial: FieldState(text: UTF16Text(initial)), events: events)
    }

    /// Android's `InputFilter.LengthFilter` before API 21 kept `keep` UTF-16 units of the
    /// source, cutting a surrogate pair; the later one steps back over a lead surrogate.
    static func lengthFilter(_ max: Int, checksSurrogates: Bool) -> InputFilterRule {
        InputFilterRule("length-filter-\(max)\(checksSurrogates ? "" : "-old")") {
            source, start, end, dest, dstart, dend in
            var keep = max - (dest.length - (dend - dstart))
            if keep <= 0 { return "" }
            if keep >= end - start { return nil }
            if checksSurrogates, UTF16.isLeadSurrogate(source.character(at: start + keep - 1)) {
                keep -= 1
                if keep == 0 { return "" }
            }
            return source.substring(with: NSRange(location: start, length: keep))
        }
    }

    @Test func androidsOldLengthFilterCutsAnEmojiTheNewOneDoesNot() throws {
        let paste = Self.session("abcd", [.insertText("😀x")])
        let old = try CorpusReplay(
            rule: Self.lengthFilter(5, checksSurrogates: false), corpus: .sessions([paste]), profiles: [.ios18Single])
        #expect(old.discrepancies.map(\.kind) == [.brokenText], "\(old.discrepancies)")
        let new = try CorpusReplay(
            rule: Self.lengthFilter(5, checksSurrogates: true), corpus: .sessions([paste]), profiles: [.ios18Single])
        #expect(new.discrepancies.isEmpty, "\(new.discrepancies)")
        #expect(new.rendered(.json).contains(#""ios18-single": "abcd""#))
    }

    /// A formatter that truncates the new value ignores `composing`: it cuts Pinyin
    /// letters mid-composition (Flutter's own LengthLimitingTextInputFormatter leaves a
    /// composing value alone for that reason).
    @Test func aFormatterThatIgnoresComposingInterruptsPinyin() throws {
        let truncate = FormatterRule("truncate-4") { _, new in
            guard new.text.utf16.count > 4 else { return new }
            let text = String(decoding: Array(new.text.utf16.prefix(4)), as: UTF16.self)
            return .init(text: text, selection: NSRange(location: 4, length: 0))
        }
        let pinyin = Self.session("ab", SessionEvent.composing("zhong", commit: "中"))
        let run = try CorpusReplay(rule: truncate, corpus: .sessions([pinyin]), profiles: [.ios18Single])
        #expect(run.discrepancies.contains { $0.kind == .compositionInterrupted }, "\(run.discrepancies)")
    }

    /// SwiftUI's binding includes marked text: `onChange` that keeps a prefix does the same.
    @Test func swiftUIOnChangeSeesMarkedText() throws {
        let prefix = FormatterRule("prefix-3", onChange: { _, new in new.count > 3 ? String(new.prefix(3)) : nil })
        let pinyin = Self.session("", SessionEvent.composing("nihao", commit: "你好"))
        let run = try CorpusReplay(rule: prefix, corpus: .sessions([pinyin]), profiles: [.ios18Single])
        #expect(run.discrepancies.contains { $0.kind == .compositionInterrupted }, "\(run.discrepancies)")
    }
}
