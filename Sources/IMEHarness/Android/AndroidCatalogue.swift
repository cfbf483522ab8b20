import Composition

/// The Android rules the command line builds from a spec (`NAME[:key=value,…]`), as it
/// builds the iOS catalogue's: the shapes apps ship, and their correct versions.
public enum AndroidCatalogue {
    /// One rule the catalogue builds.
    package struct Definition: Sendable {
        package let name: String
        /// Where it comes from: `correct` for the harness's own, else the code it reproduces.
        package let origin: String
        /// One line: what the rule does.
        package let summary: String
        package let parameters: [RuleParameter]
        let build: @Sendable (RuleArguments) throws(RuleSpecError) -> AndroidRule

        /// `android-length-filter:max-length=…` as `rules` shows the syntax.
        package var synopsis: String { RuleParameter.synopsis(of: name, parameters) }
    }

    static let limit = RuleParameter("max-length", "a whole number from 1 to \(RuleArguments.maximumLimit)")

    /// A rule that is AOSP's `LengthFilter(max-length)` on an `EditText`.
    static func lengthFilter(_ name: String, origin: String, _ summary: String) -> Definition {
        Definition(name: name, origin: origin, summary: summary, parameters: [limit]) {
            arguments throws(RuleSpecError) in
            let max = try arguments.int("max-length", minimum: 1) ?? 1
            return .inputFilters(arguments.specText, contract: .maxLength(max, .utf16), [InputFilter.LengthFilter(max)])
        }
    }

    /// The catalogue, in the order `rules` lists it.
    package static let definitions: [Definition] = [
        lengthFilter(
            "android-length-filter", origin: "AOSP (InputFilter.LengthFilter)",
            "setFilters(new InputFilter[] { new InputFilter.LengthFilter(max-length) }), as AOSP writes it."),
        lengthFilter(
            "react-native-max-length", origin: "React Native (ReactEditText)",
            "<TextInput maxLength={max-length}> on Android: a LengthFilter on its ReactEditText."),
        Definition(
            name: "flutter-length-limiting", origin: "Flutter (text_formatter.dart)",
            summary:
                "LengthLimitingTextInputFormatter(max-length, maxLengthEnforcement: enforcement), as Flutter writes it.",
            parameters: [
                limit,
                RuleParameter("enforcement", "enforced or truncate-after-composition-ends", default: "enforced"),
            ]
        ) { arguments throws(RuleSpecError) in
            let max = try arguments.int("max-length", minimum: 1) ?? 1
            let enforcement: MaxLengthEnforcement
            switch arguments.string("enforcement") {
            case "enforced": enforcement = .enforced
            case "truncate-after-composition-ends": enforcement = .truncateAfterCompositionEnds
            default: throw arguments.bad("enforcement")
            }
            let rule = LengthLimitingTextInputFormatter(max, maxLengthEnforcement: enforcement).rule
            return AndroidRule(arguments.specText, contract: rule.contract, binding: rule.binding)
        },
        Definition(
            name: "android-composition-aware-filter", origin: "correct",
            summary: """
                An InputFilter that leaves composing text to the keyboard and keeps whole characters of what fits \
                of a commit, with a SpanWatcher trimming a composition finished without one: a correct limit.
                """,
            parameters: [limit]
        ) { arguments throws(RuleSpecError) in
            let max = try arguments.int("max-length", minimum: 1) ?? 1
            return AndroidRule.compositionAwareFilter(arguments.specText, maxLength: max)
        },
        Definition(
            name: "android-composition-aware-watcher", origin: "correct",
            summary: """
                A TextWatcher that leaves the text alone while anything composes and otherwise trims what was \
                just committed to fit, with the same SpanWatcher: a correct limit.
                """,
            parameters: [limit]
        ) { arguments throws(RuleSpecError) in
            let max = try arguments.int("max-length", minimum: 1) ?? 1
            return AndroidRule.compositionAwareWatcher(arguments.specText, maxLength: max)
        },
    ]

