import Graphemes

/// What a rule promises about the field it guards, declared with the rule.
///
/// Replay checks the ``limit`` after every event (`limit-exceeded`); the fuzzer checks the
/// rest. A legacy rule declares the promise its author made (the seed's own words), so it
/// is judged by what it claims to do, not by what it happens to do.
public struct RuleContract: Hashable, Sendable {
    /// A maximum length of the committed text (the text outside the marked range).
    public struct Limit: Hashable, Sendable, CustomStringConvertible {
        /// The most the committed text may measure.
        public var count: Int
        /// What it is measured in.
        public var unit: TextUnit

        /// At most `count` `unit`s.
        public init(_ count: Int, _ unit: TextUnit) {
            self.count = count
            self.unit = unit
        }

        /// `20 graphemes`.
        public var description: String { "\(count) \(unit.rawValue)" }
    }

    /// The promise in words, e.g. "only digits, at most 20 characters".
    public var promise: String
    /// The longest the committed text may be, if the rule limits it.
    public var limit: Limit?
    /// The classes every committed grapheme cluster must belong to (`nil`: any).
    public var allowedClasses: [RuleClass]?
    /// The classes no committed grapheme cluster may belong to.
    public var deniedClasses: [RuleClass]
    /// What the committed text must be as a whole, when the promise says more than classes can.
    public var textPromise: TextPromise?
    /// What each piece of typed text must be for the rule to take it (an `InputFilter`'s
    /// "input matching ^[a-zA-Z0-9]+$"): refusing typed text that breaks it is no loss.
    public var inputPromise: TextPromise?
    /// Whether the rule never rejects a marked-text update or commit and never assigns
    /// the text while text is marked.
    public var compositionSafe: Bool
    /// Whether the rule ends every session with the same text under every profile.
    public var profileIndependent: Bool
    /// Whether the rule accepts every change and assigns nothing, so the field behaves as
    /// with no rule at all: only then do a session's device recordings (`observed-mismatch`)
    /// and its expected text (`expected-text-mismatch`) describe what the replay should see.
    public var leavesFieldAlone: Bool
    /// Properties fuzzing does not check although the contract implies them, by name
    /// (`typed-text-lost`, `deletion-blocked`, …: see `ime-harness fuzz --help`): for a
    /// rule that refuses on purpose what a property calls a loss.
    public var unchecked: Set<String>

    /// A contract; by default no promise at all.
    public init(
        promise: String = "", limit: Limit? = nil, allowedClasses: [RuleClass]? = nil, deniedClasses: [RuleClass] = [],
        textPromise: TextPromise? = nil, compositionSafe: Bool = false, profileIndependent: Bool = false,
        leavesFieldAlone: Bool = false, unchecked: Set<String> = [], inputPromise: TextPromise? = nil
    ) {
        self.inputPromise = inputPromise
        self.leavesFieldAlone = leavesFieldAlone
        self.unchecked = unchecked
        self.textPromise = textPromise
        self.promise = promise
        self.limit = limit
        self.allowedClasses = allowedClasses
        self.deniedClasses = deniedClasses
        self.compositionSafe = compositionSafe
        self.profileIndependent = profileIndependent
    }
}

/// A promise about the committed text as a whole.
public enum TextPromise: Hashable, Sendable, CustomStringConvertible {
    /// ASCII digits with at most one `separator` (an amount).
    case decimal(separator: UInt16)
    /// Swift's `Float(_:)` reads the text, or the field is empty (a numeric field).
    case parsesAsFloat
    /// The ICU regular expression matches the whole text.
    case matches(ICURegex)
    /// A promise the author states in words and checks with a function of the text, for
    /// what the other promises cannot say ("at most 2 decimals", "no leading zero").
    case predicate(TextPredicate)

    /// The committed text matches the ICU regular expression `pattern` as a whole (with
    /// the limits every pattern gets, see `RegexLimits`).
    ///
    /// - Throws: an error naming ICU's complaint about the pattern.
    public static func matching(_ pattern: String) throws -> TextPromise {
        .matches(try ICURegex(pattern))
    }

