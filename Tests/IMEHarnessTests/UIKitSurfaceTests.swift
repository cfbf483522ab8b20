import Foundation
import IMEHarness
import Testing

/// Delegate classes and handlers pasted from an app run as they do on a phone.
@Suite struct UIKitSurfaceTests {
    /// `textField.text = trimmed; return false`: the common "insert what fits" delegate.
    final class InsertWhatFits: NSObject, UITextFieldDelegate {
        func textField(
            _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
        ) -> Bool {
            let text = (textField.text ?? "") as NSString
            let updated = text.replacingCharacters(in: range, with: string)
            guard updated.count > 5 else { return true }
            textField.text = String(updated.prefix(5))
            return false
        }
    }

    static func session(_ initial: String, _ events: [SessionEvent]) -> Session {
        Session(
            id: "uikit", ime: .other, source: .init(kind: .authored, detail: "a test"),
            initial: FieldState(text: UTF16Text(initial)), events: events)
    }

    @Test func aDelegateThatSetsTheTextKeepsWhatItSet() throws {
        let rule = TextFieldRule("insert-what-fits") { field in
            let delegate = InsertWhatFits()
            field.delegate = delegate
            field.retained.append(delegate)
        }
        let run = try CorpusReplay(
            rule: rule, corpus: .sessions([Self.session("abc", [.insertText("defg")])]), profiles: [.ios18Single])
        #expect(run.rendered(.json).contains(#""ios18-single": "abcde""#))
        // While text is marked the assignment ends the composition: a finding.
        let pinyin = Self.session("abcd", SessionEvent.composing("zhong", commit: "中"))
        let marked = try CorpusReplay(rule: rule, corpus: .sessions([pinyin]), profiles: [.ios18Single])
        #expect(marked.discrepancies.contains { $0.kind == .compositionInterrupted }, "\(marked.discrepancies)")
    }

    /// An `editingChanged` action that trims, with the `UITextInput` position methods.
    @Test func editingChangedActionsAndTextInputPositions() throws {
        let offsets = Recorded<Int>()
        let rule = TextFieldRule("trim-spaces") { field in
            field.addAction(
                UIAction { action in
                    guard let field = action.sender as? UITextField, field.markedTextRange == nil,
                        let selected = field.selectedTextRange
                    else { return }
                    offsets.append(field.offset(from: field.beginningOfDocument, to: selected.start))
                    let text = field.text ?? ""
                    if text.hasSuffix(" ") { field.text = String(text.dropLast()) }
                }, for: .editingChanged)
        }
        let run = try CorpusReplay(
            rule: rule, corpus: .sessions([Self.session("ab", [.insertText("c "), .insertText("d")])]),
            profiles: [.ios18Single], properties: false)
        #expect(run.rendered(.json).contains(#""ios18-single": "abcd""#))
        #expect(offsets.all == [4, 4])
    }

    /// A chat input's `textViewDidChange` that strips newlines assigns the text while
    /// Pinyin is marked: the composition ends. Its `shouldChangeTextIn` sends on return.
    @Test func aTextViewDelegateRunsAsOnAPhone() throws {
        final class ChatInput: NSObject, UITextViewDelegate {
            func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String)
                -> Bool
            { text != "\n" }
            func textViewDidChange(_ textView: UITextView) {
                textView.text = textView.text.replacingOccurrences(of: " ", with: "")
            }
        }
        let rule = TextViewRule("chat-input") { view in
            let delegate = ChatInput()
            view.delegate = delegate
            view.retained.append(delegate)
        }
        let sent = Self.session("hi", [.insertText("\n"), .insertText("!")])
        let plain = try CorpusReplay(rule: rule, corpus: .sessions([sent]), profiles: [.ios18Single])
        #expect(plain.rendered(.json).contains(#""ios18-single": "hi!""#))
        let pinyin = Self.session("", SessionEvent.composing("ni hao", commit: "你好"))
        let run = try CorpusReplay(rule: rule, corpus: .sessions([pinyin]), profiles: [.ios18Single])
        #expect(run.discrepancies.contains { $0.kind == .compositionInterrupted }, "\(run.discrepancies)")
    }

    /// A single-range delegate under iOS 26's multi-range call is asked about each range.
    @Test func multiRangeCallsFallBackToTheSingleRangeMethod() throws {
        final class Spy: NSObject, UITextFieldDelegate {
            let ranges = Recorded<Int>()
            func textField(
                _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
            )
                -> Bool
            {
                ranges.append(range.location)
                return true
            }
        }
        let spy = Spy()
        let rule = TextFieldRule("spy") { field in field.delegate = spy }
        let zhuyin = Self.session(
            "",
            [
                .setMarkedText("ㄨ", selectedRange: .caret(at: 1)), .setMarkedText("ㄨㄤ", selectedRange: .caret(at: 2)),
                .insertText("王"),
            ])
        _ = try CorpusReplay(rule: rule, corpus: .sessions([zhuyin]), profiles: [.ios26Multi])
        #expect(spy.ranges.all.last == 2, "iOS 26 reports the commit as [{2, 0}]")
    }
}

