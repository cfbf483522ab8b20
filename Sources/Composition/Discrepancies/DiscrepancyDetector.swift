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
    /// Per profile, while a composition runs under a limit, how long the committed text
    /// was when it began: a commit into a draft already over the limit breaks it only by
    /// growing the text past that (replacing a selected word of an 18-letter draft does not).
    private var composingFrom: [Int?]
    private var budget: DiscrepancyBudget
    private var found: [Discrepancy] = []
    /// Where the current event's discrepancies start in `found`.
    private var eventStart = 0
    /// What the comparison between profiles needs of the current event, in profile order:
    /// one slot per profile, filled in place as each profile's step is checked (an outcome
    /// built and appended per step, then destroyed, cost more than the rest of the check).
    private var outcomes: [Outcome]
    /// Whether each profile's text, before the current event, is the first profile's: two
    /// texts known to be the same before an edit are compared after it through the stretch
    /// the two edits changed alone (kept only for a run that compares proposed texts).
    private var sameAsFirst: [Bool]

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
        outcomes = Array(repeating: Outcome(), count: profiles.count)
        sameAsFirst = Array(repeating: true, count: profiles.count)
        composingFrom = Array(repeating: nil, count: profiles.count)
    }

    /// Whether the detector reads more of every step than a plain step tells
    /// (``Replayer/StepMade/plain(called:)``): a pad's keys, and device recordings.
    var readsEveryStep: Bool { padKeys != nil || comparesRecordings }

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

    /// Checks what the step of the profile at `position` shows on its own, its field's text
    /// before and after it sharing `ends` (`nil`: the step replaced none of it).
    mutating func check(_ step: TraceStep, profile position: Int, sharing ends: UnchangedEnds? = .nothing) {
        let profile = profiles[position]
        let event = step.eventIndex
        outcomes[position].fill(calls: step.calls, after: looksFor.lengths ? step.after.text : nil, ends: ends)
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
                if records[index].isCompositionStep, !records[index].accepted, !excused(step) {
                    let record = records[index]
                    add(
                        .compositionInterrupted,
                        .rejectedComposition(profile: profile, event: step.event, call: record.call, seen: record.seen)
                    )
                }
            }
        }
        if let rewritten = step.rewrittenTo, step.rewriteEndedComposition, !excused(step) {
            add(.compositionInterrupted, .assignedWhileMarked(assigned: rewritten, after: step.after))
        }
        if let fault = step.ruleFault {
            add(.ruleCrashed, .ruleFault(profile: profile, event: step.event, field: step.before, fault: fault))
        }
        if looksFor.broken, !step.newBrokenSpots.isEmpty {
            add(.brokenText, .brokenText(event: step.event, after: step.after, spots: step.newBrokenSpots))
        }
        checkLimit(
            event: step.event, index: event, before: step.before, after: step.after,
            changed: Self.changed(step.before, step.after, sharing: ends), profile: position)
        if let padKeys { checkKey(step, profile: profile, keys: padKeys, add: add) }
        if let observed = recorded[position], event < observed.count, let expected = observed[event],
            step.calls.count != 1 || step.calls[0].call != expected
        {
            add(
                .observedMismatch,
                .observed(profile: profile, event: step.event, predicted: step.calls.map(\.call), observed: expected))
        }
    }

    /// Whether the contract excuses the rule for ending a composition at `step`: the field
    /// is full, or the event brings what the contract keeps out
    /// (``RuleContract/excuse(forRefusing:on:)``).
    private func excused(_ step: TraceStep) -> Bool {
        contract.excuse(forRefusing: step.event, on: step.before) != nil
    }

    /// Checks a plain step (``Replayer/StepMade/plain(called:)``) of event `index`, which
    /// made the field `before` into `after`, leaving `edits` of its text untouched: it shows nothing but its outcome (compared
    /// between profiles) and what the rule's limit says of it. `called`: whether it asked
    /// the delegate, whose call implied the text it left.
    mutating func checkPlain(
        event: SessionEvent, index: Int, before: FieldState, after: FieldState, edits: UnchangedEnds?, called: Bool,
        profile position: Int
    ) {
        // The text is kept only for a run that compares proposed texts between profiles.
        // The proposed text is the text the step left: kept once, as that. Written through
        // the buffer: each subscript of the array checks it is unique and in bounds.
        let keepsText = looksFor.lengths
        outcomes.withUnsafeMutableBufferPointer { outcomes in
            outcomes[position].called = called
            outcomes[position].accepted = true
            outcomes[position].proposesAfter = called
            if keepsText { outcomes[position].after = after.text }
            outcomes[position].ends = edits
        }
        if limit != nil {
            checkLimit(
                event: event, index: index, before: before, after: after,
                changed: Self.changed(before, after, sharing: edits), profile: position)
        }
    }

    /// Whether the field changed from `before` to `after`, their texts sharing `ends`.
    private static func changed(_ before: FieldState, _ after: FieldState, sharing ends: UnchangedEnds?) -> Bool {
        after.markedRange != before.markedRange || ends.map { !after.text.equals(before.text, sharing: $0) } ?? false
    }

    /// A commit that leaves the text as it was (`unmarkText`, editing ending) still turns
    /// marked text into committed text that counts against the limit. The app's own
    /// `setText` is not the rule's to limit.
    ///
    /// The committed text has at most the text's units less the marked ones: in a unit that
    /// never outnumbers UTF-16 units, a text that short keeps the limit unmeasured (the
    /// usual step of a composition).
    private mutating func checkLimit(
        event: SessionEvent, index: Int, before: FieldState, after: FieldState, changed: Bool, profile position: Int
    ) {
        guard let limit else { return }
        let draft = composingFrom[position]
        if (after.markedRange == nil) != (draft == nil) {
            composingFrom[position] =
                after.markedRange == nil ? nil : before.committedText.length(in: limit.unit)
        }
        guard !event.isAppAssignment, changed,
            after.text.length - (after.markedRange?.length ?? 0) > limit.count || !limit.unit.neverOutnumbersUTF16,
            after.text.exceeds(limit.count, in: limit.unit)
        else { return }
        let length = after.committedText.length(in: limit.unit)
        if length > limit.count, length > before.committedText.length(in: limit.unit), length > draft ?? 0 {
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
        if looksFor.lengths { followSameTexts() }
        compareOutcomes(event: index)
        dropKindsNotLookedFor()
        budget.admit(&found, from: eventStart)
        eventStart = found.count
        // The texts let go of, so that each field's text is unique again when it is edited.
        outcomes.withUnsafeMutableBufferPointer { outcomes in
            for position in outcomes.indices {
                outcomes[position].proposed = nil
                outcomes[position].after = nil
            }
        }
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
        for index in found.indices where found[index].kind.cause == .rule {
            found[index].why = contract.reason(for: found[index])
        }
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
        /// The text the step's last call proposed, when that is not the text the step left
        /// (`proposesAfter`): ``proposal`` is the proposed text either way.
        var proposed: UTF16Text?
        /// Whether the proposed text is the text the step left (`after`).
        var proposesAfter: Bool
        /// The text the step left (kept only for a run that compares proposed texts), and
        /// what it shares with the text before the step (`nil`: it is that text).
        var after: UTF16Text?
        var ends: UnchangedEnds?

        init() {
            called = false
            accepted = true
            proposesAfter = false
        }

        /// Made the outcome of a step that made `calls` (read in place: copying the step
        /// would retain every text it holds) and left `after`, sharing `ends` with the text
        /// before.
        mutating func fill(calls: [CallRecord], after: UTF16Text?, ends: UnchangedEnds?) {
            var accepted = true
            var proposed: UTF16Text?
            // Through the buffer: subscripting the array copies each record whole.
            calls.withUnsafeBufferPointer { records in
                for position in records.indices where !records[position].accepted { accepted = false }
                if let last = records.indices.last { proposed = records[last].proposedText }
            }
            called = !calls.isEmpty
            self.accepted = accepted
            if let proposed, let after, proposed.sharesStorage(with: after) {
                proposesAfter = true
                self.proposed = nil
            } else {
                proposesAfter = false
                self.proposed = proposed
            }
            self.after = after
            self.ends = ends
        }

        /// Whether the step proposed a text (kept: a run that compares proposed texts).
        var hasProposal: Bool { proposesAfter ? after != nil : proposed != nil }

        /// The proposed text, if kept.
        var proposal: UTF16Text? { proposesAfter ? after : proposed }
    }

    /// Works out, for each profile, whether the text its step left is the first profile's:
    /// through the stretch the two steps changed when their texts were the same before,
    /// else whole (the texts differed, and a text that differs usually differs in length).
    private mutating func followSameTexts() {
        guard outcomes.count == sameAsFirst.count else { return }
        // Read in place, through the buffer, without binding the texts: subscripting the
        // array copies each outcome, and a binding retains its text.
        outcomes.withUnsafeBufferPointer { outcomes in
            guard !outcomes.isEmpty, let firstLength = outcomes[0].after?.length else { return }
            let firstEnds = outcomes[0].ends ?? UnchangedEnds(prefix: firstLength, suffix: 0)
            for position in outcomes.indices.dropFirst() {
                guard let length = outcomes[position].after?.length else {
                    sameAsFirst[position] = false
                    continue
                }
                if sameAsFirst[position] {
                    // Both were one text before: the stretch outside what either step changed
                    // is the same in both (a step that changed nothing shares the whole text).
                    let ends = (outcomes[position].ends ?? UnchangedEnds(prefix: length, suffix: 0)).union(firstEnds)
                    sameAsFirst[position] = outcomes[position].after?.equals(outcomes[0].after!, sharing: ends) ?? false
                } else {
                    sameAsFirst[position] = outcomes[position].after == outcomes[0].after
                }
            }
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
                if comparesTexts, outcomes[position].hasProposal {
                    if let first = firstText {
                        if !Self.sameProposal(outcomes, first, position, sameAsFirst: sameAsFirst) {
                            textsDiffer = true
                        }
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
                    guard let length = outcomes[position].proposal?.length else { continue }
                    if let firstLength, firstLength != length { lengthsDiffer = true }
                    if firstLength == nil { firstLength = length }
                }
                let certain = full && lengthsDiffer
                lengths.reserveCapacity(outcomes.count)
                for position in outcomes.indices where outcomes[position].called {
                    guard let text = outcomes[position].proposal else { continue }
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

    /// Whether the outcomes at `a` and `b` propose the same text: where both propose the
    /// text their step left, whether each left the first profile's (``followSameTexts()``)
    /// says it without comparing them again.
    private static func sameProposal(
        _ outcomes: UnsafeBufferPointer<Outcome>, _ a: Int, _ b: Int, sameAsFirst: [Bool]
    ) -> Bool {
        if outcomes[a].proposesAfter, outcomes[b].proposesAfter, sameAsFirst[a] || sameAsFirst[b] {
            return sameAsFirst[a] && sameAsFirst[b]
        }
        return outcomes[a].proposal == outcomes[b].proposal
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
