import Graphemes

/// Finds every disagreement of one session replayed with one rule under several profiles.
///
/// The replay feeds it each profile's step as soon as the step exists (``check(_:profile:)``),
/// says when all profiles have made an event's step (``endEvent(_:)``), and hands it the
/// final fields (``finish(finals:)``). It keeps what ``ReplayLimits`` allows and counts the rest.
struct DiscrepancyDetector {
    /// The session's keyboard when it is a pad, whose keys are checked (``checkKey``).
    private let padKeys: KeyboardKeys?
    /// The text the session says every profile ends with, when the run compares it.
    private let expected: UTF16Text?
    private let profiles: [String]
    private let rule: String
    private let contract: RuleContract
    private let limits: ReplayLimits
    private let measure: (UTF16Text) -> TextLengths
    /// Each profile's device recordings, for a rule under which they apply and a run that
    /// looks for `observed-mismatch`.
    private let recorded: [[DelegateCall?]?]
    /// Which of the kinds whose checks cost something the run looks for
    /// (``ReplayLimits/kinds``): the checks of the others are not made.
    private let looksFor: ReplayLimits.LooksFor
    /// The rule's limit when the run looks for `limit-exceeded`: read from the contract
    /// at every step, it took a reference to the contract's strings each time.
    private let limit: RuleContract.Limit?
    private var budget: DiscrepancyBudget
    private var found: [Discrepancy] = []
    /// Where the current event's discrepancies start in `found`.
    private var eventStart = 0
    /// What the comparison between profiles needs of the current event, in profile order.
    private var outcomes: [Outcome] = []

    init(
        session: Session, profiles: [String], rule: any InputRule, limits: ReplayLimits,
        measure: @escaping (UTF16Text) -> TextLengths = TextLengths.init(measuring:)
    ) {
        self.profiles = profiles
        self.rule = rule.spec
        // Rules build their contract when asked: once per session replay.
        let contract = rule.contract
        self.contract = contract
        self.limits = limits
        self.measure = measure
        // Recordings describe the field with no rule interfering.
        looksFor = limits.looksFor
        limit = limits.looksFor.limit ? contract.limit : nil
        recorded = profiles.map {
            contract.leavesFieldAlone && limits.looksFor.observed ? session.observed[$0] : nil
        }
        // Only what the checks read is kept of the session: a copy of it took a reference to
        // each of its texts and tables for every session replay.
        padKeys = session.keyboard.flatMap { $0.isPad ? $0 : nil }
        expected = looksFor.expected && contract.leavesFieldAlone ? session.expectedText : nil
        budget = DiscrepancyBudget(limits)
        outcomes.reserveCapacity(profiles.count)
    }

    /// Whether the detector compares steps with device recordings of the delegate's calls.
    var comparesRecordings: Bool { recorded.contains { $0 != nil } }

    /// Whether anything the detector looks for depends on a call's range problems or on the
    /// text it proposes (the range kinds, `proposed-text-mismatch`, `length-mismatch`): a
    /// run that looks for none of them (a fuzzer's) need not work them out for the calls
    /// of steps that show nothing else.
    var looksAtCalls: Bool { looksFor.ranges || looksFor.proposed || looksFor.lengths }

    /// Whether the detector looks for `broken-text`: a run that does not need not find the
    /// broken spots of the steps that show nothing else.
    var looksAtBrokenSpots: Bool { looksFor.broken }

