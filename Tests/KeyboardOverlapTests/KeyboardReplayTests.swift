import Composition
import Foundation
import HarnessTestSupport
import Reporting
import Testing

@testable import KeyboardOverlap

/// The system's notifications, each seed handler's documented weakness on the session
/// that shows it (with the numbers worked out by hand), and the correct handlers passing
/// the whole corpus under every profile.
@Suite struct KeyboardReplayTests {
    @Test func showPostsTheProfilesSequenceWithScreenFrames() throws {
        let replay = KeyboardFixtures.replay(
            "phone-show-hide-scroll", DocumentedOverlapHandler(), "iphone-show-repeats")
        let show = replay.steps[0].deliveries.compactMap(\.notification)
        #expect(show.map(\.name) == [.willChangeFrame, .willShow, .didChangeFrame, .didShow])
        // iPhone 16 (393 × 852), letters with QuickType 335: from below the screen to its bottom.
        #expect(show[1].begin == Rect(x: 0, y: 852, width: 393, height: 335))
        #expect(show[1].end == Rect(x: 0, y: 517, width: 393, height: 335))
        #expect(show[1].duration == 0.25 && show[1].curve == 7 && show[1].isLocal)
        #expect(show[3].duration == 0, "did notifications carry no animation")
        let hide = replay.steps[1].deliveries.compactMap(\.notification)
        #expect(hide.map(\.name) == [.willChangeFrame, .willHide, .didChangeFrame, .didHide])
        #expect(hide[1].end.minY == 852)
    }

    @Test func theEmojiSwitchDependsOnTheProfile() {
        func names(_ profile: String) -> [KeyboardNotificationName] {
            KeyboardFixtures.replay("phone-emoji-switch-scroll", DocumentedOverlapHandler(), profile).steps[1]
                .deliveries.compactMap(\.notification?.name)
        }
        #expect(names("iphone-show-repeats") == [.willChangeFrame, .willShow, .didChangeFrame, .didShow])
        #expect(names("iphone-frame-only") == [.willChangeFrame, .didChangeFrame])
        #expect(names("iphone-ios11-emoji") == [.willShow, .didShow])
    }

    @Test func aHardwareKeyboardLeavesTheBarWhoseFrameReachesBelowTheScreen() throws {
        let replay = KeyboardFixtures.replay(
            "pad-hardware-keyboard-scroll", DocumentedOverlapHandler(), "ipad-multitasking")
        let attach = try #require(replay.steps[1].deliveries.compactMap(\.notification).first { $0.name == .willShow })
        // 55 points of bar on screen; the frame is the whole 320-point keyboard.
        #expect(attach.end == Rect(x: 0, y: 1125, width: 820, height: 320))
        // The documented handler makes room for the 55 points over the scroll view's safe area (1160).
        #expect(replay.steps[1].snapshot?.adjustment.contentInsetBottom == 35)
    }

    @Test func anotherAppsKeyboardIsNotLocal() {
        let replay = KeyboardFixtures.replay(
            "pad-slide-over-other-app-pinned", KeyboardLayoutGuideHandler(), "ipad-multitasking")
        let notes = replay.steps[1].deliveries.compactMap(\.notification)
        #expect(!notes.isEmpty && notes.allSatisfy { !$0.isLocal })
    }

    /// Seed 000 takes the keyboard's height from the begin frame: on the switch to emoji
    /// the begin frame is the letters keyboard (335), so the window moves by the old
    /// overrun, 44 + 640 + 335 − 852 + 5 = 172, and the taller emoji keyboard (345, top at
    /// 507) covers the field's last 5 points (468 + 44 = 512).
    @Test func seed000UsesTheBeginFramesHeight() throws {
        let replay = KeyboardFixtures.replay("phone-fixed-login-emoji", Seed000WindowHandler(), "iphone-show-repeats")
        #expect(replay.steps[0].snapshot?.window == Rect(x: 0, y: -172, width: 393, height: 852))
        #expect(replay.steps[0].findings.isEmpty)
        let finding = try #require(replay.steps[1].findings.first)
        #expect(finding.invariant == .fieldCovered)
        #expect(replay.steps[1].snapshot?.field == Rect(x: 16, y: 468, width: 361, height: 44))
        #expect(replay.steps[1].snapshot?.keyboard?.minY == 507)
    }

    /// Seed 000 sets the window to the screen's bounds on keyboardWillHide: a Split View
    /// window (410 wide) ends up covering the whole screen.
    @Test func seed000PutsASplitViewWindowOverTheScreen() throws {
        let replay = KeyboardFixtures.replay("pad-split-view-pinned", Seed000WindowHandler(), "ipad-multitasking")
        let finding = try #require(replay.findings.first)
        #expect(finding.invariant == .notAtRest)
        #expect(finding.message.contains("window.frame = {{0, 0}, {820, 1180}}"))
    }

