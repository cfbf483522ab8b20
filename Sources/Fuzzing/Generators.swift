import Composition
import Graphemes
import InputRules
import SeededRandom

/// Text biased towards what breaks rules, drawn from the ``Inventory``.
struct TextGenerator {
    let inventory: Inventory

    /// One grapheme cluster's worth of hostile text (sometimes a fragment: a lone regional
    /// indicator, a lone skin tone, a stray ZWJ or variation selector).
    func cluster(_ rng: inout SplitMix64) -> UTF16Text {
        switch rng.below(20) {
        case 0, 1: return rng.pick(inventory.ascii)
        case 2: return rng.pick(inventory.asciiDigitsAndPunctuation)
        case 3: return rng.pick(inventory.digits)
        case 4: return rng.pick(inventory.fullwidthDigits)
        case 5: return rng.pick(inventory.emoji[.basic] ?? inventory.ascii)
        case 6: return rng.pick(inventory.emoji[.zwj] ?? inventory.ascii)
        case 7: return rng.pick(inventory.emoji[.modifier] ?? inventory.ascii)
        case 8: return rng.pick(inventory.emoji[rng.pick([.flag, .keycap, .tag])] ?? inventory.ascii)
        case 9: return rng.pick(inventory.otherEmojiLines)
        case 10:
            return rng.pick(
                [
                    inventory.regionalIndicators, inventory.skinTones, inventory.zwj, inventory.variationSelectors,
                    inventory.pictographs,
                ].map { rng.pick($0) })
        case 11: return rng.pick(inventory.asciiLetters) + rng.pick(inventory.combiningMarks)
        case 12:
            let jamo =
                [rng.pick(inventory.jamoLeading), rng.pick(inventory.jamoVowel)]
                + (rng.chance(50) ? [rng.pick(inventory.jamoTrailing)] : [])
            return UTF16Text(units: jamo.flatMap { UTF16Text(Unicode.Scalar($0) ?? "?").units })
        case 13: return rng.pick(inventory.hangulSyllables)
        case 14: return rng.pick(inventory.hanSupplementary)
        case 15: return rng.pick(rng.pick(inventory.pinyin).characters)
        case 16: return rng.pick(inventory.bopomofo) + (rng.chance(50) ? rng.pick(inventory.bopomofoTones) : .empty)
        case 17: return rng.pick(rng.chance(50) ? inventory.bidiControls : inventory.otherText)
        case 18: return rng.pick(rng.chance(50) ? inventory.hiragana : inventory.katakana)
        default: return rng.pick(inventory.asciiLetters)
        }
    }

    /// `count` clusters of hostile text.
    func text(_ rng: inout SplitMix64, count: Int) -> UTF16Text {
        var units: [UInt16] = []
        for _ in 0..<count { units += cluster(&rng).units }
        return UTF16Text(units: units)
    }

    /// A run of one kind of cluster (digits, letters, Han), for texts near a limit.
    func run(_ rng: inout SplitMix64, count: Int) -> UTF16Text {
        let pool: [UTF16Text] =
            switch rng.below(4) {
            case 0: inventory.asciiDigits
            case 1: inventory.fullwidthDigits
            case 2: inventory.asciiLetters
            default: inventory.hanCharacters
            }
        var units: [UInt16] = []
        for _ in 0..<count { units += rng.pick(pool).units }
        return UTF16Text(units: units)
    }
}

