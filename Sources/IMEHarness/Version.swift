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
    /// The kinds a rule causes, which ``noDiscrepancies(rule:corpus:profiles:kinds:properties:)``
    /// fails on by default (0.1); now ``DiscrepancyKind/causedByRules``.
    @available(*, deprecated, renamed: "DiscrepancyKind.causedByRules")
    public static var ruleKinds: Set<DiscrepancyKind> { DiscrepancyKind.causedByRules }
}
