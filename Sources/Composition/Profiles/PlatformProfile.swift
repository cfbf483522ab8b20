import Graphemes
import HarnessJSON

/// How a platform turns input-method events into delegate calls: data, not code.
///
/// Profiles are JSON files (`ime-profile/1`) in `Corpora/profiles/`. Every choice a
/// profile makes is backed by an entry in ``facts`` saying whether it was observed,
/// documented or assumed, and where from; a new OS version is a new file.
package struct PlatformProfile: Hashable, Sendable {
    package var name: String
    package var description: String
    /// The observation or documentation the profile as a whole rests on.
    package var source: String
    package var delegate: DelegateKind
    package var commitRange: CommitRange
    package var markedTextUpdates: MarkedTextUpdates
    /// Whether the field still reports its marked range when the delegate is asked about a commit.
    package var markedRangeVisibleDuringCommit: Bool
    package var deleteBackward: DeletionUnit
    package var multiRangeOnSingleRange: MultiRangeOnSingleRange
    package var multiRangeTarget: MultiRangeTarget
    /// Whether assigning the text the field already holds ends a composition.
    package var sameTextEndsComposition: Bool
    /// How each input method's engine output reaches the field, where it is not marked
    /// text committed through the delegate (``Presentation/markedText``).
    package var presentations: [InputMethodFamily: Presentation] = [:]
    package var facts: [Fact]
    /// Whether the platform makes multi-range edits at all (`replaceRanges`): iOS 18 has
    /// no multi-range edit to report, so a fuzzer does not judge a rule on one under its
    /// profile (``Fuzzer``). Optional in a profile document, `true` when absent.
    package var multiRangeEdits = true

    /// How one input method's preedit and commits reach the field.
    package enum Presentation: String, Sendable, CaseIterable {
        /// As recorded: the preedit is marked text, the commit replaces it, the delegate
        /// asked as the profile's other choices say.
        case markedText = "marked-text"
        /// No marked text: the first jamo of a syllable is inserted, each later change
        /// replaces the syllable (a range of length 1, through the delegate), and the
        /// commit of the syllable already there is no edit at all (Korean on iOS).
        case lastSyllable = "last-syllable"
        /// Marked text as recorded, but the commit (a candidate picked on the candidate
        /// bar) replaces it without asking the delegate; `editingChanged` still follows.
        case commitWithoutDelegate = "commit-without-delegate"
        /// No marked text: each key reaches the delegate as the jamo it typed inserted at
        /// the caret (a range of length 0; Backspace as a deletion of one unit), and the
        /// keyboard then recombines the syllable in place without asking (하 + ㄴ: the
        /// delegate is asked `{1, 0}` "ㄴ", the field holds 한). The commit of the syllable
        /// already there is no edit. Korean on iOS, as React Native #10320's two
        /// observations require (see the profiles' facts).
        case jamoInsertion = "jamo-insertion"

        /// Whether the preedit is composed in the text itself rather than as marked text.
        package var composesInText: Bool { self == .lastSyllable || self == .jamoInsertion }
    }

    /// The presentation of `family`'s input.
    package func presentation(of family: InputMethodFamily) -> Presentation {
        // A profile names a family or two: looked through, not hashed (replay asks at the
        // start of every session, where hashing cost more than some whole steps).
        for (named, presentation) in presentations where named == family { return presentation }
        return .markedText
    }

    /// Which delegate method the platform calls.
    package enum DelegateKind: String, Sendable, CaseIterable {
        /// `textField(_:shouldChangeCharactersIn:replacementString:)` (iOS 2 – 26).
        case singleRange = "single-range"
        /// `textField(_:shouldChangeCharactersInRanges:replacementString:)` (iOS 26+).
        case multiRange = "multi-range"
    }

    /// The range a commit (`insertText` over marked text) reports.
    package enum CommitRange: String, Sendable, CaseIterable {
        /// The marked range: `{0, 2}` for ㄨㄤ → 王 (iOS 18).
        case markedRange = "marked-range"
        /// An empty range at the end of the marked text: `{2, 0}` (one reading of iOS 26).
        case markedEnd = "marked-end"
        /// The caret (the selection inside the marked text).
        case caret
        /// An empty range at the marked text's length, wherever the marked text starts.
        case markedLength = "marked-length"
    }

    /// Whether `setMarkedText` (composition updates) reaches the delegate.
    package enum MarkedTextUpdates: String, Sendable, CaseIterable {
        /// Each update is a call replacing the marked range (or the selection) with the new marked text.
        case delegate
        /// Updates are applied without asking the delegate (`"none"`, its name before 0.3,
        /// still reads as this).
        case bypass
    }

    /// How a multi-range edit reaches a delegate that only implements the single-range
    /// method: in the replay's calls under a single-range profile, and in the adapters of
    /// single-range delegates (``ChangeRequest/singleRangeFallback``) under a multi-range one.
    package typealias MultiRangeOnSingleRange = SingleRangeFallback

    /// One choice and what backs it.
    package struct Fact: Hashable, Sendable {
        package enum Status: String, Sendable, CaseIterable {
            /// Seen on a device and logged by someone: a bug report, a forum post with a
            /// log, a blog post that shows the calls.
            case observed
            /// Said by Apple's documentation or headers.
            case documented
            /// Claimed by a document that shows no log of it: one of the seeds the project
            /// started from (`source` names it, `seed:001`), or an answer that only asserts.
            case reported
            /// Chosen without a source; `settledBy` says what observation would settle it.
            case assumed
        }

        /// The profile member the fact is about, e.g. `commitRange`.
        package var about: String
        package var status: Status
        /// How the profile uses the evidence.
        package var note: String
        /// Where the evidence is: a link, or `seed:NNN` for a seed document.
        package var source: String?
        /// What the source says, quoted or closely paraphrased.
        package var quote: String?
        /// For an assumed fact: the observation that would settle it.
        package var settledBy: String?

        package init(
            about: String, status: Status, note: String, source: String? = nil, quote: String? = nil,
            settledBy: String? = nil
        ) {
            self.about = about
            self.status = status
            self.note = note
            self.source = source
            self.quote = quote
            self.settledBy = settledBy
        }

        /// What the fact lacks to be checkable: a source and a quote unless assumed, what
        /// would settle it if assumed; `nil` when nothing. The shipped profiles have none
        /// lacking (`scripts/fact-table --check`, run by CI).
        package var lacking: String? {
            if status == .assumed { return settledBy == nil ? "no 'settledBy'" : nil }
            let missing = [source == nil ? "'source'" : nil, quote == nil ? "'quote'" : nil].compactMap { $0 }
            return missing.isEmpty ? nil : "no " + missing.joined(separator: " or ")
        }
    }

    /// The members whose values are choices that need a fact.
    package static let choiceMembers = [
        "delegate", "commitRange", "markedTextUpdates", "markedRangeVisibleDuringCommit", "deleteBackward",
        "multiRangeOnSingleRange", "multiRangeTarget", "sameTextEndsComposition",
    ]
}