/// Builds sessions that look like real input: compositions of every input method the
/// corpus has, emoji insertion, pastes over selections, deletions, caret moves and
/// multi-range edits, at the start, the end and the middle of the text.
///
/// A shadow field with no rule follows the events, so every range fits the text at its
/// event (the session is valid `ime-session/1`); under a rule that changes the text, a
/// later range may not fit, and replay skips that event and says so.
struct SessionGenerator {
    let text: TextGenerator
    /// The limit of the rule under test, so that texts are often near it.
    let limit: Int?
    /// The longest text a near-limit paste builds, in grapheme clusters: a rule whose limit
    /// is larger is still fuzzed, with texts this long, but its limit is not approached
    /// (texts proportional to an absurd limit would exhaust memory and time, not find bugs).
    static let nearLimitCeiling = 2_000
    /// The keys of the field's keyboard, when the campaign names one other than the
    /// default: a pad's keys (digits first), or the printable ASCII an ASCII keyboard types.
    let keys: [UTF16Text]?
    /// Whether ``keys`` are a pad's, whose first ten are its digits.
    let isPad: Bool

    /// The keyboard a secure field shows when the campaign names none: ASCII (iOS offers
    /// no input method for secure entry; `assumed` from the keyboard switching off).
    let secureKeyboard: KeyboardKeys?
    let secureKeys: [UTF16Text]

    init(inventory: Inventory, limit: Int?, keyboard: KeyboardKeys? = nil) {
        text = TextGenerator(inventory: inventory)
        self.limit = limit
        secureKeyboard = keyboard ?? (try? KeyboardKeys(Keyboard(.asciiCapable), locale: nil))
        secureKeys =
            secureKeyboard.map { keys in
                keys.isPad ? keys.keys : inventory.ascii.filter { keys.canType($0, secure: true) }
            } ?? []
        isPad = keyboard?.isPad ?? false
        keys =
            switch keyboard {
            case nil: nil
            case let keyboard? where keyboard.isPad: keyboard.keys
            case let keyboard? where keyboard.keyboard.type == .default: nil
            case let keyboard?: inventory.ascii.filter { keyboard.canType($0) }
            }
    }

    var inventory: Inventory { text.inventory }

    /// The families ``session(_:targetEvents:family:)`` can type alone.
    static let families: [InputMethodFamily] = [.hangul, .kana, .pinyin, .zhuyin]

    /// A session of about `targetEvents` events; with a `family` (one of ``families``), a
    /// session of that input method alone, which a profile presents its own way.
    func session(_ rng: inout SplitMix64, targetEvents: Int, traits: Fuzzer.SessionTraits = .init())
        -> [SessionEvent]
    {
        if traits.secure, !secureKeys.isEmpty {
            return keyboardSession(secureKeys, &rng, targetEvents: targetEvents, refocusing: true)
        }
        if let keys { return keyboardSession(keys, &rng, targetEvents: targetEvents) }
        if Self.families.contains(traits.ime) { return familySession(traits.ime, &rng, targetEvents: targetEvents) }
        var builder = Builder()
        while builder.events.count < targetEvents {
            switch rng.below(16) {
            case 0, 1, 2: pinyin(&rng, &builder)
            case 3: zhuyin(&rng, &builder)
            case 4: hangul(&rng, &builder)
            case 5: kana(&rng, &builder)
            case 6, 7: builder.apply(.insertText(text.text(&rng, count: 1 + rng.below(2))))
            case 8: paste(&rng, &builder)
            case 9: nearLimit(&rng, &builder)
            case 10, 11: deletion(&rng, &builder)
            case 12: builder.apply(.setSelection(.caret(at: builder.boundary(&rng))))
            case 13: multiRange(&rng, &builder)
            case 14: rng.chance(50) ? fullwidthDigits(&rng, &builder) : number(&rng, &builder)
            default: builder.apply(.insertText(text.cluster(&rng)))
            }
        }
        lifecycleEnding(&rng, &builder)
        return builder.events
    }

