/// The system's side of a keyboard session under one profile: where the keyboard is,
/// whose it is, and which notifications each event posts with which frames.
package struct KeyboardSystem: Hashable, Sendable {
    package let profile: KeyboardProfile
    package var orientation: Orientation
    package var mode: InputMode
    package var quickType: Bool
    package var placement: Placement = .docked
    package var hardwareKeyboard = false
    /// Who has the keyboard up: nobody, this app's focused field, or another app's.
    package var owner: Owner = .none
    /// The keyboard's frame in the screen's coordinates (below the screen when hidden).
    package var frame: Rect
    /// Whether the last notification said the keyboard is this app's (`isLocal`).
    package var isLocal = true

    package enum Owner: Hashable, Sendable { case none, app, otherApp }

    package init(profile: KeyboardProfile, orientation: Orientation, mode: InputMode, quickType: Bool) {
        self.profile = profile
        self.orientation = orientation
        self.mode = mode
        self.quickType = quickType
        frame = .zero
        frame = hiddenFrame
    }

    package var screen: Rect { profile.screen(orientation) }

    /// Where the keyboard would be if shown now.
    package var shownFrame: Rect {
        let screen = self.screen
        if hardwareKeyboard {
            // Assumed (profile fact "hardwareBar"): the frame is the whole keyboard, pushed
            // down until only the bar is on screen.
            let bar = profile.hardwareBar?[orientation] ?? 0
            let full = profile.height(mode, orientation, quickType: quickType)
            return Rect(x: 0, y: screen.maxY - bar, width: screen.width, height: max(full, bar))
        }
        if placement != .docked, let frame = profile.placements[placement]?[orientation] { return frame }
        let height = profile.height(mode, orientation, quickType: quickType)
        return Rect(x: 0, y: screen.maxY - height, width: screen.width, height: height)
    }

    /// Where a hidden keyboard is reported: just below the screen, at its shown size.
    package var hiddenFrame: Rect {
        let shown = placement == .docked || hardwareKeyboard ? shownFrame : dockedFrame
        return Rect(x: 0, y: screen.maxY, width: screen.width, height: shown.height)
    }

    private var dockedFrame: Rect {
        let height = profile.height(mode, orientation, quickType: quickType)
        return Rect(x: 0, y: screen.maxY - height, width: screen.width, height: height)
    }

    /// Whether the keyboard is on screen at the bottom edge (docked, or the hardware bar),
    /// the only keyboard a layout should make room for.
    package var isDocked: Bool { isOnScreen && frame.maxY >= screen.maxY - Rect.tolerance }

    /// Whether the software keyboard sits off the bottom edge (undocked, split, floating).
    private var isUndocked: Bool {
        placement != .docked && !hardwareKeyboard && profile.placements[placement] != nil
    }

    /// Whether a software keyboard or bar is on screen.
    package var isOnScreen: Bool { owner != .none && frame.intersection(screen) != nil }

    /// Builds the notifications `action` posts for a move from `begin` to `end`.
    package func notifications(
        _ action: KeyboardAction, begin: Rect, end: Rect, local: Bool = true, duration: Double? = nil
    )
        -> [KeyboardNotification]
    {
        (profile.sequences[action] ?? []).map { name in
            KeyboardNotification(
                name: name, begin: begin, end: end, duration: name.isDid ? 0 : duration ?? profile.animationDuration,
                curve: name.isDid ? 0 : profile.animationCurve, isLocal: local)
        }
    }
}

/// What the system does for one event: the notifications it posts, the scene's changes
/// the system makes (focus, window frame, orientation) and the keyboard's new state.
struct SystemStep {
    var notifications: [KeyboardNotification] = []
    /// Applied to the scene before the notifications are delivered.
    var before: (inout Scene) -> Void = { _ in }
    /// Applied after the last notification is delivered.
    var after: (inout Scene) -> Void = { _ in }
}

