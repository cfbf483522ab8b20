/// What must hold once a keyboard animation has settled.
package enum KeyboardInvariant: String, CaseIterable, Hashable, Sendable {
    /// The focused field lies inside the visible region: on screen, inside the safe area
    /// and the window, above the docked keyboard.
    case fieldCovered = "field-covered"
    /// Nothing moved although the keyboard does not overlap the window (floating, undocked,
    /// split, or over another window).
    case movedWithoutOverlap = "moved-without-overlap"
    /// The layout is back at rest once the keyboard is gone.
    case notAtRest = "not-at-rest"
    /// A notification that changes nothing (a repeated `keyboardWillShow`, a refocus) moved
    /// the layout again: an offset accumulates.
    case offsetAccumulated = "offset-accumulated"
    /// A handler wrote a value that is not a finite number.
    case invalidWrite = "invalid-write"

    package var explanation: String {
        switch self {
        case .fieldCovered:
            "The focused field is not inside the visible region (the screen's safe area, the window, above the docked keyboard): the user types into a field they cannot see."
        case .movedWithoutOverlap:
            "The layout moved although the keyboard does not overlap the window (floating, undocked or split, or over another app's window)."
        case .notAtRest: "The keyboard is gone but the layout did not return to where it rests without a keyboard."
        case .offsetAccumulated:
            "A notification that changed nothing about the keyboard moved the layout again, so offsets add up."
        case .invalidWrite: "The handler wrote a value that is not a finite number."
        }
    }
}

/// One broken invariant.
package struct KeyboardFinding: Hashable, Sendable {
    package var invariant: KeyboardInvariant
    /// The session event after which it was found.
    package var event: Int
    package var message: String

    package init(invariant: KeyboardInvariant, event: Int, message: String) {
        self.invariant = invariant
        self.event = event
        self.message = message
    }
}

/// The picture after one settled event: everything the report draws, in the screen's
/// coordinates.
package struct KeyboardSnapshot: Hashable, Sendable {
    package var screen: Rect
    package var safeArea: Rect
    /// Where the system put the window, and where it is after the handler moved it.
    package var systemWindow: Rect
    package var window: Rect
    /// The keyboard's frame when it is on screen.
    package var keyboard: Rect?
    package var keyboardDocked: Bool
    package var field: Rect?
    package var fieldID: String?
    /// The part of the screen where the focused field must lie.
    package var visible: Rect?
    package var adjustment: Scene.Adjustment

    package init(
        screen: Rect, safeArea: Rect, systemWindow: Rect, window: Rect, keyboard: Rect?, keyboardDocked: Bool,
        field: Rect?, fieldID: String?, visible: Rect?, adjustment: Scene.Adjustment
    ) {
        self.screen = screen
        self.safeArea = safeArea
        self.systemWindow = systemWindow
        self.window = window
        self.keyboard = keyboard
        self.keyboardDocked = keyboardDocked
        self.field = field
        self.fieldID = fieldID
        self.visible = visible
        self.adjustment = adjustment
    }
}

/// One event's replay: the notifications it posted, what the handler wrote after each,
/// and the settled picture.
package struct KeyboardStep: Hashable, Sendable {
    package struct Delivery: Hashable, Sendable {
        /// The notification, or `nil` for `textDidBeginEditing` on ``field``.
        package var notification: KeyboardNotification?
        package var field: String?
        /// The handler's assignments in reaction (`bottomConstraint.constant = 336`).
        package var writes: [String]

        package init(notification: KeyboardNotification?, field: String?, writes: [String]) {
            self.notification = notification
            self.field = field
            self.writes = writes
        }

        /// `willShow begin … end …`, or `textDidBeginEditing email`.
        package var brief: String {
            notification?.brief ?? "textDidBeginEditing \(field ?? "")"
        }
    }

    package var event: Int
    /// The event, as ``KeyboardEvent/brief`` writes it.
    package var brief: String
    package var deliveries: [Delivery]
    /// `nil` for a raw `will` notification that more notifications follow: checked later.
    package var snapshot: KeyboardSnapshot?
    package var findings: [KeyboardFinding]

    package init(
        event: Int, brief: String, deliveries: [Delivery], snapshot: KeyboardSnapshot?, findings: [KeyboardFinding]
    ) {
        self.event = event
        self.brief = brief
        self.deliveries = deliveries
        self.snapshot = snapshot
        self.findings = findings
    }
}

