/// What the system knows about the keyboard after a notification's animation: what a
/// `keyboardLayoutGuide` tracks (handlers that only read notifications ignore it).
package struct KeyboardFrame: Hashable, Sendable {
    /// In the screen's coordinates.
    package var frame: Rect
    /// On screen at the bottom edge (docked, or a hardware keyboard's bar).
    package var docked: Bool
    package var onScreen: Bool
}

/// Code that moves an app's content out of the keyboard's way: the seeds' handlers, bugs
/// included, correct ones, and the user's own (``ClosureHandler``).
///
/// A handler is a value: each replay starts from a fresh copy, which receives every
/// notification in order (``receive(_:scene:)``, like an observer registered with
/// `NotificationCenter` for all six names; it ignores the ones its original does not
/// observe) and, after each notification's animation, the layout pass (``layout(_:scene:)``),
/// where a layout guide follows the keyboard.
package protocol KeyboardHandler: Sendable {
    /// The name a command line gives (`seed-000-window`).
    var name: String { get }
    /// What the handler does, in a sentence.
    var summary: String { get }
    /// Where it comes from (a seed document, Apple's documentation).
    var origin: String { get }
    /// The layouts it can move: a window mover moves any; a constraint handler needs a
    /// pinned container; an inset handler needs a scroll view.
    var layouts: Set<AppLayout.Kind> { get }
    mutating func receive(_ notification: KeyboardNotification, scene: inout Scene)
    mutating func layout(_ keyboard: KeyboardFrame, scene: inout Scene)
    /// A field became first responder (`UITextField.textDidBeginEditingNotification`,
    /// which UIKit posts before the keyboard's notifications).
    mutating func didBeginEditing(_ field: String, scene: inout Scene)
}

extension KeyboardHandler {
    package mutating func layout(_ keyboard: KeyboardFrame, scene: inout Scene) {}
    package mutating func didBeginEditing(_ field: String, scene: inout Scene) {}
}

/// Seed 000 (`UITextField (LXDAdjust)`, 2016): on `keyboardWillShow`, if the field is first
/// responder, move the whole key window up by how far the field plus the keyboard's
/// height reach past the screen's bottom (plus 5 points); on `keyboardWillHide`, put the
/// window back to the screen's bounds.
///
/// Faithful to the seed: the height is `UIKeyboardFrameBeginUserInfoKey`'s (the frame
/// before the animation), the field's position is in the key window's coordinates
/// (`convertPoint:CGPointZero toView:keyWindow`), the screen is `UIScreen.mainScreen.bounds`
/// and the window is set to it, and nothing else is observed — a keyboard that grows
/// without a new `keyboardWillShow` (QuickType, emoji, a candidate bar) is not followed.
package struct Seed000WindowHandler: KeyboardHandler {
    package var name: String { "seed-000-window" }
    package var summary: String {
        "moves the key window up on keyboardWillShow by the field's overrun using the begin frame's height; back on keyboardWillHide"
    }
    package var origin: String { "Seed 000 (LXDTextFieldAdjust, 2016): UITextField (LXDAdjust)" }
    package var layouts: Set<AppLayout.Kind> { [.fixed, .pinned, .scroll] }

    package init() {}

    package mutating func receive(_ notification: KeyboardNotification, scene: inout Scene) {
        guard let field = scene.focusedFrameInWindow else { return }  // if (self.isFirstResponder)
        switch notification.name {
        case .willShow:
            let relativeY = field.minY  // [self convertPoint:CGPointZero toView:keyWindow].y
            let keyboardHeight = notification.begin.height
            let actualHeight = field.height + relativeY + keyboardHeight
            let overstep = actualHeight - scene.screen.height + 5
            if overstep > 0 { scene.adjustment.window = scene.screen.offsetBy(dy: -overstep) }
        case .willHide:
            scene.adjustment.window = scene.screen
        default: break
        }
    }
}

