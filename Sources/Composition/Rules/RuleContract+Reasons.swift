import Graphemes

/// Why a finding is the rule's fault, in the words of its contract: what reports print
/// beside each finding (`the contract promises at most 10 graphemes; the committed text
/// measures 11 after event 4`), so that a developer can check the harness's reasoning
/// against what the rule was written to do.
extension RuleContract {
    /// What the contract promises, in words: the author's own when there are some, else
    /// what its members say (`at most 10 graphemes, only digit-ascii`).
    package var promiseInWords: String {
        if !promise.isEmpty { return promise }
        var parts: [String] = []
        if let limit { parts.append("at most \(limit.count) \(limit.unit.words)") }
        if let allowedClasses { parts.append("only " + allowedClasses.map(\.description).joined(separator: ", ")) }
        if !deniedClasses.isEmpty { parts.append("no " + deniedClasses.map(\.description).joined(separator: ", ")) }
        if let textPromise { parts.append(textPromise.description) }
        return parts.isEmpty ? "nothing about its text" : parts.joined(separator: ", ")
    }

    /// The reason of a finding whose kind the contract does not claim: shown, not failed.
    private static func unclaimed(_ what: String) -> String {
        "the contract does not promise \(what), so this is reported for information, not failed"
    }

    /// Why `discrepancy` is the rule's fault, in the contract's words; `nil` for the kinds
    /// that point at the platform (``DiscrepancyKind/Cause/platform``).
    package func reason(for discrepancy: Discrepancy) -> String? {
        let at = discrepancy.event.map { " at event \($0)" } ?? " by the end of the session"
        switch discrepancy.evidence {
        case .limit(_, let limit, let length, _):
            return "the contract promises at most \(limit.count) \(limit.unit.words) of committed text; "
                + "it measures \(length)\(discrepancy.event.map { " after event \($0)" } ?? "")"
        case .rejectedComposition(_, let event, _, _):
            guard compositionSafe else { return Self.unclaimed("composition safety") }
            return "the contract promises composition safety (\(promiseInWords)): marked text is the input "
                + "method's until it commits, and nothing it could commit breaks a promise, yet the rule "
                + "refused \(event)\(at)"
        case .assignedWhileMarked:
            guard compositionSafe else { return Self.unclaimed("composition safety") }
            return "the contract promises composition safety (\(promiseInWords)): the rule assigned the text "
                + "while text was marked\(at), ending the user's composition"
        case .brokenText(_, _, let spots):
            return
                "every contract promises whole characters, and\(discrepancy.event.map { " after event \($0)" } ?? "") "
                + "the text has a broken one (" + spots.map(\.description).joined(separator: ", ") + ")"
        case .ruleFault:
            return "every contract promises that the app keeps running; the rule would bring it down\(at)"
        case .verdicts:
            guard profileIndependent else { return Self.unclaimed("the same outcome on every platform") }
            return "the contract promises the same outcome on every platform (\(promiseInWords)); the rule "
                + "decides this change differently\(at)"
        case .finalFields:
            guard profileIndependent else { return Self.unclaimed("the same outcome on every platform") }
            return "the contract promises the same outcome on every platform (\(promiseInWords)); the field "
                + "ends with different texts"
        case .keyRefused(_, let key, let keyboard, _, _):
            return "the \(keyboard) is made for typing \"\(key.visibleDescription)\" here"
                + (limit.map { " and the contract's limit of \($0.count) \($0.unit.words) is not reached" } ?? "")
                + "; the rule refused it\(at)"
        case .proposedText, .callRange, .skippedEvent, .observed, .lengths, .expectedText:
            return nil
        }
    }
}

extension TextUnit {
    /// The unit in words, plural: `graphemes`, `UTF-16 units`.
    package var words: String {
        switch self {
        case .utf16: "UTF-16 units"
        case .scalars: "Unicode scalars"
        case .graphemes: "graphemes"
        case .utf8: "UTF-8 bytes"
        case .columns: "columns"
        }
    }
}