    /// A promise named `name` that `holds` checks on the committed text, as a Swift
    /// `String` (a lone surrogate reaches it as U+FFFD).
    ///
    /// ```swift
    /// .promise("at most 2 decimals") { text in
    ///     text.split(separator: ".").dropFirst().first.map { $0.count <= 2 } ?? true
    /// }
    /// ```
    public static func promise(_ name: String, _ holds: @escaping @Sendable (String) -> Bool) -> TextPromise {
        .predicate(TextPredicate(name: name, holds: holds))
    }

    /// Whether `text` keeps the promise.
    public func holds(for text: UTF16Text) -> Bool {
        switch self {
        case .decimal(let separator):
            var separators = 0
            for unit in text.units {
                if unit == separator {
                    separators += 1
                } else if !(0x30...0x39).contains(unit) {
                    return false
                }
            }
            return separators <= 1
        case .parsesAsFloat:
            return text.isEmpty || Float(String(decoding: text.units, as: UTF16.self)) != nil
        case .matches(let regex):
            return regex.matchesWhole(text)
        case .predicate(let predicate):
            return predicate.holds(String(decoding: text.units, as: UTF16.self))
        }
    }

    /// The promise in words, as `rules` and reports show it.
    public var description: String {
        switch self {
        case .decimal(let separator): "ASCII digits and at most one \(UTF16Text(units: [separator]).visibleDescription)"
        case .parsesAsFloat: "reads as a Float"
        case .matches(let regex): "matches \(regex.pattern.visibleDescription)"
        case .predicate(let predicate): predicate.name
        }
    }
}

/// A named check of the committed text (``TextPromise/promise(_:_:)``); two are the same
/// promise when their names are.
public struct TextPredicate: Hashable, Sendable {
    /// The promise in words.
    public let name: String
    /// Whether a text keeps it.
    public let holds: @Sendable (String) -> Bool

    /// A promise `name` that `holds` checks.
    public init(name: String, holds: @escaping @Sendable (String) -> Bool) {
        self.name = name
        self.holds = holds
    }

    /// Compares names.
    public static func == (lhs: TextPredicate, rhs: TextPredicate) -> Bool { lhs.name == rhs.name }

    /// Hashes the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// A class of grapheme cluster that a rule allows or denies: a ``ClusterClass`` or one
/// of two narrower classes. Decided from ICU's properties, like ``ClusterClass``.
public enum RuleClass: Hashable, Sendable, CustomStringConvertible {
    /// A class of ``ClusterClass``: `han`, `emoji`, `digit`, …
    case cluster(ClusterClass)
    /// `digit-ascii`: one of the ten ASCII digits (a ``ClusterClass/digit`` below U+0080).
    case digitASCII
    /// `letter-latin`: a ``ClusterClass/letter`` cluster whose first scalar is Script=Latin.
    case letterLatin

    /// Every class, in the order `rules` lists them.
    public static let all: [RuleClass] = ClusterClass.allCases.map(RuleClass.cluster) + [.digitASCII, .letterLatin]

    /// The class with the given spec name (`han`, `emoji`, `digit-ascii`, …).
    public init?(name: String) {
        guard let found = Self.all.first(where: { $0.description == name }) else { return nil }
        self = found
    }

    /// The name used in rule specs.
    public var description: String {
        switch self {
        case .cluster(let clusterClass): clusterClass.rawValue
        case .digitASCII: "digit-ascii"
        case .letterLatin: "letter-latin"
        }
    }

    /// The narrowest class that holds every cluster of every text (`digit-ascii` before
    /// `digit`, `letter-latin` before `letter`), or `nil` when no one class does or the
    /// texts hold no cluster: what a rule that let only such text stay seems to be for.
    package static func common(to texts: [UTF16Text]) -> RuleClass? {
        let candidates: [RuleClass] = [.digitASCII, .letterLatin] + ClusterClass.allCases.map(RuleClass.cluster)
        var remaining = candidates
        var sawCluster = false
        for text in texts {
            text.forEachCluster { cluster in
                sawCluster = true
                text[cluster.range].units.withUnsafeBufferPointer { buffer in
                    remaining.removeAll { !$0.contains(buffer, classified: cluster.classification) }
                }
            }
            if remaining.isEmpty { return nil }
        }
        return sawCluster ? remaining.first : nil
    }

