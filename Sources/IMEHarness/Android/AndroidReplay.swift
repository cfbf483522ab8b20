import Composition
import Foundation
import Fuzzing
import Graphemes

/// One call an Android keyboard makes on a field's `InputConnection`, or the Backspace key
/// outside a composition (which each keyboard sends its own way: ``AndroidProfile/deleteOutsideComposition``).
public enum InputConnectionCall: Hashable, Sendable, CustomStringConvertible {
    /// `setComposingText(text, newCursorPosition)`: the keyboard's whole composing text,
    /// replacing the composing region (or the selection).
    case setComposingText(UTF16Text, newCursorPosition: Int = 1)
    /// `commitText(text, newCursorPosition)`: replaces the composing region (or the
    /// selection) and ends the composition.
    case commitText(UTF16Text, newCursorPosition: Int = 1)
    /// `finishComposingText()`: the composing text stays, no longer composing.
    case finishComposingText
    /// `deleteSurroundingText(before, after)`, in UTF-16 units around the selection (and
    /// the composing region, which AOSP's implementation skips over).
    case deleteSurroundingText(before: Int, after: Int)
    /// `setComposingRegion(start, end)`: committed text becomes composing again (the
    /// caret came back into a word).
    case setComposingRegion(start: Int, end: Int)
    /// `setSelection(start, end)`.
    case setSelection(start: Int, end: Int)
    /// `beginBatchEdit()`: a framework sends no update until the matching end.
    case beginBatchEdit
    /// `endBatchEdit()`.
    case endBatchEdit
    /// Backspace with nothing composing: `deleteSurroundingText` of the unit the profile
    /// says, or the selection deleted (the DEL key event).
    case backspace
    /// The app's own `setText(text)` (not the keyboard's): filters run, composition ends.
    case setText(UTF16Text)

    /// The call as a log line writes it.
    public var description: String {
        switch self {
        case .setComposingText(let text, let cursor): "setComposingText(\"\(text.visibleDescription)\", \(cursor))"
        case .commitText(let text, let cursor): "commitText(\"\(text.visibleDescription)\", \(cursor))"
        case .finishComposingText: "finishComposingText()"
        case .deleteSurroundingText(let before, let after): "deleteSurroundingText(\(before), \(after))"
        case .setComposingRegion(let start, let end): "setComposingRegion(\(start), \(end))"
        case .setSelection(let start, let end): "setSelection(\(start), \(end))"
        case .beginBatchEdit: "beginBatchEdit()"
        case .endBatchEdit: "endBatchEdit()"
        case .backspace: "Backspace"
        case .setText(let text): "setText(\"\(text.visibleDescription)\")"
        }
    }

    /// Simpler versions of the call, for shrinking: shorter texts, smaller counts.
    var simplifications: [InputConnectionCall] {
        func shorter(_ text: UTF16Text) -> [UTF16Text] {
            let clusters = text.clusters
            guard clusters.count > 1, let first = clusters.first else { return [] }
            return [text[first.range]]
        }
        switch self {
        case .setComposingText(let text, let cursor):
            return shorter(text).map { .setComposingText($0, newCursorPosition: cursor) }
        case .commitText(let text, let cursor):
            return shorter(text).map { .commitText($0, newCursorPosition: cursor) }
        case .deleteSurroundingText(let before, let after) where before + after > 1:
            return [.deleteSurroundingText(before: min(before, 1), after: 0)]
        default: return []
        }
    }
}

/// The field an Android replay edits: its text, selection and composing region, with the
/// rule's filters, watcher and framework callback in it.
final class AndroidField {
    var text: UTF16Text
    var selection: UTF16Range
    var composing: UTF16Range?
    let rule: AndroidRule?
    /// How deep `afterTextChanged` calls are nested now.
    private var watcherDepth = 0
    /// Set when the watcher recursed past the limit (a `StackOverflowError` on a device).
    var crash: String?
    /// Whether a filter or the watcher changed what the step would have done.
    var ruleActed = false

    init(_ state: FieldState, rule: AndroidRule?) {
        text = state.text
        selection = state.selection
        composing = state.markedRange
        self.rule = rule
    }

    var state: FieldState {
        FieldState(text: text, selection: selection, markedRange: composing)
    }

