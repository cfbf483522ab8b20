import Foundation
import IMEHarness
import Testing

/// Issue 42: each Android rule shape, pasted as apps write it with its known bug found, and
/// written correctly, passing the Android corpus and fuzzing.
@Suite struct AndroidShapesTests {
    /// The failure message of `rule` over the Android corpus, or `nil` when it passes.
    static func corpusFailure(_ rule: AndroidRule) -> String? {
        do {
            try HarnessAssert.noDiscrepancies(android: rule)
            return nil
        } catch {
            return error.description
        }
    }

    struct Shape: Sendable, CustomTestStringConvertible {
        var name: String
        var asWritten: AndroidRule
        /// What the corpus finds in the rule as written.
        var bug: String
        var correct: AndroidRule
        var testDescription: String { name }
    }

    static let shapes: [Shape] = [
        // editText.setFilters(new InputFilter[] { new InputFilter.LengthFilter(10) });
        Shape(
            name: "InputFilter.LengthFilter", asWritten: AndroidTests.lengthFilter10, bug: "composition-interrupted",
            correct: PrecisionRules.compositionAwareFilter),
        // <TextInput maxLength={10} /> (Expo #35526)
        Shape(
            name: "React Native maxLength", asWritten: .reactNativeMaxLength(10), bug: "deletion-blocked",
            correct: PrecisionRules.compositionAwareFilter),
        // public void afterTextChanged(Editable s) { if (s.length() > 10) s.delete(10, s.length()); }
        Shape(
            name: "TextWatcher",
            asWritten: .textWatcher(
                "watcher-delete-past-10", contract: .maxLength(10, .utf16),
                afterTextChanged: { s in
                    if s.length > 10 { s.delete(10, s.length) }
                }), bug: "composition-interrupted", correct: PrecisionRules.watcherLeavingComposingText),
        // TextField(value = text, onValueChange = { if (it.text.length <= 10) text = it })
        Shape(
            name: "Compose onValueChange",
            asWritten: .compose("compose-refuse-past-10", contract: .maxLength(10, .utf16)) { state, proposed in
                proposed.text.utf16.count <= 10 ? proposed : state
            }, bug: "composition-interrupted", correct: AndroidShapesTests.composeCorrect),
        // TextField(inputFormatters: [LengthLimitingTextInputFormatter(5)]) (Flutter #68892:
        // `enforced`, Android's default, cuts the word Gboard composes)
        Shape(
            name: "Flutter LengthLimitingTextInputFormatter",
            asWritten: AndroidRule.flutter(
                "flutter-length-limiting-5-composition-safe-contract",
                contract: .maxLength(5, .graphemes),
                formatters: [LengthLimitingTextInputFormatter(5).formatEditUpdate]), bug: "deletion-blocked",
            correct: AndroidShapesTests.flutterCorrect),
    ]

    /// Flutter, written correctly: `truncateAfterCompositionEnds` without its first clause
    /// ("If already at the maximum and tried to enter even more, and the old value is not
    /// composing, keep the old value"), which refuses a composition begun in a full field
    /// while Gboard, not restarted, keeps composing it: its Backspaces then go to a
    /// composition the field does not show (found by the fuzzer, `deletion-blocked`).
    static let flutterCorrect = AndroidRule.flutter(
        "flutter-limit-after-composition-5", contract: .maxLength(5, .graphemes),
        formatters: [
            { _, new in
                new.composing != nil || new.text.count <= 5 ? new : LengthLimitingTextInputFormatter.truncate(new, 5)
            }
        ])

    /// Compose, written correctly: the proposal is kept while anything composes; once
    /// nothing does, whole characters past the limit are cut.
    static let composeCorrect = AndroidRule.compose(
        "compose-limit-after-composition", contract: .maxLength(10, .graphemes)
    ) {
        _, proposed in
        guard proposed.composing == nil, proposed.text.count > 10 else { return proposed }
        let text = String(proposed.text.prefix(10))
        let caret = min(proposed.selection.location, text.utf16.count)
        return TextFieldValue(text: text, selection: NSRange(location: caret, length: 0))
    }

    @Test(arguments: shapes)
    func theShapeAsWrittenIsFoundAndTheCorrectOnePasses(_ shape: Shape) throws {
        let failure = try #require(Self.corpusFailure(shape.asWritten), "\(shape.name) as written passes")
        #expect(failure.contains(shape.bug + " under gboard"), "\(failure.prefix(2000))")
        #expect(Self.corpusFailure(shape.correct) == nil, "\(Self.corpusFailure(shape.correct)?.prefix(2000) ?? "")")
        try HarnessAssert.survivesFuzzing(android: shape.correct, iterations: 600, seed: 7)
    }
}
