import Foundation

/// Writes reports so that an interrupted run never leaves half a file: the text goes to
/// a temporary file beside the target, which is then renamed over it (`rename(2)` is
/// atomic within a file system).
package enum AtomicFile {
    /// Writes `text` to `path` as UTF-8.
    ///
    /// - Throws: The error of the write, or of the rename (the temporary file is removed).
    package static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        try Data(text.utf8).write(to: temporary)
        if rename(temporary.path, url.path) != 0 {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(code))])
        }
    }
}
