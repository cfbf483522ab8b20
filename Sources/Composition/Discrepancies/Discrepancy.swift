import Graphemes
import HarnessJSON

/// The kinds of disagreement the harness reports; the raw values are stable identifiers.
public enum DiscrepancyKind: String, Sendable, CaseIterable {
    /// Applying the call's range(s) and replacement to the current text does not give the text the field holds after the change.
    case proposedTextMismatch = "proposed-text-mismatch"
    /// A length (UTF-16, scalars, graphemes) of the proposed text differs between profiles for the same event.
    case lengthMismatch = "length-mismatch"
    /// The same rule accepts the event under one profile and rejects it under another.
    case verdictMismatch = "verdict-mismatch"
    /// The profiles end the session with different texts.
    case finalTextMismatch = "final-text-mismatch"
    /// A range lies outside the text it refers to.
    case rangeOutOfBounds = "range-out-of-bounds"
    /// A range ends between the two units of a surrogate pair.
    case rangeSplitsSurrogate = "range-splits-surrogate"
    /// A range ends inside a grapheme cluster.
    case rangeSplitsGrapheme = "range-splits-grapheme"
    /// A rule rejected a marked-text update or a commit, or replaced the text while text was marked.
    case compositionInterrupted = "composition-interrupted"
    /// The text gained a lone surrogate or a split grapheme (orphan ZWJ, lone regional indicator, lone modifier).
    case brokenText = "broken-text"
    /// The committed text breaks the limit the rule spec declares, in its declared unit.
    case limitExceeded = "limit-exceeded"
    /// The profile's predicted call differs from the call observed on a device.
    case observedMismatch = "observed-mismatch"
    /// The field ends with a text other than the session's `expect.text` (replays with the `none` rule).
    case expectedTextMismatch = "expected-text-mismatch"
    /// The rule did what brings an app down on this event: a regular expression that ran
    /// past the time and stack limits the harness sets on ICU's matcher (on a device, where
    /// `NSRegularExpression` sets none, the app freezes).
    case ruleCrashed = "rule-crashed"
    /// A key of the field's own number, decimal or phone pad was refused where the pad is
    /// made for it: a digit in an empty field, the region's decimal separator after the
    /// first digits (``KeyboardKeys/isHome(_:after:)``), with the rule's limit not reached.
    case keyRefused = "key-refused"

    /// What a discrepancy of a kind points at.
    public enum Cause: Sendable {
        /// The platform: how iOS reports a change (`proposed-text-mismatch`, `length-mismatch`,
        /// the `range-*` kinds) or how a profile compares with recordings
        /// (`observed-mismatch`, `expected-text-mismatch`). These show in every replay,
        /// whatever the rule.
        case platform
        /// The rule under test: what it does to compositions, text, limits and verdicts.
        case rule
    }

    /// What a discrepancy of this kind points at.
    public var cause: Cause {
        switch self {
        case .compositionInterrupted, .brokenText, .limitExceeded, .verdictMismatch, .finalTextMismatch, .ruleCrashed,
            .keyRefused:
            .rule
        case .proposedTextMismatch, .lengthMismatch, .rangeOutOfBounds, .rangeSplitsSurrogate, .rangeSplitsGrapheme,
            .observedMismatch, .expectedTextMismatch:
            .platform
        }
    }

    /// The kinds a rule causes (those whose ``cause`` is ``Cause/rule``).
    public static var causedByRules: Set<DiscrepancyKind> { Set(allCases.filter { $0.cause == .rule }) }

    /// The kinds a rule with `contract` is judged by: what every rule must not do (break
    /// text, crash) and what its contract claims (a limit, composition safety, profile
    /// independence), less what it leaves ``RuleContract/unchecked`` (by the fuzzer's
    /// property names: `key-refused`, `profile-dependent` for the verdicts and final
    /// texts, …). A digits-only field that refuses Pinyin letters on purpose does not
    /// claim composition safety, so an interrupted composition is reported, not failed.
    public static func claimed(by contract: RuleContract) -> Set<DiscrepancyKind> {
        var kinds: Set<DiscrepancyKind> = [.brokenText, .ruleCrashed, .keyRefused]
        if contract.limit != nil { kinds.insert(.limitExceeded) }
        if contract.compositionSafe { kinds.insert(.compositionInterrupted) }
        if contract.profileIndependent { kinds.formUnion([.verdictMismatch, .finalTextMismatch]) }
        // What the contract leaves unchecked by the fuzzer's name is not claimed either.
        return kinds.filter { kind in
            let name = kind == .verdictMismatch || kind == .finalTextMismatch ? "profile-dependent" : kind.rawValue
            return !contract.unchecked.contains(name)
        }
    }