    /// The names of the rules, sorted.
    public static var names: [String] { definitions.map(\.name).sorted() }

    /// Whether `spec` names an Android rule (by its name, before any `:`).
    public static func names(_ spec: String) -> Bool {
        let name = spec.split(separator: ":", maxSplits: 1).first.map(String.init) ?? spec
        return definitions.contains { $0.name == name }
    }

    /// The rule `spec` names, with its parameters checked as the iOS catalogue checks them.
    ///
    /// - Throws: a `RuleSpecError` naming the spec and what is wrong.
    package static func rule(_ spec: String) throws(RuleSpecError) -> AndroidRule {
        let parsed = try RuleSpec(parsing: spec)
        guard let definition = definitions.first(where: { $0.name == parsed.name }) else {
            throw .unknownRule(name: parsed.name, known: names)
        }
        return try definition.build(RuleArguments(checking: parsed, against: definition.parameters))
    }

    /// Each rule with its summary and parameters, for `docs/android.md` and `--help`.
    public static var listing: [(name: String, summary: String, parameters: String)] {
        definitions.map { definition in
            (
                definition.name, definition.summary,
                definition.parameters.map { "\($0.key): \($0.expected)" }.joined(separator: "; ")
            )
        }
    }
}

extension AndroidRule {
    /// A length limit written correctly for Android's input connection: an `InputFilter`
    /// that leaves composing text to the keyboard (the source carries the composing span
    /// `setComposingText` put on it) and keeps whole characters of what fits of every
    /// commit, and a `SpanWatcher` that trims a composition ended without a commit
    /// (`finishComposingText`, which runs no filter) by whole characters before the caret.
    public static func compositionAwareFilter(_ name: String, maxLength: Int) -> AndroidRule {
        .inputFilters(
            name, contract: .maxLength(maxLength, .utf16),
            [
                InputFilter("composition-aware-length-\(maxLength)") { source, start, end, dest, dstart, dend in
                    if BaseInputConnection.getComposingSpanStart(source) != -1 { return nil }
                    let keep = maxLength - (dest.length - (dend - dstart))
                    if keep >= end - start { return nil }
                    if keep <= 0 { return "" }
                    return source.subSequence(
                        start, start + wholeCharacters(of: source.subSequence(start, end), fitting: keep))
                }
            ], composingFinished: { s in trimBeforeCaret(s, maxLength: maxLength) })
    }

    /// A length limit written correctly as a `TextWatcher`: `afterTextChanged` leaves the
    /// text alone while anything composes, and otherwise deletes whole characters just
    /// before the caret (what was just committed) until the text fits; a `SpanWatcher` does
    /// the same when a composition ends without a commit.
    public static func compositionAwareWatcher(_ name: String, maxLength: Int) -> AndroidRule {
        .textWatcher(
            name, contract: .maxLength(maxLength, .utf16),
            composingFinished: { s in trimBeforeCaret(s, maxLength: maxLength) },
            afterTextChanged: { s in
                guard BaseInputConnection.getComposingSpanStart(s) == -1 else { return }
                trimBeforeCaret(s, maxLength: maxLength)
            })
    }

    /// How many UTF-16 units of `text`'s whole characters (grapheme clusters) fit in `room`.
    static func wholeCharacters(of text: Spanned, fitting room: Int) -> Int {
        var units = 0
        for cluster in text.text.clusters {
            guard units + cluster.range.length <= room else { break }
            units += cluster.range.length
        }
        return units
    }

    /// Deletes whole characters just before the caret until `s` fits `maxLength` units.
    static func trimBeforeCaret(_ s: Editable, maxLength: Int) {
        let excess = s.length - maxLength
        guard excess > 0 else { return }
        let caret = Selection.getSelectionEnd(s)
        var removed = 0
        for cluster in s.spanned.text[UTF16Range(0..<caret)].clusters.reversed() {
            guard removed < excess else { break }
            removed += cluster.range.length
        }
        s.delete(max(0, caret - removed), caret)
    }
}