extension PlatformProfile {
    /// Reads a profile document.
    ///
    /// - Throws: ``JSONDecodingError`` naming the member that is missing or wrong.
    package init(json node: JSONNode) throws(JSONDecodingError) {
        try node.rejectUnknownMembers(
            ["format", "name", "description", "source", "presentations", "facts", "multiRangeEdits"]
                + Self.choiceMembers)
        try node.requireMember("format", is: "ime-profile/1")
        name = try node.member("name").string()
        description = try node.member("description").string()
        source = try node.member("source").string()
        delegate = try node.member("delegate").choice(DelegateKind.self)
        commitRange = try node.member("commitRange").choice(CommitRange.self)
        let updates = try node.member("markedTextUpdates")
        markedTextUpdates =
            (try? updates.string()) == "none" ? .bypass : try updates.choice(MarkedTextUpdates.self)
        markedRangeVisibleDuringCommit = try node.member("markedRangeVisibleDuringCommit").bool()
        deleteBackward = try node.member("deleteBackward").choice(DeletionUnit.self)
        multiRangeOnSingleRange = try node.member("multiRangeOnSingleRange").choice(MultiRangeOnSingleRange.self)
        multiRangeTarget = try node.member("multiRangeTarget").choice(MultiRangeTarget.self)
        sameTextEndsComposition = try node.member("sameTextEndsComposition").bool()
        var presentations: [InputMethodFamily: Presentation] = [:]
        if let node = try node.optionalMember("presentations") {
            for (name, value) in try node.members() {
                guard let family = InputMethodFamily(rawValue: name) else {
                    throw value.mismatch(
                        "a presentation for an input method ("
                            + InputMethodFamily.allCases.map(\.rawValue).joined(separator: ", ") + ")")
                }
                presentations[family] = try value.choice(Presentation.self)
            }
        }
        self.presentations = presentations
        let multiRangeEdits = try node.optionalMember("multiRangeEdits")
        self.multiRangeEdits = try multiRangeEdits?.bool() ?? true
        // Each presentation is a choice like the others, and needs its fact; so does
        // `multiRangeEdits` where a profile states it.
        let choices =
            Self.choiceMembers + (multiRangeEdits == nil ? [] : ["multiRangeEdits"])
            + presentations.keys.map { "presentations.\($0.rawValue)" }.sorted()
        facts = try Fact.decode(try node.member("facts"), about: choices)
    }
}

extension PlatformProfile.Fact {
    /// A profile's `facts`: `[{"about", "status", "note", "source"?, "quote"?, "settledBy"?}]`,
    /// one at least about each of `choices` and none about anything else.
    package static func decode(_ node: JSONNode, about choices: [String]) throws(JSONDecodingError) -> [Self] {
        var facts: [Self] = []
        for element in try node.elements() {
            try element.rejectUnknownMembers(["about", "status", "note", "source", "quote", "settledBy"])
            let about = element.path.appending(.key("about"))
            let subject = try element.member("about").string()
            guard choices.contains(subject) else {
                throw JSONDecodingError(
                    path: about, expected: "one of " + choices.joined(separator: ", "), found: "\"\(subject)\"")
            }
            facts.append(
                Self(
                    about: subject, status: try element.member("status").choice(Status.self),
                    note: try element.member("note").string(), source: try element.optionalMember("source")?.string(),
                    quote: try element.optionalMember("quote")?.string(),
                    settledBy: try element.optionalMember("settledBy")?.string()))
        }
        for member in choices where !facts.contains(where: { $0.about == member }) {
            throw JSONDecodingError(
                path: node.path, expected: "a fact about every choice", found: "no fact about '\(member)'")
        }
        return facts
    }
}
