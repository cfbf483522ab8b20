internal import CICU
import Synchronization

/// A regular expression for ICU's engine, the one behind `NSRegularExpression` and
/// `NSPredicate`'s `MATCHES`: the legacy rules this package reproduces ran on it.
///
/// The pattern is compiled once when the value is made, to report syntax errors
/// there; matching goes through a `RegexMatcher`, which owns a compiled copy.
public struct ICURegex: Hashable, Sendable {
    /// Options, as `NSRegularExpression.Options` / ICU's `URegexpFlag`.
    package struct Options: OptionSet, Hashable, Sendable {
        package var rawValue: UInt32
        package init(rawValue: UInt32) { self.rawValue = rawValue }

        package static let caseInsensitive = Self(rawValue: UInt32(CICU_REGEX_CASE_INSENSITIVE))
        package static let allowCommentsAndWhitespace = Self(rawValue: UInt32(CICU_REGEX_COMMENTS))
        package static let dotMatchesLineSeparators = Self(rawValue: UInt32(CICU_REGEX_DOTALL))
        package static let anchorsMatchLines = Self(rawValue: UInt32(CICU_REGEX_MULTILINE))
        package static let useUnicodeWordBoundaries = Self(rawValue: UInt32(CICU_REGEX_UWORD))
    }

    /// The pattern, in UTF-16 as ICU reads it.
    public let pattern: UTF16Text
    package let options: Options

    /// Compiles `pattern` to check it.
    ///
    /// - Throws: ``ICUError`` with ICU's code (e.g. `U_REGEX_RULE_SYNTAX`) and the offset of the error.
    package init(_ pattern: UTF16Text, options: Options = []) throws(ICUError) {
        self.pattern = pattern
        self.options = options
        _ = try RegexMatcher(pattern: pattern, options: options)
    }

    /// Compiles `pattern` to check it.
    package init(_ pattern: String, options: Options = []) throws(ICUError) {
        try self.init(UTF16Text(pattern), options: options)
    }

    /// A matcher that owns a compiled copy of the pattern; use one for many matches.
    package func makeMatcher() -> RegexMatcher {
        do {
            return try RegexMatcher(pattern: pattern, options: options)
        } catch {
            // The same pattern compiled in init; ICU can only fail here on exhausted memory.
            preconditionFailure("\(error)")
        }
    }

    /// Whether the whole of `text` matches (`uregex_matches`: NSPredicate `SELF MATCHES %@`).
    package func matchesWhole(_ text: UTF16Text) -> Bool {
        withMatcher { $0.matchesWhole(text) }
    }

    /// Runs `body` with this thread's compiled copy of the pattern, compiled on the
    /// thread's first use of it and kept (a rule asks at every keystroke; compiling costs
    /// far more than matching a short text). A nested use of the same pattern gets a
    /// fresh matcher.
    package func withMatcher<Result>(_ body: (borrowing RegexMatcher) throws -> Result) rethrows -> Result {
        let cache = RegexCache.perThread.value
        let key = RegexCache.Key(pattern: pattern, options: options.rawValue)
        let entry: RegexCache.Entry
        if let found = cache.entries[key] {
            entry = found
        } else {
            if cache.entries.count >= RegexCache.capacity { cache.entries.removeAll() }
            entry = RegexCache.Entry(makeMatcher())
            cache.entries[key] = entry
        }
        guard !entry.inUse else { return try body(makeMatcher()) }
        entry.inUse = true
        defer { entry.inUse = false }
        return try body(entry.matcher)
    }
}