    /// Checks what the step of the profile at `position` shows on its own.
    mutating func check(_ step: TraceStep, profile position: Int) {
        let profile = profiles[position]
        let event = step.eventIndex
        outcomes.append(Outcome(calls: step.calls))
        func add(_ kind: DiscrepancyKind, _ evidence: Discrepancy.Evidence) {
            found.append(Discrepancy(kind: kind, event: event, profiles: [profile], rule: rule, evidence: evidence))
        }
        if let problem = step.skipped {
            add(problem.kind, .skippedEvent(step.event, field: step.before, problem: problem))
            return
        }
        // Fields are read in place, through the buffer: subscripting the array copies a
        // whole record, retaining all of its texts.
        let looksFor = looksFor
        step.calls.withUnsafeBufferPointer { records in
            for index in records.indices {
                if looksFor.proposed, let proposed = records[index].proposedText,
                    proposed != records[index].resultingText
                {
                    let record = records[index]
                    add(
                        .proposedTextMismatch,
                        .proposedText(
                            profile: profile, call: record.call, seen: record.seen, proposed: proposed,
                            actual: record.resultingText, accepted: record.accepted))
                }
                if looksFor.ranges, !records[index].rangeProblems.isEmpty {
                    let record = records[index]
                    for problem in record.rangeProblems {
                        add(
                            problem.kind,
                            .callRange(profile: profile, call: record.call, seen: record.seen, problem: problem))
                    }
                }
                if records[index].isCompositionStep, !records[index].accepted {
                    let record = records[index]
                    add(
                        .compositionInterrupted,
                        .rejectedComposition(profile: profile, event: step.event, call: record.call, seen: record.seen)
                    )
                }
            }
        }
        if let rewritten = step.rewrittenTo, step.rewriteEndedComposition {
            add(.compositionInterrupted, .assignedWhileMarked(assigned: rewritten, after: step.after))
        }
        if let fault = step.ruleFault {
            add(.ruleCrashed, .ruleFault(profile: profile, event: step.event, field: step.before, fault: fault))
        }
        if looksFor.broken, !step.newBrokenSpots.isEmpty {
            add(.brokenText, .brokenText(event: step.event, after: step.after, spots: step.newBrokenSpots))
        }
        checkLimit(event: step.event, index: event, before: step.before, after: step.after, profile: position)
        if let padKeys { checkKey(step, profile: profile, keys: padKeys, add: add) }
        if let observed = recorded[position], event < observed.count, let expected = observed[event],
            step.calls.count != 1 || step.calls[0].call != expected
        {
            add(
                .observedMismatch,
                .observed(profile: profile, event: step.event, predicted: step.calls.map(\.call), observed: expected))
        }
    }

    /// Checks a step that a lean replay (``Replayer/leanReplay``) vouches shows nothing but
    /// what the step of an accepted, unremarkable call can show: its outcome for the
    /// comparison between profiles and the rule's limit. `proposed` is the text the step's
    /// call implied (`nil`: the step made no call).
    mutating func checkPlain(
        event: SessionEvent, index: Int, before: FieldState, after: FieldState, proposed: UTF16Text?,
        profile position: Int
    ) {
        // The text is kept only for a run that compares proposed texts between profiles.
        outcomes.append(Outcome(called: proposed != nil, accepted: true, proposed: looksFor.lengths ? proposed : nil))
        checkLimit(event: event, index: index, before: before, after: after, profile: position)
    }

    /// A commit that leaves the text as it was (`unmarkText`, editing ending) still turns
    /// marked text into committed text that counts against the limit. The app's own
    /// `setText` is not the rule's to limit.
    ///
    /// The committed text has at most the text's units less the marked ones: in a unit that
    /// never outnumbers UTF-16 units, a text that short keeps the limit unmeasured (the
    /// usual step of a composition).
    private mutating func checkLimit(
        event: SessionEvent, index: Int, before: FieldState, after: FieldState, profile position: Int
    ) {
        guard let limit, !event.isAppAssignment,
            after.text != before.text || after.markedRange != before.markedRange,
            after.text.length - (after.markedRange?.length ?? 0) > limit.count || !limit.unit.neverOutnumbersUTF16,
            after.text.exceeds(limit.count, in: limit.unit)
        else { return }
        let length = after.committedText.length(in: limit.unit)
        if length > limit.count, length > before.committedText.length(in: limit.unit) {
            let profile = profiles[position]
            found.append(
                Discrepancy(
                    kind: .limitExceeded, event: index, profiles: [profile], rule: rule,
                    evidence: .limit(profile: profile, limit: limit, length: length, after: after)))
        }
    }

