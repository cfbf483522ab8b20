import Composition
import Graphemes

/// A property the fuzzer checks on every generated session, under every profile. The raw
/// values are the stable names used in output and in saved counterexamples.
package enum FuzzProperty: String, CaseIterable, Sendable, Codable {
    /// The committed text broke the limit the rule declares (replay's `limit-exceeded`).
    case limitExceeded = "limit-exceeded"
    /// The text gained a lone surrogate or a split grapheme (replay's `broken-text`).
    case brokenText = "broken-text"
    /// A rule that promises composition safety interrupted a composition.
    case compositionInterrupted = "composition-interrupted"
    /// A deletion (a call with an empty replacement) was refused.
    case deletionBlocked = "deletion-blocked"
    /// A rule that claims profile independence decided or ended differently under two profiles.
    case profileDependent = "profile-dependent"
    /// The committed text holds a cluster of a class the rule forbids or does not allow.
    case disallowedClass = "disallowed-class"
    /// The committed text breaks the rule's ``TextPromise`` (a number, an amount, a pattern).
    case promiseBroken = "promise-broken"
    /// Text the user committed was lost although keeping it broke none of the rule's
    /// promises: an emoji in an emoji-only field, 中 that fits a length limit.
    case typedTextLost = "typed-text-lost"
    /// Committed text the event did not touch disappeared.
    case committedTextLost = "committed-text-lost"
    /// The rule would bring the app down (replay's `rule-crashed`): a regular expression
    /// that ran past ICU's limits.
    case ruleCrashed = "rule-crashed"
    /// A key of the field's own pad was refused where the pad is made for it (replay's
    /// `key-refused`): only sessions typed on a number, decimal or phone pad show it.
    case keyRefused = "key-refused"

    /// The property a replay discrepancy of `kind` decides, if any: the same finding, or
    /// (a verdict or final text that differs by profile) what breaks profile independence.
    init?(deciding kind: DiscrepancyKind) {
        switch kind {
        case .limitExceeded: self = .limitExceeded
        case .compositionInterrupted: self = .compositionInterrupted
        case .verdictMismatch, .finalTextMismatch: self = .profileDependent
        case .ruleCrashed: self = .ruleCrashed
        case .keyRefused: self = .keyRefused
        default: return nil
        }
    }

    /// One sentence saying what a failure of the property means, for reports.
    package var explanation: String {
        switch self {
        case .limitExceeded, .compositionInterrupted, .ruleCrashed, .keyRefused:
            // The same finding as replay's kind of the same name, said the same way.
            DiscrepancyKind(rawValue: rawValue)?.explanation ?? rawValue
        case .brokenText: "The rule left a fragment of a character: a lone surrogate or part of an emoji sequence."
        case .deletionBlocked: "The rule refused a deletion, so the user cannot remove what is in the field."
        case .profileDependent:
            "The rule decides or ends differently on iOS versions that report the same keystroke differently."
        case .disallowedClass: "The committed text holds a character of a kind the rule forbids."
        case .promiseBroken: "The committed text is not what the rule promises (a number, an amount, a pattern)."
        case .typedTextLost:
            "Text the user committed was dropped although keeping it broke none of the rule's promises."
        case .committedTextLost: "Committed text that the keystroke did not touch disappeared."
        }
    }

    /// Why a failure of the property at `event` is the fault of a rule with `contract`,
    /// in the contract's words (``RuleContract/reason(for:)`` for replay's kinds).
    package func reason(under contract: RuleContract, event: Int?) -> String {
        let at = event.map { " at event \($0)" } ?? " by the end of the session"
        let after = event.map { " after event \($0)" } ?? " at the end of the session"
        let promised = contract.promiseInWords
        switch self {
        case .limitExceeded:
            let limit = contract.limit.map { "\($0.count) \($0.unit.words)" } ?? "its limit"
            return "the contract promises at most \(limit) of committed text; it measures more\(after)"
        case .brokenText: return "every contract promises whole characters; the rule left a fragment of one\(at)"
        case .compositionInterrupted:
            return "the contract promises composition safety (\(promised)): marked text is the input method's "
                + "until it commits, and nothing it could commit breaks a promise, yet the rule interfered\(at)"
        case .deletionBlocked:
            return "nothing the contract promises (\(promised)) is broken by what the deletion leaves, and a user "
                + "must be able to delete; the rule refused it\(at)"
        case .profileDependent:
            return "the contract promises the same outcome on every platform (\(promised)); the rule's differs\(at)"
        case .disallowedClass:
            let classes =
                contract.allowedClasses.map { "allows only " + $0.map(\.description).joined(separator: ", ") }
                ?? "denies " + contract.deniedClasses.map(\.description).joined(separator: ", ")
            return "the contract \(classes); the committed text holds another kind of character\(after)"
        case .promiseBroken:
            return "the contract promises \(contract.textPromise?.description ?? promised); the committed text "
                + "does not keep it\(after), though it did before"
        case .typedTextLost:
            return "the contract (\(promised)) keeps none of what the user committed out: it fits the limit, "
                + "the classes and the promises; the rule dropped it\(at)"
        case .committedTextLost:
            return "no contract lets a rule drop committed text the user's edit did not touch; the rule did\(at)"
        case .ruleCrashed:
            return "every contract promises that the app keeps running; the rule would bring it down\(at)"
        case .keyRefused:
            return "the field's own keyboard is made for this key here"
                + (contract.limit.map { " and the contract's limit of \($0.count) \($0.unit.words) is not reached" }
                    ?? "") + "; the rule refused it\(at)"
        }
    }

    /// The property's bit in a set of properties.
    fileprivate var bit: UInt32 {
        switch self {
        case .limitExceeded: 1 << 0
        case .brokenText: 1 << 1
        case .compositionInterrupted: 1 << 2
        case .deletionBlocked: 1 << 3
        case .profileDependent: 1 << 4
        case .disallowedClass: 1 << 5
        case .promiseBroken: 1 << 6
        case .typedTextLost: 1 << 7
        case .committedTextLost: 1 << 8
        case .ruleCrashed: 1 << 9
        case .keyRefused: 1 << 10
        }
    }

    /// Whether the property applies to a rule with `contract`.
    package func applies(to contract: RuleContract) -> Bool {
        guard !contract.unchecked.contains(rawValue) else { return false }
        return switch self {
        case .limitExceeded: contract.limit != nil
        case .compositionInterrupted: contract.compositionSafe
        case .profileDependent: contract.profileIndependent
        case .disallowedClass: contract.allowedClasses != nil || !contract.deniedClasses.isEmpty
        case .promiseBroken: contract.textPromise != nil
        case .brokenText, .deletionBlocked, .typedTextLost, .committedTextLost, .ruleCrashed, .keyRefused: true
        }
    }
}

