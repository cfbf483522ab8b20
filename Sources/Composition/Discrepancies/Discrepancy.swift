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
        }
    }
}

/// One disagreement found in a replay.
public struct Discrepancy: Equatable, Sendable {
    public var kind: DiscrepancyKind
    /// The 0-based index into the session's `events`, or `nil` for the session as a whole.
    public var event: Int?
    public var profiles: [String]
    public var rule: String
    /// One sentence with the concrete values that differ.
    public var message: String
    /// The same values, structured (a JSON object).
    public var details: JSONValue

    public init(
        kind: DiscrepancyKind, event: Int?, profiles: [String], rule: String, message: String, details: JSONValue
    ) {
        self.kind = kind
        self.event = event
        self.profiles = profiles
        self.rule = rule
        self.message = message
        self.details = details
    }
}

/// The outcome of replaying one session with one rule under every profile.
public struct SessionResult: Equatable, Sendable {
    public var sessionID: String
    public var rule: String
    /// The text each profile's field ends with, in profile order.
    public var finalText: [(profile: String, text: UTF16Text)]
    public var discrepancies: [Discrepancy]
    public var eventCount: Int
    /// The traces, one per profile, when the caller asked to keep them.
    public var traces: [Trace]

    public static func == (lhs: SessionResult, rhs: SessionResult) -> Bool {
        lhs.sessionID == rhs.sessionID && lhs.rule == rhs.rule && lhs.discrepancies == rhs.discrepancies
            && lhs.eventCount == rhs.eventCount && lhs.traces == rhs.traces
            && lhs.finalText.elementsEqual(rhs.finalText) { $0.profile == $1.profile && $0.text == $1.text }
    }
}