    /// A key typed where the field's pad is made for it must be kept, unless the rule
    /// openly does not take it (``RuleContract/judgesKeys(typing:numberKey:after:)``): `key-refused`. Only a key typed at the end of a text
    /// with nothing marked or selected is judged: what the pad is for, not where the caret
    /// was moved.
    private func checkKey(
        _ step: TraceStep, profile: String, keys: KeyboardKeys, add: (DiscrepancyKind, Discrepancy.Evidence) -> Void
    ) {
        guard step.note == nil, step.skipped == nil, case .insertText(let key) = step.event else { return }
        let before = step.before
        guard before.markedRange == nil, before.selection == .caret(at: before.text.length),
            keys.isHome(key, after: before.text), step.after.text.length <= before.text.length
        else { return }
        let numberKey = keys.digits.contains(key) || key == keys.decimalSeparator
        guard contract.judgesKeys(typing: key, numberKey: numberKey, after: before.text) else { return }
        let pad =
            "\(keys.keyboard.type.rawValue) keyboard" + (keys.region.map { " (\($0))" } ?? "") + ", which types "
            + keys.description
        add(.keyRefused, .keyRefused(profile: profile, key: key, keyboard: pad, before: before, after: step.after))
    }

    /// Compares the profiles' steps of event `index`, then keeps what the limits allow of
    /// what the event showed.
    mutating func endEvent(_ index: Int) {
        compareOutcomes(event: index)
        dropKindsNotLookedFor()
        budget.admit(&found, from: eventStart)
        eventStart = found.count
        // `removeAll(keepingCapacity:)` takes a slow generic path; removing one by one does not.
        while !outcomes.isEmpty { outcomes.removeLast() }
    }

    /// Compares the fields each profile ends with (in profile order) and returns every
    /// discrepancy kept, in order, with the counts of those that were not.
    mutating func finish(finals: [FieldState]) -> (discrepancies: [Discrepancy], omitted: [FindingCount]) {
        if let first = finals.first, finals.contains(where: { $0.text != first.text }) {
            found.append(
                Discrepancy(
                    kind: .finalTextMismatch, event: nil, profiles: profiles, rule: rule,
                    evidence: .finalFields(zip(profiles, finals).map { .init(profile: $0, value: $1) })))
        }
        if let expected {
            for (profile, final) in zip(profiles, finals) where final.text != expected {
                found.append(
                    Discrepancy(
                        kind: .expectedTextMismatch, event: nil, profiles: [profile], rule: rule,
                        evidence: .expectedText(profile: profile, expected: expected, actual: final)))
            }
        }
        dropKindsNotLookedFor()
        budget.admit(&found, from: eventStart)
        return (Self.sorted(found), budget.omitted)
    }

    /// Removes what the current event found of kinds the run does not look for: the
    /// costly checks are not made at all, the rest are dropped here.
    private mutating func dropKindsNotLookedFor() {
        guard !looksFor.all, eventStart < found.count else { return }
        let kinds = limits.kinds
        var write = eventStart
        for read in eventStart..<found.count where kinds.contains(found[read].kind) {
            if write != read { found[write] = found[read] }
            write += 1
        }
        found.removeLast(found.count - write)
    }

    /// What the comparison between profiles needs of one step.
    private struct Outcome {
        var called: Bool
        var accepted: Bool
        var proposed: UTF16Text?

        init(called: Bool, accepted: Bool, proposed: UTF16Text?) {
            self.called = called
            self.accepted = accepted
            self.proposed = proposed
        }

        /// The outcome of a step that made `calls` (read in place: copying the step would
        /// retain every text it holds).
        init(calls: [CallRecord]) {
            var accepted = true
            var proposed: UTF16Text?
            // Through the buffer: subscripting the array copies each record whole.
            calls.withUnsafeBufferPointer { records in
                for position in records.indices where !records[position].accepted { accepted = false }
                if let last = records.indices.last { proposed = records[last].proposedText }
            }
            called = !calls.isEmpty
            self.accepted = accepted
            self.proposed = proposed
        }
    }

