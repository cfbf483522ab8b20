import Foundation
import Graphemes
import HarnessJSON
import Testing

@testable import Composition

/// Every way a session file can be malformed, each reported with its place.
@Suite struct SessionDecodingTests {
    static let valid = #"""
        {"format": "ime-session/1", "id": "s", "ime": "zhuyin", "source": {"kind": "device", "detail": "d"},
         "initial": {"text": "", "selection": [0, 0]},
         "events": [{"op": "setMarkedText", "text": "ㄨ", "selectedRange": [1, 0]}, {"op": "insertText", "text": "王"}]}
        """#

    struct BadCase: Sendable, CustomTestStringConvertible {
        var name: String
        /// (old, new) replacements applied to the valid document.
        var edits: [(String, String)]
        var message: String
        var event: Int?
        var testDescription: String { name }
    }

    static let badCases: [BadCase] = [
        .init(
            name: "wrong format", edits: [("ime-session/1", "ime-session/2")],
            message: #"$.format: expected "ime-session/1", found "ime-session/2""#),
        .init(
            name: "wrong type", edits: [(#""id": "s""#, #""id": 5"#)],
            message: "$.id: expected a string (without lone surrogates), found 5"),
        .init(
            name: "unknown ime", edits: [(#""zhuyin""#, #""klingon""#)],
            message:
                #"$.ime: expected one of "pinyin", "zhuyin", "cangjie", "wubi", "kana", "hangul", "emoji", "latin", "dictation", "other", found "klingon""#
        ),
        .init(
            name: "unknown op", edits: [(#""op": "insertText""#, #""op": "insertTxt""#)],
            message:
                #"$.events[1].op: expected one of "setMarkedText", "unmarkText", "insertText", "deleteBackward", "replace", "replaceRanges", "setSelection", "beginEditing", "endEditing", "clearButton", "returnKey", "setText", "undo", "redo", found "insertTxt""#,
            event: 1),
        .init(
            name: "missing member", edits: [(#", "selectedRange": [1, 0]"#, "")],
            message: "$.events[0].selectedRange: expected a value, found nothing", event: 0),
        .init(
            name: "member of another op",
            edits: [(#"{"op": "insertText", "text": "王"}"#, #"{"op": "insertText", "text": "王", "range": [0, 1]}"#)],
            message: "$.events[1].range: expected one of the members op, text, found unknown member 'range'", event: 1),
        .init(
            name: "negative range", edits: [(#""selectedRange": [1, 0]"#, #""selectedRange": [-1, 0]"#)],
            message: "$.events[0].selectedRange[0]: expected a location ≥ 0, found -1", event: 0),
        .init(
            name: "overflowing integer",
            edits: [(#""selectedRange": [1, 0]"#, #""selectedRange": [1, 99999999999999999999]"#)],
            message:
                "$.events[0].selectedRange[1]: expected an integer from \(Int.min) to \(Int.max), found 99999999999999999999",
            event: 0),
        .init(
            name: "selectedRange outside the marked text",
            edits: [(#""selectedRange": [1, 0]"#, #""selectedRange": [2, 0]"#)],
            message: "$.events[0].selectedRange: expected a range within the marked text of length 1, found [2,0]",
            event: 0),
        .init(
            name: "selection outside the text", edits: [(#""selection": [0, 0]"#, #""selection": [0, 3]"#)],
            message: "$.initial.selection: expected a selection within the text of length 0, found [0,3]"),
        .init(
            name: "range out of bounds at its event",
            edits: [(#"{"op": "insertText", "text": "王"}"#, #"{"op": "replace", "range": [1, 1], "text": "王"}"#)],
            message:
                "$.events[1].range: expected a range within the text, which has length 1 at this event, found [1,1]",
            event: 1),
        .init(
            name: "overlapping ranges",
            edits: [
                (
                    #"{"op": "insertText", "text": "王"}"#,
                    #"{"op": "replaceRanges", "ranges": [[0, 1], [0, 1]], "text": "王"}"#
                )
            ],
            message: "$.events[1].ranges: expected ranges that do not overlap, found [[0,1],[0,1]]", event: 1),
        .init(
            name: "observed calls of the wrong count",
            edits: [(#""events": ["#, #""observed": {"ios18-single": [null]}, "events": ["#)],
            message:
                "$.observed.ios18-single: expected one entry per event (2, null where none was recorded), found [null]"),
        .init(
            name: "engine recording without its keys",
            edits: [
                (
                    #""kind": "device", "detail": "d""#,
                    #""kind": "engine", "detail": "d", "engine": "rime", "engineVersion": "1.8.5", "schema": "bopomofo""#
                )
            ],
            message: "$.source.keys: expected a value, found nothing"),
        .init(
            name: "engine members on a device session",
            edits: [(#""detail": "d""#, #""detail": "d", "keys": "j;6""#)],
            message: #"$.source.keys: expected no "keys" unless the source kind is "engine", found "j;6""#),
        .init(
            name: "text a number pad cannot type",
            edits: [(#""id": "s""#, #""id": "s", "keyboard": {"type": "numberPad", "region": "de-DE"}"#)],
            message:
                #"$.events[0].text: expected text the numberPad keyboard can type (0–9); a paste, which ignores the keyboard, is a "replace", found "ㄨ""#,
            event: 0),
        .init(
            name: "a decimal pad in a region ICU does not know",
            edits: [(#""id": "s""#, #""id": "s", "keyboard": {"type": "decimalPad", "region": "xx-YY"}"#)],
            message:
                #"$.keyboard.region: expected a BCP 47 region format ICU has data for (the decimalPad keyboard's digits follow it), found "xx-YY""#
        ),
        .init(
            name: "a number pad with no region and no locale",
            edits: [(#""id": "s""#, #""id": "s", "keyboard": {"type": "numberPad"}"#)],
            message:
                #"$.keyboard: expected a "region" member, or a "locale" for the session: a BCP 47 region format ICU has data for (the numberPad keyboard's digits follow it), found an object"#
        ),
        .init(
            name: "an unknown keyboard type",
            edits: [(#""id": "s""#, #""id": "s", "keyboard": {"type": "numpad"}"#)],
            message:
                #"$.keyboard.type: expected one of "default", "asciiCapable", "numbersAndPunctuation", "URL", "numberPad", "phonePad", "namePhonePad", "emailAddress", "decimalPad", "twitter", "webSearch", "asciiCapableNumberPad", found "numpad""#
        ),
        .init(
            name: "unknown member", edits: [(#""id": "s""#, #""id": "s", "colour": "red""#)],
            message:
                "$.colour: expected one of the members events, expect, format, id, ime, initial, keyboard, locale, observed, secureTextEntry, source, found unknown member 'colour'"
        ),
    ]

    @Test(arguments: badCases)
    func namesThePlaceOfEachError(_ testCase: BadCase) {
        var document = Self.valid
        for (old, new) in testCase.edits {
            #expect(document.contains(old), "the fixture must contain \(old)")
            document = document.replacingOccurrences(of: old, with: new)
        }
        let result = SessionFiles.decode(Array(document.utf8), file: "bad.json", line: nil)
        guard case .failure(let error) = result else {
            Issue.record("expected an error for \(testCase.name)")
            return
        }
        #expect(error.message == testCase.message)
        #expect(error.event == testCase.event)
        #expect(error.description.hasPrefix("bad.json: " + (testCase.event.map { "event \($0): " } ?? "")))
    }

    @Test func readsTheValidDocumentWithLoneSurrogateEscapes() throws {
        let document = Self.valid.replacingOccurrences(of: #""text": "王""#, with: #""text": "\ud83d""#)
        let session = try SessionFiles.decode(Array(document.utf8), file: "ok.json", line: nil).get()
        #expect(session.events[1] == .insertText(UTF16Text(units: [0xD83D])))
    }

    @Test func notJSONNamesLineAndColumn() {
        let result = SessionFiles.decode(Array("{\n  \"format\": ,\n}".utf8), file: "x.json", line: nil)
        #expect(
            result
                == .failure(
                    SessionError(
                        file: "x.json",
                        message:
                            "not JSON: line 2, column 13: expected a value (object, array, string, number, true, false or null)"
                    )))
    }

    @Test func aBadLineOfAJSONLinesFileDoesNotStopTheOthers() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("imeharness-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let line = Self.valid.replacingOccurrences(of: "\n", with: " ")
        let lines = [line, "{not json", line.replacingOccurrences(of: #""id": "s""#, with: #""id": "t""#), ""]
        try lines.joined(separator: "\n").write(
            to: directory.appendingPathComponent("many.jsonl"), atomically: true, encoding: .utf8)
        try Data([0x7B, 0xFF]).write(to: directory.appendingPathComponent("sub-binary.json"))
        try Self.valid.write(to: directory.appendingPathComponent("z-again.json"), atomically: true, encoding: .utf8)
        let (files, _) = SessionFiles.expand([directory.path])
        #expect(
            files.map { URL(fileURLWithPath: $0).lastPathComponent } == [
                "many.jsonl", "sub-binary.json", "z-again.json",
            ])
        let (sessions, errors) = SessionFiles.load([directory.path, directory.path + "/nope.json"])
        #expect(sessions.map(\.id) == ["s", "t"])
        #expect(
            errors.map { $0.description.replacingOccurrences(of: directory.path + "/", with: "") } == [
                "nope.json: no such file or directory",
                "many.jsonl:2: not JSON: column 2: expected a string key",
                "sub-binary.json: not JSON: line 1, column 2: expected a string key",
                "z-again.json: duplicate session id 's' (first in many.jsonl)",
            ])
    }
}