/// One property failing at one event under one profile.
package struct PropertyFailure: Hashable, Sendable {
    package var property: FuzzProperty
    /// The event index, or `nil` for the session as a whole.
    package var event: Int?
    package var profile: String
    package var message: String
    /// Why it is the rule's fault, in its contract's words (``FuzzProperty/reason(under:event:)``);
    /// `nil` in results written before 0.3.
    package var why: String?

    package init(property: FuzzProperty, event: Int?, profile: String, message: String) {
        self.property = property
        self.event = event
        self.profile = profile
        self.message = message
    }
}

/// Checks the properties of one replayed session.
///
/// A class: the replay hands it every step, and a struct of this many members was copied
/// (each member retained) into the closures of every check.
package final class PropertyChecker {
    let contract: RuleContract
    let properties: [FuzzProperty]
    /// Each profile's name and model (to apply an event as the field would with no rule),
    /// in the order of the replay's profiles.
    let profiles: [(name: String, model: DelegateModel)]
    /// Finds broken spots, to tell the ones a rule made from the ones the user typed.
    let analyzer: TextAnalyzer

    /// A checker of the properties that apply to `contract`; `key-refused` only when the
    /// sessions are typed on a pad (nowhere else can it fail).
    package init(
        contract: RuleContract, profiles: [PlatformProfile], analyzer: TextAnalyzer, typesOnAPad: Bool = false
    ) {
        self.analyzer = analyzer
        self.contract = contract
        properties = FuzzProperty.allCases.filter { $0.applies(to: contract) && ($0 != .keyRefused || typesOnAPad) }
        wanted = properties.reduce(0) { $0 | $1.bit }
        self.profiles = profiles.map { ($0.name, DelegateModel(profile: $0)) }
    }

    /// ``properties`` as a bit set: asked several times at every step, where searching
    /// the array cost more than some of the checks it guards.
    private let wanted: UInt32

    func wants(_ property: FuzzProperty) -> Bool { wanted & property.bit != 0 }

    /// The first failure of each property, gathered step by step as a replay makes them.
    package struct Collector {
        var found: [FuzzProperty: PropertyFailure] = [:]

        package init() {}

        mutating func add(_ property: FuzzProperty, _ event: Int?, _ profile: String, _ message: () -> String) {
            guard found[property] == nil else { return }
            found[property] = PropertyFailure(property: property, event: event, profile: profile, message: message())
        }

        /// The failures, in the order of ``FuzzProperty/allCases``.
        package var failures: [PropertyFailure] { FuzzProperty.allCases.compactMap { found[$0] } }

        /// The failures, each with why it is the fault of a rule with `contract`.
        package func failures(under contract: RuleContract) -> [PropertyFailure] {
            failures.map { failure in
                var failure = failure
                failure.why = failure.property.reason(under: contract, event: failure.event)
                return failure
            }
        }
    }

    /// Checks one step of the profile at `position` (skipped steps have nothing to check).
    package func check(_ step: TraceStep, profile position: Int, into collector: inout Collector) {
        guard step.skipped == nil, profiles.indices.contains(position) else { return }
        let (profile, model) = profiles[position]
        check(step, model: model, profile: profile) { property, event, profile, message in
            if wants(property) { collector.add(property, event, profile, message) }
        }
    }

    /// Adds the properties that replay's own discrepancies decide.
    package func check(_ discrepancies: [Discrepancy], into collector: inout Collector) {
        for discrepancy in discrepancies {
            if let property = FuzzProperty(deciding: discrepancy.kind), wants(property) {
                collector.add(property, discrepancy.event, discrepancy.profiles.first ?? "") { discrepancy.message }
            }
        }
    }

    private func check(
        _ step: TraceStep, model: DelegateModel, profile: String,
        add: (FuzzProperty, Int?, String, @autoclosure () -> String) -> Void
    ) {
        let event = step.eventIndex
        // The app's own `setText` is not the rule's doing: nothing about it is checked.
        guard !step.event.isAppAssignment else { return }
        if wants(.deletionBlocked), let refused = Self.refusedDeletion(in: step),
            contract.excuse(forRefusing: step.event, on: step.before) == nil
        {
            add(
                .deletionBlocked, event, profile,
                "the rule refused the deletion \(refused.call) on \"\(refused.seen.notation)\"")
        }
        // When the rule accepted every call and assigned nothing, the field did exactly what
        // it does with no rule: only the promises about the text itself can fail.
        let ruleActed = step.rewrittenTo != nil || !step.accepted
        guard ruleActed || wants(.disallowedClass) || wants(.promiseBroken) else { return }
        let (before, after) = checkPromises(
            event: event, before: step.before, after: step.after, profile: profile, add: add)
        guard ruleActed else { return }
        acted(step, before: before, after: after, model: model, profile: profile, add: add)
    }

    /// Checks a step in which the rule accepted every call and assigned nothing, which a
    /// replay did not make whole (``PlainStepObserver``): only the promises about the text
    /// itself can fail, as in ``check(_:profile:into:)``.
    /// Whether ``checkPlain(event:before:after:profile:into:)`` checks anything: the
    /// promises only (a rule that promises neither a class of text nor its promise's
    /// shape leaves a plain step nothing to check).
    var checksPlainSteps: Bool { wants(.disallowedClass) || wants(.promiseBroken) }

    func checkPlain(
        event: Int, before: FieldState, after: FieldState, profile position: Int, into collector: inout Collector
    ) {
        guard checksPlainSteps, profiles.indices.contains(position) else { return }
        _ = checkPromises(event: event, before: before, after: after, profile: profiles[position].name) {
            property, event, profile, message in
            if wants(property) { collector.add(property, event, profile, message) }
        }
    }

    /// The committed texts before and after a step, having checked that the step broke no
    /// promise about them that held: text the app set before may already break them, so
    /// the rule answers only for what the event adds (the first disallowed cluster while
    /// there was none, a promise broken that held).
    private func checkPromises(
        event: Int, before beforeState: FieldState, after afterState: FieldState, profile: String,
        add: (FuzzProperty, Int?, String, @autoclosure () -> String) -> Void
    ) -> (before: UTF16Text, after: UTF16Text) {
        let before = beforeState.committedText
        let after =
            afterState.text == beforeState.text && afterState.markedRange == beforeState.markedRange
            ? before : afterState.committedText
        if after != before {
            // Typed text that merges with the clusters around it (`▫` typed in front of a
            // lone U+FE0F becomes the emoji `▫️`) makes a cluster no keyboard sends whole:
            // the rule judged what it was given, which was no such cluster.
            if wants(.disallowedClass), let cluster = disallowedCluster(in: after),
                disallowedCluster(in: before) == nil,
                typedTextFormsClusters(before: before, intended: after)
            {
                add(
                    .disallowedClass, event, profile,
                    "the committed text \"\(after.visibleDescription)\" holds \"\(cluster.visibleDescription)\" ("
                        + Self.describe(cluster) + "), which the rule "
                        + (contract.allowedClasses.map {
                            "does not allow (it allows \($0.map(\.description).joined(separator: ", ")))"
                        }
                            ?? "denies (\(contract.deniedClasses.map(\.description).joined(separator: ", ")))"))
            }
            if wants(.promiseBroken), let promise = contract.textPromise, !promise.holds(for: after),
                before.isEmpty || promise.holds(for: before)
            {
                add(
                    .promiseBroken, event, profile,
                    "the committed text \"\(after.visibleDescription)\" does not keep the promise: \(promise)")
            }
        }
        return (before, after)
    }

    /// The properties only a rule that refused or assigned can fail, `before` and `after`
    /// being the committed texts around `step`.
    private func acted(
        _ step: TraceStep, before: UTF16Text, after: UTF16Text, model: DelegateModel, profile: String,
        add: (FuzzProperty, Int?, String, @autoclosure () -> String) -> Void
    ) {
        let event = step.eventIndex
        var plain = TextField(step.before)
        model.apply(.event(step.event), to: &plain)
        if wants(.brokenText), !step.newBrokenSpots.isEmpty,
            analyzer.brokenSpots(in: step.after.text).count
                > max(analyzer.brokenSpots(in: plain.text).count, analyzer.brokenSpots(in: before).count),
            step.newBrokenSpots.contains(where: \.isLoneSurrogate)
                || !typedTextHasStrayEmojiComponent(before: before, intended: plain.state.committedText)
                    && typedTextFormsClusters(before: before, intended: plain.state.committedText)
        {
            // More broken than the user's own edit left it, and than the committed text was:
            // the rule's doing — unless the edit brought a piece of an emoji with no emoji
            // (`物` U+200D) or text that merges with its neighbours (a paste starting with a
            // lone ZWJ after `👋🏿`), which no keyboard sends and whose pieces a filter then
            // strands. A lone surrogate is always the rule's: no edit cuts between two units.
            add(
                .brokenText, event, profile,
                "after \(step.event) the field holds \"\(step.after.notation)\" with \(step.newBrokenSpots.map(\.description).joined(separator: ", "))"
            )
        }
        let intended = plain.state.committedText
        if wants(.committedTextLost), typedTextFormsClusters(before: before, intended: intended),
            !keepsPromiseItBroke(before: before, after: after),
            !(step.event.endsEditing && Self.trimsWhiteSpace(before, to: after))
        {
            // Place the committed units the event did not touch in the text the field holds
            // with no rule (its marked text included: a rule's assignment commits it): those
            // before the edit must still start the field, those after it end it. Text that
            // only moved (marked text committed in front of it) is not lost; text that a
            // rule kept only part of typed text around is not lost either. Two readings of
            // what the event left untouched: the texts' common ends, and the ends outside
            // the range the event names; the text is lost only when it is lost in both (a
            // handler that sees texts alone cannot tell `9` + `9aaaaa` from `9aaaaa` + `9`,
            // and `.` pasted over `.` is no `.` kept). What the contract's classes keep out
            // (a letter an emoji-only filter takes out of an app's draft) is no loss either.
            let full = plain.text
            let field = step.after.text
            func loses(_ untouched: [Range<Int>]) -> Bool {
                let head = untouched.first { $0.lowerBound == 0 }?.upperBound ?? 0
                let tail =
                    untouched.last { $0.upperBound == full.length && $0.lowerBound > 0 }?.lowerBound ?? full.length
                guard let front = unitsKeeping(full.units[..<head], in: field.units, atEnd: false),
                    let back = unitsKeeping(full.units[tail...], in: field.units, atEnd: true)
                else { return true }
                return field.length < front + back
            }
            // A rule that refused the whole event kept every committed unit where it was.
            if after != before, loses(Self.untouchedCommittedUnits(before: before, plain: plain.state)),
                loses(
                    Self.untouchedCommittedUnits(
                        before: before, plain: plain.state,
                        edited: Self.editedCommittedRange(step.event, on: step.before)))
            {
                add(
                    .committedTextLost, event, profile,
                    "\(step.event) turned \"\(step.before.notation)\" into \"\(step.after.notation)\": committed text it did not touch is gone"
                )
            }
        }
        // Typed text is what a keyboard sends: it starts a cluster of its own and adds no
        // fragment (a joiner or selector with nothing to join, a lone surrogate). A refused
        // deletion types nothing: it is `deletion-blocked`'s, even where it would also have
        // ended a composition.
        let deletesOnly = !step.calls.isEmpty && !step.insertsText
        if wants(.typedTextLost), !deletesOnly, intended != before, after != intended, welcome(intended),
            typedTextStartsACluster(before: before, intended: intended),
            !typedTextHasStrayEmojiComponent(before: before, intended: intended),
            keepsInputPromise(before: before, intended: intended),
            contract.excuse(forRefusing: step.event, on: step.before) == nil,
            !refusedOnlyWhatItWasToldWouldBreakAPromise(step),
            analyzer.brokenSpots(in: intended).count <= analyzer.brokenSpots(in: before).count
        {
            add(
                .typedTextLost, event, profile,
                "\(step.event) on \"\(step.before.notation)\" should leave \"\(intended.visibleDescription)\" (within every promise of the rule) but left \"\(step.after.notation)\""
            )
        }
    }

    /// Whether the rule, in a step the profile presents with no marked text, refused only
    /// calls whose own proposed text the contract could not take: the delegate was told of
    /// more than the field then holds (a Korean key's jamo inserted before the keyboard
    /// recombines the syllable: `정ㅁ` + `ㅏ` is 11 units to a limit of 10, `정마` 10), and a
    /// rule that must judge the call it is asked cannot know better. A limit that promises
    /// composition safety still fails `composition-interrupted` for it (React Native #10320).
    private func refusedOnlyWhatItWasToldWouldBreakAPromise(_ step: TraceStep) -> Bool {
        guard case .presented = step.note, step.before.markedRange == nil else { return false }
        var refused = false
        for record in step.calls where !record.accepted {
            guard let proposed = record.proposedText, record.seen.markedRange == nil, !welcome(proposed) else {
                return false
            }
            refused = true
        }
        return refused
    }

    /// The first call of `step` that refused a deletion: an empty replacement of ranges
    /// that are not all empty. Refusing a range beyond the text (a stale undo) is right,
    /// not a blocked deletion.
    private static func refusedDeletion(in step: TraceStep) -> CallRecord? {
        step.calls.withUnsafeBufferPointer { records in
            for index in records.indices where !records[index].accepted && records[index].call.replacement.isEmpty {
                let record = records[index]
                let length = record.seen.text.length
                if !record.call.allRanges(\.isEmpty), record.call.allRanges({ $0.fits(in: length) }) {
                    return record
                }
            }
            return nil
        }
    }

    /// Where, in the text the field holds with no rule (`plain`, marked text included), the
    /// committed units are that the event did not touch: the common start and end of the
    /// committed texts before and after, placed around `plain`'s marked range.
    /// `edited`, the committed units the event replaced, bounds them: text the user's own
    /// edit replaced is not untouched even where the new text happens to repeat it (`.`
    /// pasted over `.`, a `4` typed over a selected `4`).
    static func untouchedCommittedUnits(before: UTF16Text, plain: FieldState, edited: Range<Int>? = nil)
        -> [Range<Int>]
    {
        let committed = plain.committedText
        var (start, end) = before.commonAffixes(with: committed)
        if let edited, start > edited.lowerBound || end > before.length - edited.upperBound {
            // The suffix counted afresh once the prefix is cut back: where the two texts are
            // alike, the common prefix took what the common suffix could have had.
            start = min(start, edited.lowerBound)
            let most = min(before.length - edited.upperBound, committed.length - start)
            end = 0
            while end < most, before.units[before.length - 1 - end] == committed.units[committed.length - 1 - end] {
                end += 1
            }
        }
        let marked = plain.markedRange ?? .caret(at: committed.length)
        // Committed offset `c` is at `c` before the marked range and after it, shifted by it.
        // (One array, built in place: this runs for every step in which the rule acts.)
        var placed: [Range<Int>] = []
        placed.reserveCapacity(4)
        func place(_ range: Range<Int>) {
            let split = min(range.upperBound, max(range.lowerBound, marked.location))
            if range.lowerBound < split { placed.append(range.lowerBound..<split) }
            if split < range.upperBound { placed.append((split + marked.length)..<(range.upperBound + marked.length)) }
        }
        place(0..<start)
        place((committed.length - end)..<committed.length)
        return placed
    }

    /// The committed units (offsets in the committed text of `field`) that `event`
    /// replaces, where the event names them: a paste's range, the selection or marked
    /// text that typing replaces, the span of a multi-range edit. `nil` for the rest.
    static func editedCommittedRange(_ event: SessionEvent, on field: FieldState) -> Range<Int>? {
        let range: UTF16Range
        switch event {
        case .replace(let replaced, _): range = replaced
        case .replaceRanges(let ranges, _):
            guard let low = ranges.map(\.location).min(), let high = ranges.map(\.end).max() else { return nil }
            range = UTF16Range(location: low, length: high - low)
        case .insertText, .setMarkedText: range = field.markedRange ?? field.selection
        default: return nil
        }
        guard range.fits(in: field.text.length) else { return nil }
        // Field offsets to committed ones: the marked range counts as nothing.
        func committed(_ offset: Int) -> Int {
            guard let marked = field.markedRange, offset > marked.location else { return offset }
            return offset >= marked.end ? offset - marked.length : marked.location
        }
        return committed(range.location)..<committed(range.end)
    }

    /// Whether `after` is `before` less white space at either end (ICU's class of each
    /// cluster): what a handler that trims the text when editing ends does, on purpose.
    static func trimsWhiteSpace(_ before: UTF16Text, to after: UTF16Text) -> Bool {
        guard after.length < before.length else { return false }
        let clusters = before.clusters
        let kept = clusters.drop { $0.classification.clusterClass == .whitespace }
            .reversed().drop { $0.classification.clusterClass == .whitespace }.reversed()
        guard let first = kept.first, let last = kept.last else { return after.isEmpty }
        // `after` must be a stretch of `before` holding the whole core: what it leaves out
        // is white space.
        let (low, high) = (first.range.location, last.range.end)
        for start in 0...low where start + after.length >= high && start + after.length <= before.length {
            if before[UTF16Range(location: start, length: after.length)] == after { return true }
        }
        return false
    }

    /// Whether the rule made the committed text keep the contract's text promise where it
    /// did not before (an upper-casing handler on an app's lower-case draft): text it
    /// rewrote to keep the promise is not lost.
    func keepsPromiseItBroke(before: UTF16Text, after: UTF16Text) -> Bool {
        guard let promise = contract.textPromise else { return false }
        return promise.holds(for: after) && !promise.holds(for: before)
    }

    /// How many units of `field`, from its start (or, `atEnd`, from its end), hold `text`,
    /// where a cluster the contract's classes keep out, or that is an emoji by one
    /// definition and not another while they name emoji, may be missing (a filter may take
    /// it out or leave it); `nil` when `field` does not hold it so.
    func unitsKeeping(_ text: ArraySlice<UInt16>, in field: [UInt16], atEnd: Bool) -> Int? {
        let classes = contract.allowedClasses != nil || !contract.deniedClasses.isEmpty
        guard classes else {
            let held = atEnd ? field.reversed().starts(with: text.reversed()) : field.starts(with: text)
            return held ? text.count : nil
        }
        let whole = UTF16Text(units: Array(text))
        let boundaries = whole.graphemeBoundaries
        var clusters = zip(boundaries, boundaries.dropFirst()).map { whole.units[$0..<$1] }
        if atEnd { clusters.reverse() }
        var matched = 0
        for cluster in clusters {
            let fits = field.count - matched >= cluster.count
            let held =
                fits
                && (atEnd
                    ? field[(field.count - matched - cluster.count)..<(field.count - matched)].elementsEqual(cluster)
                    : field[matched..<(matched + cluster.count)].elementsEqual(cluster))
            if held {
                matched += cluster.count
            } else if !holdsDebatableOrDisallowedCluster(UTF16Text(units: Array(cluster))) {
                return nil
            }
        }
        return matched
    }

    /// Whether what the event added to the committed text starts a cluster and ends one:
    /// typed text that merges with the clusters around it (a skin tone after a letter,
    /// a letter in front of a lone skin tone) changes them, and what a rule then does to
    /// them is no loss of text the event did not touch.
    func typedTextFormsClusters(before: UTF16Text, intended: UTF16Text) -> Bool {
        let (start, end) = before.commonAffixes(with: intended)
        let stop = intended.length - end
        guard start < stop else { return true }
        let boundaries = intended.graphemeBoundaries
        return (start == 0 || boundaries.contains(start)) && (stop == intended.length || boundaries.contains(stop))
    }

    /// Whether what the event added to the committed text keeps the contract's promise
    /// about typed input, if it makes one.
    func keepsInputPromise(before: UTF16Text, intended: UTF16Text) -> Bool {
        guard let promise = contract.inputPromise else { return true }
        let (start, end) = before.commonAffixes(with: intended)
        guard start <= intended.length - end else { return true }
        return promise.holds(for: intended[UTF16Range(location: start, length: intended.length - end - start)])
    }

    /// Whether what the event added holds a cluster that is not an RGI emoji but carries,
    /// after its first scalar, a piece of one: a ZWJ, a skin tone, the keycap mark, a
    /// variation selector (`２` U+200D, `0🏼`, `5⃣` without U+FE0F, `３` U+180C, `👮🏼‍♂`
    /// without U+FE0F). Keyboards send these pieces only inside fully-qualified emoji, so
    /// refusing such a cluster loses nothing a user typed. The pieces are ICU's properties
    /// (Emoji_Component, Variation_Selector, Grapheme_Cluster_Break=ZWJ), the emoji its
    /// classification.
    func typedTextHasStrayEmojiComponent(before: UTF16Text, intended: UTF16Text) -> Bool {
        let (start, end) = before.commonAffixes(with: intended)
        guard start < intended.length - end else { return false }
        let added = intended[UTF16Range(location: start, length: intended.length - end - start)]
        var stray = false
        added.forEachCluster { cluster in
            guard !stray, cluster.classification.clusterClass != .emoji else { return }
            for element in added[cluster.range].decodedUnits.dropFirst() {
                guard case .scalar(let scalar) = element else { continue }
                let properties = CodePointProperties(scalar)
                if properties.graphemeClusterBreak == .zwj || properties.binary.contains(.emojiComponent)
                    || properties.binary.contains(.variationSelector)
                {
                    stray = true
                }
            }
        }
        return stray
    }

    /// Whether what the event added to the committed text begins a grapheme cluster of its
    /// own: a lone joiner or selector typed after a letter only changes the cluster before
    /// it, which no keyboard sends and no rule owes the user.
    func typedTextStartsACluster(before: UTF16Text, intended: UTF16Text) -> Bool {
        let start = before.commonAffixes(with: intended).prefix
        return start == 0 || start >= intended.length || intended.graphemeBoundaries.contains(start)
    }

    /// Whether a committed text keeps every promise of the contract.
    func welcome(_ text: UTF16Text) -> Bool {
        if let limit = contract.limit, text.exceeds(limit.count, in: limit.unit) { return false }
        if let promise = contract.textPromise, !promise.holds(for: text) { return false }
        return !holdsDebatableOrDisallowedCluster(text)
    }

    /// The first cluster of `text` the contract's classes do not allow (a cluster whose
    /// emoji-ness is a matter of definition never counts: see ``isDebatableEmoji(_:_:)``).
    func disallowedCluster(in text: UTF16Text) -> UTF16Text? {
        firstCluster(in: text, countingDebatable: false)
    }

    /// Whether `text` holds a cluster the classes do not allow, or one that is an emoji by
    /// one definition and not by another while the contract names emoji.
    func holdsDebatableOrDisallowedCluster(_ text: UTF16Text) -> Bool {
        firstCluster(in: text, countingDebatable: true) != nil
    }

    /// The harness's one definition of "an emoji a user can type", for properties:
    /// ``ClusterClass/emoji`` (fully-qualified RGI sequences, as ICU and emoji-test.txt say)
    /// is an emoji; a cluster with a scalar that is `Emoji` or `Extended_Pictographic` but
    /// that is not classified emoji (a minimally-qualified or unqualified sequence such as
    /// 👮🏼‍♂ without U+FE0F, a text-style ♂ or © without VS16) is debatable: a rule may
    /// keep it or refuse it and neither is a failure.
    ///
    /// A letter or digit is no emoji by itself (`1` and `#` are `Emoji`), but one carrying
    /// a piece of an emoji after it (`Emoji_Component`: U+FE0F, the keycap mark, a skin
    /// tone, a ZWJ), such as `1️⃣🏽` or `9️⃣🏻`, is debatable too: Swift's `isEmoji` with a
    /// following U+FE0F calls it an emoji, RGI does not.
    static func isDebatableEmoji(_ units: UnsafeBufferPointer<UInt16>, _ classification: ClusterClassification)
        -> Bool
    {
        guard classification.clusterClass != .emoji else { return false }
        let alphanumeric = classification.clusterClass == .digit || classification.clusterClass == .letter
        var first = true
        for element in UTF16Text(units: units).decodedUnits {
            guard case .scalar(let scalar) = element else { continue }
            defer { first = false }
            let binary = CodePointProperties(scalar).binary
            if alphanumeric {
                if !first, binary.contains(.emojiComponent) { return true }
            } else if binary.contains(.emoji) || binary.contains(.extendedPictographic) {
                return true
            }
        }
        return false
    }

    /// The first cluster of `text` the classes do not allow, or, when `countingDebatable`,
    /// that is a debatable emoji either.
    private func firstCluster(in text: UTF16Text, countingDebatable: Bool) -> UTF16Text? {
        guard contract.allowedClasses != nil || !contract.deniedClasses.isEmpty else { return nil }
        let namesEmoji =
            (contract.allowedClasses ?? []).contains(.cluster(.emoji))
            || contract.deniedClasses.contains(.cluster(.emoji))
        let boundaries = text.graphemeBoundaries
        for (start, end) in zip(boundaries, boundaries.dropFirst()) {
            let cluster = text.units[start..<end]
            let verdict = cluster.withUnsafeBufferPointer { units -> (allowed: Bool, debatable: Bool) in
                let classification = ClusterClassifier.classify(units)
                if namesEmoji, Self.isDebatableEmoji(units, classification) { return (false, true) }
                if contract.deniedClasses.contains(where: { $0.contains(units, classified: classification) }) {
                    return (false, false)
                }
                let allowed =
                    contract.allowedClasses?.contains { $0.contains(units, classified: classification) } ?? true
                return (allowed, false)
            }
            if !verdict.allowed, countingDebatable || !verdict.debatable { return UTF16Text(units: cluster) }
        }
        return nil
    }
}

extension PropertyChecker {
    /// A cluster's class and code points, for a message: `class symbol: U+2642 MALE SIGN`.
    static func describe(_ cluster: UTF16Text) -> String {
        let kind = cluster.clusters.first.map { "class \($0.classification.clusterClass.rawValue)" } ?? "no cluster"
        // Lone surrogates decode as U+FFFD here; a cluster the rule kept is whole text.
        let scalars = Array(String(decoding: cluster.units, as: UTF16.self).unicodeScalars)
        let points = scalars.prefix(8).map { scalar in
            "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4) + " "
                + CodePointProperties(scalar).name
        }
        return kind + ": " + points.joined(separator: ", ") + (scalars.count > 8 ? ", …" : "")
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
