import Composition
import Graphemes
import Synchronization

/// A decimal number field: spec `decimal[:separator=region|.|,]` (default `region`).
///
/// Keeps digits and at most one separator. With `separator=region` (what
/// `NumberFormatter()` does with `Locale.current`) the separator is the decimal separator
/// of the device's region, the one its decimal pad shows (`,` in de-DE, `٫` in ar-EG), and
/// the region's own digits (٣ in ar-EG) are kept as ASCII digits; with no known region,
/// `.`. A digit is a cluster of General_Category Nd whose NFKC form is an ASCII digit,
/// stored as that ASCII digit: the fullwidth １２３ a CJK input method produces in
/// full-width mode becomes 123, while digits of other scripts (other than the region's)
/// are dropped. A separator is a cluster whose NFKC form is the separator (fullwidth ．
/// counts as "."). Like every correct rule it judges the text once nothing is marked, on
/// what the event inserted (``CommittedEdit``): a paste of "1,234.50" keeps "1234.50" when
/// the separator is ".", a second separator is dropped.
package struct DecimalRule: DecidesAfterTheChange {
    /// The fixed separators a spec may name (besides `region`).
    package static let separators: [String] = [".", ","]

    package let separator: UInt16
    /// Whether the separator and digits are the device region's (resolved by ``onDevice(region:)``).
    package let followsRegion: Bool
    /// The region's digits zero to nine when they are not ASCII, kept as ASCII digits.
    package let regionDigits: [UTF16Text]
    package let spec: String

    /// A rule with a fixed separator, or with `nil` the device region's.
    package init(separator: Character?, spec: String) {
        self.separator = separator?.utf16.first ?? 0x2E
        followsRegion = separator == nil
        regionDigits = []
        self.spec = spec
    }

    private init(region numbers: LocaleNumbers?, spec: String) {
        let separator = numbers?.decimalSeparator.units ?? []
        self.separator = separator.count == 1 ? separator[0] : 0x2E
        followsRegion = true
        let digits = numbers?.digits ?? []
        regionDigits = digits.first?.units.first.map { $0 < 0x80 } ?? true ? [] : digits
        self.spec = spec
    }

    /// Each region's numbers, read from ICU once.
    private static let regions = Mutex<[String: LocaleNumbers?]>([:])

    package func onDevice(region: String?) -> any InputRule {
        guard followsRegion, let region else { return self }
        let numbers = Self.regions.withLock { cache in
            if let known = cache[region] { return known }
            let read = try? LocaleNumbers(languageTag: region)
            cache[region] = read
            return read
        }
        return DecimalRule(region: numbers, spec: spec)
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
            if let value = regionDigits.firstIndex(where: { $0.units.elementsEqual(cluster) }) {
                kept.append(0x30 + UInt16(value))
                continue
            }
            let folded = UTF16Text(units: cluster).nfkc.units
            guard folded.count == 1 else { continue }
            if cluster.classification.clusterClass == .digit, folded[0] < 0x80 {
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
