import Composition
import Graphemes

/// The delegate of seed 001 (`001_00ce0a37998d717f.txt`, "UITextField 不是 EditText 的换皮兄弟",
/// a Swift delegate for a 20-character digits-only field), spec `legacy-count-limit:limit=N`.
///
/// Original behaviour, in `textField(_:shouldChangeCharactersIn:replacementString:)`:
/// 1. `guard let stringRange = Range(range, in: current) else { return false }` — `nil`
///    (refused) when the range is out of bounds or either end is not on a Character
///    boundary (`String.Index(_:within:)`); ICU's grapheme boundaries stand in for
///    Swift's, with which they agree on all but one line of GraphemeBreakTest.txt.
/// 2. `updated.count > N` refuses: the proposed text's grapheme count, marked text
///    included.
/// 3. For a non-empty replacement, `CharacterSet.decimalDigits.isSuperset(of:
///    CharacterSet(charactersIn: string))` — every scalar General_Category Nd — else
///    refused. So ١٢٣ (Arabic-Indic), ७ and fullwidth １２３ all pass into a field whose
///    text `Int(_:)` then cannot read, while a keycap 1️⃣ is refused, and so is every
///    letter a CJK input method marks while composing.
///
/// Ported to the multi-range delegate as DESIGN.md describes: every range is checked as
/// in step 1, and step 2 measures the text the multi-range call implies. On iOS 26.0 a
/// commit reported as `[{2, 0}]` therefore counts the marked text twice.
package struct LegacyCountLimit: InputRule {
    package let limit: Int
    package let spec: String

    package var contract: RuleContract {
        RuleContract(
            promise: "only digits, at most \(limit) characters (String.count)", limit: .init(limit, .graphemes),
            allowedClasses: [.cluster(.digit)])
    }

    package func shouldChange(_ request: ChangeRequest) -> Bool {
        let current = request.field.text
        for range in request.call.ranges {
            guard range.location >= 0, range.length >= 0, range.end <= current.length,
                current.isGraphemeBoundary(range.location), current.isGraphemeBoundary(range.end)
            else { return false }
        }
        guard let updated = request.proposedText, updated.graphemeCount <= limit else { return false }
        let string = request.call.replacement
        if !string.isEmpty,
            !string.decodedUnits.allSatisfy({
                // A lone surrogate becomes U+FFFD on the way into a Swift String: not a digit.
                if case .scalar(let scalar) = $0 {
                    return CodePointProperties(scalar).generalCategory == .decimalNumber
                }
                return false
            })
        {
            return false
        }
        return true
    }
}

/// The coordinator of seed 003 (`003_38a9d7f71fdd59c1.txt`, "SwiftUI: Custom Numeric
/// TextField"), spec `legacy-numeric-field`.
///
/// Original behaviour, in `textFieldDidChangeSelection(_:)`: if `Float(text)` parses,
/// keep the text; otherwise `textField.text = String(text.prefix(text.count - 1))` —
/// drop the *last* character, wherever the caret is — or `""` when the text is empty.
/// The method runs on every selection change, and assigning the text moves the caret,
/// so (assumed here, as UIKit reports programmatic caret moves to this method) it runs
/// again until the text parses or is empty: typing `a` into `12|34` leaves `12`, not
/// `1234`. `Float(_:)` is Swift's own parser, used here as it is: it accepts `nan`,
/// `inf`, `1e5` and `0x1p3`, and refuses fullwidth digits and the empty string. Any
/// marked text makes the text unparsable, so a composition ends at its first letter.
package struct LegacyNumericField: InputRule {
    package let spec: String

    package init(spec: String) {
        self.spec = spec
    }

    package var contract: RuleContract {
        RuleContract(promise: "only numbers: the text always reads as a Float", textPromise: .parsesAsFloat)
    }

    package func editingChanged(_ change: FieldChange) -> TextAssignment? {
        var text = change.after.text
        var assigned = false
        while Float(String(decoding: text.units, as: UTF16.self)) == nil {
            assigned = true
            guard !text.isEmpty else { break }
            text.replace(UTF16Range(text.graphemeClusterStart(before: text.length)..<text.length), with: .empty)
        }
        return assigned ? TextAssignment(text) : nil
    }
}