/// A compiled ICU regular expression (`URegularExpression`), owned by one value.
package struct RegexMatcher: ~Copyable {
    private let handle: OpaquePointer
    private let pattern: UTF16Text

    init(pattern: UTF16Text, options: ICURegex.Options) throws(ICUError) {
        var status: Int32 = 0
        var errorOffset: Int32 = -1
        guard pattern.length <= Int(Int32.max) else {
            throw ICUError(code: 1, operation: "compiling a regular expression of \(pattern.length) units")
        }
        let handle = pattern.units.withUnsafeBufferPointer {
            cicu_regex_open(
                $0.baseAddress, Int32($0.count), options.rawValue, RegexLimits.timeLimit, RegexLimits.stackLimit,
                &errorOffset, &status)
        }
        guard let handle else {
            throw ICUError(
                code: status, operation: "compiling the regular expression \(pattern.visibleDescription)",
                patternOffset: errorOffset >= 0 ? Int(errorOffset) : nil)
        }
        self.handle = handle
        self.pattern = pattern
    }

    deinit { cicu_regex_close(handle) }

    /// Whether the whole of `units` matches (`uregex_matches`).
    ///
    /// A match that runs past ``RegexLimits`` counts as no match, and is recorded for
    /// ``RegexLimits/takeExceeded()``.
    package func matchesWhole(_ units: UnsafeBufferPointer<UInt16>) -> Bool {
        var status: Int32 = 0
        let matched = cicu_regex_matches(handle, units.baseAddress, Int32(clamping: units.count), &status) != 0
        RegexLimits.note(status, pattern: pattern, length: units.count)
        return matched
    }

    /// Whether the whole of `text` matches.
    package func matchesWhole(_ text: UTF16Text) -> Bool {
        text.units.withUnsafeBufferPointer { matchesWhole($0) }
    }

    /// The first match in `text` at or after `start` (`uregex_find`).
    package func firstMatch(in text: UTF16Text, from start: Int = 0) -> UTF16Range? {
        text.units.withUnsafeBufferPointer { buffer in
            var status: Int32 = 0
            var matchStart: Int32 = 0
            var matchEnd: Int32 = 0
            let found = cicu_regex_find(
                handle, buffer.baseAddress, Int32(clamping: buffer.count), Int32(clamping: start), &matchStart,
                &matchEnd, &status)
            RegexLimits.note(status, pattern: pattern, length: buffer.count)
            return found != 0 ? UTF16Range(Int(matchStart)..<Int(matchEnd)) : nil
        }
    }
}

/// A thread's compiled patterns.
final class RegexCache {
    struct Key: Hashable {
        var pattern: UTF16Text
        var options: UInt32
    }

    final class Entry {
        let matcher: RegexMatcher
        var inUse = false

        init(_ matcher: consuming RegexMatcher) { self.matcher = matcher }
    }

    /// Patterns kept per thread before the cache starts over.
    static let capacity = 64
    static let perThread = ThreadLocal { RegexCache() }

    var entries: [Key: Entry] = [:]
}

/// The resource limits every match runs under, and what ran past them.
///
/// ICU's matcher backtracks: `(a+)+$` on forty letters takes longer than anyone will
/// wait, and `NSRegularExpression` sets no limit, so on a device such a rule freezes the
/// app. The harness sets ICU's own limits (`uregex_setTimeLimit`, `uregex_setStackLimit`)
/// on every pattern; a match that exceeds them counts as no match and is recorded here,
/// per thread, so that replay can report it as the rule's fault (`rule-crashed`) rather
/// than hang.
package enum RegexLimits {
    /// The time limit in ICU's match-engine steps, each "on the order of milliseconds"
    /// (ICU's documentation); about a fifth of a second here.
    package static let timeLimit: Int32 = 200
    /// The backtrack stack limit in bytes: ICU's default of 8 MB, set explicitly.
    package static let stackLimit: Int32 = 8 << 20

    /// What a match on this thread last exceeded, since ``takeExceeded()`` last asked.
    final class Log {
        var exceeded: String?
    }

    static let perThread = ThreadLocal { Log() }

    /// Whether any thread has recorded an exceeded limit: until one has, there is nothing to take.
    static let exceededEver = Atomic(false)

    /// Records an exceeded limit when `status` says so.
    static func note(_ status: Int32, pattern: UTF16Text, length: Int) {
        let limit: String
        switch status {
        case Int32(CICU_REGEX_TIME_OUT): limit = "ICU's time limit (\(timeLimit) match steps)"
        case Int32(CICU_REGEX_STACK_OVERFLOW): limit = "ICU's backtrack stack limit (\(stackLimit >> 20) MB)"
        default: return
        }
        let log = perThread.value
        guard log.exceeded == nil else { return }
        exceededEver.store(true, ordering: .relaxed)
        log.exceeded =
            "the regular expression \(pattern.visibleDescription) ran past \(limit) on a text of \(length) UTF-16 units"
            + " (NSRegularExpression sets no limit: on a device the app would freeze)"
    }

    /// What a match on this thread exceeded since the last call, if anything, and forgets it.
    package static func takeExceeded() -> String? {
        // Replay asks after every step; almost no process ever exceeds a limit.
        guard exceededEver.load(ordering: .relaxed) else { return nil }
        let log = perThread.value
        defer { log.exceeded = nil }
        return log.exceeded
    }
}
