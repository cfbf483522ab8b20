import Graphemes
import Testing

@testable import Composition

@Suite struct DelegateModelTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var commitRange: PlatformProfile.CommitRange
        var field: String
        var expected: UTF16Range
        var testDescription: String { "\(commitRange.rawValue) on \(field)" }
    }

    /// Where the readings of the iOS 26 observation part: marked text not at 0, caret inside it.
    static let commitCases: [Case] = [
        .init(commitRange: .markedRange, field: "[ㄨㄤ|]", expected: UTF16Range(location: 0, length: 2)),
        .init(commitRange: .markedEnd, field: "[ㄨㄤ|]", expected: .caret(at: 2)),
        .init(commitRange: .caret, field: "[ㄨㄤ|]", expected: .caret(at: 2)),
        .init(commitRange: .markedLength, field: "[ㄨㄤ|]", expected: .caret(at: 2)),
        .init(commitRange: .markedRange, field: "xy[ㄨ|ㄤ]", expected: UTF16Range(location: 2, length: 2)),
        .init(commitRange: .markedEnd, field: "xy[ㄨ|ㄤ]", expected: .caret(at: 4)),
        .init(commitRange: .caret, field: "xy[ㄨ|ㄤ]", expected: .caret(at: 3)),
        .init(commitRange: .markedLength, field: "xy[ㄨ|ㄤ]", expected: .caret(at: 2)),
    ]

    @Test(arguments: commitCases)
    func reportsTheCommitRangeTheProfileStates(_ testCase: Case) throws {
        let profile = Fixtures.ios18 { $0.commitRange = testCase.commitRange }
        let plan = DelegateModel(profile: profile).plan(
            .insertText("王"), on: TextField(try FieldState(notation: testCase.field)))
        #expect(plan.map(\.call) == [.single(range: testCase.expected, replacement: "王")])
        #expect(plan.first?.isCompositionStep == true)
    }

    @Test func multiRangeProfilesWrapEveryCallInAnArray() throws {
        let plan = DelegateModel(profile: Fixtures.ios26).plan(
            .insertText("a"), on: TextField(try FieldState(notation: "xy|")))
        #expect(plan.map(\.call) == [.multi(ranges: [.caret(at: 2)], replacement: "a")])
    }

    @Test func markedTextUpdatesCanBypassTheDelegate() throws {
        let profile = Fixtures.ios18 { $0.markedTextUpdates = .bypass }
        let plan = DelegateModel(profile: profile).plan(
            .setMarkedText("ㄨ", selectedRange: .caret(at: 1)), on: TextField(FieldState(text: .empty)))
        #expect(plan.map(\.call) == [nil])
    }

    @Test func aMultiRangeEditReachesASingleRangeDelegateAsTheProfileSays() throws {
        let field = TextField(try FieldState(notation: "one two three|"))
        let edit = SessionEvent.replaceRanges(
            [UTF16Range(location: 4, length: 3), UTF16Range(location: 0, length: 4)], "2")
        // The default: one call with the union range, as UIKit documents for text views.
        let union = DelegateModel(profile: Fixtures.ios18).plan(edit, on: field)
        #expect(union.map(\.call) == [.single(range: UTF16Range(location: 0, length: 7), replacement: "2")])
        #expect(union.map(\.effect) == [.event(edit)])
        let targetOnly = DelegateModel(profile: Fixtures.ios18 { $0.multiRangeOnSingleRange = .targetOnly }).plan(
            edit, on: field)
        #expect(targetOnly.map(\.call) == [.single(range: UTF16Range(location: 4, length: 3), replacement: "2")])
        let eachRange = DelegateModel(profile: Fixtures.ios18 { $0.multiRangeOnSingleRange = .eachRange }).plan(
            edit, on: field)
        #expect(
            eachRange.map(\.call) == [
                .single(range: UTF16Range(location: 4, length: 3), replacement: "2"),
                .single(range: UTF16Range(location: 0, length: 4), replacement: ""),
            ])
        let multi = DelegateModel(profile: Fixtures.ios26).plan(edit, on: field)
        #expect(
            multi.map(\.call) == [
                .multi(
                    ranges: [UTF16Range(location: 4, length: 3), UTF16Range(location: 0, length: 4)], replacement: "2")
            ])
    }

    @Test func theProposedTextOfAMultiRangeCallPutsTheTextInTheTargetRange() {
        let call = DelegateCall.multi(ranges: [.caret(at: 2)], replacement: "王")
        #expect(call.proposedText(applyingTo: "ㄨㄤ", target: .firstListed) == "ㄨㄤ王")
        #expect(
            DelegateCall.single(range: UTF16Range(location: 0, length: 2), replacement: "王").proposedText(
                applyingTo: "ㄨㄤ", target: .firstListed) == "王")
        #expect(
            DelegateCall.single(range: UTF16Range(location: 1, length: 5), replacement: "").proposedText(
                applyingTo: "ab", target: .firstListed) == nil)
    }
}