    private var filters: [InputFilter] {
        if case .editText(let filters, _, _)? = rule?.binding { return filters }
        return []
    }

    /// `Editable.replace(range, source)`: the filters first (each sees the previous one's
    /// result, as `SpannableStringBuilder.replace` runs them), then the text, the caret
    /// (after the insertion when `caretAfter`, else where the edit moved it), the composing
    /// span, and `afterTextChanged`. For `setComposingText` and `commitText`
    /// (`replaceText`, which removed the composing span before replacing) the span is the
    /// one the result carries; any other edit moves the field's span with the text.
    func replace(_ range: UTF16Range, _ source: Spanned, caretAfter: Bool = true, replaceText: Bool) {
        var result = source
        for filter in filters {
            // The input connection removed the composing span from the text before
            // replacing (`removeComposingSpans`); the app's own edits leave it.
            let dest = Spanned(text, composing: replaceText ? nil : composing)
            if let filtered = filter.filter(result, 0, result.length, dest, range.location, range.end) {
                if filtered != result { ruleActed = true }
                result = filtered
            }
        }
        text = text.replacing(range, with: result.text)
        if replaceText {
            composing = result.composing.map { UTF16Range(location: range.location + $0.location, length: $0.length) }
        } else if let span = composing {
            composing = Self.adjust(span, replacing: range, with: result.length)
        }
        if caretAfter {
            selection = .caret(at: range.location + result.length)
        } else {
            selection = Self.adjust(selection, replacing: range, with: result.length) ?? .caret(at: range.location)
        }
        // `SpannableStringBuilder.replace` tells its watchers of every replace but an
        // empty one by nothing: a commit of the very text that was composing included.
        if !range.isEmpty || result.length > 0 { textChanged() }
    }

    /// An edit the app's `TextWatcher` makes through the `Editable`.
    func editFromApp(_ range: UTF16Range, _ text: Spanned) {
        guard crash == nil, range.fits(in: self.text.length) else { return }
        ruleActed = true
        replace(range, text, caretAfter: false, replaceText: false)
    }

    /// Nesting beyond which a watcher that keeps editing is a crash: Android's main
    /// thread has about 8 MB of stack, and each nested `afterTextChanged` adds the whole
    /// `SpannableStringBuilder.replace` and `TextView` change chain to it (`assumed`: a
    /// depth of 64 is far beyond any watcher that settles).
    static let watcherDepthLimit = 64

    private func textChanged() {
        guard case .editText(_, let watcher?, _)? = rule?.binding else { return }
        guard watcherDepth < Self.watcherDepthLimit else {
            crash =
                crash
                ?? "afterTextChanged edited the text \(Self.watcherDepthLimit) times over without settling: a StackOverflowError"
            return
        }
        watcherDepth += 1
        defer { watcherDepth -= 1 }
        watcher(Editable(field: self))
    }

    /// Removes the composing span, telling a `SpanWatcher` if the rule has one.
    func finishComposing() {
        guard composing != nil else { return }
        composing = nil
        if case .editText(_, _, let finished?)? = rule?.binding { finished(Editable(field: self)) }
    }

    /// Where `span` is after `range` is replaced by `length` units (`SPAN_EXCLUSIVE_EXCLUSIVE`
    /// points: an endpoint inside the replaced range goes to its edge), `nil` if it vanished.
    static func adjust(_ span: UTF16Range, replacing range: UTF16Range, with length: Int) -> UTF16Range? {
        let delta = length - range.length
        func move(_ point: Int, isStart: Bool) -> Int {
            if point <= range.location { return point }
            if point >= range.end { return point + delta }
            return isStart ? range.location + length : range.location
        }
        let start = move(span.location, isStart: true)
        let end = max(start, move(span.end, isStart: false))
        if span.isEmpty { return .caret(at: start) }
        return end > start ? UTF16Range(start..<end) : nil
    }
}

/// What happened at one call of an Android replay.
public struct AndroidStep: Hashable, Sendable {
    /// The call's position in the session.
    public var index: Int
    /// The call as the session has it.
    public var call: InputConnectionCall
    /// The calls the keyboard made for it under the profile (Backspace becomes
    /// `deleteSurroundingText`; a composition the app restarted is cut to what is new).
    public var sent: [InputConnectionCall]
    /// The field before.
    public var before: FieldState
    /// The field after.
    public var after: FieldState
    /// The field after, had the field no rule in it.
    public var withoutRule: FieldState
    /// Whether the rule changed what the call did.
    public var ruleActed: Bool
    /// Whether the app restarted input during a composition at this call.
    public var restarted: Bool
}

