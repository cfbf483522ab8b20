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