    /// The discrepancies between profiles at one event: lengths and verdicts.
    ///
    /// Once no discrepancy found here can be kept (see ``ReplayLimits``), proposed texts
    /// whose UTF-16 lengths already differ are not measured further: the mismatch is
    /// certain and only counted.
    private mutating func compareOutcomes(event: Int) {
        // Most events agree everywhere: check that without measuring or building anything.
        // Equal proposed texts have equal lengths; only different ones are measured.
        var firstText: Int?
        var firstVerdict: Bool?
        var textsDiffer = false
        var verdictsDiffer = false
        // Through the buffer, texts compared where they are: iterating or subscripting
        // would copy each outcome, and retain its text.
        let comparesTexts = looksFor.lengths
        outcomes.withUnsafeBufferPointer { outcomes in
            for position in outcomes.indices where outcomes[position].called {
                if comparesTexts, outcomes[position].proposed != nil {
                    if let first = firstText {
                        if outcomes[first].proposed != outcomes[position].proposed { textsDiffer = true }
                    } else {
                        firstText = position
                    }
                }
                let accepted = outcomes[position].accepted
                if let firstVerdict, firstVerdict != accepted { verdictsDiffer = true }
                if firstVerdict == nil { firstVerdict = accepted }
            }
        }
        textsDiffer = textsDiffer && looksFor.lengths
        verdictsDiffer = verdictsDiffer && looksFor.verdicts
        guard textsDiffer || verdictsDiffer else { return }
        // Read where they are, in profile order, building only the evidence. Equal proposed
        // texts have equal lengths: only texts that differ need measuring.
        let (profiles, measure) = (self.profiles, self.measure)
        let full = found.count >= limits.discrepancies
        var lengths: [ProfileValue<TextLengths>] = []
        var verdicts: [ProfileValue<Bool>] = []
        outcomes.withUnsafeBufferPointer { outcomes in
            if textsDiffer {
                var firstLength: Int?
                var lengthsDiffer = false
                for position in outcomes.indices where outcomes[position].called {
                    guard let length = outcomes[position].proposed?.length else { continue }
                    if let firstLength, firstLength != length { lengthsDiffer = true }
                    if firstLength == nil { firstLength = length }
                }
                let certain = full && lengthsDiffer
                lengths.reserveCapacity(outcomes.count)
                for position in outcomes.indices where outcomes[position].called {
                    guard let text = outcomes[position].proposed else { continue }
                    lengths.append(
                        ProfileValue(
                            profile: profiles[position],
                            value: certain ? TextLengths(utf16: text.length, scalars: 0, graphemes: 0) : measure(text)))
                }
            }
            if verdictsDiffer {
                for position in outcomes.indices where outcomes[position].called {
                    verdicts.append(ProfileValue(profile: profiles[position], value: outcomes[position].accepted))
                }
            }
        }
        if lengths.contains(where: { $0.value != lengths[0].value }) {
            found.append(
                Discrepancy(
                    kind: .lengthMismatch, event: event, profiles: lengths.map(\.profile), rule: rule,
                    evidence: .lengths(lengths)))
        }
        if verdictsDiffer {
            found.append(
                Discrepancy(
                    kind: .verdictMismatch, event: event, profiles: verdicts.map(\.profile), rule: rule,
                    evidence: .verdicts(verdicts)))
        }
    }

    /// Orders discrepancies by event (session-wide ones last), then kind, then the order found.
    ///
    /// A stable insertion sort: the list is short and nearly sorted already (it is built
    /// event by event), where this does a single pass.
    private static func sorted(_ found: [Discrepancy]) -> [Discrepancy] {
        func precedes(_ x: Discrepancy, _ y: Discrepancy) -> Bool {
            let (a, b) = (x.event ?? Int.max, y.event ?? Int.max)
            return a != b ? a < b : x.kind.order < y.kind.order
        }
        var result = found
        for index in result.indices.dropFirst() where precedes(result[index], result[index - 1]) {
            let moving = result[index]
            var position = index
            while position > 0, precedes(moving, result[position - 1]) {
                result[position] = result[position - 1]
                position -= 1
            }
            result[position] = moving
        }
        return result
    }
}

extension DiscrepancyKind {
    /// The position of the kind in the documented order (used to sort discrepancies).
    var order: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}

extension RangeProblem {
    /// The discrepancy kind this problem is reported as.
    var kind: DiscrepancyKind {
        switch self {
        case .outOfBounds: .rangeOutOfBounds
        case .splitsSurrogate: .rangeSplitsSurrogate
        case .splitsGrapheme: .rangeSplitsGrapheme
        }
    }
}
