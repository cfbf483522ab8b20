import Graphemes
import SeededRandom
import Testing

@testable import Composition

/// `DelegateCall.implies(_:from:sharing:)`, which replay asks of every call instead of
/// building the text the call proposes, and the field's record of what its edits left
/// untouched (``TextField/edits``), through which replay compares and copies texts.
@Suite struct DelegateCallTests {
    /// Calls, texts and results, with whether the call applied to the text gives the result.
    static let cases: [(DelegateCall, UTF16Text, UTF16Text, Bool)] = [
        (.single(range: UTF16Range(location: 1, length: 1), replacement: "X"), "abc", "aXc", true),
        (.single(range: UTF16Range(location: 1, length: 1), replacement: "X"), "abc", "abc", false),
        (.single(range: UTF16Range(location: 1, length: 1), replacement: "X"), "abc", "aXcc", false),
        (.single(range: UTF16Range(location: 3, length: 0), replacement: "d"), "abc", "abcd", true),
        (.single(range: UTF16Range(location: 0, length: 3), replacement: ""), "abc", "", true),
        (.single(range: UTF16Range(location: 1, length: 0), replacement: ""), "abc", "abc", true),
        // The range does not fit the text: no text is implied.
        (.single(range: UTF16Range(location: 2, length: 5), replacement: "X"), "abc", "abX", false),
        // iOS 26's commit of ㄨㄤ → 王: [{2, 0}] "王" on "ㄨㄤ" implies "ㄨㄤ王", not "王".
        (.multi(ranges: [UTF16Range(location: 2, length: 0)], replacement: "王"), "ㄨㄤ", "ㄨㄤ王", true),
        (.multi(ranges: [UTF16Range(location: 2, length: 0)], replacement: "王"), "ㄨㄤ", "王", false),
        // Several ranges need the text built: never implied without building it.
        (
            .multi(ranges: [UTF16Range(location: 0, length: 1), UTF16Range(location: 2, length: 1)], replacement: "X"),
            "abc", "Xb", false
        ),
    ]

    @Test(arguments: cases.indices)
    func impliesWhatTheCallGives(_ index: Int) {
        let (call, text, result, implied) = Self.cases[index]
        #expect(call.implies(result, from: text) == implied, "\(call) on \(text.visibleDescription)")
        // What it says agrees with the text the call proposes, when one is built.
        if let proposed = call.proposedText(applyingTo: text, target: .firstListed), call.ranges.count == 1 {
            #expect((proposed == result) == implied)
        }
    }

    /// Random one-range edits of random texts, the result either the edit or the edit of
    /// a neighbour: told what the two texts share at their ends, `implies` answers what
    /// it answers comparing them whole, and what the text the call proposes says.
    @Test func sharingTheEndsChangesNoAnswer() {
        var random = SplitMix64(seed: 38)
        let alphabet: [UInt16] = Array("ab王😀".utf16)
        for _ in 0..<2_000 {
            let text = UTF16Text(units: (0..<random.below(12)).map { _ in random.pick(alphabet) })
            let location = random.below(text.length + 1)
            let range = UTF16Range(location: location, length: random.below(text.length - location + 1))
            let replacement = UTF16Text(units: (0..<random.below(3)).map { _ in random.pick(alphabet) })
            var result = text.replacing(range, with: replacement)
            if random.chance(30), !result.isEmpty {
                result.units[random.below(result.length)] = random.pick(alphabet)
            }
            let shared = text.units.withUnsafeBufferPointer { a in
                result.units.withUnsafeBufferPointer { b in
                    let prefix = UTF16Text.commonPrefix(a, b)
                    return UnchangedEnds(
                        prefix: prefix, suffix: UTF16Text.commonSuffix(a, b, limit: min(a.count, b.count) - prefix))
                }
            }
            let call = DelegateCall.single(range: range, replacement: replacement)
            let whole = call.implies(result, from: text)
            #expect(call.implies(result, from: text, sharing: shared) == whole)
            #expect(whole == (call.proposedText(applyingTo: text, target: .firstListed) == result))
        }
    }

    /// A field's edits say what they left at the two ends: the text before them, brought
    /// level through the stretch between those ends alone, is the text after them, and
    /// comparing through that stretch answers as comparing whole texts does.
    @Test func aFieldsEditsLeaveItsEndsUntouched() {
        var random = SplitMix64(seed: 37)
        let alphabet: [UInt16] = Array("ab王😀".utf16)
        for _ in 0..<1_000 {
            let initial = UTF16Text(units: (0..<random.below(16)).map { _ in random.pick(alphabet) })
            var field = TextField(FieldState(text: initial))
            var previous = initial
            for _ in 0..<random.below(4) {
                let location = random.below(field.text.length + 1)
                let range = UTF16Range(location: location, length: random.below(field.text.length - location + 1))
                let replacement = UTF16Text(units: (0..<random.below(3)).map { _ in random.pick(alphabet) })
                if random.chance(10) {
                    field.setTextProgrammatically(replacement)
                } else {
                    field.replace(range, with: replacement)
                }
            }
            guard let ends = field.edits else {
                #expect(field.text == previous)
                continue
            }
            #expect(ends.prefix + ends.suffix <= min(previous.length, field.text.length))
            #expect(field.text.equals(previous, sharing: ends) == (field.text == previous))
            previous.assign(field.text, sharing: ends)
            #expect(previous == field.text)
            field.forgetEdits()
            #expect(field.edits == nil)
        }
    }
}
