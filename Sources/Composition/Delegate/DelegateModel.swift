import Graphemes

/// One step of an event as a platform carries it out: the delegate call it asks (if
/// any) and the edit the field makes when the call is accepted.
package struct PlannedEdit: Hashable, Sendable {
    /// What the field does if the delegate agrees.
    package enum Effect: Hashable, Sendable {
        /// The event's own UIKit semantics (a commit replaces the marked text whatever range was reported).
        case event(SessionEvent)
        /// A plain replacement, for one part of a multi-range edit split into single-range calls.
        case replace(UTF16Range, UTF16Text)
    }

    package var call: DelegateCall?
    package var effect: Effect
    /// Whether the step updates or commits marked text (a rule that rejects it interrupts the composition).
    package var isCompositionStep: Bool
}

/// What a caller of ``DelegateModel``'s planning keeps from event to event for the calls
/// it is handed: the array of a one-range multi-range call, rewritten in place for the
/// next call as long as no call made with it is still held (an array per call was an
/// allocation per keystroke under iOS 26's delegate).
protocol PlanningContext {
    var callRanges: [UTF16Range] { get set }
}

/// Turns an event and the field's state into delegate calls, following a platform profile.
///
/// A class so that the replay loop passes one reference around instead of copying the
/// profile's many members at every event.
package final class DelegateModel: Sendable {
    package let profile: PlatformProfile

    package init(profile: PlatformProfile) {
        self.profile = profile
    }

    /// The steps of `event` on `field`; empty when the event changes nothing (deleting at the start).
    package func plan(_ event: SessionEvent, on field: TextField) -> [PlannedEdit] {
        var edits: [PlannedEdit] = []
        forEachPlannedEdit(event, on: field) { edits.append($0) }
        return edits
    }

    /// What planning an event reads of the field: its selection, its marked range, and the
    /// range `deleteBackward` would remove. A value with no text in it, so that the caller
    /// that applies the plan's edits holds the only reference to the field's text and the
    /// edits are made in place.
    struct Geometry {
        var selection: UTF16Range
        var markedRange: UTF16Range?
        var deletion: UTF16Range?
    }

    /// The geometry of `field` that planning `event` reads.
    func geometry(for event: SessionEvent, of field: TextField) -> Geometry {
        var deletion: UTF16Range?
        if case .deleteBackward = event { deletion = field.deletionRange(unit: profile.deleteBackward) }
        return Geometry(selection: field.state.selection, markedRange: field.state.markedRange, deletion: deletion)
    }

    /// Calls `body` with each step of `event` on `field`, in order, without building an array
    /// for the usual single step. The steps are planned up front, on the field as it is now.
    func forEachPlannedEdit(_ event: SessionEvent, on field: TextField, _ body: (PlannedEdit) -> Void) {
        forEachPlannedEdit(
            event, on: geometry(for: event, of: field),
            asking: { call, effect, composing in
                body(PlannedEdit(call: call, effect: effect, isCompositionStep: composing))
            },
            applying: { effect, composing in body(PlannedEdit(call: nil, effect: effect, isCompositionStep: composing))
            })
    }

    /// Each step of `event` on `field`, in order: `asking` for a step that asks the delegate
    /// (its call, what the field does if the delegate agrees, whether it is a composition
    /// step), `applying` for one that asks nothing. The call is handed over as it is made:
    /// a ``PlannedEdit``'s optional call is copied again to be read.
    func forEachPlannedEdit(
        _ event: SessionEvent, on field: Geometry,
        asking: (_ call: DelegateCall, _ effect: PlannedEdit.Effect, _ isCompositionStep: Bool) -> Void,
        applying: (_ effect: PlannedEdit.Effect, _ isCompositionStep: Bool) -> Void
    ) {
        var unshared = Unshared()
        forEachPlannedEdit(
            event, on: field, with: &unshared,
            asking: { _, call, effect, composing in asking(call, effect, composing) },
            applying: { _, effect, composing in applying(effect, composing) })
    }

    /// A context that keeps nothing between events: each multi-range call gets an array of
    /// its own.
    private struct Unshared: PlanningContext {
        var callRanges: [UTF16Range] = []
    }

    /// ``forEachPlannedEdit(_:on:asking:applying:)`` handing each step `context` to change:
    /// a caller whose state the steps change passes it here instead of capturing it, so
    /// that the steps read it in place (a closure that captures a caller's variable makes
    /// it hold every value it reads from it with a reference of its own). A one-range
    /// multi-range call is made with the context's ``PlanningContext/callRanges``.
    func forEachPlannedEdit<Context: PlanningContext>(
        _ event: SessionEvent, on field: Geometry, with context: inout Context,
        asking: (inout Context, _ call: DelegateCall, _ effect: PlannedEdit.Effect, _ isCompositionStep: Bool) ->
            Void,
        applying: (inout Context, _ effect: PlannedEdit.Effect, _ isCompositionStep: Bool) -> Void
    ) {
        let selection = field.selection
        let markedRange = field.markedRange
        switch event {
        case .setMarkedText(let text, _):
            if profile.markedTextUpdates == .delegate {
                asking(
                    &context, makeCall(markedRange ?? selection, text, reusing: &context.callRanges), .event(event),
                    true)
            } else {
                applying(&context, .event(event), true)
            }
        case .insertText(let text):
            guard let marked = markedRange else {
                asking(&context, makeCall(selection, text, reusing: &context.callRanges), .event(event), false)
                return
            }
            let range: UTF16Range =
                switch profile.commitRange {
                case .markedRange: marked
                case .markedEnd: .caret(at: marked.end)
                case .caret: selection
                case .markedLength: .caret(at: marked.length)
                }
            asking(&context, makeCall(range, text, reusing: &context.callRanges), .event(event), true)
        case .unmarkText, .setSelection:
            applying(&context, .event(event), false)
        case .beginEditing, .endEditing, .clearButton, .returnKey, .setText, .undo, .redo:
            // The editing lifecycle asks the delegate's lifecycle methods, the app's own
            // assignments ask nothing, and undo needs the field's undo stack: the replay
            // carries them out (``Replayer``).
            break
        case .deleteBackward:
            guard let range = field.deletion else { return }
            asking(&context, makeCall(range, .empty, reusing: &context.callRanges), .event(event), false)
        case .replace(let range, let text):
            asking(&context, makeCall(range, text, reusing: &context.callRanges), .event(event), false)
        case .replaceRanges(let ranges, let text):
            if profile.delegate == .multiRange {
                asking(&context, .multi(ranges: ranges, replacement: text), .event(event), false)
                return
            }
            let calls = profile.multiRangeOnSingleRange.calls(
                for: ranges, replacement: text, target: profile.multiRangeTarget)
            guard profile.multiRangeOnSingleRange == .eachRange, calls.count > 1 else {
                // One call, and the field makes the whole edit when it is accepted.
                for (range, replacement) in calls {
                    asking(&context, .single(range: range, replacement: replacement), .event(event), false)
                }
                return
            }
            for (range, replacement) in calls {
                asking(
                    &context, .single(range: range, replacement: replacement), .replace(range, replacement), false)
            }
        }
    }

    /// A call of the profile's kind for one range.
    func makeCall(_ range: UTF16Range, _ replacement: UTF16Text) -> DelegateCall {
        var ranges: [UTF16Range] = []
        return makeCall(range, replacement, reusing: &ranges)
    }

    /// A call of the profile's kind for one range, a multi-range call's array being
    /// `ranges`, rewritten in place when no earlier call still holds it.
    private func makeCall(_ range: UTF16Range, _ replacement: UTF16Text, reusing ranges: inout [UTF16Range])
        -> DelegateCall
    {
        guard profile.delegate == .multiRange else { return .single(range: range, replacement: replacement) }
        if ranges.count == 1 { ranges[0] = range } else { ranges = [range] }
        return .multi(ranges: ranges, replacement: replacement)
    }

    /// Applies `effect` to `field`.
    package func apply(_ effect: PlannedEdit.Effect, to field: inout TextField) {
        switch effect {
        case .replace(let range, let text): field.replace(range, with: text)
        case .event(let event):
            switch event {
            case .setMarkedText(let text, let selected): field.setMarkedText(text, selectedRange: selected)
            case .unmarkText: field.unmarkText()
            case .insertText(let text): field.insertText(text)
            case .deleteBackward: field.deleteBackward(unit: profile.deleteBackward)
            case .replace(let range, let text): field.replace(range, with: text)
            case .replaceRanges(let ranges, let text):
                field.replaceRanges(ranges, with: text, target: profile.multiRangeTarget)
            case .setSelection(let range): field.setSelection(range)
            // What the lifecycle does to the text with a delegate that agrees to
            // everything and assigns nothing (``Replayer`` carries out the rest).
            case .endEditing: field.unmarkText()
            case .clearButton: field.setTextProgrammatically(.empty)
            case .setText(let text): field.setTextProgrammatically(text)
            // What undo does depends on the undo stack, which only the replay keeps.
            case .beginEditing, .returnKey, .undo, .redo: break
            }
        }
    }
}

extension DelegateModel {
    /// The model used to check sessions: the field's own semantics, whatever the profile.
    package static let neutral = DelegateModel(
        profile: PlatformProfile(
            name: "neutral", description: "", source: "", delegate: .singleRange, commitRange: .markedRange,
            markedTextUpdates: .delegate, markedRangeVisibleDuringCommit: true, deleteBackward: .grapheme,
            multiRangeOnSingleRange: .targetOnly, multiRangeTarget: .firstListed, sameTextEndsComposition: true,
            facts: []))
}
