import Composition
import Foundation
import KeyboardOverlap

/// A keyboard-overlap handler given as the body of the notification observer a developer
/// already wrote: paste it into a closure that receives the notification and the views it
/// may move.
///
/// ```swift
/// let mine = OverlapHandler("login-screen", layout: .scroll) { notification, views in
///     guard notification.name == .willShow || notification.name == .willHide else { return }
///     let height = notification.name == .willShow ? notification.frameEnd.height : 0
///     views.contentInsetBottom = height
///     views.scrollFocusedFieldToVisible()
/// }
/// try HarnessAssert.keepsKeyboardInvariants(mine, iterations: 2_000)
/// ```
///
/// The closure is called for every keyboard notification (`keyboardWillShow` … `DidHide`,
/// `WillChangeFrame`, `DidChangeFrame`) in the order the platform posts them; ignore the
/// ones your observer is not registered for.
public struct OverlapHandler: Sendable {
    /// How the screen's fields move, which decides what the handler may write.
    public enum Layout: String, Sendable, CaseIterable {
        /// Fields at fixed places: only the window's frame can move them.
        case fixed
        /// A container pinned to the view's bottom by a constraint (`bottomConstraint`).
        case pinned
        /// A scroll view filling the safe area (`contentInset`, `contentOffset`).
        case scroll
    }

    /// The observer's body.
    public typealias Body = @Sendable (_ notification: KeyboardNotice, _ views: inout KeyboardViews) -> Void
    /// A view-controller method's body: `textFieldDidBeginEditing(_:)` or
    /// `viewDidLayoutSubviews()`. ``KeyboardViews/lastFrameEnd`` holds the last
    /// notification's end frame, as the observer would have stored it.
    public typealias Callback = @Sendable (_ views: inout KeyboardViews) -> Void

    /// The name reports show for the handler.
    public let name: String
    /// The layout the handler moves; sessions of other layouts are not replayed through it.
    public let layout: Layout
    let body: Body
    let didBeginEditing: Callback?
    let viewDidLayoutSubviews: Callback?

    /// A handler named `name` for a screen laid out as `layout`: `body` observes the
    /// keyboard notifications; `didBeginEditing` runs when a field becomes first responder
    /// (before the keyboard's notifications; moving between fields may post none), and
    /// `viewDidLayoutSubviews` after every notification's animation and every layout change
    /// the system makes (a rotation, a window resized in Split View or Stage Manager, which
    /// posts no keyboard notification).
    public init(
        _ name: String, layout: Layout, didBeginEditing: Callback? = nil, viewDidLayoutSubviews: Callback? = nil,
        body: @escaping Body
    ) {
        self.name = name
        self.layout = layout
        self.body = body
        self.didBeginEditing = didBeginEditing
        self.viewDidLayoutSubviews = viewDidLayoutSubviews
    }

    var handler: ClosureHandler {
        let body = body
        func event(_ callback: Callback?) -> ClosureHandler.Event? {
            guard let callback else { return nil }
            return { @Sendable (lastEnd: Rect?, scene: inout Scene) in
                var views = KeyboardViews(scene: scene, lastEnd: lastEnd)
                callback(&views)
                views.apply(to: &scene)
            }
        }
        return ClosureHandler(
            name, layouts: [AppLayout.Kind(rawValue: layout.rawValue) ?? .scroll],
            didBeginEditing: event(didBeginEditing), viewDidLayoutSubviews: event(viewDidLayoutSubviews)
        ) { notification, scene in
            var views = KeyboardViews(scene: scene, lastEnd: notification.end)
            body(KeyboardNotice(notification), &views)
            views.apply(to: &scene)
        }
    }
}

/// A keyboard notification's name and `userInfo`, as UIKit posts it.
public struct KeyboardNotice: Sendable {
    /// The six keyboard notifications.
    public enum Name: String, Sendable, CaseIterable {
        /// `keyboardWillShowNotification`.
        case willShow
        /// `keyboardDidShowNotification`.
        case didShow
        /// `keyboardWillHideNotification`.
        case willHide
        /// `keyboardDidHideNotification`.
        case didHide
        /// `keyboardWillChangeFrameNotification`.
        case willChangeFrame
        /// `keyboardDidChangeFrameNotification`.
        case didChangeFrame
    }