/// A session replayed under one Android profile, and what it found.
public struct AndroidOutcome: Sendable {
    /// The session's identifier.
    public var session: String
    /// The profile.
    public var profile: String
    /// The rule's spec.
    public var rule: String
    /// Every call's step.
    public var steps: [AndroidStep]
    /// The findings, the first of each property (one root cause each).
    public var findings: [AndroidFinding]
    /// The field at the end.
    public var final: FieldState
}

/// A claim that the rule is wrong, in the vocabulary the iOS replay and the fuzzer use.
public struct AndroidFinding: Hashable, Sendable, CustomStringConvertible {
    /// The property broken (`limit-exceeded`, `deletion-blocked`, …).
    public var kind: String
    /// The profile it was found under.
    public var profile: String
    /// The call at which it happened.
    public var call: Int
    /// What happened.
    public var message: String
    /// Why it is the rule's fault, in the contract's words.
    public var why: String

    /// One line for a report.
    public var description: String { "\(kind) under \(profile) at call \(call): \(message) (\(why))" }
}

/// Replays `InputConnection` calls through an Android field with a rule in it, under an
/// ``AndroidProfile``, and checks the same properties as the iOS fuzzer.
///
/// The field is AOSP's `BaseInputConnection` over an `Editable`: `setComposingText` and
/// `commitText` replace the composing region (else the selection), the filters see the
/// source with its composing span and the text without it, and what a filter returns keeps
/// the part of the span it kept; `deleteSurroundingText` skips over the composing region;
/// `finishComposingText` changes no text. The keyboard is the recording: each
/// `setComposingText` carries the keyboard's own composing text, so when a filter cut the
/// field's, the next call replaces the cut text with the keyboard's whole word again
/// (``AndroidProfile`` `keyboardBelief`).
public struct AndroidReplay {
    /// The rule (`nil`: no rule, the field alone).
    public let rule: AndroidRule?
    /// The profile.
    public let profile: AndroidProfile
    private let analyzer: TextAnalyzer

    /// A replay of `rule` under `profile`.
    public init(rule: AndroidRule?, profile: AndroidProfile) throws {
        self.rule = rule
        self.profile = profile
        analyzer = try TextAnalyzer()
    }

    /// Replays `calls` from `initial`.
    public func run(
        _ calls: [InputConnectionCall], from initial: FieldState = FieldState(text: .empty), id: String = ""
    )
        -> AndroidOutcome
    {
        let field = AndroidField(initial, rule: rule)
        let plain = AndroidField(initial, rule: nil)
        // The field with no rule from the start, fed the same calls: what the keyboard's
        // own calls did to the text (a deleteSurroundingText may split a pair by itself).
        let alone = AndroidField(initial, rule: nil)
        // Whether the keyboard's calls alone have broken a character so far in the session.
        var keyboardBroke = !analyzer.brokenSpots(in: initial.text).isEmpty
        var keyboard = KeyboardState()
        var framework = FrameworkState(value: TextFieldValue(field.state))
        var steps: [AndroidStep] = []
        var findings = Findings()
        let contract = rule?.contract ?? RuleContract()
        // The field when the open batch edit began: a framework hears of a batch's edits
        // only when it ends, and a batch is judged whole, from there.
        var batchStart: FieldState?
        for (index, call) in calls.enumerated() {
            guard field.crash == nil else { break }
            let before = field.state
            if case .beginBatchEdit = call, keyboard.batchDepth == 0 { batchStart = before }
            let sent = keyboard.present(call, on: field, profile: profile)
            // The field with no rule, from where the ruled one is: what the call alone does.
            plain.text = field.text
            plain.selection = field.selection
            plain.composing = field.composing
            field.ruleActed = false
            var restarted = false
            for concrete in sent {
                apply(concrete, to: field)
                apply(concrete, to: plain)
                apply(concrete, to: alone)
                // A framework hears of each call on its own, or of a batch when it ends.
                if case .framework(let kind, let format)? = rule?.binding, keyboard.batchDepth == 0,
                    update(field, kind, format: format, framework: &framework, keyboard: &keyboard)
                {
                    restarted = true
                }
            }
            let step = AndroidStep(
                index: index, call: call, sent: sent, before: before, after: field.state, withoutRule: plain.state,
                ruleActed: field.ruleActed, restarted: restarted)
            steps.append(step)
            if let crash = field.crash {
                findings.add(.ruleCrashed, step, profile.name, contract, crash)
            }
            guard keyboard.batchDepth == 0 else { continue }
            var judged = step
            if let start = batchStart {
                judged.before = start
                batchStart = nil
            }
            if !keyboardBroke, !analyzer.brokenSpots(in: alone.text).isEmpty { keyboardBroke = true }
            check(judged, keyboardBroke: keyboardBroke, keyboard: keyboard, contract: contract, into: &findings)
        }
        return AndroidOutcome(
            session: id, profile: profile.name, rule: rule?.spec ?? "none", steps: steps, findings: findings.all,
            final: field.state)
    }