/// The keyboard in use and the undo manager, as pasted rules read and change them.
@Suite struct InputModeAndUndoManagerTests {
    /// The limiter Chinese apps paste (seed 001, jianshu/CSDN posts): the limit applies only
    /// while a Simplified Chinese keyboard is up, and only to committed text.
    final class ChineseKeyboardLimit: NSObject, UITextFieldDelegate {
        let limit: Int
        init(limit: Int) { self.limit = limit }

        func textDidChange(_ textField: UITextField) {
            let language = textField.textInputMode?.primaryLanguage
            if language == "zh-Hans" {
                guard textField.markedTextRange == nil, let text = textField.text, text.count > limit else { return }
                textField.text = String(text.prefix(limit))
            }
            // Every other keyboard: no limit at all (the bug).
        }
    }

    static func limiter(_ limit: Int, current: Bool = false) -> TextFieldRule {
        TextFieldRule("zh-hans-gated-limit", contract: .maxLength(limit)) { field in
            let delegate = ChineseKeyboardLimit(limit: limit)
            field.retained.append(delegate)
            field.addAction(
                UIAction { [unowned field] _ in
                    // The Objective-C spelling reads the current input mode instead.
                    if current { #expect(UITextInputMode.currentInputMode() === field.textInputMode) }
                    delegate.textDidChange(field)
                }, for: .editingChanged)
        }
    }

    /// Gated on `zh-Hans`, the limit holds for Pinyin and is exceeded on a Korean and an
    /// English keyboard, which the corpus finds.
    @Test func aLimiterGatedOnZhHansIsExceededOnOtherKeyboards() throws {
        let run = try CorpusReplay(rule: Self.limiter(4, current: true), corpus: .bundled, properties: false)
        let exceeded = Set(run.discrepancies.filter { $0.kind == .limitExceeded }.map(\.session))
        let sessions = try Corpus.bundled.load()
        let families = Set(sessions.filter { exceeded.contains($0.id) }.map(\.ime))
        #expect(families.contains(.hangul) && families.contains(.latin), "\(families)")
        #expect(!families.contains(.pinyin) && !families.contains(.wubi), "\(families)")
        #expect(sessions.first { $0.ime == .pinyin }?.primaryLanguage == "zh-Hans")
        #expect(sessions.first { $0.ime == .hangul }?.primaryLanguage == "ko-KR")
    }

    /// The snippet every limit needs since undo after a refused paste crashes (jianshu.com
    /// /p/8a18baf0a252): emptying the undo manager where the delegate refuses. The corpus's
    /// refused-paste-then-undo session then crashes nothing; the same delegate without the
    /// call crashes.
    final class RefusingLimit: NSObject, UITextFieldDelegate {
        let clearsUndo: Bool
        init(clearsUndo: Bool) { self.clearsUndo = clearsUndo }

        func textField(
            _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
        ) -> Bool {
            let text = (textField.text ?? "") as NSString
            guard text.replacingCharacters(in: range, with: string).count > 10 else { return true }
            if clearsUndo { textField.undoManager?.removeAllActions() }
            return false
        }
    }

    @Test func removingAllUndoActionsWhereTheDelegateRefusesPreventsTheCrash() throws {
        let session = try #require(try Corpus.bundled.load().first { $0.id == "programmatic-undo-after-refused-paste" })
        for clearsUndo in [false, true] {
            let delegate = RefusingLimit(clearsUndo: clearsUndo)
            let rule = TextFieldRule("limit-10") { field in
                field.delegate = delegate
                field.retained.append(delegate)
            }
            let run = try CorpusReplay(rule: rule, corpus: .sessions([session]), properties: false)
            let crashed = run.discrepancies.contains { $0.kind == .ruleCrashed }
            #expect(crashed == !clearsUndo, "clearsUndo \(clearsUndo): \(run.discrepancies.map(\.kind))")
        }
    }
}
