/// Field notation for messages: a long field shown around what matters, the rest counted.
///
/// A message is one sentence a person reads; a field of 20,000 units written whole makes
/// it a page, and a report of a thousand such messages a book. Texts up to
/// ``UTF16Text/briefLimit`` units are written whole, as ``FieldState/notation`` and
/// ``UTF16Text/visibleDescription`` write them; longer ones keep a window (around the
/// selection and the marked text, for a field) and say how many units were left out:
/// `…(19880 units)abc[ㄨㄤ|]`. Reports' JSON details keep the whole texts.
extension UTF16Text {
    /// The longest text written whole in messages.
    package static let briefLimit = 200

    /// ``visibleDescription``, or for a long text its first and last 80 units around
    /// `…(N units)…`.
    package var briefDescription: String {
        guard length > Self.briefLimit else { return visibleDescription }
        let head = unsplit(80)
        let tail = unsplit(length - 80)
        return self[UTF16Range(0..<head)].visibleDescription + "…(\(tail - head) units)…"
            + self[UTF16Range(tail..<length)].visibleDescription
    }

    /// `offset`, moved back one unit when it would split a surrogate pair.
    fileprivate func unsplit(_ offset: Int) -> Int {
        splitsSurrogatePair(at: offset) ? offset - 1 : offset
    }
}

extension FieldState {
    /// ``notation``, or for a long text a window of about 160 units around the selection
    /// and the marked text, with the units left out before and after counted.
    package var briefNotation: String {
        let length = text.length
        guard length > UTF16Text.briefLimit else { return notation }
        var focus = [selection.location, selection.end]
        if let markedRange { focus += [markedRange.location, markedRange.end] }
        let low = min(focus.min() ?? 0, length)
        let high = min(max(focus.max() ?? 0, low), low + 80)
        var start = text.unsplit(max(0, min(low - (160 - (high - low)) / 2, length - 160)))
        let end = text.unsplit(min(length, start + 160))
        if start > low { start = text.unsplit(low) }
        func shifted(_ range: UTF16Range) -> UTF16Range {
            let location = min(max(range.location, start), end)
            return UTF16Range(location..<min(max(range.end, location), end))
        }
        let window = FieldState(
            text: text[UTF16Range(start..<end)], selection: shifted(selection).shifted(by: -start),
            markedRange: markedRange.map { shifted($0).shifted(by: -start) })
        return (start > 0 ? "…(\(start) units)" : "") + window.notation
            + (end < length ? "(\(length - end) units)…" : "")
    }
}

extension UTF16Range {
    fileprivate func shifted(by delta: Int) -> UTF16Range {
        UTF16Range(location: location + delta, length: length)
    }
}