    /// The shortest session found from `session` (by dropping calls and shortening their
    /// texts) that still shows a finding of `kind` (`deletion-blocked`, …) under this
    /// replay's rule and profile; `session` itself when it shows none.
    public func minimised(_ session: AndroidSession, showing kind: String, budget: Int = 1500) -> AndroidSession {
        func fails(_ calls: [InputConnectionCall]) -> Bool {
            run(calls, from: session.initial).findings.contains { $0.kind == kind }
        }
        guard fails(session.calls) else { return session }
        let shrinker = DeltaShrinker<InputConnectionCall>(
            isPlausible: Self.batchesBalance, simplifications: \.simplifications, fails: fails, budget: budget)
        var shrunk = session
        shrunk.calls = shrinker.shrink(session.calls)
        return shrunk
    }

    /// Hands the field's value to the framework's app code, when it changed, and writes
    /// back what the app kept (the composing region too: Flutter's `setEditingState`,
    /// Compose's `updateState`); `true` when the framework then restarted input during a
    /// composition (``AndroidProfile/flutterRestartsInput``, ``AndroidProfile/composeRestartsInput``).
    private func update(
        _ field: AndroidField, _ kind: AndroidRule.Framework,
        format: (TextFieldValue, TextFieldValue) -> TextFieldValue,
        framework: inout FrameworkState, keyboard: inout KeyboardState
    ) -> Bool {
        let proposed = TextFieldValue(field.state)
        guard proposed != framework.value else { return false }
        let kept = format(framework.value, proposed)
        framework.value = kept
        guard kept != proposed else { return false }
        field.ruleActed = true
        let composingBefore = field.composing
        field.text = UTF16Text(kept.text)
        field.selection = UTF16Range(location: kept.selection.location, length: kept.selection.length)
            .clamped(to: field.text.length)
        field.composing = kept.composing.map { UTF16Range(location: $0.location, length: $0.length) }
            .flatMap { $0.fits(in: field.text.length) && !$0.isEmpty ? $0 : nil }
        let restarts = kind == .flutter ? profile.flutterRestartsInput : profile.composeRestartsInput
        guard restarts, composingBefore != nil else { return false }
        keyboard.restarted(field: field, profile: profile)
        return true
    }

    /// Whether every `beginBatchEdit` of `calls` is ended, and no end comes first: a
    /// keyboard always ends the batches it begins, so a shrunk session must too.
    static func batchesBalance(_ calls: [InputConnectionCall]) -> Bool {
        var depth = 0
        for call in calls {
            if case .beginBatchEdit = call { depth += 1 }
            if case .endBatchEdit = call {
                depth -= 1
                if depth < 0 { return false }
            }
        }
        return depth == 0
    }

