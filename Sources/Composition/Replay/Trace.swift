import Graphemes

/// A range of a delegate call that is invalid or not on a boundary of the text it refers to.
public enum RangeProblem: Hashable, Sendable, CustomStringConvertible {
    case outOfBounds(UTF16Range, textLength: Int)
    case splitsSurrogate(UTF16Range, offset: Int)
    case splitsGrapheme(UTF16Range, offset: Int)

    public var description: String {
        switch self {
        case .outOfBounds(let range, let length): "\(range) lies outside the text of length \(length)"
        case .splitsSurrogate(let range, let offset): "\(range) splits a surrogate pair at \(offset)"
        case .splitsGrapheme(let range, let offset): "\(range) splits a grapheme cluster at \(offset)"
        }
    }
}

/// One delegate call during replay, what it implied and what the rule said.
public struct CallRecord: Hashable, Sendable {
    public var call: DelegateCall
    /// The field as the delegate saw it.
    public var seen: FieldState
    /// The text the call implies (`nil` when a range is invalid).
    public var proposedText: UTF16Text?
    /// The proposed text's lengths, measured when asked.
    public var proposedLengths: TextLengths? { proposedText.map(TextLengths.init(measuring:)) }
    /// The text the field holds after the change, had it been accepted.
    public var resultingText: UTF16Text
    public var accepted: Bool
    public var rangeProblems: [RangeProblem]
    /// Whether the call updated or committed marked text.
    public var isCompositionStep: Bool
}

/// What happened to the field at one event.
public struct TraceStep: Hashable, Sendable {
    public var eventIndex: Int
    public var event: SessionEvent
    public var before: FieldState
    public var calls: [CallRecord]
    /// A range of the event itself that does not fit the field (the event was skipped).
    public var skipped: RangeProblem?
    /// The text an `editingChanged` handler assigned, if any.
    public var rewrittenTo: UTF16Text?
    /// Whether that assignment ended a composition that was in progress.
    public var rewriteEndedComposition: Bool
    public var after: FieldState
    /// Broken spots the event added to the text (lone surrogates, split clusters).
    public var newBrokenSpots: [BrokenSpot]

    /// Whether every call of the step was accepted (true when there was none).
    public var accepted: Bool { calls.indices.allSatisfy { calls[$0].accepted } }
}

/// A session replayed under one profile with one rule.
public struct Trace: Hashable, Sendable {
    public var sessionID: String
    public var profile: String
    public var rule: String
    public var steps: [TraceStep]
    public var final: FieldState
}
