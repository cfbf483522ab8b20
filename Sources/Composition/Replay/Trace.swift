import Graphemes

/// One delegate call during replay, what it implied and what the rule said.
package struct CallRecord: Hashable, Sendable {
    package var call: DelegateCall
    /// The field as the delegate saw it.
    package var seen: FieldState
    /// The text the call implies (`nil` when a range is invalid).
    package var proposedText: UTF16Text?
    /// The proposed text's lengths, measured when asked.
    package var proposedLengths: TextLengths? { proposedText.map(TextLengths.init(measuring:)) }
    /// The text the field holds after the change, had it been accepted.
    package var resultingText: UTF16Text
    package var accepted: Bool
    package var rangeProblems: [RangeProblem]
    /// Whether the call updated or committed marked text.
    package var isCompositionStep: Bool
}

/// One lifecycle method the replay asked, and its answer.
package struct EditingRecord: Hashable, Sendable {
    package var moment: EditingMoment
    /// The `should…` answer (`true` for `did…`).
    package var allowed: Bool
    /// The field as the method saw it.
    package var seen: FieldState
}

/// Why a step is not simply its recorded event applied to the field.
package enum StepNote: Hashable, Sendable {
    /// The event found the field not editing (editing ended, or the delegate refused to
    /// begin): no keyboard reaches it, and the event changed nothing.
    case notEditing
    /// The profile presents the recorded engine output (`recorded`) as the step's event:
    /// Korean on iOS, say, edits the last syllable instead of marking it.
    case presented(recorded: SessionEvent)
    /// The profile commits the marked text without asking the delegate (a candidate
    /// picked on the candidate bar): only `editingChanged` sees the change.
    case withoutDelegate
    /// Under the profile the recorded engine output reaches the field as nothing (a
    /// commit of the syllable that is already there).
    case absorbed
    /// The recording no longer applies to the field the rule left (a composition the app
    /// ended was reset by the input method; a range recorded against a text the rule
    /// changed): the event changed nothing, and this is no finding against the rule.
    case diverged(Divergence)

    /// In words, for reports.
    package var summary: String {
        switch self {
        case .notEditing: "ignored: the field is not editing"
        case .presented(let recorded): "what the iOS keyboard sends for the engine's \(recorded)"
        case .withoutDelegate: "committed without asking the delegate (candidate bar)"
        case .absorbed: "the iOS keyboard sends nothing here: the text is already in the field"
        case .diverged(let why): "the recording no longer fits the field: \(why)"
        }
    }
}

/// Why a recorded event no longer applies to the field (``StepNote/diverged(_:)``), put
/// into words only when read: a replay that keeps no trace never reads it, and writing
/// the field into a note cost more than the rest of the step. Two reasons are equal when
/// they say the same.
package struct Divergence: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringInterpolation {
    private enum Reason: Sendable {
        case said(String)
        /// An event whose range (`problem`) does not fit the field the rule left, recorded
        /// against `recordedField`.
        case recordedAgainst(FieldState, RangeProblem)
    }

    private let reason: Reason

    package init(stringLiteral value: String) {
        reason = .said(value)
    }

    /// An event recorded against `field` (the field as the recording assumes it) whose
    /// range, in the field the rule left, has `problem`.
    package init(recordedAgainst field: FieldState, _ problem: RangeProblem) {
        reason = .recordedAgainst(field, problem)
    }

    package var description: String {
        switch reason {
        case .said(let text): text
        case .recordedAgainst(let field, let problem):
            "recorded against \"\(field.briefNotation)\", which the rule changed: \(problem)"
        }
    }

    package static func == (a: Divergence, b: Divergence) -> Bool { a.description == b.description }

    package func hash(into hasher: inout Hasher) { hasher.combine(description) }
}

/// What happened to the field at one event.
package struct TraceStep: Hashable, Sendable {
    package var eventIndex: Int
    package var event: SessionEvent
    package var before: FieldState
    package var calls: [CallRecord]
    /// A range of the event itself that does not fit the field (the event was skipped).
    package var skipped: RangeProblem?
    /// The text an `editingChanged` handler assigned, if any.
    package var rewrittenTo: UTF16Text?
    /// Whether that assignment ended a composition that was in progress.
    package var rewriteEndedComposition: Bool
    package var after: FieldState
    /// Broken spots the event added to the text (lone surrogates, split clusters).
    package var newBrokenSpots: [BrokenSpot]
    /// What the rule did that would bring an app down (a regular expression that ran past
    /// ICU's limits, which on a device freezes the app), if anything.
    package var ruleFault: String? = nil
    /// The lifecycle methods a `beginEditing`, `endEditing`, `clearButton` or `returnKey`
    /// event asked, in order.
    package var editing: [EditingRecord] = []
    /// Why the step is not simply the recorded event applied, if it is not.
    package var note: StepNote? = nil

    /// What a step did besides or instead of delegate calls, in words: its ``note``, or
    /// the lifecycle methods it asked (`textFieldShouldEndEditing → false`); `nil` for any
    /// other step.
    package var editingSummary: String? {
        if let note { return note.summary }
        guard !editing.isEmpty else { return nil }
        return editing.map { record in
            let method =
                "textField" + record.moment.rawValue.prefix(1).uppercased() + record.moment.rawValue.dropFirst()
            return record.moment == .didBeginEditing || record.moment == .didEndEditing
                ? method : "\(method) → \(record.allowed)"
        }.joined(separator: ", ")
    }

    // The records are read field by field, in place: iterating the array, subscripting it
    // or handing a record to a closure (even `borrowing`) copies it whole, every text in it
    // retained, and these are asked at every step.

    /// Whether every call of the step was accepted (true when there was none).
    package var accepted: Bool {
        calls.withUnsafeBufferPointer { records in
            for index in records.indices where !records[index].accepted { return false }
            return true
        }
    }

    /// Whether a call of the step has text to put in its ranges (false when there was none).
    package var insertsText: Bool {
        calls.withUnsafeBufferPointer { records in
            for index in records.indices where !records[index].call.replacement.isEmpty { return true }
            return false
        }
    }
}

/// A session replayed under one profile with one rule.
package struct Trace: Hashable, Sendable {
    package var sessionID: String
    package var profile: String
    package var rule: String
    package var steps: [TraceStep]
    package var final: FieldState
}