    /// Which notification.
    public var name: Name
    /// `keyboardFrameBeginUserInfoKey`, in the screen's coordinate space.
    public var frameBegin: CGRect
    /// `keyboardFrameEndUserInfoKey`, in the screen's coordinate space.
    public var frameEnd: CGRect
    /// `keyboardAnimationDurationUserInfoKey`.
    public var animationDuration: Double
    /// `keyboardAnimationCurveUserInfoKey`.
    public var animationCurve: Int
    /// `keyboardIsLocalUserInfoKey`.
    public var isLocal: Bool

    init(_ notification: KeyboardNotification) {
        name = Name(rawValue: notification.name.rawValue) ?? .willChangeFrame
        frameBegin = CGRect(notification.begin)
        frameEnd = CGRect(notification.end)
        animationDuration = notification.duration
        animationCurve = notification.curve
        isLocal = notification.isLocal
    }
}

/// What a keyboard handler sees and may change: the key window, the view controller's
/// view, its focused field, and the bottom constraint or scroll view that moves the fields.
public struct KeyboardViews: Sendable {
    /// `UIScreen.main.bounds`.
    public let screenBounds: CGRect
    /// `UIApplication.shared.keyWindow.frame`, in the screen's coordinates; settable, as
    /// seed 000 sets it.
    public var windowFrame: CGRect
    /// The view controller's `view.bounds` (the window's size).
    public var viewBounds: CGRect { CGRect(x: 0, y: 0, width: windowFrame.width, height: windowFrame.height) }
    /// `view.safeAreaInsets.top`.
    public let safeAreaTop: CGFloat
    /// `view.safeAreaInsets.bottom`.
    public let safeAreaBottom: CGFloat
    /// The first responder's frame in the view's coordinates, `nil` when no field is focused.
    public let focusedFieldFrame: CGRect?
    /// `bottomConstraint.constant` (pinned layouts).
    public var bottomConstraintConstant: CGFloat
    /// `scrollView.contentInset.bottom` (scroll layouts).
    public var contentInsetBottom: CGFloat
    /// `scrollView.contentOffset.y` (scroll layouts).
    public var contentOffsetY: CGFloat
    /// The last keyboard notification's `keyboardFrameEndUserInfoKey`, in the screen's
    /// coordinates (`nil` before the first): what an observer would have stored.
    public let lastFrameEnd: CGRect?
    var scene: Scene

    init(scene: Scene, lastEnd: Rect?) {
        self.scene = scene
        lastFrameEnd = lastEnd.map(CGRect.init)
        screenBounds = CGRect(scene.screen)
        windowFrame = CGRect(scene.window)
        let insets = scene.safeAreaInsets
        safeAreaTop = CGFloat(insets.top)
        safeAreaBottom = CGFloat(insets.bottom)
        focusedFieldFrame = scene.focusedFrameInWindow.map(CGRect.init)
        bottomConstraintConstant = CGFloat(scene.adjustment.bottomConstant)
        contentInsetBottom = CGFloat(scene.adjustment.contentInsetBottom)
        contentOffsetY = CGFloat(scene.adjustment.contentOffsetY)
    }

    /// `view.convert(rect, from: view.window?.screen.coordinateSpace)`: a keyboard frame in
    /// the view's coordinates.
    public func convertFromScreen(_ rect: CGRect) -> CGRect {
        CGRect(x: rect.minX - windowFrame.minX, y: rect.minY - windowFrame.minY, width: rect.width, height: rect.height)
    }

    /// `scrollView.scrollRectToVisible(focusedField.frame, animated: false)`, with the
    /// current `contentInsetBottom`.
    public mutating func scrollFocusedFieldToVisible() {
        guard let field = scene.focused.flatMap(scene.layout.field) else { return }
        var scene = self.scene
        apply(to: &scene)
        scene.scrollRectToVisible(field.frame)
        contentOffsetY = CGFloat(scene.adjustment.contentOffsetY)
    }