extension KeyboardSystem {
    /// Advances the system by `event`, returning what to post and change.
    mutating func step(_ event: KeyboardEvent, scene: Scene, fullScreenWindow: Bool) -> [SystemStep] {
        let old = frame
        switch event {
        case .focus(let field):
            let focus: (inout Scene) -> Void = { $0.focused = field }
            switch owner {
            case .app:
                return [SystemStep(notifications: notifications(.refocus, begin: old, end: old), before: focus)]
            case .none, .otherApp:
                owner = .app
                isLocal = true
                if hardwareKeyboard, profile.hardwareBar == nil {
                    // No software keyboard at all: the keyboard stays hidden (the iOS 12
                    // simulator posts keyboardWillHide even so).
                    frame = hiddenFrame
                    return [SystemStep(notifications: notifications(.hide, begin: old, end: frame), before: focus)]
                }
                let begin = owner == .otherApp ? old : hiddenFrame
                frame = shownFrame
                let action: KeyboardAction = isUndocked ? .showUndocked : .show
                return [SystemStep(notifications: notifications(action, begin: begin, end: frame), before: focus)]
            }
        case .dismiss:
            guard owner == .app else { return [SystemStep(before: { $0.focused = nil })] }
            let action: KeyboardAction = isUndocked ? .hideUndocked : .hide
            owner = .none
            frame = hiddenFrame
            return [
                SystemStep(notifications: notifications(action, begin: old, end: frame), after: { $0.focused = nil })
            ]
        case .inputMode(let mode):
            let action: KeyboardAction = mode == .emoji || self.mode == .emoji ? .emojiSwitch : .modeSwitch
            self.mode = mode
            return reshape(action, from: old)
        case .quickType(let visible):
            quickType = visible
            guard profile.quickTypeModes.contains(mode) else { return [] }
            return reshape(.quickType, from: old)
        case .hardwareKeyboard(let attached):
            guard attached != hardwareKeyboard else { return [] }
            hardwareKeyboard = attached
            return reshape(attached ? .hardwareAttach : .hardwareDetach, from: old)
        case .placement(let placement):
            guard placement != self.placement, placement == .docked || profile.placements[placement] != nil else {
                return []
            }
            // With a hardware keyboard there is no software keyboard to move: the choice
            // is kept for when it comes back.
            guard !hardwareKeyboard else {
                self.placement = placement
                return []
            }
            let wasDocked = self.placement == .docked
            self.placement = placement
            return reshape(placement == .docked ? .dock : wasDocked ? .undock : .undock, from: old)
        case .rotate(let orientation):
            guard orientation != self.orientation else { return [] }
            self.orientation = orientation
            let screen = self.screen
            let safeArea = profile.safeArea[orientation] ?? .zero
            let system: (inout Scene) -> Void = { scene in
                scene.screen = screen
                scene.screenSafeArea = safeArea
                if fullScreenWindow {
                    scene.systemWindow = screen
                } else {
                    // A window smaller than the screen keeps its size, moved inside the screen.
                    let window = scene.systemWindow
                    scene.systemWindow = Rect(
                        x: min(window.x, max(0, screen.width - window.width)),
                        y: min(window.y, max(0, screen.height - window.height)),
                        width: min(window.width, screen.width), height: min(window.height, screen.height))
                }
                scene.adjustment.window = nil
            }
            guard owner != .none else { return [SystemStep(before: system)] }
            frame = owner == .app || owner == .otherApp ? shownFrame : hiddenFrame
            return [
                SystemStep(
                    notifications: notifications(.rotate, begin: old, end: frame, local: owner == .app),
                    before: system)
            ]
        case .window(let window):
            // Assumed: resizing a window posts no keyboard notification (the keyboard does
            // not move); the system sets the window's frame, undoing a handler's. A window
            // lies on the screen: a frame reaching beyond it is cut to it, one off it ignored.
            guard let onScreen = window.intersection(screen) else { return [] }
            return [
                SystemStep(before: { scene in
                    scene.systemWindow = onScreen
                    scene.adjustment.window = nil
                })
            ]
        case .otherApp(let focused):
            if focused {
                let wasApp = owner == .app
                let begin = owner == .none ? hiddenFrame : old
                owner = .otherApp
                isLocal = false
                frame = hardwareKeyboard && profile.hardwareBar == nil ? hiddenFrame : shownFrame
                return [
                    SystemStep(
                        notifications: notifications(.otherAppShow, begin: begin, end: frame, local: false),
                        before: { if wasApp { $0.focused = nil } })
                ]
            }
            guard owner == .otherApp else { return [] }
            owner = .none
            frame = hiddenFrame
            return [SystemStep(notifications: notifications(.otherAppHide, begin: old, end: frame, local: false))]
        case .interactiveDismiss(let steps):
            guard owner == .app else { return [] }
            var result: [SystemStep] = []
            var previous = old
            for index in 1...steps {
                let down = old.height * Double(index) / Double(steps + 1)
                let next = old.offsetBy(dy: down)
                result.append(
                    SystemStep(notifications: notifications(.interactiveStep, begin: previous, end: next, duration: 0)))
                previous = next
            }
            owner = .none
            frame = hiddenFrame
            result.append(
                SystemStep(
                    notifications: notifications(.hide, begin: previous, end: frame), after: { $0.focused = nil }))
            return result
        case .notification(let notification):
            frame = notification.end
            isLocal = notification.isLocal
            switch notification.name {
            case .willHide, .didHide: owner = .none
            default:
                if notification.end.intersection(screen) != nil { owner = notification.isLocal ? .app : .otherApp }
            }
            return [SystemStep(notifications: [notification])]
        case .text:
            return []
        }
    }

    /// The keyboard changes shape while it may be up: posts `action` when it is this
    /// app's or another app's and moved.
    private mutating func reshape(_ action: KeyboardAction, from old: Rect) -> [SystemStep] {
        guard owner != .none else {
            frame = hiddenFrame
            return []
        }
        frame = shownFrame
        if hardwareKeyboard && profile.hardwareBar == nil { frame = hiddenFrame }
        return [SystemStep(notifications: notifications(action, begin: old, end: frame, local: owner == .app))]
    }
}