    /// Applies one concrete call to `field`, as `BaseInputConnection` does.
    private func apply(_ call: InputConnectionCall, to field: AndroidField) {
        let length = field.text.length
        switch call {
        case .setComposingText(let text, let cursor), .commitText(let text, let cursor):
            let composing: Bool = if case .setComposingText = call { true } else { false }
            let region = field.composing.flatMap { $0.fits(in: length) ? $0 : nil } ?? field.selection
            field.composing = nil
            let source = Spanned(text, composing: composing && !text.isEmpty ? text.fullRange : nil)
            field.replace(region, source, replaceText: true)
            if cursor != 1 {
                let end = region.location + (field.text.length - length + region.length)
                let caret = cursor > 0 ? end + cursor - 1 : region.location + cursor
                field.selection = .caret(at: min(max(caret, 0), field.text.length))
            }
        case .finishComposingText:
            field.finishComposing()
        case .deleteSurroundingText(let before, let after):
            var start = field.selection.location
            var end = field.selection.end
            if let composing = field.composing {
                start = min(start, composing.location)
                end = max(end, composing.end)
            }
            if after > 0, end < field.text.length {
                let upper = min(field.text.length, end + after)
                field.replace(UTF16Range(end..<upper), "", caretAfter: false, replaceText: false)
            }
            if before > 0, start > 0 {
                field.replace(UTF16Range(max(0, start - before)..<start), "", caretAfter: false, replaceText: false)
            }
        case .setComposingRegion(let start, let end):
            let lower = min(start, end)
            let upper = max(start, end)
            guard lower >= 0, upper <= length else { return }
            field.composing = lower < upper ? UTF16Range(lower..<upper) : nil
        case .setSelection(let start, let end):
            guard start >= 0, end >= 0, start <= length, end <= length else { return }
            field.selection = UTF16Range(min(start, end)..<max(start, end))
        case .beginBatchEdit, .endBatchEdit, .backspace:
            break
        case .setText(let text):
            field.composing = nil
            field.replace(field.text.fullRange, Spanned(text), replaceText: false)
        }
    }

    /// The properties of one step, in the fuzzer's vocabulary (the fuzzer's properties).
    private func check(
        _ step: AndroidStep, keyboardBroke: Bool, keyboard: KeyboardState, contract: RuleContract,
        into findings: inout Findings
    ) {
        let before = step.before
        let after = step.after
        if let limit = contract.limit {
            let committed = after.committedText
            if committed.exceeds(limit.count, in: limit.unit),
                committed.length(in: limit.unit) > before.committedText.length(in: limit.unit)
            {
                findings.add(
                    .limitExceeded, step, profile.name, contract,
                    "the committed text \"\(committed.visibleDescription)\" measures "
                        + "\(committed.length(in: limit.unit)) \(limit.unit.rawValue)")
            }
        }
        guard step.ruleActed || step.restarted else { return }
        // Broken spots the rule made: more than the field had and than the call alone
        // would leave, in a session whose calls have broken nothing so far with no rule at
        // all. Once a keyboard's own deleteSurroundingText has split a pair or left a
        // joiner, what a rule's cut later does to the pieces is no finding against it.
        let broken = keyboardBroke ? 0 : analyzer.brokenSpots(in: after.text).count
        if broken > analyzer.brokenSpots(in: before.text).count,
            broken > analyzer.brokenSpots(in: step.withoutRule.text).count
        {
            findings.add(
                .brokenText, step, profile.name, contract,
                "the field holds \"\(after.text.visibleDescription)\", a fragment of a character the keyboard never sent"
            )
        }
        let deleted =
            (step.isExplicitDeletion && step.withoutRule.text.length < before.text.length)
            || keyboard.wasShortened(step)
        if deleted, after.text == before.text,
            contract.excuse(forRefusing: .deleteBackward, on: before) == nil
        {
            findings.add(
                .deletionBlocked, step, profile.name, contract,
                "Backspace (\(step.sent.map(\.description).joined(separator: ", "))) left \"\(after.notation)\" as it "
                    + "was: the keyboard deleted from the text it composes, which the rule had cut")
        }
        if contract.compositionSafe, step.touchesComposition,
            step.composedEvent.map({ contract.excuse(forRefusing: $0, on: before) == nil }) ?? true
        {
            findings.add(
                .compositionInterrupted, step, profile.name, contract,
                "the rule changed composing text: the field holds \"\(after.notation)\" where the keyboard sent "
                    + "\(step.sent.map(\.description).joined(separator: ", "))"
                    + (step.restarted ? ", and the app restarted input" : ""))
        }
        if step.isCommit, after.committedText.length < step.withoutRule.committedText.length,
            contract.excuse(forRefusing: .insertText(step.committedText), on: before) == nil
        {
            findings.add(
                .typedTextLost, step, profile.name, contract,
                "the keyboard committed \"\(step.committedText.visibleDescription)\" and the field kept "
                    + "\"\(after.notation)\", though the whole commit breaks none of the contract's promises")
        }
    }

