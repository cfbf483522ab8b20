import Composition
import Graphemes

/// A text field drawn as a CSS grid: one column per UTF-16 unit, the grapheme clusters
/// above their units, the offsets between them, then a row each for the marked range,
/// the selection and every profile's call ranges, in the profile's colour.
///
/// So `{0, 2}` from one profile and `[{2, 0}]` from another, against the same marked
/// "ㄨㄤ", are a bar over both units and a tick at offset 2. An empty range is a tick at
/// its offset; a range outside the text is drawn up to the end and marked as bad.
struct FieldDiagram {
    /// What one profile's delegate did at this event.
    struct Overlay {
        var profile: String
        /// The profile's colour index (CSS class `p0`, `p1`, …).
        var colour: Int
        /// Each call, one row per call.
        var calls: [DelegateCall]
        /// Why the event did not apply, when it was skipped.
        var skipped: RangeProblem?
        /// The lifecycle methods asked instead of a delegate call (``TraceStep/editingSummary``).
        var editing: String? = nil
    }

    let field: FieldState
    let overlays: [Overlay]
    /// The units drawn: all of a short field; of a long one, at most ``maximumUnits``
    /// around what the event is about (the calls, the marked text, the selection), the
    /// rest elided at either side. A diagram's size then does not grow with the field's.
    let window: Range<Int>

    /// The most units a diagram draws.
    static let maximumUnits = 160

    init(field: FieldState, overlays: [Overlay]) {
        self.field = field
        self.overlays = overlays
        let length = field.text.length
        guard length > Self.maximumUnits else {
            window = 0..<length
            return
        }
        var focus = [field.selection.location, field.selection.end]
        if let marked = field.markedRange { focus += [marked.location, marked.end] }
        for overlay in overlays {
            for range in overlay.calls.flatMap(\.ranges) { focus += [range.location, range.end] }
        }
        let clamped = focus.map { min(max($0, 0), length) }
        let low = clamped.min() ?? 0
        let high = min(clamped.max() ?? 0, low + Self.maximumUnits / 2)
        let margin = (Self.maximumUnits - (high - low)) / 2
        var start = max(0, low - margin)
        let end = min(length, start + Self.maximumUnits)
        start = max(0, end - Self.maximumUnits)
        // Whole clusters at the edges, where the text allows.
        let boundaries = field.text.graphemeBoundaries
        let first = boundaries.last { $0 <= start } ?? 0
        let last = boundaries.first { $0 >= end } ?? length
        window = first..<last
    }