    /// Compositions of one input method (and deletions, caret moves, pastes and other
    /// typing between them), so that the session's `ime` is that family's and a profile's
    /// presentation of it applies (Korean on iOS: last-syllable edits).
    private func familySession(_ family: InputMethodFamily, _ rng: inout SplitMix64, targetEvents: Int)
        -> [SessionEvent]
    {
        var builder = Builder()
        while builder.events.count < targetEvents {
            switch rng.below(10) {
            case 0, 1, 2, 3, 4:
                switch family {
                case .hangul: hangul(&rng, &builder)
                case .kana: kana(&rng, &builder)
                case .zhuyin: zhuyin(&rng, &builder)
                default: pinyin(&rng, &builder)
                }
            case 5: paste(&rng, &builder)
            case 6: nearLimit(&rng, &builder)
            case 7, 8: deletion(&rng, &builder)
            default: builder.apply(.setSelection(.caret(at: builder.boundary(&rng))))
            }
        }
        lifecycleEnding(&rng, &builder, otherInputMethods: false)
        return builder.events
    }

    /// A session typed on the field's own keyboard (`keys`): numbers key by key (on a pad
    /// mostly digits, the separator and the other keys now and then), deletions, caret
    /// moves, and pastes of anything — a paste ignores the keyboard — including numbers
    /// written in another region's format; then an ending like every session's.
    /// `refocusing` (a secure field): the field sometimes loses focus and gains it again
    /// before the next key, which then replaces the whole text.
    private func keyboardSession(
        _ keys: [UTF16Text], _ rng: inout SplitMix64, targetEvents: Int, refocusing: Bool = false
    ) -> [SessionEvent] {
        func key(_ rng: inout SplitMix64) -> UTF16Text {
            isPad && rng.chance(70) ? keys[rng.below(min(10, keys.count))] : rng.pick(keys)
        }
        var builder = Builder()
        while builder.events.count < targetEvents {
            switch rng.below(12) {
            case 0, 1, 2, 3:
                for _ in 0..<(1 + rng.below(4)) { builder.apply(.insertText(key(&rng))) }
            case 4, 5: deletion(&rng, &builder)
            case 6 where refocusing && rng.chance(50):
                builder.apply(.endEditing)
                builder.apply(.beginEditing)
            case 6: builder.apply(.setSelection(.caret(at: builder.boundary(&rng))))
            case 7: builder.apply(.replace(builder.range(&rng), text.text(&rng, count: 1 + rng.below(4))))
            case 8:
                let foreign = (0..<(1 + rng.below(6))).reduce(UTF16Text.empty) { number, _ in
                    number + (rng.chance(25) ? UTF16Text(rng.pick(DecimalRule.separators)) : key(&rng))
                }
                builder.apply(.replace(builder.range(&rng), foreign))
            case 9:
                let target = min(limit ?? 8, Self.nearLimitCeiling) - 2 + rng.below(4)
                let count = max(1, target - builder.field.text.graphemeCount)
                let run = (0..<count).reduce(UTF16Text.empty) { typed, _ in typed + key(&rng) }
                builder.apply(.replace(.caret(at: builder.field.text.length), run))
            default: builder.apply(.insertText(key(&rng)))
            }
        }
        lifecycleEnding(&rng, &builder, otherInputMethods: false, typing: key)
        return builder.events
    }

