import Graphemes

/// Replays sessions through a platform's delegate model with a rule inside.
///
/// A class because it owns an ICU break iterator (through its ``TextAnalyzer``), reused
/// for every text it measures; use one replayer per thread.
package final class Replayer {
    let analyzer: TextAnalyzer
    /// The profile (its position) and event the replay is at: where a trap, which leaves
    /// the replay's own frames behind, is placed.
    /// Written at every step: not checked for exclusive access (one replayer per thread).
    @exclusivity(unchecked) var cursor = (profile: 0, event: 0)
    /// The delegate models of the profiles replayed under last (``models(for:)``).
    private var models: (profiles: [PlatformProfile], models: [DelegateModel]) = ([], [])

    /// - Throws: ``ICUError`` when ICU cannot load its grapheme break rules.
    package init() throws(ICUError) {
        analyzer = try TextAnalyzer()
    }

    /// One profile's replay of a session in progress: its delegate model and field.
    struct ProfileReplay: PlanningContext {
        /// The profile's name, which requests carry (a rule that keeps a field per profile
        /// tells them apart by it).
        let profile: String
        let model: DelegateModel
        /// The profile's choices the replay loop reads at every event, copied out once
        /// (copying the whole profile would retain each of its strings every time).
        let hidesMarkedRangeDuringCommit: Bool
        let multiRangeTarget: MultiRangeTarget
        let sameTextEndsComposition: Bool
        /// The field, which each step edits in place.
        var field: TextField
        /// The field as the step being made found it, in a buffer of its own: brought level
        /// with `field` after each step (``level(_:)``) through the stretch the step edited
        /// alone (``TextField/edits``). Taking the field before an edit as a copy instead
        /// made every edit copy the whole text, and the replay's time grow with its square.
        var previous: FieldState
        /// How many broken spots the field's text has; `nil` when that is not known (a
        /// step of a run that does not look for broken text does not count them): the next
        /// step whose edit may break something counts them then.
        var brokenCount: Int?
        /// The calls of the step being made. Each step hands the buffer to its ``TraceStep``;
        /// the records are let go of when the field is brought level (``level(_:)``), and
        /// once the step is gone too the buffer is unique again and is reused without
        /// allocating.
        var calls: [CallRecord] = []
        /// Whether the field is first responder: sessions start editing; `endEditing` ends
        /// it and `beginEditing` starts it again if the delegate agrees.
        var editing = true
        /// How the profile presents the session's input method (``PlatformProfile/Presentation``).
        let presentation: PlatformProfile.Presentation
        /// Under ``PlatformProfile/Presentation/lastSyllable``: where the syllable being
        /// composed is in the field, and what it holds.
        var syllable: (range: UTF16Range, text: UTF16Text)?
        /// Under ``PlatformProfile/Presentation/jamoInsertion``: what the input method
        /// committed of the syllable when a key split it (잎 + ㅜ commits 이), which reaches
        /// the field with the next syllable's preedit, as one key.
        var pendingCommit: UTF16Text?
        /// Whether the recording has marked text after the events so far (what the input
        /// method believes, whatever the field holds).
        var recordedMarked = false
        /// Whether the app ended a composition the recording goes on with: the input
        /// method reset it, so the rest of that composition never comes.
        var droppingComposition = false
        /// The field as the recording assumes it, kept only while the rule's refusals and
        /// assignments leave the real field different: an event recorded against it that
        /// cannot apply has diverged, and is no finding against the rule.
        var shadow: TextField?
        /// The edits UIKit registered with the field's undo manager, last on top, and the
        /// undone ones: each is the range to replace and what to put back.
        var undoStack: [UndoEntry] = []
        var redoStack: [UndoEntry] = []
        /// Whether the session undoes or redoes anything: only then is the undo stack kept
        /// (registering every edit costs the replay a copy of each replaced text).
        let tracksUndo: Bool
        /// Whether the field is a secure one (``Session/secureTextEntry``).
        let secure: Bool
        /// Whether the next key replaces the whole text: a secure field that has gained
        /// focus again.
        var clearsOnNextKey = false
        /// Whether a step works out its calls' range problems and proposed texts: not for a
        /// run that keeps no trace and looks at neither (``DiscrepancyDetector/looksAtCalls``),
        /// whose steps are read by the detector and by checkers that do not read them.
        var looksAtCalls = true
        /// Whether a plain step finds the broken spots it added: not for a run that does not
        /// look for broken text (``DiscrepancyDetector/looksAtBrokenSpots``); a step made
        /// whole always finds them.
        var looksAtBrokenSpots = true
        /// Whether every step is made whole, with a record of each call (a trace is kept, or
        /// someone reads every step): otherwise a step in which the rule accepted every call
        /// and nothing else happened is plain (``StepMade/plain(called:)``).
        var keepsSteps = true
        /// What the delegate is asked, holding the field only while it is asked: the field
        /// is moved in and out, so that asking retains nothing.
        var request: ChangeRequest
        /// What `editingChanged` is told, holding the two fields only while it is told.
        var change: FieldChange
        /// The array of the profile's one-range multi-range calls (``PlanningContext``).
        var callRanges: [UTF16Range] = []

        /// Whether the field as the recording assumes it is kept (matched, not compared: a
        /// comparison with `nil` copied the field).
        var hasShadow: Bool {
            if case .some = shadow { return true }
            return false
        }
    }

    /// What a step made: the step whole, which it told (``Told``), or, for a run that does
    /// not keep every step (``ProfileReplay/keepsSteps``), a plain step: the event's own
    /// edit, every call accepted, implying the text it left, fitting the text, nothing
    /// assigned, skipped, broken or run past, which the field before and after it
    /// (`previous` and `field`, until ``level(_:)``) tell all of. `called`: whether the
    /// step asked the delegate.
    enum StepMade {
        case traced
        case plain(called: Bool)
    }

    /// Told of a step made whole, as it is made (handed over where it is built: returned,
    /// a step was copied at every level), with what its field's text before and after it
    /// share (`nil`: the step replaced none of it).
    typealias Told = (_ step: TraceStep, _ edits: UnchangedEnds?) -> Void

    /// What the delegate is asked and `editingChanged` told between steps.
    private static let idleCall: DelegateCall = .single(range: .caret(at: 0), replacement: .empty)

    /// Brings `run`'s field before the step level with its field, once the step has been
    /// told to everyone: only the stretch the step edited is copied.
    func level(_ run: inout ProfileReplay) {
        // The step's call records go first: each holds the texts before and after it, and
        // held, the level below and the next edit would each copy a whole text.
        // `removeAll(keepingCapacity:)` takes a slow generic path; removing one by one does not.
        while !run.calls.isEmpty { run.calls.removeLast() }
        run.previous.selection = run.field.state.selection
        run.previous.markedRange = run.field.state.markedRange
        if let ends = run.field.edits {
            run.previous.text.assign(run.field.state.text, sharing: ends)
            run.field.forgetEdits()
        }
    }

    /// Whether the step being made changed the field's `text` from `previous`, the edits
    /// having left `edits` untouched (compared through the stretch it edited alone). Given
    /// the texts, not the replay or the field: either handed over whole is copied whole.
    static func textChanged(_ text: UTF16Text, edits: UnchangedEnds?, from previous: UTF16Text) -> Bool {
        guard let edits else { return false }
        return !text.equals(previous, sharing: edits)
    }

    /// One registered edit: replacing `range` with `text` reverts it.
    struct UndoEntry {
        var range: UTF16Range
        var text: UTF16Text
    }

    /// What UIKit registers with the undo manager for the edit of `call` (not a composition
    /// step: compositions are the input method's, not undo's), `text` being the field's
    /// text when the delegate is asked about it: every such edit, whatever the delegate
    /// answers (see `undoStep`); `nil` for one that replaces more than 64 Ki units or does
    /// not fit (bounded, so that hostile sessions cannot grow the stack past their own
    /// size many times over: `assumed`, UIKit's own `levelsOfUndo` is unlimited by default).
    static func undoEntry(of call: DelegateCall, target: MultiRangeTarget, in text: UTF16Text) -> UndoEntry? {
        let range: UTF16Range =
            switch call {
            case .single(let range, _): range
            case .multi(let ranges, _): ranges[target.index(in: ranges)]
            }
        guard range.fits(in: text.length), range.length <= 65_536 else { return nil }
        return UndoEntry(
            range: UTF16Range(location: range.location, length: call.replacement.length), text: text[range])
    }

    /// What UIKit registers for a multi-range edit (`replaceRanges`), whichever way the
    /// platform asks about it: the whole stretch from the first range to the last, which
    /// undo puts back as it was (the deleted ranges and their text, not the empty target
    /// range alone). `nil` for ranges that overlap, do not fit, or span more than 64 Ki units.
    static func undoEntry(spanning ranges: [UTF16Range], replacement: UTF16Text, in text: UTF16Text) -> UndoEntry? {
        let sorted = ranges.sorted { ($0.location, $0.length) < ($1.location, $1.length) }
        guard let first = sorted.first, let last = sorted.last, last.end <= text.length,
            zip(sorted, sorted.dropFirst()).allSatisfy({ $0.end <= $1.location })
        else { return nil }
        let span = UTF16Range(location: first.location, length: last.end - first.location)
        guard span.length <= 65_536 else { return nil }
        let removed = sorted.reduce(0) { $0 + $1.length }
        return UndoEntry(
            range: UTF16Range(location: span.location, length: span.length - removed + replacement.length),
            text: text[span])
    }

    /// Registers `entry` on `undo`, which keeps the last 64, and forgets what was undone.
    static func register(_ entry: UndoEntry, undo: inout [UndoEntry], redo: inout [UndoEntry]) {
        if undo.count == 64 { undo.removeFirst() }
        undo.append(entry)
        redo.removeAll()
    }

    func start(_ session: Session, model: DelegateModel) -> ProfileReplay {
        start(
            session, model: model, brokenCount: analyzer.brokenSpots(in: session.initial.text).count,
            tracksUndo: Self.tracksUndo(session))
    }

    /// ``start(_:model:)``, the initial text having `brokenCount` broken spots and the
    /// session undoing or redoing something if `tracksUndo` (worked out once for all
    /// profiles).
    func start(_ session: Session, model: DelegateModel, brokenCount: Int?, tracksUndo: Bool) -> ProfileReplay {
        let profile = model.profile
        // Each buffer of its own, with room for the text to grow in place by 128 units
        // (what a session typically adds; a longer text grows as any array does, and a huge
        // initial text is not doubled): shared with the session, each would be copied at its
        // first edit and again at every doubling.
        func ownBuffer() -> FieldState {
            var units = [UInt16]()
            units.reserveCapacity(session.initial.text.length + 128)
            units.append(contentsOf: session.initial.text.units)
            var state = session.initial
            state.text = UTF16Text(units: units)
            return state
        }
        let idle = FieldState(text: .empty)
        return ProfileReplay(
            profile: profile.name, model: model,
            hidesMarkedRangeDuringCommit: !profile.markedRangeVisibleDuringCommit,
            multiRangeTarget: profile.multiRangeTarget, sameTextEndsComposition: profile.sameTextEndsComposition,
            field: TextField(ownBuffer()), previous: ownBuffer(), brokenCount: brokenCount,
            presentation: profile.presentation(of: session.ime), recordedMarked: session.initial.markedRange != nil,
            tracksUndo: tracksUndo, secure: session.secureTextEntry,
            request: ChangeRequest(
                field: idle, call: Self.idleCall, multiRangeTarget: profile.multiRangeTarget, profile: profile.name,
                singleRangeFallback: profile.multiRangeOnSingleRange, inputMode: session.primaryLanguage),
            change: FieldChange(before: idle, after: idle, profile: profile.name, inputMode: session.primaryLanguage))
    }

    /// The delegate model of each of `profiles`, made once for as long as a run replays
    /// under the same profiles: a model holds its profile, and making one per profile and
    /// session copied every profile (each of its strings and tables retained) twice per
    /// fuzzed session. A model holds nothing but its profile, so sessions can share one.
    func models(for profiles: [PlatformProfile]) -> [DelegateModel] {
        if profiles != models.profiles { models = (profiles, profiles.map(DelegateModel.init(profile:))) }
        return models.models
    }

    /// Whether `session` undoes or redoes anything: only then is the undo stack kept.
    /// Whether `call` replaces committed text: a range of some length not inside the
    /// `marked` range.
    static func replacesCommittedText(_ call: DelegateCall, marked: UTF16Range?) -> Bool {
        func replaces(_ range: UTF16Range) -> Bool {
            range.length > 0 && !(marked.map { $0.location <= range.location && range.end <= $0.end } ?? false)
        }
        return switch call {
        case .single(let range, _): replaces(range)
        case .multi(let ranges, _): ranges.contains(where: replaces)
        }
    }

    /// Empties the undo and redo stacks, as `setText:` outside an edit does.
    private static func clearUndo(_ run: inout ProfileReplay) {
        run.undoStack.removeAll()
        run.redoStack.removeAll()
    }

    static func tracksUndo(_ session: Session) -> Bool { session.events.contains { $0 == .undo || $0 == .redo } }

    /// Where a crash schedule says a profile's replay stopped: the event whose step
    /// trapped, and the trap.
    struct Crash {
        let event: Int
        let fault: String
    }

    /// Carries out one event on one profile's field and says what it made. A profile that
    /// `crash` says trapped at this event gets the crash step (the call that trapped has no
    /// answer, its change never happens); at a later event, a step in which nothing reaches
    /// the field (the app is gone).
    ///
    /// This is the replay's one step: every run, with or without traces, the fuzzer's and
    /// the closed loop's, makes its events through it. The field as the step found it is
    /// `run.previous`, the field it leaves `run.field`, until the caller has told everyone
    /// of the step and brings them level (``level(_:)``). Only what the rule's own calls
    /// run past counts against it: what ran past a limit before is forgotten.
    func step(
        _ run: inout ProfileReplay, event: SessionEvent, index: Int, rule: any InputRule, crash: Crash?, told: Told
    ) -> StepMade {
        if let crash, index >= crash.event {
            let before = run.previous
            told(
                TraceStep(
                    eventIndex: index, event: event, before: before, calls: [], skipped: nil, rewrittenTo: nil,
                    rewriteEndedComposition: false, after: before, newBrokenSpots: [],
                    ruleFault: index == crash.event ? crash.fault : nil), run.field.edits)
            return .traced
        }
        _ = RegexLimits.takeExceeded()
        return unguardedStep(&run, event: event, index: index, rule: rule, told: told)
    }

    /// ``step(_:event:index:rule:crash:)`` made whole, the field then brought level: for a
    /// caller that keeps each step, whose replay keeps its steps (``ProfileReplay/keepsSteps``).
    func tracedStep(_ run: inout ProfileReplay, event: SessionEvent, index: Int, rule: any InputRule, crash: Crash?)
        -> TraceStep
    {
        var made: TraceStep?
        _ = step(&run, event: event, index: index, rule: rule, crash: crash) { step, _ in made = step }
        level(&run)
        guard let made else { preconditionFailure("a replay that keeps its steps makes none plain") }
        return made
    }

    /// The step, `run.previous` being the field as the event finds it (read there, not
    /// handed down as a copy: each copy of a field retained and released its text, which
    /// cost a replay about 6% of its time): the lifecycle, then what
    /// the input method does when the app has ended its composition, then the profile's
    /// presentation of the recorded event, then the event itself; the field as the
    /// recording assumes it is kept alongside once the rule has made them differ.
    @inline(__always)
    private func unguardedStep(
        _ run: inout ProfileReplay, event: SessionEvent, index: Int, rule: any InputRule, told: Told
    ) -> StepMade {
        if event.isLifecycle {
            run.recordedMarked = Self.recordedMarked(after: event, was: run.recordedMarked)
            return tell(
                lifecycleStep(&run, event: event, index: index, rule: rule), &run, recorded: event, presented: event,
                told: told)
        }
        if case .setText(let text) = event {
            // The app's own assignment: no delegate, no `editingChanged`, the undo stack
            // cleared (jianshu.com/p/b302a7c66741: `setText:` registers nothing and clears it).
            run.recordedMarked = false
            let before = run.previous
            run.field.setTextProgrammatically(text)
            Self.clearUndo(&run)
            let step = TraceStep(
                eventIndex: index, event: event, before: before, calls: [], skipped: nil, rewrittenTo: nil,
                rewriteEndedComposition: false, after: run.field.state, newBrokenSpots: newBrokenSpots(&run))
            return tell(step, &run, recorded: event, presented: event, told: told)
        }
        if !run.editing {
            told(Self.unapplied(event, index: index, before: run.previous, note: .notEditing), nil)
            return .traced
        }
        let undoing: Bool? =
            switch event {
            case .undo: false
            case .redo: true
            default: nil
            }
        if let redo = undoing {
            let step = undoStep(&run, redo: redo, index: index, rule: rule)
            let presented: SessionEvent? =
                if case .presented = step.note, let call = step.calls.first, call.call.ranges.count == 1 {
                    .replace(call.call.ranges[0], call.call.replacement)
                } else { nil }
            return tell(step, &run, recorded: event, presented: presented, told: told)
        }
        let wasMarked = run.recordedMarked
        run.recordedMarked = Self.recordedMarked(after: event, was: wasMarked)
        if run.droppingComposition {
            switch event {
            case .setMarkedText, .insertText, .unmarkText:
                if wasMarked {
                    run.droppingComposition = run.recordedMarked
                    return tell(
                        Self.unapplied(
                            event, index: index, before: run.previous,
                            note: .diverged(
                                "the app ended this composition, so the input method reset it: the rest of it never comes"
                            )), &run, recorded: event, presented: event, told: told)
                }
            default: break
            }
            run.droppingComposition = false
        }
        // Whether a syllable was being composed in the text before this event (a
        // last-syllable presentation): only then can the rule interrupt it.
        var composingSyllable = false
        if run.presentation.composesInText, let syllable = run.syllable {
            composingSyllable =
                syllable.range.fits(in: run.previous.text.length) && run.previous.text[syllable.range] == syllable.text
        }
        let presentation =
            run.clearsOnNextKey || run.presentation.composesInText ? present(event, in: &run) : .asRecorded
        if presentation.absorbed {
            return tell(
                Self.unapplied(event, index: index, before: run.previous, note: .absorbed), &run, recorded: event,
                presented: nil, told: told)
        }
        // A candidate-bar commit that replaces the marked text without asking the delegate.
        var bypassesDelegate = false
        if run.presentation == .commitWithoutDelegate, case .insertText = event, run.previous.markedRange != nil {
            bypassesDelegate = true
        }
        // A presented event's calls are composition steps: the syllable is still being
        // composed, in the text rather than marked, and a rule that refuses these calls, or
        // assigns the text meanwhile, interrupts the composition all the same (React Native
        // #19313: assigning while Korean is typed splits the syllables into jamo; the input
        // method resets, as for marked text).
        if let presented = presentation.event {
            return appliedStep(
                &run, event: presented, recorded: event, index: index, rule: rule, asking: presentation.asked,
                thenReplacing: presentation.recombined,
                bypassesDelegate: bypassesDelegate, presents: true, composing: true,
                interruptsSyllable: composingSyllable, told: told)
        }
        // The event as recorded, handed on as it came (binding it again would copy it).
        return appliedStep(
            &run, event: event, recorded: event, index: index, rule: rule,
            bypassesDelegate: bypassesDelegate, told: told)
    }

    /// Tells `told` of `step`, made of the event `recorded`, presented as `presented`
    /// on the field `run.previous`, once what the replay knows beside the field has followed it.
    private func tell(
        _ step: TraceStep, _ run: inout ProfileReplay, recorded: SessionEvent, presented: SessionEvent?, told: Told
    ) -> StepMade {
        follow(
            &run, recorded: recorded, presented: presented,
            ruleActed: !step.accepted || step.rewrittenTo != nil || step.editing.contains { !$0.allowed },
            endedComposition: step.rewriteEndedComposition)
        told(step, run.field.edits)
        return .traced
    }

    /// The step of `event` that reached no field (`note` says why).
    private static func unapplied(_ event: SessionEvent, index: Int, before: FieldState, note: StepNote) -> TraceStep {
        TraceStep(
            eventIndex: index, event: event, before: before, calls: [], skipped: nil, rewrittenTo: nil,
            rewriteEndedComposition: false, after: before, newBrokenSpots: [], note: note)
    }

    /// What a profile's presentation makes of a recorded event: the event it presents
    /// instead (`nil`: the event as recorded), or none at all (`absorbed`).
    struct Presentation {
        var event: SessionEvent?
        var absorbed = false
        /// The edit the delegate is asked about and the field makes instead of the event's
        /// own (the jamo a key typed), `nil`: the event's own.
        var asked: (range: UTF16Range, text: UTF16Text)?
        /// What the keyboard then replaces without asking, once the asked edit is made (the
        /// syllable recombined in place).
        var recombined: (range: UTF16Range, text: UTF16Text)?

        static let asRecorded = Presentation(event: nil)
        static let none = Presentation(event: nil, absorbed: true)
    }

    /// Undo or redo: the last registered edit is asked about through the delegate with its
    /// registered range and applied when the delegate agrees. UIKit registers an edit even
    /// when the delegate refused it, so the range may not fit the text: the delegate is
    /// still asked, and accepting such a range raises NSRangeException in UIKit's
    /// `-[NSBigMutableString substringWithRange:]` — the app crashes (observed and
    /// reported: jianshu.com/p/8a18baf0a252, a refused paste at the limit then undo on iPad,
    /// WeChat included). Nothing registered: no edit. Which edits UIKit coalesces into one
    /// undo group is `assumed` here: each typed or pasted event is one.
    private func undoStep(
        _ run: inout ProfileReplay, redo: Bool, index: Int, rule: any InputRule
    ) -> TraceStep {
        let event: SessionEvent = redo ? .redo : .undo
        let before = run.previous
        guard let entry = redo ? run.redoStack.popLast() : run.undoStack.popLast() else {
            return TraceStep(
                eventIndex: index, event: event, before: before, calls: [], skipped: nil, rewrittenTo: nil,
                rewriteEndedComposition: false, after: before, newBrokenSpots: [])
        }
        let reverse = { (field: TextField) -> UndoEntry in
            UndoEntry(
                range: UTF16Range(location: entry.range.location, length: entry.text.length),
                text: field.text[entry.range])
        }
        if entry.range.fits(in: before.text.length) {
            let reverted = reverse(run.field)
            var made: TraceStep?
            _ = appliedStep(
                &run, event: .replace(entry.range, entry.text), recorded: event, index: index, rule: rule,
                registersUndo: false, presents: true, mayBePlain: false, follows: false
            ) { step, _ in made = step }
            guard let step = made else { preconditionFailure("an undo step is made whole") }
            // Only an undo that happened can be redone: one the field could not carry out
            // (its range now splits a character, after marked text moved the text) leaves
            // nothing on the other stack, or redoing it would name text that never was.
            if step.accepted, step.rewrittenTo == nil, step.skipped == nil,
                run.field.text == before.text.replacing(entry.range, with: entry.text)
            {
                if redo { run.undoStack.append(reverted) } else { run.redoStack.append(reverted) }
            }
            return step
        }
        let call = run.model.makeCall(entry.range, entry.text)
        var request = run.request
        request.field = before
        request.call = call
        request.canUndo = !run.undoStack.isEmpty
        request.canRedo = !run.redoStack.isEmpty
        var accepted = rule.shouldChange(request)
        if rule.removedAllUndoActions(profile: run.profile) { Self.clearUndo(&run) }
        var rewrittenTo: UTF16Text?
        if let assigned = rule.assignment(during: request) {
            accepted = false
            if assign(assigned, to: &run) { rewrittenTo = assigned.text }
        }
        // The stale range is UIKit's doing, not the recording's and not the rule's: the rule
        // is to blame only if it accepts it (the crash). Refused, it is a note.
        let record = CallRecord(
            call: call, seen: before, proposedText: nil, resultingText: before.text, accepted: accepted,
            rangeProblems: [], isCompositionStep: false)
        let fault =
            accepted
            ? "NSRangeException: UIKit \(redo ? "redid" : "undid") \(entry.range) on a text of length \(before.text.length), and nothing in the app refused it; UIKit's substringWithRange: raises (the app crashes on shake to undo)"
            : nil
        var step = TraceStep(
            eventIndex: index, event: event, before: before, calls: [record], skipped: nil, rewrittenTo: rewrittenTo,
            rewriteEndedComposition: before.markedRange != nil && rewrittenTo != nil, after: run.field.state,
            newBrokenSpots: newBrokenSpots(&run), ruleFault: fault)
        step.note = .diverged(
            "UIKit asks to \(redo ? "redo" : "undo") \(entry.range), registered before a refusal or an assignment changed the text, on a text of length \(before.text.length)"
        )
        return step
    }

    /// Whether the recording has marked text after `event`.
    static func recordedMarked(after event: SessionEvent, was: Bool) -> Bool {
        switch event {
        case .setMarkedText(let text, _): !text.isEmpty
        case .insertText, .unmarkText, .replace, .replaceRanges, .endEditing, .clearButton, .setText: false
        case .deleteBackward, .setSelection, .beginEditing, .returnKey, .undo, .redo: was
        }
    }

    /// The event the profile's presentation makes of the recorded `event`, `nil` when it
    /// makes none (see ``PlatformProfile/Presentation``).
    private func present(_ event: SessionEvent, in run: inout ProfileReplay) -> Presentation {
        if run.clearsOnNextKey {
            // A secure field that gained focus again: the first key, typed or Backspace,
            // replaces the whole text (MaterialTextField #15; ReactiveCocoa #779: "clears the
            // entire field on the first keypress (not just delete) after gaining focus";
            // OpenRadar 25690848 is about toggling `secureTextEntry`, a neighbouring case).
            // That the delegate is asked with the whole text's range is `assumed`.
            let all = UTF16Range(location: 0, length: run.field.text.length)
            switch event {
            case .setSelection: return .asRecorded
            case .insertText(let text):
                run.clearsOnNextKey = false
                return Presentation(event: .replace(all, text))
            case .deleteBackward:
                run.clearsOnNextKey = false
                return run.field.text.isEmpty ? .asRecorded : Presentation(event: .replace(all, .empty))
            default: run.clearsOnNextKey = false
            }
        }
        return Self.present(
            event, as: run.presentation, syllable: run.syllable, pendingCommit: &run.pendingCommit,
            selection: run.field.state.selection, in: run.field.text)
    }

    /// What `presentation` makes of the recorded `event` on a field holding `text` with
    /// `selection`, in which `syllable` was composed last (``PlatformProfile/Presentation``;
    /// only the presentations that compose in the text change events). `pendingCommit` is
    /// what a jamo-insertion presentation holds back of a commit for the next key.
    static func present(
        _ event: SessionEvent, as presentation: PlatformProfile.Presentation,
        syllable: (range: UTF16Range, text: UTF16Text)?, pendingCommit: inout UTF16Text?, selection: UTF16Range,
        in text: UTF16Text
    ) -> Presentation {
        guard presentation.composesInText else { return .asRecorded }
        let syllable = syllable.flatMap { syllable in
            syllable.range.fits(in: text.length) && text[syllable.range] == syllable.text ? syllable.range : nil
        }
        if presentation == .jamoInsertion {
            return presentKey(event, syllable: syllable, pendingCommit: &pendingCommit, selection: selection, in: text)
        }
        switch event {
        case .setMarkedText(let text, _):
            guard let syllable else { return text.isEmpty ? .none : Presentation(event: .insertText(text)) }
            return Presentation(event: .replace(syllable, text))
        case .insertText(let inserted):
            guard let syllable else { return .asRecorded }
            return text[syllable] == inserted ? .none : Presentation(event: .replace(syllable, inserted))
        case .unmarkText: return syllable == nil ? .asRecorded : .none
        default: return .asRecorded
        }
    }

    /// What a jamo-insertion presentation makes of the recorded `event`: the key it stands
    /// for reaches the delegate as the jamo inserted at the caret (Backspace as one unit
    /// deleted), and the field then holds the recombined syllable (``HangulKey``). A commit
    /// that splits the syllable (잎 → 이, the key's jamo starting 푸) is held back in
    /// `pendingCommit` and reaches the field with the next preedit, as the one key it is;
    /// an input method that commits so and then does anything else leaves the syllable as
    /// it was (libhangul never does: the split always starts a preedit).
    private static func presentKey(
        _ event: SessionEvent, syllable: UTF16Range?, pendingCommit: inout UTF16Text?, selection: UTF16Range,
        in text: UTF16Text
    ) -> Presentation {
        let pending = pendingCommit
        pendingCommit = nil
        switch event {
        case .setMarkedText(let marked, _):
            guard let range = syllable else {
                if marked.isEmpty { return .none }
                guard case .typed(let jamo) = HangulKey(from: nil, to: marked), jamo != marked else {
                    return Presentation(event: .insertText(marked))
                }
                return Presentation(
                    event: .insertText(marked), asked: (selection, jamo),
                    recombined: (UTF16Range(location: selection.location, length: jamo.length), marked))
            }
            let syllable = (pending ?? .empty) + marked
            let replaced = Presentation(event: .replace(range, syllable))
            switch HangulKey(from: pending == nil ? text[range] : nil, to: marked) {
            case .typed(let jamo):
                return Presentation(
                    event: replaced.event, asked: (.caret(at: range.end), jamo),
                    recombined: (UTF16Range(location: range.location, length: range.length + jamo.length), syllable))
            case .backspace:
                let left = UTF16Range(location: range.location, length: range.length - 1)
                return Presentation(
                    event: replaced.event, asked: (UTF16Range(location: range.end - 1, length: 1), .empty),
                    recombined: left.length == 0 && syllable.isEmpty ? nil : (left, syllable))
            case .unknown: return replaced
            }
        case .insertText(let inserted):
            guard let range = syllable else { return .asRecorded }
            if text[range] != inserted { pendingCommit = inserted }
            return .none
        case .unmarkText: return syllable == nil ? .asRecorded : .none
        default: return .asRecorded
        }
    }

    /// The syllable a last-syllable presentation composes after the recorded event
    /// `recorded`, presented as `presented` (`nil`: absorbed) on a field that held `before`
    /// and now holds `text`: the preedit of a `setMarkedText`, where it was put, if the
    /// field still holds it there.
    static func syllable(
        after recorded: SessionEvent, presented: SessionEvent?, before: FieldState, now text: UTF16Text
    ) -> (range: UTF16Range, text: UTF16Text)? {
        guard case .setMarkedText(let marked, _) = recorded, !marked.isEmpty, let presented else { return nil }
        // The preedit ends what the presented event puts in (after the commit a key split
        // off, for a jamo-insertion presentation).
        let location: Int? =
            switch presented {
            case .replace(let range, let replacement): range.location + replacement.length - marked.length
            case .insertText: before.selection.location
            default: nil
            }
        guard let location else { return nil }
        let range = UTF16Range(location: location, length: marked.length)
        return range.fits(in: text.length) && text[range] == marked ? (range, marked) : nil
    }

    /// Keeps what the replay knows beside the field current after a step that `made` of the
    /// event `recorded`, presented as `presented`, on the field `run.previous`: the syllable a
    /// last-syllable presentation composes, whether the input method must drop the rest
    /// of a composition the field no longer has, and the field as the recording assumes it.
    ///
    /// The rule acted in the step (refused, assigned, or refused a lifecycle method) if
    /// `ruleActed`, and ended a composition with an assignment if `endedComposition`.
    private func follow(
        _ run: inout ProfileReplay, recorded: SessionEvent, presented: SessionEvent?, ruleActed: Bool,
        endedComposition: Bool
    ) {
        // The syllable stays where it is while a commit the key split off waits for the
        // key's preedit.
        if run.presentation.composesInText, run.pendingCommit == nil {
            run.syllable = Self.syllable(
                after: recorded, presented: presented, before: run.previous, now: run.field.text)
        }
        // The rule's assignment ended a composition the recording goes on with: the input
        // method is told, and resets (what the recording itself ends, it knows about).
        if endedComposition, run.recordedMarked { run.droppingComposition = true }
        if !run.hasShadow, !ruleActed { return }
        // Taken out of the replay, so that it is edited in place.
        var shadow = run.shadow ?? TextField(run.previous)
        run.shadow = nil
        follow(&shadow, presented: presented, model: run.model)
        if shadow.state != run.field.state { run.shadow = shadow }
    }

    /// Applies the `presented` event (`nil`: none) to `shadow`, the field as the recording
    /// assumes it, as the field would with no rule. An event that does not fit the
    /// recording's own field (a bad recorded range, an undo of an edit the rule rewrote)
    /// leaves it as it is.
    func follow(_ shadow: inout TextField, presented: SessionEvent?, model: DelegateModel) {
        guard let presented, eventRangeProblem(presented, in: shadow.text) == nil else { return }
        model.forEachPlannedEdit(presented, on: shadow) { plan in model.apply(plan.effect, to: &shadow) }
        if presented.isLifecycle || presented.isAppAssignment { model.apply(.event(presented), to: &shadow) }
    }

    /// The first call of a step, accepted and showing nothing, whose record is built only if
    /// the step turns out to need it (``appliedStep``): until then the request holds the
    /// call, the field before the step is what it saw, and the field now what it left.
    private struct PendingCall {
        var hidesMarkedRange: Bool
        var isCompositionStep: Bool
    }

    /// The record of `call`, accepted (`pending` says how it was seen), made on the field
    /// `before`, which now holds `text`.
    private static func record(
        _ call: DelegateCall, _ pending: PendingCall, before: FieldState, now text: UTF16Text
    ) -> CallRecord {
        var seen = before
        if pending.hidesMarkedRange { seen.markedRange = nil }
        return CallRecord(
            call: call, seen: seen, proposedText: text, resultingText: text, accepted: true,
            rangeProblems: [], isCompositionStep: pending.isCompositionStep)
    }

    /// The recorded (or presented) event applied through the delegate model with the rule
    /// asked, `run.previous` being the field as the event finds it.
    ///
    /// A call is recorded (``CallRecord``) when the run keeps its steps, or when it shows
    /// something: the rule refused it or assigned a text, its ranges do not fit, or it
    /// implies a text other than the one it left. The first call of a step, accepted and
    /// showing nothing, is recorded only when the step turns out to need it (a later edit,
    /// broken spots, a rule fault, an assignment): a step with none of these is plain,
    /// unless `mayBePlain` is false. Every question is asked of the rule once, in the same
    /// order, whatever is recorded.
    ///
    /// `recorded` is the event the session recorded, which `event` presents if `presents`
    /// (the step's note says so); what the replay knows beside the field follows the step
    /// unless `follows` is false (an undo, whose caller follows it).
    private func appliedStep(
        _ run: inout ProfileReplay, event: SessionEvent, recorded: SessionEvent, index: Int, rule: any InputRule,
        asking asked: (range: UTF16Range, text: UTF16Text)? = nil,
        thenReplacing recombined: (range: UTF16Range, text: UTF16Text)? = nil,
        bypassesDelegate: Bool = false, registersUndo: Bool = true, presents: Bool = false,
        composing: Bool = false, interruptsSyllable: Bool = false, mayBePlain: Bool = true, follows: Bool = true,
        told: Told
    ) -> StepMade {
        let target = run.multiRangeTarget
        if let problem = eventRangeProblem(event, in: run.previous.text) {
            let before = run.previous
            let shadow = run.shadow
            if follows {
                follow(&run, recorded: recorded, presented: event, ruleActed: false, endedComposition: false)
            }
            if let shadow {
                told(
                    TraceStep(
                        eventIndex: index, event: event, before: before, calls: [], skipped: nil, rewrittenTo: nil,
                        rewriteEndedComposition: false, after: before, newBrokenSpots: [],
                        note: .diverged(Divergence(recordedAgainst: shadow.state, problem))), nil)
                return .traced
            }
            told(
                TraceStep(
                    eventIndex: index, event: event, before: before, calls: [], skipped: problem, rewrittenTo: nil,
                    rewriteEndedComposition: false, after: before, newBrokenSpots: []), nil)
            return .traced
        }
        // Empty already when the step before was brought level (``level(_:)``), as every
        // caller does; emptied here for one that did not.
        while !run.calls.isEmpty { run.calls.removeLast() }
        // Let go of the last call once the step is made: held by the request, its ranges'
        // array could not be reused by the next step's call.
        defer { run.request.call = Self.idleCall }
        var assignedDuringCall: TextAssignment?
        var pending: PendingCall?
        // Whether this step registered its multi-range edit with the undo stack.
        var registeredUndo = false
        // Whether an edit has been applied to the field in this step.
        var edited = false
        // Once the delegate set the text itself, the rest of the event's plan was made for a
        // text the field no longer holds.
        // `run` is handed to the steps rather than captured, so that they read it in place.
        let model = run.model
        // Worked out before `run` is handed over: read during that access, the field was copied.
        let geometry = model.geometry(for: event, of: run.field)
        model.forEachPlannedEdit(
            event, on: geometry, with: &run,
            asking: { run, planned, plannedEffect, isCompositionStep in
                guard assignedDuringCall == nil else { return }
                // What the delegate is asked, and the field does: the event's own, or the
                // presentation's.
                let call = asked.map { run.model.makeCall($0.range, $0.text) } ?? planned
                let effect = asked.map { PlannedEdit.Effect.replace($0.range, $0.text) } ?? plannedEffect
                if let first = pending {
                    run.calls.append(
                        Self.record(run.request.call, first, before: run.previous, now: run.field.state.text))
                    pending = nil
                }
                guard !bypassesDelegate else {
                    run.model.apply(effect, to: &run.field)
                    edited = true
                    return
                }
                let hidesMarkedRange = Self.hidesMarkedRange(
                    effect: effect, isCompositionStep: isCompositionStep, hides: run.hidesMarkedRangeDuringCommit)
                let problems = run.looksAtCalls ? rangeProblems(of: call, in: run.field.text) : []
                if registersUndo, run.tracksUndo, !isCompositionStep, !registeredUndo {
                    // A multi-range edit is one undoable edit, however many calls ask about it.
                    let entry: UndoEntry?
                    if case .replaceRanges(let ranges, let text) = event {
                        registeredUndo = true
                        entry = Self.undoEntry(spanning: ranges, replacement: text, in: run.field.text)
                    } else {
                        entry = Self.undoEntry(of: planned, target: target, in: run.field.text)
                    }
                    if let entry { Self.register(entry, undo: &run.undoStack, redo: &run.redoStack) }
                }
                // The field is moved into the request and back: asking retains nothing.
                let marked = run.field.state.markedRange
                // A composition step that replaces committed text (marked text typed over a
                // selection) is the platform's own edit, not registered: UIKit keeps its undo
                // stack coherent with the edits it makes, so the stacks, whose ranges no longer
                // fit, are emptied (`assumed`: how UIKit groups marked-text edits for undo is
                // undocumented; the stale ranges that crash come from a rule's refusals and
                // assignments — jianshu.com/p/b302a7c66741, /p/8a18baf0a252 — not from typing).
                let replacesCommitted =
                    registersUndo && run.tracksUndo && isCompositionStep
                    && Self.replacesCommittedText(planned, marked: marked)
                run.request.call = call
                if run.tracksUndo {
                    run.request.canUndo = !run.undoStack.isEmpty
                    run.request.canRedo = !run.redoStack.isEmpty
                }
                swap(&run.request.field, &run.field.state)
                if hidesMarkedRange { run.request.field.markedRange = nil }
                var accepted = rule.shouldChange(run.request)
                if run.tracksUndo, rule.removedAllUndoActions(profile: run.profile) { Self.clearUndo(&run) }
                // `textField.text = …; return false` inside the delegate: the assignment stands
                // and the change does not (assumed for a delegate that returns true as well:
                // every such delegate in the seeds and the reports we found returns false).
                let assigned = rule.assignment(during: run.request)
                run.request.field.markedRange = marked
                swap(&run.request.field, &run.field.state)
                if let assigned {
                    assignedDuringCall = assigned
                    accepted = false
                }
                guard accepted else {
                    var seen = run.field.state
                    if hidesMarkedRange { seen.markedRange = nil }
                    var wouldBe = run.field
                    run.model.apply(effect, to: &wouldBe)
                    let resulting = wouldBe.text
                    run.calls.append(
                        CallRecord(
                            call: call, seen: seen,
                            proposedText: !run.looksAtCalls || call.implies(resulting, from: seen.text)
                                ? resulting : call.proposedText(applyingTo: seen.text, target: target),
                            resultingText: resulting, accepted: false, rangeProblems: problems,
                            isCompositionStep: isCompositionStep || composing))
                    return
                }
                if replacesCommitted { Self.clearUndo(&run) }
                // The first edit of the step: the field before it is the field before the
                // step, and the text is compared through the stretch the edit changed.
                if !edited {
                    run.model.apply(effect, to: &run.field)
                    edited = true
                    let implied =
                        !run.looksAtCalls
                        || call.implies(run.field.state.text, from: run.previous.text, sharing: run.field.edits)
                    let seen = PendingCall(
                        hidesMarkedRange: hidesMarkedRange, isCompositionStep: isCompositionStep || composing)
                    if implied, problems.isEmpty, !run.keepsSteps {
                        pending = seen
                        return
                    }
                    var record = Self.record(call, seen, before: run.previous, now: run.field.state.text)
                    record.rangeProblems = problems
                    if !implied {
                        record.proposedText = call.proposedText(applyingTo: run.previous.text, target: target)
                    }
                    run.calls.append(record)
                    return
                }
                var seen = run.field.state
                if hidesMarkedRange { seen.markedRange = nil }
                run.model.apply(effect, to: &run.field)
                let resulting = run.field.text
                // Usually the call implies exactly the text the field now holds: share it (and
                // take it as implied where the run does not look).
                let proposed =
                    !run.looksAtCalls || call.implies(resulting, from: seen.text)
                    ? resulting : call.proposedText(applyingTo: seen.text, target: target)
                run.calls.append(
                    CallRecord(
                        call: call, seen: seen, proposedText: proposed,
                        resultingText: resulting, accepted: true, rangeProblems: problems,
                        isCompositionStep: isCompositionStep || composing))
            },
            applying: { run, effect, _ in
                guard assignedDuringCall == nil else { return }
                if let first = pending {
                    run.calls.append(
                        Self.record(run.request.call, first, before: run.previous, now: run.field.state.text))
                    pending = nil
                }
                run.model.apply(effect, to: &run.field)
                edited = true
            })
        // The keyboard's own edit after an asked one it presents (the syllable recombined).
        if let recombined, edited, assignedDuringCall == nil, !run.calls.contains(where: { !$0.accepted }),
            recombined.range.fits(in: run.field.text.length)
        {
            if let first = pending {
                run.calls.append(Self.record(run.request.call, first, before: run.previous, now: run.field.state.text))
                pending = nil
            }
            run.model.apply(.replace(recombined.range, recombined.text), to: &run.field)
        }
        var rewrittenTo: UTF16Text?
        var endedComposition = false
        // UIKit sends `editingChanged` (and `textDidChange`) only when the text or its marked
        // part changed by the user: a caret move, an edit that changed nothing, or the
        // delegate's own assignment sends none.
        if let assignment = assignedDuringCall
            ?? ((Self.textChanged(run.field.state.text, edits: run.field.edits, from: run.previous.text)
                || run.field.state.markedRange != run.previous.markedRange)
                ? editingChanged(&run, rule: rule) : nil)
        {
            // The first call's record is of the text it left, before the assignment.
            if let first = pending {
                run.calls.append(Self.record(run.request.call, first, before: run.previous, now: run.field.state.text))
                pending = nil
            }
            let wasMarked = run.field.state.markedRange != nil
            if assign(assignment, to: &run) {
                rewrittenTo = assignment.text
                endedComposition = wasMarked
            }
        }
        let fault = RegexLimits.takeExceeded()
        let plain = mayBePlain && !run.keepsSteps && run.calls.isEmpty && rewrittenTo == nil && fault == nil
        // What the replay knows beside the field follows the step (`recorded`: the event
        // the step is made of, or presents), the rule having acted if it refused or assigned.
        let ruleActed = rewrittenTo != nil || run.calls.contains { !$0.accepted }
        let ended = endedComposition || (rewrittenTo != nil && interruptsSyllable)
        if follows, ruleActed || ended || run.hasShadow || run.presentation.composesInText {
            follow(&run, recorded: recorded, presented: event, ruleActed: ruleActed, endedComposition: ended)
        }
        if plain, !run.looksAtBrokenSpots {
            // Not counted: a later step counts them if its edit may break something.
            if run.field.edits != nil { run.brokenCount = nil }
            return .plain(called: pending != nil)
        }
        let spots = newBrokenSpots(&run)
        if plain, spots.isEmpty { return .plain(called: pending != nil) }
        if let first = pending {
            run.calls.append(Self.record(run.request.call, first, before: run.previous, now: run.field.state.text))
        }
        told(
            TraceStep(
                eventIndex: index, event: event, before: run.previous, calls: run.calls, skipped: nil,
                rewrittenTo: rewrittenTo, rewriteEndedComposition: ended, after: run.field.state,
                newBrokenSpots: spots, ruleFault: fault,
                note: presents ? .presented(recorded: recorded) : bypassesDelegate ? .withoutDelegate : nil),
            run.field.edits)
        return .traced
    }

    /// What `editingChanged` answers about the step being made: the two fields are moved
    /// into the change it is told of, and back (built from copies, the change would take a
    /// reference to each text).
    private func editingChanged(_ run: inout ProfileReplay, rule: any InputRule) -> TextAssignment? {
        if run.tracksUndo {
            run.change.canUndo = !run.undoStack.isEmpty
            run.change.canRedo = !run.redoStack.isEmpty
        }
        swap(&run.change.before, &run.previous)
        swap(&run.change.after, &run.field.state)
        let assignment = rule.editingChanged(run.change)
        swap(&run.change.before, &run.previous)
        swap(&run.change.after, &run.field.state)
        if run.tracksUndo, rule.removedAllUndoActions(profile: run.profile) { Self.clearUndo(&run) }
        return assignment
    }

    /// Whether the delegate, asked about a call with `effect`, sees no marked range: where
    /// the profile says the field no longer reports its marked range when the delegate is
    /// asked about a commit (`hides`), a rule's `markedTextRange` guard cannot see it.
    static func hidesMarkedRange(effect: PlannedEdit.Effect, isCompositionStep: Bool, hides: Bool) -> Bool {
        guard hides, isCompositionStep, case .event(.insertText) = effect else { return false }
        return true
    }

    /// `textField.text = assignment.text`, then its selection; whether the text was set.
    private func assign(_ assignment: TextAssignment, to run: inout ProfileReplay) -> Bool {
        var assigned = false
        // Assigning the text the field already holds changes nothing but, where the
        // profile says so, still ends the composition: it counts as a rewrite there.
        if assignment.text != run.field.text || run.sameTextEndsComposition {
            run.field.setTextProgrammatically(assignment.text)
            assigned = true
        }
        // UIKit ignores a `selectedTextRange` outside the text; the caret stays at the end.
        if let selection = assignment.selection, selection.fits(in: run.field.text.length) {
            run.field.setSelection(selection)
        }
        return assigned
    }

    /// The broken spots the step being made added to the field's text, keeping the count
    /// current.
    private func newBrokenSpots(_ run: inout ProfileReplay) -> [BrokenSpot] {
        guard let ends = run.field.edits else { return [] }
        // Counted through a local: handing over `&run.brokenCount` beside the texts read from
        // `run` copied the whole replay.
        var count = run.brokenCount
        let spots = newBrokenSpots(in: run.field.state.text, before: run.previous.text, sharing: ends, count: &count)
        run.brokenCount = count
        return spots
    }

    /// The broken spots `text` has that `before` had not, the two sharing `ends`, `count`
    /// being how many `before` had (kept current; counted here when `nil` and needed).
    func newBrokenSpots(
        in text: UTF16Text, before: UTF16Text, sharing ends: UnchangedEnds = .nothing, count: inout Int?
    )
        -> [BrokenSpot]
    {
        guard !text.equals(before, sharing: ends), analyzer.editMayBreak(from: before, to: text, sharing: ends) else {
            return []
        }
        var newSpots: [BrokenSpot] = []
        let brokenAfter = analyzer.brokenSpots(in: text)
        if brokenAfter.count > count ?? analyzer.brokenSpots(in: before).count {
            let brokenBefore = analyzer.brokenSpots(in: before)
            newSpots = brokenAfter.filter { !brokenBefore.contains($0) }
        }
        count = brokenAfter.count
        return newSpots
    }

    /// A `beginEditing`, `endEditing`, `clearButton` or `returnKey` event, following the
    /// flow of Apple's `UITextFieldDelegate` overview: should-begin, did-begin; should-clear
    /// (the header: "return NO to ignore (no notifications)", so an allowed clear sends
    /// `editingChanged`); should-return; should-end, then the marked text committed as it
    /// is (the field resigns; no `shouldChangeCharacters` is asked for it, as for
    /// `unmarkText` — `assumed`, like the `editingChanged` that follows when the marked
    /// range goes), did-end. An assignment in any of them is applied at once.
    ///
    /// An assignment in a delegate method, and the clear button's own clearing, is
    /// `setText:` outside an edit: it registers nothing and clears the undo and redo stacks
    /// (jianshu.com/p/b302a7c66741: "正常情况下输入框执行setText:,默认不会注册到自己的
    /// undoManager上,并且会清空undoManger的undo、redo栈" — normally `setText:` is not
    /// registered and empties both stacks; only one made in an `editingChanged` handler,
    /// after the edit it answers was registered, leaves them). That the clear button
    /// clears through `setText:` is `assumed`.
    private func lifecycleStep(
        _ run: inout ProfileReplay, event: SessionEvent, index: Int, rule: any InputRule
    ) -> TraceStep {
        let before = run.previous
        var records: [EditingRecord] = []
        var rewrittenTo: UTF16Text?
        var endedComposition = false
        func apply(_ assignment: TextAssignment?, to run: inout ProfileReplay, clearsUndo: Bool) {
            guard let assignment else { return }
            let wasMarked = run.field.state.markedRange != nil
            if assign(assignment, to: &run) {
                rewrittenTo = assignment.text
                endedComposition = endedComposition || wasMarked
                if clearsUndo { Self.clearUndo(&run) }
            }
        }
        func ask(_ moment: EditingMoment, _ run: inout ProfileReplay) -> EditingResponse {
            let seen = run.field.state
            let response = rule.editing(moment, field: seen, profile: run.profile)
            let allowed = moment == .didBeginEditing || moment == .didEndEditing || response.allows
            records.append(EditingRecord(moment: moment, allowed: allowed, seen: seen))
            apply(response.assignment, to: &run, clearsUndo: true)
            return response
        }
        func changed(from earlier: FieldState, _ run: inout ProfileReplay) {
            let now = run.field.state
            guard now.text != earlier.text || now.markedRange != earlier.markedRange else { return }
            apply(
                rule.editingChanged(
                    FieldChange(before: earlier, after: now, profile: run.profile, inputMode: run.change.inputMode)),
                to: &run,
                clearsUndo: false)
        }
        func endEditing(_ run: inout ProfileReplay) {
            guard ask(.shouldEndEditing, &run).allows else { return }
            let earlier = run.field.state
            run.field.unmarkText()
            changed(from: earlier, &run)
            run.editing = false
            _ = ask(.didEndEditing, &run)
        }
        switch event {
        case .beginEditing:
            if !run.editing, ask(.shouldBeginEditing, &run).allows {
                run.editing = true
                run.clearsOnNextKey = run.secure
                _ = ask(.didBeginEditing, &run)
            }
        case .endEditing:
            if run.editing { endEditing(&run) }
        case .clearButton:
            // The default `clearButtonMode` shows the button only while editing.
            if run.editing, ask(.shouldClear, &run).allows, !run.field.text.isEmpty {
                let earlier = run.field.state
                run.field.setTextProgrammatically(.empty)
                Self.clearUndo(&run)
                changed(from: earlier, &run)
            }
        case .returnKey:
            if run.editing, run.field.state.markedRange == nil, ask(.shouldReturn, &run).resigns {
                endEditing(&run)
            }
        default: break
        }
        return TraceStep(
            eventIndex: index, event: event, before: before, calls: [], skipped: nil, rewrittenTo: rewrittenTo,
            rewriteEndedComposition: endedComposition, after: run.field.state,
            newBrokenSpots: newBrokenSpots(&run), ruleFault: RegexLimits.takeExceeded(), editing: records)
    }

    /// A range the event itself carries that does not fit `text`, or that ends inside a
    /// grapheme cluster of it: the event cannot happen (UIKit keeps selections on cluster
    /// boundaries). A session recorded without a rule can meet this once a rule has
    /// changed the text its later ranges were recorded against.
    func eventRangeProblem(_ event: SessionEvent, in text: UTF16Text) -> RangeProblem? {
        switch event {
        case .replace(let range, _), .setSelection(let range): return problems(of: range, in: text).first
        case .replaceRanges(let ranges, _):
            for range in ranges {
                if let problem = problems(of: range, in: text).first { return problem }
            }
            return nil
        default: return nil
        }
    }

    /// The problems of a call's ranges in `text`, in order (built without an array of
    /// ranges, and without one at all when there are none: this runs for every call, where
    /// `flatMap` allocated an empty array for every multi-range one).
    func rangeProblems(of call: DelegateCall, in text: UTF16Text) -> [RangeProblem] {
        switch call {
        case .single(let range, _): return problems(of: range, in: text)
        case .multi(let ranges, _):
            var all: [RangeProblem] = []
            for range in ranges {
                let problems = problems(of: range, in: text)
                if !problems.isEmpty { all.append(contentsOf: problems) }
            }
            return all
        }
    }

    private func problems(of range: UTF16Range, in text: UTF16Text) -> [RangeProblem] {
        range.problems(in: text) { analyzer.isBoundary($0, in: text) }
    }
}