    var html: String {
        let length = field.text.length
        let units = field.text.units
        let elidedBefore = window.lowerBound > 0
        let elidedAfter = window.upperBound < length
        // Column 1 holds the row names, then an elision column when units are left out
        // before the window; unit i is column i - window.lowerBound + first; offset k is
        // the left edge of that column, so the window's end is the left edge of the last.
        var out = "<div class=\"grid\" style=\"grid-template-columns: max-content"
        if elidedBefore { out += " max-content" }
        out += window.isEmpty ? "" : " repeat(\(window.count), minmax(3.2em, max-content))"
        out += " 1.5em" + (elidedAfter ? " max-content" : "") + "\">"
        var row = 1
        out += header("text", row: row)
        if elidedBefore {
            out +=
                "<div class=\"o elided\" style=\"grid-area: 1 / 2 / 4 / 3\">… \(window.lowerBound) units</div>"
        }
        if elidedAfter {
            let column = window.count + 3 + (elidedBefore ? 1 : 0)
            out +=
                "<div class=\"o elided\" style=\"grid-area: 1 / \(column) / 4 / \(column + 1)\">\(length - window.upperBound) units …</div>"
        }
        let drawn = field.text[UTF16Range(window)]
        for piece in drawn.graphemeClusters {
            let cluster = UTF16Range(location: piece.location + window.lowerBound, length: piece.length)
            let broken = field.text[cluster].hasLoneSurrogates
            out += item(
                row: row, from: cluster.location, to: cluster.end, classes: broken ? "cl bad" : "cl",
                content: Markup.html(field.text[cluster]))
        }
        if length == 0 { out += item(row: row, from: 0, to: 1, classes: "cl empty", content: "(empty)") }
        row += 1
        out += header("UTF-16", row: row)
        var offset = window.lowerBound
        for element in drawn.decodedUnits {
            for part in 0..<element.utf16Length {
                let unit = units[offset + part]
                var classes = "u"
                if let marked = field.markedRange, marked.contains(offset + part) { classes += " m" }
                if !field.selection.isEmpty, field.selection.contains(offset + part) { classes += " sel" }
                var label = VisibleToken.hex(UInt32(unit))
                switch element {
                case .loneSurrogate: classes += " lone"
                case .scalar(let scalar):
                    if element.utf16Length == 1, let token = VisibleToken(scalar: scalar) { label = token.label }
                }
                out += item(row: row, from: offset + part, to: offset + part + 1, classes: classes, content: label)
            }
            offset += element.utf16Length
        }
        row += 1
        out += header("offset", row: row)
        for boundary in window.lowerBound...window.upperBound {
            out += item(row: row, from: boundary, to: boundary + 1, classes: "o", content: String(boundary))
        }
        row += 1
        if let marked = field.markedRange {
            out += header("marked", row: row)
            out += span(marked, row: row, classes: "marked", label: "marked \(marked)", length: length)
            row += 1
        }
        out += header(field.selection.isEmpty ? "caret" : "selection", row: row)
        out += span(
            field.selection, row: row, classes: "caret",
            label: field.selection.isEmpty ? "\(field.selection.location)" : "\(field.selection)", length: length)
        row += 1
        for overlay in overlays {
            let calls: [DelegateCall?] = overlay.calls.isEmpty ? [nil] : overlay.calls
            for (position, call) in calls.enumerated() {
                out +=
                    "<div class=\"rh\" style=\"grid-area: \(row) / 1\">"
                    + (position == 0
                        ? "<span class=\"pl p\(overlay.colour)\">\(Markup.html(overlay.profile))</span>" : "")
                    + "</div>"
                guard let call else {
                    let note =
                        overlay.skipped.map { "event skipped: \($0)" } ?? overlay.editing ?? "no delegate call"
                    out += item(
                        row: row, from: window.lowerBound, to: max(window.upperBound, window.lowerBound + 1) + 1,
                        classes: "nocall", content: Markup.html(note))
                    row += 1
                    continue
                }
                for (index, range) in call.ranges.enumerated() {
                    out += span(
                        range, row: row, classes: "p\(overlay.colour)", label: Self.label(range, of: call, at: index),
                        length: length)
                }
                row += 1
            }
        }
        return out + "</div>"
    }

    /// A range as the call writes it: `{0, 2}` for a single-range call, `[{2, 0}]` for a
    /// multi-range call of one range, `{2, 0} (1 of 2)` for one of several.
    static func label(_ range: UTF16Range, of call: DelegateCall, at index: Int) -> String {
        switch call {
        case .single: "\(range)"
        case .multi(let ranges, _): ranges.count == 1 ? "[\(range)]" : "\(range) (\(index + 1) of \(ranges.count))"
        }
    }

    /// A row name in column 1.
    private func header(_ name: String, row: Int) -> String {
        "<div class=\"rh\" style=\"grid-area: \(row) / 1\">\(Markup.escape(name))</div>"
    }

    /// A grid item covering units `from..<to` (offsets in the text; the window's columns).
    private func item(row: Int, from: Int, to: Int, classes: String, content: String) -> String {
        let first = 2 - window.lowerBound + (window.lowerBound > 0 ? 1 : 0)
        return
            "<div class=\"\(classes)\" style=\"grid-area: \(row) / \(from + first) / \(row + 1) / \(to + first)\">\(content)</div>"
    }

    /// A bar over a non-empty range, or a tick at an empty one; clipped to the text (and
    /// the window) and marked `bad` when it lies outside the text.
    private func span(_ range: UTF16Range, row: Int, classes: String, label: String, length: Int) -> String {
        let outside = range.location > length || range.end > length
        let start = min(max(range.location, window.lowerBound), window.upperBound)
        let end = min(max(range.end, window.lowerBound), window.upperBound)
        let extra = outside ? " bad" : ""
        let text = Markup.escape(label) + (outside ? " outside the text" : "")
        if range.isEmpty || start == end {
            return item(row: row, from: start, to: start + 1, classes: "tick \(classes)\(extra)", content: text)
        }
        return item(row: row, from: start, to: end, classes: "bar \(classes)\(extra)", content: text)
    }
}