    /// How Swift code names the class: `.digitASCII`, `.cluster(.han)`.
    package var swiftSpelling: String {
        switch self {
        case .cluster(let clusterClass): ".cluster(.\(clusterClass))"
        case .digitASCII: ".digitASCII"
        case .letterLatin: ".letterLatin"
        }
    }

    /// Whether the cluster made of `units`, classified as `classification`, belongs to the class.
    package func contains(_ units: UnsafeBufferPointer<UInt16>, classified classification: ClusterClassification)
        -> Bool
    {
        switch self {
        case .cluster(let clusterClass): return classification.clusterClass == clusterClass
        case .digitASCII: return classification.clusterClass == .digit && units.count == 1 && units[0] < 0x80
        case .letterLatin:
            guard classification.clusterClass == .letter, let first = units.first else { return false }
            var scalar = UInt32(first)
            if units.count > 1, UTF16.isLeadSurrogate(first), UTF16.isTrailSurrogate(units[1]) {
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(units[1]) - 0xDC00)
            }
            return CodePointProperties(codePoint: scalar).script == .latin
        }
    }
}

extension FieldState {
    /// The committed text: the text with the marked range (if any) left out.
    public var committedText: UTF16Text {
        guard let marked = markedRange, marked.fits(in: text.length) else { return text }
        return text.replacing(marked, with: .empty)
    }
}

extension RuleContract {
    /// Whether a rule with this contract must keep `key`, typed on the field's own pad at the
    /// end of `before` (`key-refused`). Not when keeping it would break the limit, nor when
    /// the rule openly does not take it: its pattern or predicate (the app's exact spec, which
    /// a keyboard is no evidence against) rejects the text or the key, or — for a rule
    /// without a text promise — the key's class is outside the classes it allows. A number
    /// promise (`decimal`, reads as a Float) is judged: a number field must take the number
    /// keys of the device's region (`numberKey`: a digit or the decimal separator),
    /// whatever separator its code assumed.
    package func judgesKeys(typing key: UTF16Text, numberKey: Bool, after before: UTF16Text) -> Bool {
        let typed = before + key
        if let limit, typed.exceeds(limit.count, in: limit.unit) { return false }
        if let inputPromise, !inputPromise.holds(for: key) { return false }
        switch textPromise {
        case .matches?, .predicate?:
            return textPromise?.holds(for: typed) ?? true
        case .decimal?, .parsesAsFloat?:
            return numberKey
        case nil:
            guard allowedClasses != nil || !deniedClasses.isEmpty, let cluster = key.clusters.first else { return true }
            return key.units.withUnsafeBufferPointer { units in
                !deniedClasses.contains { $0.contains(units, classified: cluster.classification) }
                    && (allowedClasses?.contains { $0.contains(units, classified: cluster.classification) } ?? true)
            }
        }
    }
}

/// Why a rule may refuse a change, or put the old text back, without owing the user
/// anything (``RuleContract/excuse(forRefusing:on:)``).
package enum RefusalExcuse: Hashable, Sendable {
    /// The field is full: the committed text, plus the least the change could commit,
    /// is over the limit.
    case full(RuleContract.Limit)
    /// The change brings a cluster of a class the contract does not allow (or denies).
    case outsideClasses(UTF16Text)
    /// What the change brings breaks the contract's promise about typed input or about
    /// the committed text.
    case outsidePromise(TextPromise)

    /// The excuse in the contract's words, for a message.
    package var description: String {
        switch self {
        case .full(let limit): "the field is full: the contract allows at most \(limit)"
        case .outsideClasses(let cluster):
            "\"\(cluster.visibleDescription)\" is outside the classes the contract allows"
        case .outsidePromise(let promise): "what the change brings breaks the contract's promise: \(promise)"
        }
    }
}

