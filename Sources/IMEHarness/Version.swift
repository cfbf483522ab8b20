import Composition

/// The library's version, read as `IMEHarness.version` (the tool prints the same with
/// `ime-harness --version`); `CHANGELOG.md` says what each version changed for users.
public let version: String = HarnessVersion.current

/// The earlier name of ``CorpusReplay`` (0.1), kept for a release.
@available(*, deprecated, renamed: "CorpusReplay")
public typealias ReplayRun = CorpusReplay

/// The earlier name of ``FuzzCampaign`` (0.1), kept for a release.
@available(*, deprecated, renamed: "FuzzCampaign")
public typealias FuzzRun = FuzzCampaign

extension HarnessAssert {
    /// The kinds a rule causes, which ``noDiscrepancies(rule:corpus:profiles:kinds:properties:baseline:)``
    /// fails on by default (0.1); now ``DiscrepancyKind/causedByRules``.
    @available(*, deprecated, renamed: "DiscrepancyKind.causedByRules")
    public static var ruleKinds: Set<DiscrepancyKind> { DiscrepancyKind.causedByRules }
}

extension CorpusReplay {
    /// The 0.2 signature, before `properties:` (0.3), kept for a release: it checks the
    /// fuzzer's properties too, as ``init(rule:corpus:profiles:properties:)`` does by
    /// default. Calls written for 0.2 reach the new initialiser; this one keeps the old
    /// symbol for code built against it.
    @available(*, deprecated, renamed: "init(rule:corpus:profiles:properties:)")
    @_disfavoredOverload
    public init(rule: some InputRule, corpus: Corpus, profiles: [Profile]) throws(HarnessFailure) {
        try self.init(rule: rule, corpus: corpus, profiles: profiles, properties: true)
    }
}

extension HarnessAssert {
    /// The 0.2 signature, before `properties:` (0.3), kept for a release: it checks the
    /// fuzzer's properties too, as
    /// ``noDiscrepancies(rule:corpus:profiles:kinds:properties:baseline:)`` does by default. Calls
    /// written for 0.2 reach the new function; this one keeps the old symbol.
    @available(*, deprecated, renamed: "noDiscrepancies(rule:corpus:profiles:kinds:properties:baseline:)")
    @_disfavoredOverload
    @discardableResult
    public static func noDiscrepancies(
        rule: some InputRule, corpus: Corpus, profiles: [Profile], kinds: Set<DiscrepancyKind>?
    ) throws(HarnessFailure) -> CorpusReplay {
        try noDiscrepancies(rule: rule, corpus: corpus, profiles: profiles, kinds: kinds, properties: true)
    }
}
