import Foundation
import IMEHarness
import Testing

/// A developer's own keyboard handler, pasted into a closure, checked by the library.
@Suite struct KeyboardHandlerTests {
    /// Seed 002's observer, pasted: inset by the end frame's height on willShow only.
    static let pastedSeed002 = OverlapHandler("pasted-seed-002", layout: .scroll) { notification, views in
        switch notification.name {
        case .willShow: views.contentInsetBottom = notification.frameEnd.height
        case .willHide: views.contentInsetBottom = 0
        default: return
        }
        if views.contentInsetBottom > 0 { views.scrollFocusedFieldToVisible() }
    }

    /// The documented way: every frame change, converted from the screen, only the docked
    /// keyboard's overlap with the scroll view (the view less its bottom safe area), again
    /// when a field begins editing and on every layout pass.
    static let documented = OverlapHandler(
        "documented", layout: .scroll,
        didBeginEditing: { views in if views.contentInsetBottom > 0 { views.scrollFocusedFieldToVisible() } },
        viewDidLayoutSubviews: { views in makeRoom(&views, hiding: false) },
        body: { notification, views in
            guard [.willShow, .willChangeFrame, .willHide].contains(notification.name) else { return }
            makeRoom(&views, hiding: notification.name == .willHide)
        })

    static func makeRoom(_ views: inout KeyboardViews, hiding: Bool) {
        guard let frame = views.lastFrameEnd else { return }
        let end = views.convertFromScreen(frame)
        let docked = !hiding && end.maxY >= views.convertFromScreen(views.screenBounds).maxY - 0.25
        let scrollBottom = views.viewBounds.maxY - views.safeAreaBottom
        let overlaps = end.minX < views.viewBounds.maxX && end.maxX > views.viewBounds.minX && end.minY < scrollBottom
        views.contentInsetBottom = docked && overlaps ? max(0, scrollBottom - end.minY) : 0
        if views.contentInsetBottom > 0 { views.scrollFocusedFieldToVisible() }
    }

    @Test func aPastedSeedHandlerFailsWithTheMinimisedSession() {
        do {
            try HarnessAssert.keepsKeyboardInvariants(Self.pastedSeed002, iterations: 500)
            Issue.record("seed 002's handler passed")
        } catch {
            #expect(error.description.hasPrefix("handler 'pasted-seed-002': "))
            #expect(error.description.contains("✗ field-covered"))
        }
    }

    @Test func aCorrectPastedHandlerPasses() throws {
        try HarnessAssert.keepsKeyboardInvariants(Self.documented, iterations: 500)
    }
}