/// A keyboard session replayed under one profile through one handler.
package struct KeyboardReplay: Hashable, Sendable {
    package var sessionID: String
    package var profile: String
    package var handler: String
    /// The steps kept: the first ``KeyboardReplayer/keptSteps``, and after them those with findings.
    package var steps: [KeyboardStep]
    /// Every broken invariant, up to ``KeyboardReplayer/keptFindings``.
    package var findings: [KeyboardFinding]
    /// The steps not kept (a long session's memory stays bounded).
    package var omittedSteps: Int

    package init(
        sessionID: String, profile: String, handler: String, steps: [KeyboardStep], findings: [KeyboardFinding],
        omittedSteps: Int
    ) {
        self.sessionID = sessionID
        self.profile = profile
        self.handler = handler
        self.steps = steps
        self.findings = findings
        self.omittedSteps = omittedSteps
    }
}

/// Replays keyboard sessions: the profile's system posts notifications, the handler
/// reacts, and the invariants are checked each time an event's animation has settled.
package struct KeyboardReplayer: Sendable {
    /// How many steps a replay keeps whatever they hold (later ones only with findings):
    /// a 10,000-event session's report stays the size of its findings.
    package static let keptSteps = 200
    /// How many findings a replay keeps.
    package static let keptFindings = 1_000

    package init() {}

    /// Whether `handler` can replay `session` under `profile`: the same idiom, a layout
    /// the handler moves.
    package func applies(_ session: KeyboardSession, profile: KeyboardProfile, handler: any KeyboardHandler) -> Bool {
        session.idiom == profile.idiom && handler.layouts.contains(session.layout.kind)
    }

    package func replay(_ session: KeyboardSession, profile: KeyboardProfile, handler original: any KeyboardHandler)
        -> KeyboardReplay
    {
        var handler = original
        var system = KeyboardSystem(
            profile: profile, orientation: session.orientation, mode: session.inputMode, quickType: session.quickType)
        let screen = profile.screen(session.orientation)
        var scene = Scene(
            screen: screen, screenSafeArea: profile.safeArea[session.orientation] ?? .zero,
            systemWindow: session.window.flatMap { $0.intersection(screen) } ?? screen, layout: session.layout)
        handler.layout(Self.keyboardFrame(system), scene: &scene)
        var steps: [KeyboardStep] = []
        var allFindings: [KeyboardFinding] = []
        var omitted = 0
        /// Keeps `step` when there is room for it.
        func keep(_ step: KeyboardStep) {
            if allFindings.count < Self.keptFindings {
                allFindings += step.findings.prefix(Self.keptFindings - allFindings.count)
            }
            if steps.count < Self.keptSteps || (!step.findings.isEmpty && steps.count < 2 * Self.keptSteps) {
                steps.append(step)
            } else {
                omitted += 1
            }
        }
        var previous: (key: SettleKey, adjustment: Scene.Adjustment)?
        for (index, event) in session.events.enumerated() {
            var deliveries: [KeyboardStep.Delivery] = []
            var findings: [KeyboardFinding] = []
            let systemSteps = system.step(event, scene: scene, fullScreenWindow: session.window == nil)
            /// Runs one reaction of the handler, keeping what it wrote.
            func react(_ notification: KeyboardNotification?, field: String?, _ body: (inout Scene) -> Void) {
                let before = scene.adjustment
                body(&scene)
                if let invalid = Self.sanitize(&scene) {
                    findings.append(
                        KeyboardFinding(
                            invariant: .invalidWrite, event: index,
                            message:
                                "\(handler.name) wrote \(invalid) after \(notification?.name.rawValue ?? "textDidBeginEditing")"
                        ))
                }
                deliveries.append(
                    KeyboardStep.Delivery(
                        notification: notification, field: field, writes: scene.adjustment.writes(since: before)))
            }
            for systemStep in systemSteps {
                let focusedBefore = scene.focused
                systemStep.before(&scene)
                if let field = scene.focused, field != focusedBefore {
                    react(nil, field: field) { handler.didBeginEditing(field, scene: &$0) }
                }
                for notification in systemStep.notifications {
                    react(notification, field: nil) { scene in
                        handler.receive(notification, scene: &scene)
                        handler.layout(Self.keyboardFrame(system), scene: &scene)
                    }
                }
                if systemStep.notifications.isEmpty {
                    handler.layout(Self.keyboardFrame(system), scene: &scene)
                    _ = Self.sanitize(&scene)
                }
                systemStep.after(&scene)
            }
            // A recorded `will` notification settles with what follows it.
            if case .notification(let notification) = event, !notification.name.isDid, index + 1 < session.events.count,
                case .notification = session.events[index + 1]
            {
                keep(
                    KeyboardStep(
                        event: index, brief: event.brief, deliveries: deliveries, snapshot: nil, findings: findings))
                continue
            }
            let snapshot = Self.snapshot(scene: scene, system: system)
            let key = SettleKey(system: system, scene: scene)
            findings += check(
                snapshot, scene: scene, system: system, handler: original, event: index,
                repeated: previous.flatMap { $0.key == key ? $0.adjustment : nil },
                hadNotifications: !deliveries.isEmpty)
            previous = (key, scene.adjustment)
            keep(
                KeyboardStep(
                    event: index, brief: event.brief, deliveries: deliveries, snapshot: snapshot, findings: findings))
        }
        return KeyboardReplay(
            sessionID: session.id, profile: profile.name, handler: original.name, steps: steps, findings: allFindings,
            omittedSteps: omitted)
    }

    /// What decides whether two settled states should look the same.
    private struct SettleKey: Equatable {
        var frame: Rect
        var owner: KeyboardSystem.Owner
        var focused: String?
        var window: Rect
        var orientation: Orientation

        init(system: KeyboardSystem, scene: Scene) {
            frame = system.isOnScreen ? system.frame : .zero
            owner = system.owner
            focused = scene.focused
            window = scene.systemWindow
            orientation = system.orientation
        }
    }

    static func keyboardFrame(_ system: KeyboardSystem) -> KeyboardFrame {
        KeyboardFrame(frame: system.frame, docked: system.isDocked, onScreen: system.isOnScreen)
    }

    /// Puts any non-finite or out-of-range value a handler wrote back to rest, and returns
    /// what it was; a window frame equal to the system's counts as not set. Then does what
    /// the scroll view does when its inset changes: keeps the offset within the content
    /// (assumed: `setContentInset:` moves an offset the new inset no longer allows back
    /// into range).
    private static func sanitize(_ scene: inout Scene) -> String? {
        defer {
            if let window = scene.adjustment.window, window.isClose(to: scene.systemWindow) {
                scene.adjustment.window = nil
            }
            scene.adjustment.contentOffsetY = scene.clampedOffset(scene.adjustment.contentOffsetY)
        }
        var invalid: [String] = []
        func fix(_ value: inout Double, _ name: String) {
            guard !value.isFinite || abs(value) > Rect.limit else { return }
            invalid.append("\(name) = \(value)")
            value = 0
        }
        fix(&scene.adjustment.bottomConstant, "bottomConstraint.constant")
        fix(&scene.adjustment.contentInsetBottom, "scrollView.contentInset.bottom")
        fix(&scene.adjustment.contentOffsetY, "scrollView.contentOffset.y")
        if let window = scene.adjustment.window {
            let values = [window.x, window.y, window.width, window.height]
            if values.contains(where: { !$0.isFinite || abs($0) > Rect.limit }) || window.width < 0 || window.height < 0
            {
                invalid.append("window.frame = \(window)")
                scene.adjustment.window = nil
            }
        }
        return invalid.isEmpty ? nil : invalid.joined(separator: ", ")
    }

    static func snapshot(scene: Scene, system: KeyboardSystem) -> KeyboardSnapshot {
        let safe = scene.screenSafeArea.inset(scene.screen)
        let field = scene.focusedFrameInWindow.map(scene.toScreen)
        var visible = safe.intersection(scene.window)
        if system.isDocked, let region = visible {
            let top = min(region.maxY, system.frame.minY)
            visible =
                top - region.minY > Rect.tolerance
                ? Rect(x: region.x, y: region.y, width: region.width, height: top - region.minY) : nil
        }
        return KeyboardSnapshot(
            screen: scene.screen, safeArea: safe, systemWindow: scene.systemWindow, window: scene.window,
            keyboard: system.isOnScreen ? system.frame : nil, keyboardDocked: system.isDocked, field: field,
            fieldID: scene.focused, visible: visible, adjustment: scene.adjustment)
    }

    /// The adjustment at rest: a fresh copy of the handler, laid out with no keyboard in the
    /// same scene.
    private func rest(_ scene: Scene, handler: any KeyboardHandler, screen: Rect) -> Scene.Adjustment {
        var fresh = handler
        var resting = scene
        resting.adjustment = Scene.Adjustment()
        fresh.layout(
            KeyboardFrame(
                frame: Rect(x: 0, y: screen.maxY, width: screen.width, height: 0), docked: false, onScreen: false),
            scene: &resting)
        return resting.adjustment
    }

    private func check(
        _ snapshot: KeyboardSnapshot, scene: Scene, system: KeyboardSystem, handler: any KeyboardHandler, event: Int,
        repeated: Scene.Adjustment?, hadNotifications: Bool
    ) -> [KeyboardFinding] {
        var findings: [KeyboardFinding] = []
        func found(_ invariant: KeyboardInvariant, _ message: String) {
            findings.append(KeyboardFinding(invariant: invariant, event: event, message: message))
        }
        let rest = self.rest(scene, handler: handler, screen: scene.screen)
        let moved = Self.moves(scene.adjustment, from: rest, scene: scene)
        let overlapsWindow = system.isDocked && system.frame.intersection(scene.systemWindow) != nil
        // Only a keyboard over the window can cover the field (a field a resize left below
        // the fold is the layout's business, not the keyboard's).
        if system.owner == .app, overlapsWindow, let field = snapshot.field, let id = snapshot.fieldID {
            // Vertically: the keyboard is a vertical matter; a field's horizontal place is
            // the layout's (a static layout does not reflow for landscape's side insets).
            // Only where some adjustment could show the field: a pinned container moves
            // whole, so the field's distance from its bottom must fit too.
            let needed =
                scene.layout.kind == .pinned
                ? scene.authoredHeight - (scene.layout.field(id)?.frame.minY ?? 0) : field.height
            if let visible = snapshot.visible, visible.height + Rect.tolerance >= max(field.height, needed) {
                let inside =
                    field.minY >= visible.minY - Rect.tolerance && field.maxY <= visible.maxY + Rect.tolerance
                    && field.maxX > visible.minX && field.minX < visible.maxX
                if !inside {
                    found(
                        .fieldCovered,
                        "field \(id) at \(field) is not inside the visible region \(visible) (keyboard \(system.frame))"
                    )
                }
            } else if snapshot.visible == nil, scene.layout.kind == .fixed {
                // Only moving the window can show part of a window the keyboard hides whole.
                found(
                    .fieldCovered,
                    "field \(id) at \(field): nothing of the window is visible above the keyboard \(system.frame)")
            }
        }
        if !system.isOnScreen {
            if !moved.isEmpty {
                found(
                    .notAtRest,
                    "the keyboard is gone but \(moved.joined(separator: ", ")) (at rest: \(Self.describe(rest)))")
            }
        } else if !overlapsWindow, !moved.isEmpty {
            let why =
                system.isDocked
                ? "the keyboard \(system.frame) is below the window \(scene.systemWindow)"
                : "the keyboard \(system.frame) is \(system.placement == .docked ? "not docked" : system.placement.rawValue)"
            found(.movedWithoutOverlap, "\(why), yet \(moved.joined(separator: ", "))")
        }
        if let repeated, hadNotifications, !scene.adjustment.isClose(to: repeated) {
            found(
                .offsetAccumulated,
                "nothing about the keyboard changed, yet \(scene.adjustment.writes(since: repeated).joined(separator: ", "))"
            )
        }
        return findings
    }

    /// How `adjustment` differs from `rest` in what a user sees: the window, the
    /// constraint, the inset (the scroll offset is the user's to keep, unless it is more
    /// than the content allows at rest).
    private static func moves(_ adjustment: Scene.Adjustment, from rest: Scene.Adjustment, scene: Scene) -> [String] {
        var comparable = adjustment
        var restScene = scene
        restScene.adjustment = rest
        if comparable.contentOffsetY <= restScene.clampedOffset(comparable.contentOffsetY) + Rect.tolerance {
            comparable.contentOffsetY = rest.contentOffsetY
        }
        return comparable.writes(since: rest)
    }

    private static func describe(_ adjustment: Scene.Adjustment) -> String {
        let writes = adjustment.writes(since: Scene.Adjustment())
        return writes.isEmpty ? "nothing moved" : writes.joined(separator: ", ")
    }
}