/// Seed 001 (a 2025 Android-to-iOS guide): on `keyboardWillChangeFrame` set the bottom
/// constraint's constant to `view.frame.height - view.convert(endFrame, from: nil).origin.y`.
///
/// Faithful to the seed: `convert(_:from: nil)` converts from the *window's* coordinates,
/// but the end frame is in the screen's, so a window that does not start at the screen's
/// top (Slide Over, Stage Manager) gets the wrong constant; nothing checks that the
/// keyboard is docked (a floating keyboard in the middle of the screen lifts the content
/// by most of the screen) or clamps the result (a keyboard below the window gives a
/// negative constant); `keyboardWillShow`/`Hide` are not observed (the seed's point:
/// only `keyboardWillChangeFrame` reports input-mode switches).
package struct Seed001ConstraintHandler: KeyboardHandler {
    package var name: String { "seed-001-constraint" }
    package var summary: String {
        "sets bottomConstraint.constant to view height minus the end frame's y (converted from the window, not the screen) on keyboardWillChangeFrame"
    }
    package var origin: String { "Seed 001 (iOS text input for Android developers, 2025): keyboardWillChangeFrame" }
    package var layouts: Set<AppLayout.Kind> { [.pinned] }

    package init() {}

    package mutating func receive(_ notification: KeyboardNotification, scene: inout Scene) {
        guard notification.name == .willChangeFrame else { return }
        let endFrame = notification.end
        // view.convert(endFrame, from: nil): from the window's coordinates, where the root
        // view sits at the origin, so the rectangle is taken as it is.
        let keyboardHeight = scene.viewBounds.height - endFrame.minY
        scene.adjustment.bottomConstant = keyboardHeight
    }
}

/// Seed 002 ("Keyboard Handling Best Practices on iOS"): on `keyboardWillShow` set the
/// scroll view's bottom inset to the end frame's height and scroll the active field into
/// view; on `keyboardWillHide` set it to 0.
///
/// Faithful to the seed: the inset is the keyboard's whole height, not the part that
/// overlaps the scroll view (a window above the keyboard, a hardware keyboard's bar whose
/// frame reaches below the screen), and `keyboardWillChangeFrame` is not observed, so a
/// keyboard that grows without a new `keyboardWillShow` is not followed.
package struct Seed002ScrollInsetHandler: KeyboardHandler {
    package var name: String { "seed-002-scroll-insets" }
    package var summary: String {
        "sets the scroll view's bottom inset to the end frame's height on keyboardWillShow (0 on keyboardWillHide) and scrolls the field into view"
    }
    package var origin: String { "Seed 002 (Keyboard Handling Best Practices on iOS): KeyboardAwareViewController" }
    package var layouts: Set<AppLayout.Kind> { [.scroll] }

    package init() {}

    package mutating func receive(_ notification: KeyboardNotification, scene: inout Scene) {
        let willShow: Bool
        switch notification.name {
        case .willShow: willShow = true
        case .willHide: willShow = false
        default: return
        }
        let height = willShow ? notification.end.height : 0
        scene.adjustment.contentInsetBottom = height
        if height > 0, let field = scene.focused.flatMap(scene.layout.field) {
            scene.scrollRectToVisible(field.frame)
        }
    }
}

/// The documented way with notifications (Apple, `keyboardFrameEndUserInfoKey`): on
/// `keyboardWillShow`, `keyboardWillChangeFrame` and `keyboardWillHide`, convert the end
/// frame from the screen's coordinate space to the view's, and make room for the part of
/// the keyboard that overlaps the view, only while the keyboard is docked (a floating,
/// undocked or split keyboard is left alone, as `keyboardLayoutGuide` does by default);
/// then bring the focused field into view — also when another field begins editing, which
/// may post no keyboard notification at all (seed 001: `keyboardWillShow` only comes
/// when the keyboard first appears). Works on a scroll view (bottom inset) or a pinned
/// container (bottom constant).
///
/// It keeps the last end frame of a docked keyboard (none once the keyboard hides or
/// leaves the bottom edge: the screen may turn while it is away, and a stored frame would
/// then describe another screen), and makes room again on a layout pass without a
/// notification (a window resized in Split View or Stage Manager posts none), as code in
/// `viewDidLayoutSubviews` does.
package struct DocumentedOverlapHandler: KeyboardHandler {
    /// The docked keyboard's last end frame, in the screen's coordinates.
    private var docked: Rect?

    package var name: String { "documented-overlap" }
    package var summary: String {
        "on willShow/willChangeFrame/willHide converts the end frame from the screen, makes room for the docked keyboard's overlap only, scrolls the field into view"
    }
    package var origin: String {
        "Apple's documentation of keyboardFrameEndUserInfoKey (convert from the screen's coordinate space, then intersect)"
    }
    package var layouts: Set<AppLayout.Kind> { [.pinned, .scroll] }

    package init() {}

    package mutating func didBeginEditing(_ field: String, scene: inout Scene) {
        guard scene.layout.kind == .scroll, scene.adjustment.contentInsetBottom > 0,
            let frame = scene.layout.field(field)?.frame
        else { return }
        scene.scrollRectToVisible(frame)
    }

    package mutating func receive(_ notification: KeyboardNotification, scene: inout Scene) {
        switch notification.name {
        case .willShow, .willChangeFrame, .willHide: break
        default: return
        }
        let end = notification.end
        let onBottomEdge =
            end.minY < scene.screen.maxY - Rect.tolerance && end.maxY >= scene.screen.maxY - Rect.tolerance
        docked = notification.name != .willHide && onBottomEdge ? end : nil
        makeRoom(in: &scene)
    }

    package mutating func layout(_ keyboard: KeyboardFrame, scene: inout Scene) { makeRoom(in: &scene) }

    private func makeRoom(in scene: inout Scene) {
        // The part of the keyboard over what moves: the scroll view, or the whole view.
        let area = scene.layout.kind == .scroll ? scene.scrollFrame : scene.viewBounds
        let overlap = docked.flatMap { area.intersection(scene.fromScreen($0)) }.map { area.maxY - $0.minY } ?? 0
        switch scene.layout.kind {
        case .pinned: scene.adjustment.bottomConstant = overlap
        case .scroll:
            scene.adjustment.contentInsetBottom = overlap
            if overlap > 0, let field = scene.focused.flatMap(scene.layout.field) {
                scene.scrollRectToVisible(field.frame)
            }
        case .fixed: break
        }
    }
}

