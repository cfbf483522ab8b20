/// The app under the keyboard, as handlers see and change it: the screen, the window, the
/// fields, and the three things handlers move (the window's frame, a bottom constraint's
/// constant, a scroll view's bottom inset and offset).
///
/// Coordinates: the screen's (keyboard frames, the window's frame) and the window's (its
/// root view's bounds, field frames). The root view fills the window, so the view's and
/// the window's coordinates are the same, as in an ordinary view controller.
package struct Scene: Hashable, Sendable {
    /// The screen's bounds in the current orientation.
    package var screen: Rect
    /// The screen's safe-area insets in the current orientation.
    package var screenSafeArea: Insets
    /// The frame the system gives the window (full screen, or a Split View / Stage Manager
    /// frame); handlers that move the window change ``window`` only.
    package var systemWindow: Rect
    package var layout: AppLayout
    /// The window's height the layout's frames were given for: a pinned container keeps
    /// its distance from the view's bottom when the window's height changes (rotation,
    /// a resize).
    package var authoredHeight: Double
    /// The field that is first responder, if any.
    package var focused: String?
    /// What handlers change.
    package var adjustment = Adjustment()

    /// The state a handler's writes live in; at rest all are the system's.
    package struct Adjustment: Hashable, Sendable {
        /// The window's frame, when a handler set it (`nil`: where the system put it).
        package var window: Rect?
        /// The bottom constraint's constant (``AppLayout/Kind/pinned``): the container's bottom
        /// sits this far above the view's bottom.
        package var bottomConstant = 0.0
        /// The scroll view's `contentInset.bottom` (``AppLayout/Kind/scroll``).
        package var contentInsetBottom = 0.0
        /// The scroll view's `contentOffset.y`.
        package var contentOffsetY = 0.0

        package init() {}

        /// What differs from `other`, as assignments in UIKit's terms.
        package func writes(since other: Adjustment) -> [String] {
            var writes: [String] = []
            if window != other.window { writes.append("window.frame = \(window.map(\.description) ?? "(system)")") }
            if abs(bottomConstant - other.bottomConstant) > Rect.tolerance {
                writes.append("bottomConstraint.constant = \(Rect.format(bottomConstant))")
            }
            if abs(contentInsetBottom - other.contentInsetBottom) > Rect.tolerance {
                writes.append("scrollView.contentInset.bottom = \(Rect.format(contentInsetBottom))")
            }
            if abs(contentOffsetY - other.contentOffsetY) > Rect.tolerance {
                writes.append("scrollView.contentOffset.y = \(Rect.format(contentOffsetY))")
            }
            return writes
        }

        /// Whether the two place everything the same (within the tolerance).
        package func isClose(to other: Adjustment) -> Bool { writes(since: other).isEmpty }
    }

    package init(screen: Rect, screenSafeArea: Insets, systemWindow: Rect, layout: AppLayout) {
        self.screen = screen
        self.screenSafeArea = screenSafeArea
        self.systemWindow = systemWindow
        self.layout = layout
        authoredHeight = systemWindow.height
    }

    /// The window's frame on the screen.
    package var window: Rect { adjustment.window ?? systemWindow }

    /// The root view's bounds: the window's size at the origin.
    package var viewBounds: Rect { Rect(x: 0, y: 0, width: window.width, height: window.height) }

    /// The window's safe-area insets: the part of the screen's insets the window reaches.
    package var safeAreaInsets: Insets {
        let safe = screenSafeArea.inset(screen)
        return Insets(
            top: max(0, safe.minY - window.minY), left: max(0, safe.minX - window.minX),
            bottom: max(0, window.maxY - safe.maxY), right: max(0, window.maxX - safe.maxX))
    }

    /// `rect`, given in the screen's coordinates, in the window's (what
    /// `view.convert(rect, from: window.screen.coordinateSpace)` gives).
    package func fromScreen(_ rect: Rect) -> Rect { rect.offsetBy(dx: -window.minX, dy: -window.minY) }

    /// `rect`, given in the window's coordinates, in the screen's.
    package func toScreen(_ rect: Rect) -> Rect { rect.offsetBy(dx: window.minX, dy: window.minY) }

    /// The scroll view's frame in the window's coordinates (``AppLayout/Kind/scroll``): the
    /// window's safe area, as a scroll view constrained to `safeAreaLayoutGuide` has it.
    package var scrollFrame: Rect { safeAreaInsets.inset(viewBounds) }

    /// A field's frame in the window's coordinates, as the adjustment places it.
    package func frameInWindow(_ field: AppLayout.Field) -> Rect {
        switch layout.kind {
        case .fixed: field.frame
        case .pinned: field.frame.offsetBy(dy: window.height - authoredHeight - adjustment.bottomConstant)
        case .scroll: field.frame.offsetBy(dy: scrollFrame.minY - adjustment.contentOffsetY)
        }
    }

    /// The focused field's frame in the window's coordinates.
    package var focusedFrameInWindow: Rect? {
        focused.flatMap(layout.field).map(frameInWindow)
    }

    /// `scrollView.scrollRectToVisible(rect, animated:)` for a rectangle in the content's
    /// coordinates: the least scroll that shows it between the scroll view's top and its
    /// bottom inset, within the offsets the content allows. Assumed: the visible part
    /// excludes `contentInset.bottom`, as Apple's "Managing the keyboard" sample relies on;
    /// the scroll view fills the safe area, so it adds no safe-area insets of its own.
    package mutating func scrollRectToVisible(_ rect: Rect) {
        let visibleHeight = scrollFrame.height - adjustment.contentInsetBottom
        var offset = adjustment.contentOffsetY
        if rect.maxY > offset + visibleHeight { offset = rect.maxY - visibleHeight }
        if rect.minY < offset { offset = rect.minY }
        adjustment.contentOffsetY = clampedOffset(offset)
    }

    /// `offset` within what the content allows: from 0 to the content's height plus the
    /// bottom inset, less the scroll view's height.
    package func clampedOffset(_ offset: Double) -> Double {
        let height = scrollFrame.height
        let maximum = max(0, max(layout.contentHeight, height) + adjustment.contentInsetBottom - height)
        return min(max(0, offset), maximum)
    }
}