    func apply(to scene: inout Scene) {
        let window = Rect(windowFrame)
        scene.adjustment.window = window.isClose(to: scene.window) ? scene.adjustment.window : window
        scene.adjustment.bottomConstant = Double(bottomConstraintConstant)
        scene.adjustment.contentInsetBottom = Double(contentInsetBottom)
        scene.adjustment.contentOffsetY = Double(contentOffsetY)
    }
}

extension CGRect {
    init(_ rect: Rect) { self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height) }
}

extension Rect {
    init(_ rect: CGRect) {
        self.init(x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width), height: Double(rect.height))
    }
}

extension HarnessAssert {
    /// Replays the bundled keyboard sessions of the handler's layout under every bundled
    /// keyboard profile, then fuzzes the handler for `iterations` generated sessions, and
    /// fails when an invariant breaks: the focused field hidden by the docked keyboard,
    /// content moved for a keyboard that does not overlap the window, a layout not back at
    /// rest after the keyboard hides, offsets that add up, a non-finite write.
    ///
    /// - Parameters:
    ///   - handler: The handler under test.
    ///   - iterations: How many sessions to generate (0: the bundled sessions only).
    ///   - seed: The campaign's seed: a failure found with it is found again.
    /// - Throws: ``HarnessFailure`` naming each broken invariant, its profile, and the
    ///   minimised session event by event.
    public static func keepsKeyboardInvariants(_ handler: OverlapHandler, iterations: Int = 2_000, seed: UInt64 = 0)
        throws(HarnessFailure)
    {
        let profiles = try KeyboardData.profiles()
        let (sessions, errors) = KeyboardFiles.load([BundledData.directory + "/keyboard-sessions"])
        guard errors.isEmpty else { throw HarnessFailure(errors.map(\.description).joined(separator: "\n")) }
        let closure = handler.handler
        let run = KeyboardRun(sessions: sessions, profiles: profiles, handlers: [closure])
        let fuzz = KeyboardFuzzer(handler: closure, profiles: profiles).run(
            seed: seed, iterations: max(0, iterations), seconds: nil)
        let failing = run.replays.filter { !$0.findings.isEmpty }
        guard !failing.isEmpty || !fuzz.failures.isEmpty else { return }
        var message =
            "handler '\(handler.name)': \(run.findingCount) broken invariants in \(failing.count) of \(run.replays.count) bundled replays; \(fuzz.failures.count) minimised counterexamples in \(fuzz.iterations) fuzzed sessions (seed \(seed))"
        let replayer = KeyboardReplayer()
        let minimised = fuzz.failures.compactMap { failure in
            profiles.first { $0.name == failure.profile }.map {
                replayer.replay(failure.session, profile: $0, handler: closure)
            }
        }
        for replay in failing.prefix(3) + minimised {
            message += "\n\nsession \(replay.sessionID) under \(replay.profile):"
            for step in replay.steps {
                message += "\n  \(step.event) \(step.brief)"
                for delivery in step.deliveries where !delivery.writes.isEmpty {
                    message += "\n      \(delivery.brief) → \(delivery.writes.joined(separator: ", "))"
                }
                for finding in step.findings { message += "\n    ✗ \(finding.invariant.rawValue): \(finding.message)" }
            }
        }
        throw HarnessFailure(message)
    }
}

/// The bundled keyboard profiles.
enum KeyboardData {
    static func profiles() throws(HarnessFailure) -> [KeyboardProfile] {
        let store = ProfileStore(directory: BundledData.directory + "/keyboard-profiles")
        var profiles: [KeyboardProfile] = []
        for name in store.names() {
            do {
                profiles.append(try KeyboardFiles.profile(named: name, in: store))
            } catch {
                throw HarnessFailure(error.description)
            }
        }
        return profiles
    }
}
