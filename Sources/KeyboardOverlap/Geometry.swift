import HarnessJSON

/// A rectangle in points, as UIKit's `CGRect` (origin at the top left, y growing down).
///
/// Values come from sessions and profiles, which are outside input: every decoded
/// coordinate is finite and within ``Rect/limit`` points, so no arithmetic here overflows
/// to infinity or loses the integer-point precision the invariants compare at.
package struct Rect: Hashable, Sendable, CustomStringConvertible {
    package var x: Double
    package var y: Double
    package var width: Double
    package var height: Double

    /// The largest coordinate or size a file may give, in points (a screen is a few thousand).
    package static let limit = 100_000.0
    /// How far two coordinates may differ and still be the same: layout works in points and
    /// rounds to pixels, so a quarter point is never a real difference.
    package static let tolerance = 0.25

    package static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    package init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    package var minX: Double { x }
    package var minY: Double { y }
    package var maxX: Double { x + width }
    package var maxY: Double { y + height }
    package var isEmpty: Bool { width <= 0 || height <= 0 }

    package func offsetBy(dx: Double = 0, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The common part of two rectangles, `nil` when they do not overlap by more than the tolerance.
    package func intersection(_ other: Rect) -> Rect? {
        let left = max(minX, other.minX)
        let right = min(maxX, other.maxX)
        let top = max(minY, other.minY)
        let bottom = min(maxY, other.maxY)
        guard right - left > Self.tolerance, bottom - top > Self.tolerance else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Whether `other` lies inside this rectangle (within the tolerance).
    package func contains(_ other: Rect) -> Bool {
        other.minX >= minX - Self.tolerance && other.maxX <= maxX + Self.tolerance
            && other.minY >= minY - Self.tolerance && other.maxY <= maxY + Self.tolerance
    }

    /// Whether two rectangles are the same within the tolerance.
    package func isClose(to other: Rect) -> Bool {
        abs(x - other.x) <= Self.tolerance && abs(y - other.y) <= Self.tolerance
            && abs(width - other.width) <= Self.tolerance && abs(height - other.height) <= Self.tolerance
    }

    /// `{{x, y}, {w, h}}`, as `NSStringFromCGRect` writes it.
    package var description: String {
        "{{\(Self.format(x)), \(Self.format(y))}, {\(Self.format(width)), \(Self.format(height))}}"
    }

    /// A coordinate without a needless `.0`.
    package static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    package var json: JSONValue { .array([x, y, width, height].map(Self.number)) }

    static func number(_ value: Double) -> JSONValue {
        value == value.rounded() && abs(value) < 1e15 ? .int(Int(value)) : .double(value)
    }

    /// `[x, y, width, height]`: finite, within ``limit``, sizes from 0.
    package static func decode(_ node: JSONNode) throws(JSONDecodingError) -> Rect {
        let parts = try node.elements()
        guard parts.count == 4 else { throw node.mismatch("[x, y, width, height]") }
        var values: [Double] = []
        for (index, part) in parts.enumerated() {
            let value = try part.number()
            guard value.isFinite, abs(value) <= limit else {
                throw part.mismatch("a number from -\(Int(limit)) to \(Int(limit))")
            }
            if index >= 2, value < 0 { throw part.mismatch("a size from 0") }
            values.append(value)
        }
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }
}

/// Distances inside a rectangle's edges, as `UIEdgeInsets`.
package struct Insets: Hashable, Sendable {
    package var top: Double
    package var left: Double
    package var bottom: Double
    package var right: Double

    package static let zero = Insets(top: 0, left: 0, bottom: 0, right: 0)

    package init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// `rect` with these insets taken off its edges.
    package func inset(_ rect: Rect) -> Rect {
        Rect(
            x: rect.x + left, y: rect.y + top, width: max(0, rect.width - left - right),
            height: max(0, rect.height - top - bottom))
    }

    /// `{"top": …, "left": …, "bottom": …, "right": …}`, absent members 0, each from 0 to ``Rect/limit``.
    static func decode(_ node: JSONNode) throws(JSONDecodingError) -> Insets {
        try node.rejectUnknownMembers(["top", "left", "bottom", "right"])
        func edge(_ name: String) throws(JSONDecodingError) -> Double {
            guard let member = try node.optionalMember(name) else { return 0 }
            let value = try member.number()
            guard value.isFinite, value >= 0, value <= Rect.limit else {
                throw member.mismatch("a number from 0 to \(Int(Rect.limit))")
            }
            return value
        }
        return Insets(
            top: try edge("top"), left: try edge("left"), bottom: try edge("bottom"), right: try edge("right"))
    }
}

/// The interface orientation.
package enum Orientation: String, CaseIterable, Hashable, Sendable {
    case portrait, landscape
}