    /// About half the sessions end with what reaches the field outside the usual typing,
    /// after the events above (so the rest of the session is what it was before these
    /// existed): the editing lifecycle — the field resigns (committing any marked text
    /// without asking `shouldChangeCharacters`), or resigns and is tapped again and typed
    /// into, or Return is pressed, or the clear button tapped and typed into again — the
    /// app setting the text, undo and redo, a 9-key Pinyin composition whose placeholders
    /// are marked first, and a symbol picked among Pinyin candidates (these two only when
    /// `otherInputMethods`: not on a keyboard of its own, nor in a session of one input
    /// method, whose presentation would apply to them). `typing` draws what the user types,
    /// a cluster of hostile text when not given (a closure that drew it would copy the
    /// generator, every one of its inventory's arrays retained, at every session).
    func lifecycleEnding(
        _ rng: inout SplitMix64, _ builder: inout Builder, otherInputMethods: Bool = true,
        typing keys: ((inout SplitMix64) -> UTF16Text)? = nil
    ) {
        func typing(_ rng: inout SplitMix64) -> UTF16Text {
            if let keys { keys(&rng) } else { text.cluster(&rng) }
        }
        switch rng.below(20) {
        case 0: builder.apply(.endEditing)
        case 1:
            builder.apply(.endEditing)
            builder.apply(.beginEditing)
            builder.apply(.insertText(typing(&rng)))
        case 2: builder.apply(builder.field.state.markedRange == nil ? .returnKey : .endEditing)
        case 3:
            builder.apply(.clearButton)
            builder.apply(.insertText(typing(&rng)))
        case 4:
            builder.apply(.setText(text.text(&rng, count: 1 + rng.below(3))))
            builder.apply(.insertText(typing(&rng)))
        case 5: builder.apply(.undo)
        case 6:
            builder.apply(.undo)
            builder.apply(.redo)
        case 7 where otherInputMethods: nineKey(&rng, &builder)
        case 8 where otherInputMethods:
            let syllable = rng.pick(inventory.pinyin)
            let marked = type([syllable], separator: Self.space, &rng, &builder)
            builder.apply(rng.chance(90) ? .insertText(rng.pick(inventory.symbolCandidates)) : .insertText(marked))
        case 9 where otherInputMethods: predictiveBar(&rng, &builder)
        default: break
        }
    }

    /// What the predictive bar and the system's text checking do to Latin typing, each a
    /// `replace` over what the user typed (the `latin/` sessions): a QuickType word replaces
    /// the partial word and adds a space; autocorrect replaces the word when space is
    /// typed; smart punctuation turns two hyphens into a dash and a straight quote into a
    /// curly one. Words are runs of ASCII letters: their shape matters here, not a dictionary.
    private func predictiveBar(_ rng: inout SplitMix64, _ builder: inout Builder) {
        guard builder.field.state.markedRange == nil else { return builder.apply(.unmarkText) }
        func typeKeys(_ keys: [UTF16Text]) -> UTF16Range {
            let start = builder.field.state.selection.location
            for key in keys { builder.apply(.insertText(key)) }
            return UTF16Range(start..<builder.field.state.selection.location)
        }
        let letters = (0..<(1 + rng.below(4))).map { _ in rng.pick(inventory.asciiLetters) }
        switch rng.below(3) {
        case 0:
            let typed = typeKeys(letters)
            let word =
                letters.reduce(UTF16Text.empty, +)
                + (0..<(1 + rng.below(3))).reduce(UTF16Text.empty) { text, _ in
                    text + rng.pick(inventory.asciiLetters)
                }
            builder.apply(.replace(typed, word + " "))
        case 1:
            let typed = typeKeys(letters)
            let corrected = letters.reduce(UTF16Text.empty) { text, _ in text + rng.pick(inventory.asciiLetters) }
            builder.apply(.replace(typed, corrected))
            builder.apply(.insertText(" "))
        default:
            let smart = rng.pick(KeyboardKeys.smartReplacements)
            let typed = typeKeys(smart.typed.graphemeClusters.map { smart.typed[$0] })
            builder.apply(.replace(typed, rng.pick(smart.becomes)))
        }
    }

    /// 9-key Pinyin as kangzubin's account has it (`Corpora/fuzzing/nine-key-placeholders.txt`):
    /// each key first puts its placeholder after the letters so far (the delegate is asked
    /// about ➒), which is then replaced by the key's letter; the reading's character is
    /// committed. About one time in eight the emoticon key instead: ☻, then its emoticon.
    private func nineKey(_ rng: inout SplitMix64, _ builder: inout Builder) {
        if let emoticon = inventory.nineKeyEmoticon, rng.chance(12) {
            builder.apply(.setMarkedText(emoticon.placeholder, selectedRange: .caret(at: emoticon.placeholder.length)))
            builder.apply(.setMarkedText(emoticon.becomes, selectedRange: .caret(at: emoticon.becomes.length)))
            builder.apply(.insertText(emoticon.becomes))
            return
        }
        let syllable = rng.pick(inventory.pinyin)
        var marked = UTF16Text.empty
        for letter in syllable.keys {
            if let unit = letter.units.first, let placeholder = inventory.nineKeyPlaceholderOfLetter[unit] {
                let shown = marked + placeholder
                builder.apply(.setMarkedText(shown, selectedRange: .caret(at: shown.length)))
            }
            marked = marked + letter
            builder.apply(.setMarkedText(marked, selectedRange: .caret(at: marked.length)))
        }
        builder.apply(.insertText(rng.pick(syllable.characters)))
    }