    /// The first finding of each property.
    struct Findings {
        var found: [String: AndroidFinding] = [:]
        var order: [String] = []

        mutating func add(
            _ property: FuzzProperty, _ step: AndroidStep, _ profile: String, _ contract: RuleContract,
            _ message: @autoclosure () -> String
        ) {
            guard found[property.rawValue] == nil else { return }
            order.append(property.rawValue)
            found[property.rawValue] = AndroidFinding(
                kind: property.rawValue, profile: profile, call: step.index, message: message(),
                why: property.reason(under: contract, event: step.index))
        }

        var all: [AndroidFinding] { order.compactMap { found[$0] } }
    }
}

extension AndroidStep {
    /// Whether the user deleted with Backspace outside a composition, or the keyboard
    /// deleted around the caret.
    var isExplicitDeletion: Bool {
        switch call {
        case .backspace, .deleteSurroundingText: true
        default: false
        }
    }

    /// The call as the UIKit-level event a contract's excuses are written for: composing
    /// text as marked text, a commit as inserted text.
    var composedEvent: SessionEvent? {
        switch call {
        case .setComposingText(let text, _): .setMarkedText(text, selectedRange: .caret(at: text.length))
        case .commitText(let text, _): .insertText(text)
        default: nil
        }
    }

    /// Whether the step is a commit of the keyboard's.
    var isCommit: Bool { if case .commitText = call { true } else { false } }

    /// What the keyboard committed.
    var committedText: UTF16Text { if case .commitText(let text, _) = call { text } else { .empty } }

    /// Whether the rule acted on composing text: a filter cut or changed it, or the app
    /// restarted input during it.
    var touchesComposition: Bool {
        if restarted { return true }
        guard ruleActed else { return false }
        if case .setComposingText = call {
            return withoutRule.text != after.text || withoutRule.markedRange != after.markedRange
        }
        return false
    }
}

/// What the keyboard believes: the composition it is typing, and what of it the app
/// dropped by restarting input.
struct KeyboardState {
    /// Its own composing text, as it last sent it.
    var composing: UTF16Text?
    /// The composing text of the last recorded `setComposingText` (before a dropped
    /// composition was cut from it): what Backspace inside the composition shortens.
    var recorded: UTF16Text?
    /// After a restart that dropped the composition: what the keyboard had composed then,
    /// which later calls of the same word no longer carry.
    var dropped: UTF16Text?
    /// Nesting of batch edits.
    var batchDepth = 0
    /// Whether the last call shortened the keyboard's composition although the field kept
    /// its text (set by ``present(_:on:profile:)``).
    private var shortened = false