extension RuleContract {
    /// Why a rule with this contract owes the user nothing for refusing `event` on
    /// `field` (or for assigning the old text back), `nil` when the refusal is owed an
    /// explanation (an interrupted composition, typed text lost):
    ///
    /// - the field is full: the committed text the change leaves, plus the least it could
    ///   add (one unit for text that stays marked, what it commits otherwise), is over the
    ///   limit. A restored draft already over it counts the same way;
    /// - what the change brings holds a cluster the contract denies or does not allow,
    ///   or breaks the promise about typed input, or makes the committed text break its
    ///   promise where it held (where it did not, an app's draft, what comes in breaks
    ///   it on its own).
    ///
    /// Text that stays marked is judged by what its composition could commit: the marked
    /// text as typed, or any of ``composedStandIns`` (Pinyin letters become 中, romaji
    /// あ). Only when every one of them is kept out is refusing the composition no loss:
    /// a digits field may refuse Pinyin, a Han-only field may not.
    ///
    /// A deletion brings nothing: it is excused only where what it leaves breaks the
    /// promise (`100` cannot become `00` in a price field). Undo and the lifecycle are
    /// never excused here.
    package func excuse(forRefusing event: SessionEvent, on field: FieldState) -> RefusalExcuse? {
        let brought: UTF16Text
        switch event {
        case .insertText(let text), .setMarkedText(let text, _), .replace(_, let text), .replaceRanges(_, let text):
            brought = text
        case .deleteBackward: brought = .empty
        default: return nil
        }
        var plain = TextField(field)
        DelegateModel.neutral.apply(.event(event), to: &plain)
        let marked: UTF16Range? = if case .setMarkedText = event { plain.state.markedRange } else { nil }
        let committed = plain.state.committedText
        // A deletion is never excused by the limit: a draft over it must be able to shrink.
        if let limit, !brought.isEmpty {
            let least = committed.length(in: limit.unit) + (marked != nil ? 1 : 0)
            if least > limit.count { return .full(limit) }
        }
        guard let marked, !brought.isEmpty else { return excuse(bringing: brought, into: committed, from: field) }
        // Every commit the composition could make must be kept out.
        var first: RefusalExcuse?
        for commit in [brought] + Self.composedStandIns {
            let text = plain.state.text.replacing(marked, with: commit)
            guard let excuse = excuse(bringing: commit, into: text, from: field) else { return nil }
            first = first ?? excuse
        }
        return first
    }

    /// What a composition may commit besides its marked text as typed: a character of
    /// each script input methods compose into (Han, hiragana, katakana, Hangul, Bopomofo).
    package static let composedStandIns: [UTF16Text] = ["中", "あ", "ア", "한", "ㄅ"].map { UTF16Text($0) }

    /// Why bringing `brought` (making the committed text `committed`) into `field` is
    /// kept out by the contract's classes or promises, if it is.
    private func excuse(bringing brought: UTF16Text, into committed: UTF16Text, from field: FieldState)
        -> RefusalExcuse?
    {
        if let cluster = firstCluster(of: brought) { return .outsideClasses(cluster) }
        if let inputPromise, !brought.isEmpty, !inputPromise.holds(for: brought) {
            return .outsidePromise(inputPromise)
        }
        // A text that broke the promise before (an app's draft) is judged by what comes in;
        // a deletion brings nothing, and is judged by what it leaves alone.
        if let textPromise, !textPromise.holds(for: committed) {
            let held = field.committedText
            if brought.isEmpty || held.isEmpty || textPromise.holds(for: held) || !textPromise.holds(for: brought) {
                return .outsidePromise(textPromise)
            }
        }
        return nil
    }

    /// The first cluster of `text` the contract denies or does not allow.
    private func firstCluster(of text: UTF16Text) -> UTF16Text? {
        guard allowedClasses != nil || !deniedClasses.isEmpty else { return nil }
        var found: UTF16Text?
        text.forEachCluster { cluster in
            guard found == nil else { return }
            let units = text[cluster.range]
            let outside = units.units.withUnsafeBufferPointer { buffer in
                deniedClasses.contains { $0.contains(buffer, classified: cluster.classification) }
                    || !(allowedClasses?.contains { $0.contains(buffer, classified: cluster.classification) } ?? true)
            }
            if outside { found = units }
        }
        return found
    }
}