    /// One sentence saying what the kind means, for reports.
    public var explanation: String {
        switch self {
        case .proposedTextMismatch:
            "The text the delegate call implies is not the text the field ends up with, so a check on the proposed text checks the wrong text."
        case .lengthMismatch: "The same keystroke gives a proposed text of different lengths on different platforms."
        case .verdictMismatch: "The same rule accepts this change on one platform and rejects it on another."
        case .finalTextMismatch: "The field ends with different text on different platforms."
        case .rangeOutOfBounds: "A range lies outside the text it refers to."
        case .rangeSplitsSurrogate: "A range cuts a surrogate pair in half, leaving a lone surrogate."
        case .rangeSplitsGrapheme: "A range cuts a grapheme cluster (an emoji, a flag, a letter with its marks) apart."
        case .compositionInterrupted:
            "The rule interfered with marked text, so the input method's composition and the field no longer agree."
        case .brokenText: "The text now holds a fragment of a character: a lone surrogate or part of an emoji sequence."
        case .limitExceeded: "The committed text is longer than the rule's declared limit."
        case .observedMismatch: "The profile predicts a different delegate call than the one recorded on a device."
        case .expectedTextMismatch: "The field does not end with the text the session's recording says it should."
        case .ruleCrashed: "The rule would bring the app down here: it trapped, or a regular expression ran away."
        case .keyRefused:
            "The rule refuses a key of the field's own keyboard where that keyboard is made for it (a digit in an empty field, the region's decimal separator after digits)."
        }
    }
}

