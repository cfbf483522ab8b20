import Foundation
import Graphemes
import HarnessJSON
import Testing

@testable import Composition

@Suite struct ProfileTests {
    @Test func theShippedProfilesLoadAndBackEveryChoiceWithAFact() throws {
        #expect(Fixtures.profiles.names() == ["ios18-single", "ios26-multi"])
        for name in Fixtures.profiles.names() {
            let profile = try Fixtures.profiles.profile(named: name)
            let presentations = profile.presentations.keys.map { "presentations.\($0.rawValue)" }
            let stated = profile.multiRangeEdits ? [] : ["multiRangeEdits"]
            #expect(Set(profile.facts.map(\.about)) == Set(PlatformProfile.choiceMembers + presentations + stated))
            #expect(!profile.source.isEmpty)
        }
        #expect(Fixtures.ios18.commitRange == .markedRange)
        #expect(Fixtures.ios26.commitRange == .markedEnd)
        #expect(Fixtures.ios26.delegate == .multiRange)
        // iOS 18 makes no multi-range edit (the delegate method for one is iOS 26.0+).
        #expect(!Fixtures.ios18.multiRangeEdits && Fixtures.ios26.multiRangeEdits)
    }

    @Test func anUnknownProfileListsTheKnownOnes() {
        #expect(
            throws: ProfileError.unknownProfile(
                name: "ios27", directory: Fixtures.profiles.directory, known: ["ios18-single", "ios26-multi"])
        ) {
            try Fixtures.profiles.profile(named: "ios27")
        }
    }

    @Test func aProfileWithoutAFactForAChoiceIsRejected() throws {
        let path = Fixtures.profiles.directory + "/ios18-single.json"
        let document = try String(contentsOfFile: path, encoding: .utf8)
        var lines = document.split(separator: "\n", omittingEmptySubsequences: false)
        lines.removeAll { $0.contains(#"{"about": "deleteBackward""#) }
        let value = try JSONParser.parse(lines.joined(separator: "\n"))
        #expect(
            throws: JSONDecodingError(
                path: JSONPath([.key("facts")]), expected: "a fact about every choice",
                found: "no fact about 'deleteBackward'")
        ) {
            try PlatformProfile(json: JSONNode(value))
        }
    }

    /// Records the marked range each `shouldChange` sees, and in `editingChanged` assigns
    /// the text the field already holds (`textField.text = textField.text`, a common
    /// normalisation).
    final class Watcher: InputRule, @unchecked Sendable {
        var seenMarked: [UTF16Range?] = []
        var spec: String { "watcher" }
        func shouldChange(_ request: ChangeRequest) -> Bool {
            seenMarked.append(request.field.markedRange)
            return true
        }
        func editingChanged(_ change: FieldChange) -> TextAssignment? { TextAssignment(change.after.text) }
    }

    /// `markedRangeVisibleDuringCommit`: where it is false, the delegate asked about the
    /// commit of marked text sees no marked range (a `markedTextRange` guard cannot see it).
    @Test(arguments: [true, false])
    func theMarkedRangeDuringACommitIsSeenAsTheProfileSays(_ visible: Bool) throws {
        var profile = Fixtures.profile("ios18-single")
        profile.markedRangeVisibleDuringCommit = visible
        profile.sameTextEndsComposition = false
        let session = Session(
            id: "commit", ime: .pinyin, source: .init(kind: .authored, detail: ""), initial: FieldState(text: .empty),
            events: [.setMarkedText("ni", selectedRange: .caret(at: 2)), .insertText("你")])
        let watcher = Watcher()
        _ = try Replayer().run(session, profiles: [profile], rules: [watcher])
        // The composition step sees its marked range; the commit sees it only if visible.
        #expect(watcher.seenMarked == [nil, visible ? UTF16Range(location: 0, length: 2) : nil])
    }

    /// `sameTextEndsComposition`: assigning the text the field already holds while text is
    /// marked ends the composition where the profile says so, and is nothing where not.
    @Test(arguments: [true, false])
    func assigningTheSameTextEndsACompositionAsTheProfileSays(_ ends: Bool) throws {
        var profile = Fixtures.profile("ios18-single")
        profile.sameTextEndsComposition = ends
        let session = Session(
            id: "same-text", ime: .pinyin, source: .init(kind: .authored, detail: ""),
            initial: FieldState(text: .empty), events: [.setMarkedText("ni", selectedRange: .caret(at: 2))])
        let result = try #require(
            try Replayer().run(session, profiles: [profile], rules: [Watcher()], traces: .all).first)
        let step = try #require(result.traces.first?.steps.first)
        #expect((step.rewrittenTo != nil) == ends)
        #expect(step.after.markedRange == (ends ? nil : UTF16Range(location: 0, length: 2)))
        #expect(result.findings.contains { $0.kind == .compositionInterrupted } == ends)
    }
}
