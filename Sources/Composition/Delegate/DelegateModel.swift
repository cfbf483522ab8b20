import Graphemes

/// One step of an event as a platform carries it out: the delegate call it asks (if
/// any) and the edit the field makes when the call is accepted.
public struct PlannedEdit: Hashable, Sendable {
    /// What the field does if the delegate agrees.
    public enum Effect: Hashable, Sendable {
        /// The event's own UIKit semantics (a commit replaces the marked text whatever range was reported).
        case event(SessionEvent)
        /// A plain replacement, for one part of a multi-range edit split into single-range calls.
        case replace(UTF16Range, UTF16Text)
    }

    public var call: DelegateCall?
    public var effect: Effect
    /// Whether the step updates or commits marked text (a rule that rejects it interrupts the composition).
    public var isCompositionStep: Bool
}

/// Turns an event and the field's state into delegate calls, following a platform profile.
public struct DelegateModel: Sendable {
    public let profile: PlatformProfile

    public init(profile: PlatformProfile) {
        self.profile = profile
    }

    /// The steps of `event` on `field`; empty when the event changes nothing (deleting at the start).
    public func plan(_ event: SessionEvent, on field: TextField) -> [PlannedEdit] {
        let state = field.state
        switch event {
        case .setMarkedText(let text, _):
            let call =
                profile.markedTextUpdates == .delegate ? makeCall(state.markedRange ?? state.selection, text) : nil
            return [PlannedEdit(call: call, effect: .event(event), isCompositionStep: true)]
        case .insertText(let text):
            guard let marked = state.markedRange else {
                return [
                    PlannedEdit(call: makeCall(state.selection, text), effect: .event(event), isCompositionStep: false)
                ]
            }
            let range: UTF16Range =
                switch profile.commitRange {
                case .markedRange: marked
                case .markedEnd: .caret(at: marked.end)
                case .caret: state.selection
                case .markedLength: .caret(at: marked.length)
                }
            return [PlannedEdit(call: makeCall(range, text), effect: .event(event), isCompositionStep: true)]
        case .unmarkText, .setSelection:
            return [PlannedEdit(call: nil, effect: .event(event), isCompositionStep: false)]
        case .deleteBackward:
            guard let range = field.deletionRange(unit: profile.deleteBackward) else { return [] }
            return [PlannedEdit(call: makeCall(range, .empty), effect: .event(event), isCompositionStep: false)]
        case .replace(let range, let text):
            return [PlannedEdit(call: makeCall(range, text), effect: .event(event), isCompositionStep: false)]
        case .replaceRanges(let ranges, let text):
            if profile.delegate == .multiRange {
                return [
                    PlannedEdit(
                        call: .multi(ranges: ranges, replacement: text), effect: .event(event), isCompositionStep: false
                    )
                ]
            }
            let target = profile.multiRangeTarget.index(in: ranges)
            switch profile.multiRangeOnSingleRange {
            case .targetOnly:
                return [
                    PlannedEdit(
                        call: .single(range: ranges[target], replacement: text), effect: .event(event),
                        isCompositionStep: false)
                ]
            case .eachRange:
                return ranges.indices.sorted { ranges[$0].location > ranges[$1].location }.map { index in
                    let replacement = index == target ? text : .empty
                    return PlannedEdit(
                        call: .single(range: ranges[index], replacement: replacement),
                        effect: .replace(ranges[index], replacement), isCompositionStep: false)
                }
            }
        }
    }

    /// A call of the profile's kind for one range.
    private func makeCall(_ range: UTF16Range, _ replacement: UTF16Text) -> DelegateCall {
        profile.delegate == .multiRange
            ? .multi(ranges: [range], replacement: replacement) : .single(range: range, replacement: replacement)
    }

    /// Applies `effect` to `field`.
    public func apply(_ effect: PlannedEdit.Effect, to field: inout TextField) {
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
            }
        }
    }
}
