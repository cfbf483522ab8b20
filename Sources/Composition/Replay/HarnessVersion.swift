/// The harness's version, one for the tool and the library: the second wave (December
/// 2026) is 0.2, the third 0.3. A change to a file format, an exit code, a report's shape
/// or the library's public API raises it, and `CHANGELOG.md` says what changed for users.
package enum HarnessVersion {
    package static let current = "0.3.0"
}
