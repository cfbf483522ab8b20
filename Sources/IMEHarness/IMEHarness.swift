// The library other packages' test targets use: write a rule (or paste a UIKit delegate
// body into ``DelegateRule``), then replay it through the shipped corpus under both iOS
// profiles and fuzz it, with ``HarnessAssert``.
//
// This module re-exports the public parts of the modules a rule author needs, so that
// `import IMEHarness` is the one import: the rule protocol and what a rule sees
// (Composition: `InputRule`, `ChangeRequest`, `FieldChange`, `TextAssignment`,
// `RuleContract`, `Session`, `SessionEvent`), UTF-16 text (Graphemes: `UTF16Text`,
// `UTF16Range`, `FieldState`), the report formats (Reporting: `ReportFormat`) and the
// seeded generator the fuzzers draw from (SeededRandom: `SplitMix64`, for generators of
// one's own that must be as reproducible, such as the engine recorder's key scripts),
// and the fuzzers' shrinking loop (Fuzzing: `DeltaShrinker`, alone).
// Everything else in those modules is
// `package`: visible to the harness's own modules, not to yours. The umbrella uses
// `@_exported import`, as Apple's own umbrella modules (swift-collections'
// `Collections`) do: Swift has no other way to re-export a module.
@_exported import Composition
import Foundation
@_exported import Graphemes
import IMEHarnessCorpora
@_exported import Reporting
@_exported import SeededRandom

@_exported import struct Fuzzing.DeltaShrinker

/// Where the shipped corpus, profiles and fuzzing inventories are: the resources of the
/// `IMEHarnessCorpora` target, which are `Corpora/`'s directories.
enum BundledData {
    /// The resource directory, holding `sessions/`, `profiles/` and `fuzzing/`.
    static var directory: String { ShippedCorpora.directory }
}