    /// Events and the shadow field they apply to.
    struct Builder {
        var events: [SessionEvent] = []
        var field = TextField(FieldState(text: .empty))
        /// Read once: a static constant is read through its initialiser's check every time.
        let model = DelegateModel.neutral

        mutating func apply(_ event: SessionEvent) {
            events.append(event)
            model.apply(.event(event), to: &field)
        }

        /// A grapheme boundary of the text, at random.
        func boundary(_ rng: inout SplitMix64) -> Int {
            let boundaries = field.text.graphemeBoundaries
            return rng.pick(boundaries)
        }

        /// A grapheme-aligned range, at random.
        func range(_ rng: inout SplitMix64) -> UTF16Range {
            let boundaries = field.text.graphemeBoundaries
            let first = rng.below(boundaries.count)
            let last = first + rng.below(boundaries.count - first)
            return UTF16Range(boundaries[first]..<boundaries[last])
        }
    }

    /// What separates syllables in marked text (made once: a literal is converted at every use).
    static let space: UTF16Text = " "

    /// Letters typed one by one into marked text, with `separator` between syllables;
    /// sometimes a backspace inside the composition. A syllable is a text, typed a grapheme
    /// cluster per key, or a Pinyin syllable, split into its keys once (``PinyinSyllable/keys``).
    private func type(
        _ syllables: [some TypedSyllable], separator: UTF16Text, _ rng: inout SplitMix64, _ builder: inout Builder
    ) -> UTF16Text {
        var marked = UTF16Text.empty
        for (index, syllable) in syllables.enumerated() {
            if index > 0, !separator.isEmpty { marked = marked + separator }
            syllable.forEachKey { key in press(key, onto: &marked, &rng, &builder) }
        }
        return marked
    }

    /// A key typed into the marked text; sometimes Backspace and the key again.
    private func press(
        _ key: UTF16Text, onto marked: inout UTF16Text, _ rng: inout SplitMix64, _ builder: inout Builder
    ) {
        let typed = marked
        marked = marked + key
        builder.apply(.setMarkedText(marked, selectedRange: .caret(at: marked.length)))
        if rng.chance(4), !typed.isEmpty {
            builder.apply(.setMarkedText(typed, selectedRange: .caret(at: typed.length)))
            builder.apply(.setMarkedText(marked, selectedRange: .caret(at: marked.length)))
        }
    }

    /// Moves the caret into the text first, sometimes, so the composition is in the middle.
    private func maybeMoveCaret(_ rng: inout SplitMix64, _ builder: inout Builder) {
        if rng.chance(20), builder.field.state.markedRange == nil {
            builder.apply(.setSelection(.caret(at: builder.boundary(&rng))))
        }
    }

    /// Ends a composition: a candidate, the raw letters (Return), nothing (Escape) or unmark.
    private func finish(
        _ marked: UTF16Text, candidates: UTF16Text, _ rng: inout SplitMix64, _ builder: inout Builder
    ) {
        switch rng.below(10) {
        case 0: builder.apply(.insertText(UTF16Text(units: marked.units.filter { $0 != 0x20 })))
        case 1: builder.apply(.setMarkedText(.empty, selectedRange: .caret(at: 0)))
        case 2: builder.apply(.unmarkText)
        default: builder.apply(.insertText(candidates))
        }
    }