    /// Seed 001 converts the screen frame as if it were the window's: a Stage Manager
    /// window from y 80 to 780 sits above the keyboard (top 860), yet the constant becomes
    /// 700 − 860 = −160, moving the content down.
    @Test func seed001ConvertsFromTheWindowNotTheScreen() throws {
        let replay = KeyboardFixtures.replay(
            "pad-stage-manager-above-keyboard-pinned", Seed001ConstraintHandler(), "ipad-multitasking")
        let finding = try #require(replay.steps[0].findings.first)
        #expect(finding.invariant == .movedWithoutOverlap)
        #expect(replay.steps[0].snapshot?.adjustment.bottomConstant == -160)
    }

    @Test func seed001LiftsTheContentForAFloatingKeyboard() throws {
        let replay = KeyboardFixtures.replay(
            "pad-floating-keyboard-pinned", Seed001ConstraintHandler(), "ipad-multitasking")
        let finding = try #require(replay.steps[1].findings.first)
        #expect(finding.invariant == .movedWithoutOverlap)
        // 1180 − 700, the floating keyboard's top.
        #expect(replay.steps[1].snapshot?.adjustment.bottomConstant == 480)
    }

    /// Seed 002 observes keyboardWillShow only: where the QuickType bar comes back with a
    /// frame change alone (seed 001's account), the inset stays at the shorter keyboard's
    /// height. Stack Overflow 25946121 logs keyboardWillShow for the QuickType bar, so no
    /// shipped profile posts it so any more and seed 002 keeps up under all of them; the
    /// seed's account is built here to keep the handler's blind spot tested.
    @Test func seed002MissesAKeyboardThatGrowsWithoutWillShow() throws {
        var seedAccount = KeyboardFixtures.profile("iphone-frame-only")
        seedAccount.sequences[.quickType] = [.willChangeFrame, .didChangeFrame]
        let session = KeyboardFixtures.session("phone-quicktype-appears-scroll")
        let frameOnly = KeyboardReplayer().replay(session, profile: seedAccount, handler: Seed002ScrollInsetHandler())
        #expect(frameOnly.findings.map(\.invariant) == [.fieldCovered])
        for shipped in ["iphone-frame-only", "iphone-show-repeats"] {
            let replay = KeyboardFixtures.replay("phone-quicktype-appears-scroll", Seed002ScrollInsetHandler(), shipped)
            #expect(replay.findings.isEmpty, "\(shipped)")
        }
    }

    @Test func theCorrectHandlersKeepEveryInvariantOnTheCorpus() {
        let run = KeyboardRun(
            sessions: KeyboardFixtures.corpus, profiles: KeyboardFixtures.profiles,
            handlers: [DocumentedOverlapHandler(), KeyboardLayoutGuideHandler()])
        #expect(run.replays.count > 80)
        for replay in run.replays where !replay.findings.isEmpty {
            Issue.record("\(replay.sessionID) \(replay.handler) \(replay.profile): \(replay.findings)")
        }
    }

    @Test func everySeedHandlerBreaksAnInvariantOnTheCorpus() {
        let run = KeyboardRun(
            sessions: KeyboardFixtures.corpus, profiles: KeyboardFixtures.profiles,
            handlers: [Seed000WindowHandler(), Seed001ConstraintHandler(), Seed002ScrollInsetHandler()])
        for row in run.handlerSummary { #expect(!row.counts.isEmpty, "\(row.handler) passes the corpus") }
        #expect(run.exitCode == 1)
    }

    /// Repeated notifications that change nothing must not move the layout again; a
    /// handler that adds the height each time does.
    @Test func anAccumulatingHandlerIsCaught() {
        let adding = ClosureHandler("adds-each-time", layouts: [.pinned]) { notification, scene in
            if notification.name == .willShow { scene.adjustment.bottomConstant += notification.end.height }
        }
        let replay = KeyboardFixtures.replay("phone-recorded-willshow-twice", adding, "iphone-show-repeats")
        #expect(replay.findings.contains { $0.invariant == .offsetAccumulated })
    }

    @Test func aNonFiniteWriteIsAFindingNotACrash() {
        let broken = ClosureHandler("divides-by-zero") { notification, scene in
            scene.adjustment.bottomConstant = notification.end.height / 0
        }
        let replay = KeyboardFixtures.replay("phone-show-hide-pinned", broken, "iphone-show-repeats")
        #expect(replay.findings.contains { $0.invariant == .invalidWrite })
    }
}
