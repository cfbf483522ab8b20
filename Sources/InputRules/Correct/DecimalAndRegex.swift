import Composition
import Graphemes

/// A decimal number field: spec `decimal[:separator=.|,]` (default `.`).
///
/// Keeps digits and at most one separator. A digit is a cluster of General_Category Nd
/// whose NFKC form is an ASCII digit, stored as that ASCII digit: the fullwidth １２３ a
/// CJK input method produces in full-width mode becomes 123, while ١٢٣ and ७, which no
/// NFKC folds to ASCII, are dropped. A separator is a cluster whose NFKC form is the
/// separator (fullwidth ． counts as "."). Like every correct rule it judges the text
/// once nothing is marked, on what the event inserted (``CommittedEdit``): a paste of
/// "1,234.50" keeps "1234.50", a second separator is dropped.
package struct DecimalRule: DecidesAfterTheChange {
    package static let separators: [String] = [".", ","]

    package let separator: UInt16
    package let spec: String

    package init(separator: Character = ".", spec: String) {
        self.separator = separator.utf16.first ?? 0x2E
        self.spec = spec
    }

    package var contract: RuleContract {
        RuleContract(
            promise: "a decimal number: ASCII digits and at most one '\(UTF16Text(units: [separator]))'",
            allowedClasses: [.digitASCII, .cluster(.punctuation)], textPromise: .decimal(separator: separator),
            compositionSafe: true, profileIndependent: true)
    }

    package func editingChanged(_ change: FieldChange) -> TextAssignment? {
        guard let edit = CommittedEdit(change) else { return nil }
        var hasSeparator =
            edit.text.units[..<edit.inserted.lowerBound].contains(separator)
            || edit.text.units[edit.inserted.upperBound...].contains(separator)
        var kept: [UInt16] = []
        for index in edit.pieces.indices where edit.isWholeCluster(index) {
            let cluster = edit.cluster(index)
            let folded = UTF16Text(units: cluster).nfkc.units
            guard folded.count == 1, folded[0] < 0x80 else { continue }
            if cluster.classification.clusterClass == .digit {
                kept.append(folded[0])
            } else if folded[0] == separator, !hasSeparator {
                kept.append(separator)
                hasSeparator = true
            }
        }
        return kept.elementsEqual(edit.text.units[edit.inserted])
            ? nil : edit.unbroken(edit.assignment(keeping: kept), before: change.before)
    }
}

/// The committed text must match an ICU regular expression as a whole (`uregex_matches`,
/// NSPredicate `MATCHES`): spec `regex:pattern=…`, or a JSON rule file for a pattern
/// with commas.
///
/// Judged once nothing is marked, on the whole committed text. When an event leaves a
/// text that does not match, the rule keeps the longest head of what the event inserted
/// (whole clusters) with which the text matches; failing that, it restores the committed
/// text from before the event, if that matched. Write the pattern for every stage of
/// typing (`\d{0,6}`, not `\d{6}`): a text is judged at every keystroke.
package struct RegexRule: DecidesAfterTheChange {
    package let regex: ICURegex
    package let spec: String

    package init(_ regex: ICURegex, spec: String) {
        self.regex = regex
        self.spec = spec
    }

    package var contract: RuleContract {
        RuleContract(
            promise: "the committed text matches \(regex.pattern.visibleDescription)", textPromise: .matches(regex),
            compositionSafe: true, profileIndependent: true)
    }

    package func editingChanged(_ change: FieldChange) -> TextAssignment? {
        guard let edit = CommittedEdit(change) else { return nil }
        guard !regex.matchesWhole(edit.text) else { return nil }
        for count in stride(from: edit.pieces.count - 1, through: 0, by: -1) {
            let candidate = edit.assignment(keepingPieces: count)
            if regex.matchesWhole(candidate.text) { return edit.unbroken(candidate, before: change.before) }
        }
        let old = change.before.committedText
        guard regex.matchesWhole(old) else { return nil }
        return TextAssignment(old, selection: .caret(at: min(edit.inserted.lowerBound, old.length)))
    }
}