    /// The calls the keyboard makes for `call` on `field` under `profile`.
    mutating func present(_ call: InputConnectionCall, on field: AndroidField, profile: AndroidProfile)
        -> [InputConnectionCall]
    {
        shortened = false
        switch call {
        case .setComposingText(var text, let cursor):
            if let old = recorded, Self.isDeletion(from: old, to: text) { shortened = true }
            recorded = text.isEmpty ? nil : text
            if let dropped {
                // Backspace in the recording, with nothing left in the keyboard's buffer
                // since the app dropped its composition: it deletes before the caret.
                if shortened, composing?.isEmpty ?? true {
                    composing = nil
                    return backspace(on: field, profile: profile)
                }
                guard text.units.starts(with: dropped.units) else {
                    self.dropped = nil
                    composing = text
                    return [call]
                }
                text = UTF16Text(units: text.units.dropFirst(dropped.length))
                composing = text
                return text.isEmpty && field.composing == nil
                    ? [] : [.setComposingText(text, newCursorPosition: cursor)]
            }
            composing = text
            return [call]
        case .commitText(var text, let cursor):
            defer {
                composing = nil
                recorded = nil
                dropped = nil
            }
            if let dropped, text.units.starts(with: dropped.units) {
                text = UTF16Text(units: text.units.dropFirst(dropped.length))
                return [.commitText(text, newCursorPosition: cursor)]
            }
            return [call]
        case .finishComposingText:
            composing = nil
            recorded = nil
            dropped = nil
            return [call]
        case .setSelection:
            let finish: [InputConnectionCall] = field.composing != nil || composing != nil ? [.finishComposingText] : []
            composing = nil
            recorded = nil
            dropped = nil
            return finish + [call]
        case .backspace:
            // Inside its composition the keyboard shortens the text it composes.
            if let word = recorded, let last = word.clusters.last {
                return present(
                    .setComposingText(word[UTF16Range(0..<last.range.location)]), on: field, profile: profile)
            }
            return backspace(on: field, profile: profile)
        case .beginBatchEdit:
            batchDepth += 1
            return [call]
        case .endBatchEdit:
            batchDepth = max(0, batchDepth - 1)
            return [call]
        case .setComposingRegion(let start, let end):
            // A keyboard marks a word only once the one it was composing is finished (AOSP's
            // LatinIME resets its input state, finishing the composition, before it restarts
            // suggestions on the word under the caret). Then it composes the word it marked:
            // its text as the field holds it.
            let finish: [InputConnectionCall] = field.composing != nil || composing != nil ? [.finishComposingText] : []
            dropped = nil
            var range = UTF16Range(min(start, end)..<max(start, end))
            guard range.fits(in: field.text.length), !range.isEmpty else {
                composing = nil
                recorded = nil
                return finish + [call]
            }
            // A keyboard marks whole characters: a region that would split one (a generated
            // or shrunk session's) is widened to the clusters it touches (`assumed`).
            let clusters = field.text.clusters.map(\.range)
            let lower = clusters.last { $0.location <= range.location }?.location ?? range.location
            let upper = clusters.first { $0.end >= range.end }?.end ?? range.end
            range = UTF16Range(lower..<upper)
            composing = field.text[range]
            recorded = composing
            return finish + [.setComposingRegion(start: range.location, end: range.end)]
        case .deleteSurroundingText, .setText:
            return [call]
        }
    }

    /// Backspace with nothing composing: the selection deleted, else the unit before the
    /// caret the profile says, as `deleteSurroundingText`.
    private func backspace(on field: AndroidField, profile: AndroidProfile) -> [InputConnectionCall] {
        let selection = field.selection
        if !selection.isEmpty { return [.commitText(.empty)] }
        guard selection.location > 0 else { return [] }
        let units = field.text.units
        var length = 1
        switch profile.deleteOutsideComposition {
        case .codePoint:
            if selection.location >= 2, JavaCharacter.isLowSurrogate(units[selection.location - 1]),
                JavaCharacter.isHighSurrogate(units[selection.location - 2])
            {
                length = 2
            }
        case .grapheme:
            let prefix = field.text[UTF16Range(0..<selection.location)]
            length = prefix.clusters.last.map(\.range.length) ?? 1
        }
        return [.deleteSurroundingText(before: length, after: 0)]
    }

    /// Whether composing `new` after `old` is Backspace inside the composition: `new`'s
    /// compatibility decomposition (NFKD, ICU) is a shorter prefix of `old`'s, so a
    /// Hangul syllable losing its last jamo counts (카 → ㅋ) as a Latin word losing a letter.
    static func isDeletion(from old: UTF16Text, to new: UTF16Text) -> Bool {
        let (was, now) = (old.nfkd, new.nfkd)
        return now.length < was.length && was.units.starts(with: now.units)
    }

    /// The app restarted input during a composition: the keyboard reacts as `profile` says.
    mutating func restarted(field: AndroidField, profile: AndroidProfile) {
        switch profile.restartInput {
        case .dropsComposition:
            // Everything it composed so far is gone from its buffer, and the field's
            // composing region with it.
            dropped = recorded
            composing = nil
            field.composing = nil
        }
    }

    /// Whether `step` shortened the keyboard's own composition.
    func wasShortened(_ step: AndroidStep) -> Bool { shortened }
}

/// What a framework's app code last kept.
struct FrameworkState {
    var value: TextFieldValue
}

extension UTF16Range {
    /// The range with both ends moved inside `0...length`.
    func clamped(to length: Int) -> UTF16Range {
        let lower = min(max(location, 0), length)
        let upper = min(max(end, lower), length)
        return UTF16Range(lower..<upper)
    }
}