/// `view.keyboardLayoutGuide` (iOS 15+) with its defaults, a pinned container's bottom
/// constrained to the guide's top: the guide follows the docked keyboard after each
/// animation, and sits at the safe area's bottom when the keyboard is off screen or
/// undocked (`followsUndockedKeyboard = false`, `usesBottomSafeArea = true`; Apple's
/// documentation of both, WWDC21 "Your guide to keyboard layout", WWDC23 "Keep up with the
/// keyboard").
package struct KeyboardLayoutGuideHandler: KeyboardHandler {
    package var name: String { "keyboard-layout-guide" }
    package var summary: String {
        "a container pinned to view.keyboardLayoutGuide.topAnchor (defaults: follows the docked keyboard only, safe area at rest)"
    }
    package var origin: String { "UIKit's UIKeyboardLayoutGuide (iOS 15), Apple's documentation" }
    package var layouts: Set<AppLayout.Kind> { [.pinned] }

    package init() {}

    package mutating func receive(_ notification: KeyboardNotification, scene: inout Scene) {}

    package mutating func layout(_ keyboard: KeyboardFrame, scene: inout Scene) {
        let bounds = scene.viewBounds
        let safeBottom = bounds.maxY - scene.safeAreaInsets.bottom
        var top = safeBottom
        if keyboard.docked, let overlap = bounds.intersection(scene.fromScreen(keyboard.frame)) {
            top = min(safeBottom, overlap.minY)
        }
        scene.adjustment.bottomConstant = bounds.maxY - top
    }
}

/// A handler given as closures: what a user pastes from their view controller, seeing
/// each notification's name and `userInfo` and the scene it may change; optionally also
/// `textDidBeginEditing` and `viewDidLayoutSubviews`, which see the last notification's
/// end frame (what an observer would have stored).
package struct ClosureHandler: KeyboardHandler {
    package typealias Event = @Sendable (_ lastEnd: Rect?, inout Scene) -> Void

    package let name: String
    package var summary: String { "the handler \(name), given as a closure" }
    package var origin: String { "pasted" }
    package let layouts: Set<AppLayout.Kind>
    let body: @Sendable (KeyboardNotification, inout Scene) -> Void
    let beginEditing: Event?
    let layoutSubviews: Event?
    /// The last notification's end frame.
    private var lastEnd: Rect?

    package init(
        _ name: String, layouts: Set<AppLayout.Kind> = [.fixed, .pinned, .scroll], didBeginEditing: Event? = nil,
        viewDidLayoutSubviews: Event? = nil, body: @escaping @Sendable (KeyboardNotification, inout Scene) -> Void
    ) {
        self.name = name
        self.layouts = layouts
        self.body = body
        beginEditing = didBeginEditing
        layoutSubviews = viewDidLayoutSubviews
    }

    package mutating func receive(_ notification: KeyboardNotification, scene: inout Scene) {
        lastEnd = notification.end
        body(notification, &scene)
    }

    package mutating func didBeginEditing(_ field: String, scene: inout Scene) { beginEditing?(lastEnd, &scene) }

    package mutating func layout(_ keyboard: KeyboardFrame, scene: inout Scene) { layoutSubviews?(lastEnd, &scene) }
}

/// The shipped handlers, by name.
package enum KeyboardHandlers {
    package static let all: [any KeyboardHandler] = [
        Seed000WindowHandler(), Seed001ConstraintHandler(), Seed002ScrollInsetHandler(), DocumentedOverlapHandler(),
        KeyboardLayoutGuideHandler(),
    ]

    package static func named(_ name: String) -> (any KeyboardHandler)? { all.first { $0.name == name } }
}
