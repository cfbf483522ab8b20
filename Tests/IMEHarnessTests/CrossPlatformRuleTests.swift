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

    /// The filter's text stands in for the replacement, the caret after it, as Android's
    /// `EditText` does; its units are Java's, so a lone surrogate it returns stays one.
    @Test func anInputFiltersTextReplacesTheReplacementUnitForUnit() throws {
        let upper = InputFilterRule("upper-case") { source, _, _, _, _, _ in
            let upper = AppleString(source.string.uppercased())
            return upper == source.string ? nil : upper
        }
        let typed = try CorpusReplay(
            rule: upper, corpus: .sessions([Self.session("x", [.insertText("ab"), .insertText("C")])]),
            profiles: [.ios18Single])
        #expect(typed.discrepancies.isEmpty, "\(typed.discrepancies)")
        #expect(typed.rendered(.json).contains(#""ios18-single": "xABC""#))
        // Keeping one unit of each replacement keeps half of 😀: broken text, not U+FFFD.
        let firstUnit = InputFilterRule("first-unit") { source, start, end, _, _, _ in
            end - start > 1 ? source.substring(with: NSRange(location: start, length: 1)) : nil
        }
        let paste = try CorpusReplay(
            rule: firstUnit, corpus: .sessions([Self.session("abcd", [.insertText("😀x")])]), profiles: [.ios18Single])
        #expect(paste.discrepancies.map(\.kind) == [.brokenText], "\(paste.discrepancies)")
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
