import Composition
import Foundation
import HarnessJSON

/// How an Android keyboard's input reaches a field, and what the field does with it: data
/// (`ime-profile/1` documents with `"platform": "android"`, in
/// `Corpora/android-profiles/`), every choice backed by a fact with
/// its source and quote, as the iOS profiles are (`docs/facts.md`).
public struct AndroidProfile: Hashable, Sendable {
    /// The profile's name (`gboard`, `samsung`).
    public let name: String
    /// What it models.
    public let description: String
    /// Whether Latin words are composed (underlined composing text) or typed as commits.
    public let latinWords: Composition
    /// Whether a Hangul syllable being typed is composing text.
    public let hangul: Composition
    /// What the keyboard does after the app restarted input during a composition.
    public let restartInput: RestartInput
    /// Whether Flutter's engine restarts input after it writes the framework's value into
    /// the field (`TextInputPlugin.isRestartAlwaysRequired`: for Samsung Keyboard only).
    public let flutterRestartsInput: Bool
    /// Whether Compose restarts input when the app keeps a value other than the field's.
    public let composeRestartsInput: Bool
    /// What Backspace outside a composition sends, with an empty selection.
    public let deleteOutsideComposition: DeleteUnit
    /// What a caret move during a composition sends first.
    public let caretMoveInComposition: CaretMove
    /// The facts behind the choices.
    package let facts: [PlatformProfile.Fact]

    /// Whether text is composed or committed key by key.
    public enum Composition: String, Sendable, CaseIterable {
        /// `setComposingText` with the word (or syllable) so far, then a commit.
        case composing
        /// `commitText` per key.
        case committed
    }

    /// What the keyboard does when the app restarts input during a composition.
    public enum RestartInput: String, Sendable, CaseIterable {
        /// It drops the composition: later keys start a new one with what they add.
        case dropsComposition = "drops-composition"
    }

    /// The UTF-16 length `deleteSurroundingText` removes for Backspace.
    public enum DeleteUnit: String, Sendable, CaseIterable {
        /// The code point before the caret (2 units for a surrogate pair).
        case codePoint = "code-point"
        /// The grapheme cluster before the caret.
        case grapheme
    }

    /// What a caret move during a composition sends before `setSelection`.
    public enum CaretMove: String, Sendable, CaseIterable {
        /// `finishComposingText()`: the composing text stays, committed as it stands.
        case finishComposingText = "finish-composing-text"
    }

    /// The members that are choices and need a fact.
    static let choiceMembers = [
        "latinWords", "hangul", "commit", "deleteInComposition", "deleteOutsideComposition", "keyboardBelief",
        "restartInput", "flutterRestartsInput", "composeRestartsInput", "caretMoveInComposition", "filters",
        "composingAfterFilter", "textWatcher",
    ]

    /// Reads a profile document.
    init(json node: JSONNode) throws(JSONDecodingError) {
        try node.rejectUnknownMembers(
            ["format", "platform", "name", "description", "source", "facts"] + Self.choiceMembers)
        try node.requireMember("format", is: "ime-profile/1")
        try node.requireMember("platform", is: "android")
        name = try node.member("name").string()
        description = try node.member("description").string()
        _ = try node.member("source").string()
        latinWords = try node.member("latinWords").choice(Composition.self)
        hangul = try node.member("hangul").choice(Composition.self)
        restartInput = try node.member("restartInput").choice(RestartInput.self)
        flutterRestartsInput = try node.member("flutterRestartsInput").bool()
        composeRestartsInput = try node.member("composeRestartsInput").bool()
        deleteOutsideComposition = try node.member("deleteOutsideComposition").choice(DeleteUnit.self)
        caretMoveInComposition = try node.member("caretMoveInComposition").choice(CaretMove.self)
        // The choices the replay makes one way only are still stated, and must be what it does.
        let fixed = [
            ("commit", "commit-text"), ("deleteInComposition", "shorter-composing-text"),
            ("keyboardBelief", "resend-own-composition"), ("filters", "every-replace"),
            ("composingAfterFilter", "spans-kept"), ("textWatcher", "after-every-change"),
        ]
        for (member, value) in fixed {
            let choice = try node.member(member)
            guard try choice.string() == value else {
                throw choice.mismatch("\"\(value)\" (the one behaviour modelled)")
            }
        }
        facts = try PlatformProfile.Fact.decode(try node.member("facts"), about: Self.choiceMembers)
    }

    /// The shipped Android profiles, by name: `gboard`, `samsung`.
    public static func named(_ name: String) throws -> AndroidProfile {
        let path = BundledData.directory + "/android-profiles/\(name).json"
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AndroidProfileError(message: "no Android profile '\(name)' (known: \(names.joined(separator: ", ")))")
        }
        return try decode(Array(data), file: path)
    }

    /// The profile document `bytes`; errors name `file` and the JSON path.
    package static func decode(_ bytes: [UInt8], file: String) throws -> AndroidProfile {
        do {
            return try AndroidProfile(json: JSONNode(try JSONParser.parse(bytes)))
        } catch {
            throw AndroidProfileError(message: "\(file): \(error)")
        }
    }

    /// The names of the shipped Android profiles.
    public static let names = ["gboard", "samsung"]

    /// Every shipped Android profile.
    public static var all: [AndroidProfile] { names.compactMap { try? named($0) } }

    /// The number of facts behind the profile, and how many have a source and a quote.
    public var factCounts: (total: Int, sourced: Int) {
        (facts.count, facts.filter { $0.source != nil && $0.quote != nil }.count)
    }
}

/// An Android profile that cannot be read.
public struct AndroidProfileError: Error, CustomStringConvertible {
    /// The one-line message.
    public let message: String
    /// The message.
    public var description: String { message }
}
