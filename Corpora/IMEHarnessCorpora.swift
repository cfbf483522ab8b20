// The module that carries Corpora/'s sessions, profiles and inventories as package
// resources, so that the IMEHarness library ships them to other packages while the
// files stay real files here (see Package.swift).

import Foundation

/// Where the shipped corpus, profiles and fuzzing inventories are once built: this
/// target's resource bundle, holding `sessions/`, `profiles/`, `fuzzing/`,
/// `keyboard-profiles/`, `keyboard-sessions/`, `android-profiles/` and `android-sessions/`
/// as they are in `Corpora/`.
package enum ShippedCorpora {
    /// The resource directory.
    package static var directory: String { Bundle.module.resourcePath ?? Bundle.module.bundlePath }
}