/// One disagreement found in a replay.
///
/// It keeps the concrete values as ``Evidence``; the one-sentence ``message`` and the
/// structured ``details`` are rendered from them only when a report asks.
package struct Discrepancy: Hashable, Sendable {
    package var kind: DiscrepancyKind
    /// The 0-based index into the session's `events`, or `nil` for the session as a whole.
    package var event: Int?
    package var profiles: [String]
    package var rule: String
    package var evidence: Evidence
    /// Why it is the rule's fault, in the words of the rule's contract
    /// (``RuleContract/reason(for:)``); `nil` for what points at the platform.
    package var why: String?

    package init(kind: DiscrepancyKind, event: Int?, profiles: [String], rule: String, evidence: Evidence) {
        self.kind = kind
        self.event = event
        self.profiles = profiles
        self.rule = rule
        self.evidence = evidence
    }

    /// The values behind a discrepancy.
    package enum Evidence: Hashable, Sendable {
        /// A call, the field the delegate saw, what the call implies, and what the field held
        /// after it — or, when the rule rejected the call, would have held had it been accepted.
        case proposedText(
            profile: String, call: DelegateCall, seen: FieldState, proposed: UTF16Text, actual: UTF16Text,
            accepted: Bool)
        /// A call whose range is invalid or off a boundary.
        case callRange(profile: String, call: DelegateCall, seen: FieldState, problem: RangeProblem)
        /// An event whose own range does not fit the field.
        case skippedEvent(SessionEvent, field: FieldState, problem: RangeProblem)
        /// A rejected marked-text update or commit.
        case rejectedComposition(profile: String, event: SessionEvent, call: DelegateCall, seen: FieldState)
        /// Text assigned by an editingChanged handler while text was marked.
        case assignedWhileMarked(assigned: UTF16Text, after: FieldState)
        /// Broken spots an event added.
        case brokenText(event: SessionEvent, after: FieldState, spots: [BrokenSpot])
        /// Committed text longer than the rule's declared limit.
        case limit(profile: String, limit: RuleContract.Limit, length: Int, after: FieldState)
        /// The profile's prediction against a device recording.
        case observed(profile: String, event: SessionEvent, predicted: [DelegateCall], observed: DelegateCall)
        /// The proposed text's lengths per profile.
        case lengths([ProfileValue<TextLengths>])
        /// The rule's verdict per profile.
        case verdicts([ProfileValue<Bool>])
        /// The final field per profile.
        case finalFields([ProfileValue<FieldState>])
        /// The final field against the session's expectation.
        case expectedText(profile: String, expected: UTF16Text, actual: FieldState)
        /// What the rule did on an event that would bring an app down.
        case ruleFault(profile: String, event: SessionEvent, field: FieldState, fault: String)
        /// A key of the field's pad the rule did not keep; `keyboard` names the pad and its keys.
        case keyRefused(profile: String, key: UTF16Text, keyboard: String, before: FieldState, after: FieldState)
    }

    /// One sentence with the concrete values that differ.
    package var message: String {
        switch evidence {
        case .proposedText(let profile, let call, let seen, let proposed, let actual, let accepted):
            let implied =
                "\(profile) calls \(call) on \"\(seen.briefNotation)\": the call implies \"\(proposed.briefDescription)\""
            guard accepted else {
                return implied
                    + " where accepting it would leave \"\(actual.briefDescription)\"; rule \(rule) rejected it, so the field still holds \"\(seen.text.briefDescription)\""
            }
            return implied + " but the field then holds \"\(actual.briefDescription)\""
        case .callRange(let profile, let call, let seen, let problem):
            return "\(profile) calls \(call) on \"\(seen.briefNotation)\": \(problem)"
        case .skippedEvent(let event, let field, let problem):
            return "\(event) cannot apply to \"\(field.briefNotation)\": \(problem); the event was skipped"
        case .rejectedComposition(let profile, let event, let call, let seen):
            return
                "rule \(rule) rejected \(event) (\(profile) call \(call)) on \"\(seen.briefNotation)\"; the input method carries on from its own state"
        case .assignedWhileMarked(let assigned, let after):
            return
                "rule \(rule) assigned \"\(assigned.briefDescription)\" to the field while text was marked, ending the composition: \"\(after.briefNotation)\""
        case .brokenText(let event, let after, let spots):
            return
                "after \(event) the field holds \"\(after.briefNotation)\" with \(spots.map(\.description).joined(separator: ", "))"
        case .limit(let profile, let limit, let length, let after):
            return
                "under \(profile) the committed text of \"\(after.briefNotation)\" measures \(length) \(limit.unit.rawValue), over the limit of \(limit.count)"
        case .observed(let profile, let event, let predicted, let observed):
            let shown = predicted.isEmpty ? "no call" : predicted.map(\.description).joined(separator: "; ")
            return "\(profile) predicts \(shown) for \(event), but the device called \(observed)"
        case .lengths(let values):
            return "the proposed text measures (UTF-16/scalars/graphemes) "
                + values.map { "\($0.value) under \($0.profile)" }.joined(separator: ", ")
        case .verdicts(let values):
            return "rule \(rule) "
                + values.map { "\($0.value ? "accepts" : "rejects") under \($0.profile)" }.joined(separator: ", ")
        case .finalFields(let values):
            return "the field ends as "
                + values.map { "\"\($0.value.briefNotation)\" under \($0.profile)" }.joined(separator: ", ")
        case .expectedText(let profile, let expected, let actual):
            return
                "\(profile) ends with \"\(actual.briefNotation)\", the session expects \"\(expected.briefDescription)\""
        case .ruleFault(let profile, let event, let field, let fault):
            return "rule \(rule) on \(event) on \"\(field.briefNotation)\" under \(profile): \(fault)"
        case .keyRefused(let profile, let key, let keyboard, let before, let after):
            return
                "under \(profile) rule \(rule) did not keep the \"\(key.briefDescription)\" key of the \(keyboard) typed on \"\(before.briefNotation)\": the field holds \"\(after.briefNotation)\", so its own keyboard cannot fill it"
        }
    }

    /// The concrete values as a JSON object.
    package var details: JSONValue {
        switch evidence {
        case .proposedText(_, let call, let seen, let proposed, let actual, let accepted):
            return .object([
                ("call", call.json), ("field", .string(seen.notation)), ("proposedText", .string(proposed)),
                ("actualText", .string(actual)), ("accepted", .bool(accepted)),
            ])
        case .callRange(_, let call, let seen, let problem):
            return .object([
                ("call", call.json), ("field", .string(seen.notation)), ("problem", .string(problem.description)),
            ])
        case .skippedEvent(_, let field, let problem):
            return .object([("field", .string(field.notation)), ("problem", .string(problem.description))])
        case .rejectedComposition(_, _, let call, let seen):
            return .object([("call", call.json), ("field", .string(seen.notation))])
        case .assignedWhileMarked(let assigned, let after):
            return .object([("assigned", .string(assigned)), ("field", .string(after.notation))])
        case .brokenText(_, let after, let spots):
            return .object([
                ("field", .string(after.notation)), ("spots", .array(spots.map { .string($0.description) })),
            ])
        case .limit(_, let limit, let length, let after):
            return .object([
                ("field", .string(after.notation)), ("limit", .int(limit.count)),
                ("unit", .string(limit.unit.rawValue)),
                ("length", .int(length)),
            ])
        case .observed(_, _, let predicted, let observed):
            return .object([("predicted", .array(predicted.map(\.json))), ("observed", observed.json)])
        case .lengths(let values):
            return .object(
                values.map {
                    (
                        $0.profile,
                        .object([
                            ("utf16", .int($0.value.utf16)), ("scalars", .int($0.value.scalars)),
                            ("graphemes", .int($0.value.graphemes)),
                        ])
                    )
                })
        case .verdicts(let values):
            return .object(values.map { ($0.profile, .bool($0.value)) })
        case .finalFields(let values):
            return .object(values.map { ($0.profile, .string($0.value.text)) })
        case .expectedText(_, let expected, let actual):
            return .object([("expected", .string(expected)), ("actual", .string(actual.text))])
        case .ruleFault(_, _, let field, let fault):
            return .object([("field", .string(field.notation)), ("fault", .string(fault))])
        case .keyRefused(_, let key, let keyboard, let before, let after):
            return .object([
                ("key", .string(key)), ("keyboard", .string(keyboard)), ("field", .string(before.notation)),
                ("after", .string(after.notation)),
            ])
        }
    }
}