    private func pinyin(_ rng: inout SplitMix64, _ builder: inout Builder) {
        maybeMoveCaret(&rng, &builder)
        let syllables = (0..<(1 + rng.below(3))).map { _ in rng.pick(inventory.pinyin) }
        let marked = type(syllables, separator: Self.space, &rng, &builder)
        // A candidate of a different length: a character per syllable, sometimes fewer.
        let count = rng.chance(20) ? max(1, syllables.count - 1) : syllables.count
        let candidates = syllables.prefix(count).reduce(UTF16Text.empty) { $0 + rng.pick($1.characters) }
        finish(marked, candidates: candidates, &rng, &builder)
    }

    private func zhuyin(_ rng: inout SplitMix64, _ builder: inout Builder) {
        maybeMoveCaret(&rng, &builder)
        let syllables = (0..<(1 + rng.below(2))).map { _ in
            (0..<(1 + rng.below(3))).reduce(UTF16Text.empty) { text, _ in text + rng.pick(inventory.bopomofo) }
                + rng.pick(inventory.bopomofoTones)
        }
        let marked = type(syllables, separator: rng.chance(50) ? Self.space : .empty, &rng, &builder)
        let candidates = syllables.reduce(UTF16Text.empty) { text, _ in
            text + rng.pick(rng.pick(inventory.pinyin).characters)
        }
        finish(marked, candidates: candidates, &rng, &builder)
    }

    /// Korean: each syllable shows as a compatibility jamo, then LV, then LVT; the next
    /// syllable's first key commits the previous one and starts new marked text.
    private func hangul(_ rng: inout SplitMix64, _ builder: inout Builder) {
        maybeMoveCaret(&rng, &builder)
        let count = 1 + rng.below(3)
        var last = UTF16Text.empty
        for index in 0..<count {
            let leading = rng.pick(inventory.jamoLeading)
            let vowel = rng.pick(inventory.jamoVowel)
            let trailing = rng.chance(50) ? rng.pick(inventory.jamoTrailing) : nil
            // The stages the syllable is marked in (those that exist), the first committing
            // the syllable before.
            var first = true
            func mark(_ marked: UTF16Text?) {
                guard let marked else { return }
                if index > 0, first { builder.apply(.insertText(last)) }
                first = false
                builder.apply(.setMarkedText(marked, selectedRange: .caret(at: marked.length)))
                last = marked
            }
            mark(inventory.compatibilityJamo[leading])
            mark(syllable(leading, vowel, nil))
            if let trailing { mark(syllable(leading, vowel, trailing)) }
        }
        builder.apply(rng.chance(80) ? .insertText(last) : .unmarkText)
    }

    /// The precomposed syllable of conjoining jamo, by the Unicode Standard's arithmetic
    /// (Chapter 3.12), when they are of the modern ranges it covers.
    private func syllable(_ leading: UInt32, _ vowel: UInt32, _ trailing: UInt32?) -> UTF16Text? {
        let l = Int(leading) - 0x1100
        let v = Int(vowel) - 0x1161
        let t = trailing.map { Int($0) - 0x11A7 } ?? 0
        guard (0..<19).contains(l), (0..<21).contains(v), (0..<28).contains(t),
            let scalar = Unicode.Scalar(UInt32(0xAC00 + (l * 21 + v) * 28 + t))
        else { return nil }
        return UTF16Text(scalar)
    }

    /// Kana typed, then converted clause by clause (the selected clause is the
    /// selectedRange), then committed.
    private func kana(_ rng: inout SplitMix64, _ builder: inout Builder) {
        maybeMoveCaret(&rng, &builder)
        let letters = (0..<(2 + rng.below(4))).map { _ in rng.pick(inventory.hiragana) }
        let marked = type(letters, separator: .empty, &rng, &builder)
        var converted = (0..<(1 + rng.below(3))).reduce(UTF16Text.empty) { text, _ in
            text + rng.pick(rng.pick(inventory.pinyin).characters)
        }
        if rng.chance(50) { converted = converted + rng.pick(inventory.hiragana) }
        let boundaries = converted.graphemeBoundaries
        let clause = UTF16Range(location: 0, length: boundaries[min(boundaries.count - 1, 1 + rng.below(2))])
        builder.apply(.setMarkedText(converted, selectedRange: clause))
        if rng.chance(50), clause.end < converted.length {
            builder.apply(
                .setMarkedText(converted, selectedRange: UTF16Range(clause.end..<converted.length)))
        }
        finish(marked, candidates: converted, &rng, &builder)
    }

