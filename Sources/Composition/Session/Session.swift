import Graphemes

/// A recorded input-method session: a field's initial state and the events an input
/// method sent to it, with what real platforms were seen to report (`ime-session/1`).
public struct Session: Hashable, Sendable {
    /// A unique name, used in reports.
    public var id: String
    /// The kind of input method that produced the events.
    public var ime: InputMethodFamily
    /// The language typed (BCP 47), when known.
    public var locale: String?
    /// The field's keyboard, resolved for its region, when the session names one: the
    /// events then type only what it can type (pastes aside), and replay checks that the
    /// rule keeps its keys (`key-refused`). `nil` is the default keyboard.
    public var keyboard: KeyboardKeys?
    /// Whether the field is secure (`isSecureTextEntry`): after it gains focus again
    /// (`beginEditing`), the first key replaces the whole text.
    public var secureTextEntry: Bool = false
    /// Where the behaviour the session encodes comes from.
    public var source: Source
    /// The field before the first event.
    public var initial: FieldState
    /// What the input method sent to the field, in order.
    public var events: [SessionEvent]
    /// Per profile name, per event: the delegate call seen on a real platform, `nil` where none was recorded.
    public var observed: [String: [DelegateCall?]]
    /// What the field must hold at the end when no rule interferes.
    public var expectedText: UTF16Text?

    /// A session.
    public init(
        id: String, ime: InputMethodFamily, locale: String? = nil, keyboard: KeyboardKeys? = nil, source: Source,
        initial: FieldState, events: [SessionEvent], observed: [String: [DelegateCall?]] = [:],
        expectedText: UTF16Text? = nil
    ) {
        self.id = id
        self.ime = ime
        self.locale = locale
        self.keyboard = keyboard
        self.source = source
        self.initial = initial
        self.events = events
        self.observed = observed
        self.expectedText = expectedText
    }

    /// Where a session comes from.
    public struct Source: Hashable, Sendable {
        /// Where a session's events come from.
        public enum Kind: String, Sendable, CaseIterable {
            /// Observed on a phone.
            case device
            /// Recorded from a real input-method engine.
            case engine
            /// A minimised counterexample from the fuzzer.
            case fuzz
            /// Written by hand from documented behaviour.
            case authored
        }

        /// Where the events come from.
        public var kind: Kind
        /// Where the behaviour it encodes is documented or observed.
        public var detail: String
        /// For a session recorded from an engine: which engine, and what was typed.
        public var recording: EngineRecording?
        /// For a fuzzer's counterexample: what it is a counterexample of, read as values
        /// (the `detail` says the same in words, for people).
        package var counterexample: Counterexample?

        /// A source; `recording` is for sessions recorded from an engine.
        public init(kind: Kind, detail: String, recording: EngineRecording? = nil) {
            self.kind = kind
            self.detail = detail
            self.recording = recording
        }
    }

    /// What a fuzzer's minimised counterexample is of: the property it breaks, the rule
    /// (its spec), and where the fuzzer found it: the seed and iteration that regenerate
    /// the original session (none for a coverage-guided fuzzer's input), how many events
    /// that had, and the profile the failure shows under.
    package struct Counterexample: Hashable, Sendable {
        /// The property's name (`typed-text-lost`); the fuzzer reads it as its property.
        package var property: String
        package var rule: String
        package var seed: UInt64?
        package var iteration: Int?
        package var originalEvents: Int
        package var profile: String

        package init(
            property: String, rule: String, seed: UInt64?, iteration: Int?, originalEvents: Int, profile: String
        ) {
            self.property = property
            self.rule = rule
            self.seed = seed
            self.iteration = iteration
            self.originalEvents = originalEvents
            self.profile = profile
        }
    }

    /// How a session was recorded from a real input-method engine: enough to record it again.
    public struct EngineRecording: Hashable, Sendable {
        /// `rime`, `chewing`, `libhangul` or `anthy`.
        public var engine: String
        /// The engine's version, as its library reports it.
        public var engineVersion: String
        /// The schema (Rime), keyboard layout (Chewing, libhangul) or mode (Anthy).
        public var schema: String
        /// The key script, named keys in braces: `zhongguo{space}`, `j;6{Return}`.
        public var keys: String

        /// How a session was recorded.
        public init(engine: String, engineVersion: String, schema: String, keys: String) {
            self.engine = engine
            self.engineVersion = engineVersion
            self.schema = schema
            self.keys = keys
        }
    }
}

extension Session {
    /// The primary language of the keyboard the session is typed on, as
    /// `UITextInputMode.primaryLanguage` reports it: a BCP 47 tag, or `emoji` and `dictation`.
    ///
    /// Apple documents the property as "the primary language, if any, of the input mode"
    /// ("a BCP 47 language identifier such as en-US",
    /// developer.apple.com/documentation/uikit/uitextinputmode/primarylanguage). The values
    /// per input method are what apps compare it with: `zh-Hans` for the Simplified Chinese
    /// keyboards, Pinyin and Wubi (the limiters of seed 001 and of jianshu/CSDN posts gate
    /// on `[[UITextInputMode currentInputMode] primaryLanguage] isEqualToString:@"zh-Hans"`,
    /// "简体中文输入，包括简体拼音，简体五笔，简体手写"); `zh-Hant` for Zhuyin and Cangjie
    /// (Traditional Chinese keyboards; `assumed` by the same naming, no log found);
    /// `ja-JP` for kana and `ko-KR` for Hangul (the language-region tags iOS keyboards carry,
    /// `assumed`); `emoji` for the emoji keyboard (Stack Overflow 26153336 and the many
    /// emoji-keyboard checks `textInputMode?.primaryLanguage == "emoji"`); `dictation` for
    /// dictation (Stack Overflow 12363734, "primaryLanguage returns dictation"); for a Latin
    /// keyboard the session's locale, `en-US` when it names none. Fuzzed sessions of no
    /// input method have none (`nil`, as for a hardware keyboard).
    public var primaryLanguage: String? {
        switch ime {
        case .pinyin, .wubi: "zh-Hans"
        case .zhuyin, .cangjie: "zh-Hant"
        case .kana: "ja-JP"
        case .hangul: "ko-KR"
        case .emoji: "emoji"
        case .dictation: "dictation"
        case .latin: locale ?? "en-US"
        case .other: nil
        }
    }
}

/// The input method family of a session.
public enum InputMethodFamily: String, Sendable, CaseIterable {
    /// Pinyin (Chinese, phonetic, Latin letters).
    case pinyin
    /// Zhuyin / Bopomofo (Chinese, phonetic, ㄅㄆㄇ).
    case zhuyin
    /// Cangjie (Chinese, shape-based).
    case cangjie
    /// Wubi (Chinese, shape-based).
    case wubi
    /// Japanese kana-to-kanji conversion.
    case kana
    /// Korean Hangul, composed jamo by jamo.
    case hangul
    /// An emoji keyboard.
    case emoji
    /// A Latin keyboard (autocorrect, QuickType).
    case latin
    /// Dictation.
    case dictation
    /// Anything else (fuzzed sessions).
    case other
}
