import Composition
import Graphemes

/// Reduces a failing session to a small one that fails the same property.
///
/// Passes, repeated until none helps or the budget of replays is spent: drop runs of
/// events (halves first, then single events), drop grapheme clusters from event texts,
/// turn clusters into `a` or the simplest cluster of their class (中, 😀, `１`), and move
/// ranges to the start of the text. Every candidate is
/// a valid session (its ranges fit at every event); deterministic for the same input.
struct Shrinker {
    /// Whether the events still fail the property.
    let fails: ([SessionEvent]) -> Bool
    /// The most replays one shrink may spend.
    var budget = 4000

    func shrink(_ events: [SessionEvent]) -> [SessionEvent] {
        DeltaShrinker(
            isPlausible: Self.isPlausible, simplifications: Self.simplifications(of:), fails: fails, budget: budget
        ).shrink(events)
    }

    /// Whether the events make a session a platform could produce: valid `ime-session/1`
    /// (every range fits its event), every range and caret on a grapheme cluster boundary
    /// of the text at its event (UIKit never puts the caret inside a cluster), no lone
    /// surrogate in any text, and no paste or multi-range replacement while text is marked
    /// (UIKit ends a composition before either, as the generator does with `unmarkText`),
    /// no typing while the field is not editing and no `returnKey` while text is marked (the
    /// input method takes that key).
    static func isPlausible(_ events: [SessionEvent]) -> Bool {
        var field = TextField(FieldState(text: .empty))
        var editing = true
        for event in events {
            switch event {
            case .beginEditing: editing = true
            case .endEditing: editing = false
            case .returnKey: if !editing || field.state.markedRange != nil { return false }
            default: if !editing { return false }
            }
            if Session.firstInvalidEvent([event], from: field.state) != nil { return false }
            let text = field.text
            let ranges: [UTF16Range] =
                switch event {
                case .replace(let range, _), .setSelection(let range): [range]
                case .replaceRanges(let ranges, _): ranges
                default: []
                }
            for range in ranges where !text.isGraphemeBoundary(range.location) || !text.isGraphemeBoundary(range.end) {
                return false
            }
            switch event {
            case .replace(let range, let text):
                // No platform sends a replacement that replaces nothing with nothing.
                if field.state.markedRange != nil || range.isEmpty && text.isEmpty { return false }
            case .replaceRanges: if field.state.markedRange != nil { return false }
            default: break
            }
            if case .setMarkedText(let marked, let selected) = event,
                selected.end > marked.length || !marked.isGraphemeBoundary(selected.location)
                    || !marked.isGraphemeBoundary(selected.end)
            {
                return false
            }
            switch event {
            case .setMarkedText(let inserted, _), .insertText(let inserted), .replace(_, let inserted),
                .replaceRanges(_, let inserted):
                if inserted.hasLoneSurrogates { return false }
            default: break
            }
            DelegateModel.neutral.apply(.event(event), to: &field)
        }
        return true
    }

    /// Simpler forms of one event, simplest first.
    static func simplifications(of event: SessionEvent) -> [SessionEvent] {
        switch event {
        case .setMarkedText(let text, let selected):
            return smaller(text).map { shorter in
                let caret = min(selected.location, shorter.length)
                return .setMarkedText(
                    shorter,
                    selectedRange: UTF16Range(location: caret, length: min(selected.length, shorter.length - caret)))
            }
        case .insertText(let text): return smaller(text).map { .insertText($0) }
        case .replace(let range, let text):
            var forms = smaller(text).map { SessionEvent.replace(range, $0) }
            if range.location > 0 { forms.append(.replace(UTF16Range(location: 0, length: range.length), text)) }
            if range.length > 0 { forms.append(.replace(.caret(at: range.location), text)) }
            return forms
        case .replaceRanges(let ranges, let text):
            var forms = smaller(text).map { SessionEvent.replaceRanges(ranges, $0) }
            if ranges.count > 1 { forms.append(.replace(ranges[0], text)) }
            return forms
        case .setSelection(let range):
            var forms: [SessionEvent] = []
            if range.length > 0 { forms.append(.setSelection(.caret(at: range.location))) }
            if range.location > 0 { forms.append(.setSelection(UTF16Range(location: 0, length: range.length))) }
            return forms
        case .setText(let text): return smaller(text).map { .setText($0) }
        case .unmarkText, .deleteBackward, .beginEditing, .endEditing, .clearButton, .returnKey, .undo, .redo:
            return []
        }
    }

    /// The text with one grapheme cluster dropped, or one turned into `a`, or into the
    /// simplest cluster of its own class (``simplest(like:)``): a counterexample that still
    /// fails with 中 for `𠀀` and 😀 for `🧖🏿‍♂️` shows a bug, not an exotic edge case.
    static func smaller(_ text: UTF16Text) -> [UTF16Text] {
        let boundaries = text.graphemeBoundaries
        var forms: [UTF16Text] = []
        for (start, end) in zip(boundaries, boundaries.dropFirst()) {
            forms.append(text.replacing(UTF16Range(start..<end), with: .empty))
        }
        for (start, end) in zip(boundaries, boundaries.dropFirst()) where text.units[start..<end] != [0x61] {
            forms.append(text.replacing(UTF16Range(start..<end), with: "a"))
        }
        for (start, end) in zip(boundaries, boundaries.dropFirst()) {
            let cluster = text[UTF16Range(start..<end)]
            if let simplest = simplest(like: cluster), simplest != cluster {
                forms.append(text.replacing(UTF16Range(start..<end), with: simplest))
            }
        }
        return forms
    }

    /// The simplest cluster of the class ICU gives `cluster`, the one a reader takes for
    /// "any of these": `a` for a Latin letter, 中 for Han, あ, ア, 한, ㄅ, 😀 for an emoji,
    /// `1` for an ASCII digit and `１` for any other, `.` for punctuation, `+` for a
    /// symbol, a space for white space. `nil` for the classes with none (marks, emoji
    /// components, controls, unassigned and other code points, letters of other scripts:
    /// turned into `a` or dropped, or kept because nothing simpler fails).
    static func simplest(like cluster: UTF16Text) -> UTF16Text? {
        guard let classified = cluster.clusters.first?.classification.clusterClass else { return nil }
        return switch classified {
        case .han: "中"
        case .hiragana: "あ"
        case .katakana: "ア"
        case .hangul: "한"
        case .bopomofo: "ㄅ"
        case .emoji: "😀"
        case .digit: cluster.units.count == 1 && cluster.units[0] < 0x80 ? "1" : "１"
        case .letter: nil
        case .punctuation: "."
        case .symbol: "+"
        case .whitespace: " "
        case .emojiComponent, .mark, .control, .unassigned, .other: nil
        }
    }
}