    /// Fullwidth digits through composition, as a Japanese keyboard in full-width mode types them.
    private func fullwidthDigits(_ rng: inout SplitMix64, _ builder: inout Builder) {
        let digits = (0..<(1 + rng.below(3))).map { _ in rng.pick(inventory.fullwidthDigits) }
        let marked = type(digits, separator: .empty, &rng, &builder)
        builder.apply(.insertText(rng.chance(50) ? marked : marked.nfkc))
    }

    /// A number typed key by key: digits, the two decimal separators, now and then a
    /// fullwidth digit or a separator too many.
    private func number(_ rng: inout SplitMix64, _ builder: inout Builder) {
        for _ in 0..<(1 + rng.below(5)) {
            let key: UTF16Text =
                switch rng.below(10) {
                case 0, 1: UTF16Text(rng.pick(DecimalRule.separators))
                case 2: rng.pick(inventory.fullwidthDigits)
                default: rng.pick(inventory.asciiDigits)
                }
            builder.apply(.insertText(key))
        }
    }

    private func paste(_ rng: inout SplitMix64, _ builder: inout Builder) {
        guard builder.field.state.markedRange == nil else { return builder.apply(.unmarkText) }
        let range = builder.range(&rng)
        let pasted = text.text(&rng, count: 1 + rng.below(6))
        if rng.chance(50) {
            builder.apply(.setSelection(range))
            builder.apply(.insertText(pasted))
        } else {
            builder.apply(.replace(range, pasted))
        }
    }

    /// A paste that takes the text to just under, at or just over the rule's limit.
    private func nearLimit(_ rng: inout SplitMix64, _ builder: inout Builder) {
        guard builder.field.state.markedRange == nil else { return builder.apply(.unmarkText) }
        let target = min(limit ?? 8, Self.nearLimitCeiling) - 3 + rng.below(5)
        let count = max(1, target - builder.field.text.graphemeCount)
        builder.apply(.insertText(text.run(&rng, count: count)))
    }

    private func deletion(_ rng: inout SplitMix64, _ builder: inout Builder) {
        if builder.field.state.markedRange == nil, rng.chance(50) {
            builder.apply(.setSelection(.caret(at: builder.boundary(&rng))))
        }
        for _ in 0..<(1 + rng.below(2)) { builder.apply(.deleteBackward) }
    }

    private func multiRange(_ rng: inout SplitMix64, _ builder: inout Builder) {
        guard builder.field.state.markedRange == nil else { return builder.apply(.unmarkText) }
        let first = builder.range(&rng)
        let second = builder.range(&rng)
        guard first.end <= second.location || second.end <= first.location else {
            return builder.apply(.replace(first, text.cluster(&rng)))
        }
        builder.apply(.replaceRanges([first, second], text.text(&rng, count: rng.below(3))))
    }
}

/// What ``SessionGenerator`` types a key at a time into marked text.
protocol TypedSyllable {
    /// Calls `body` with each key's text, in order.
    func forEachKey(_ body: (UTF16Text) -> Void)
}

extension UTF16Text: TypedSyllable {
    /// A key per grapheme cluster.
    func forEachKey(_ body: (UTF16Text) -> Void) {
        for cluster in graphemeClusters { body(self[cluster]) }
    }
}

extension PinyinSyllable: TypedSyllable {
    func forEachKey(_ body: (UTF16Text) -> Void) {
        for key in keys { body(key) }
    }
}
