import Reporting

/// Where a command's standard output goes: collected into a string (``CLI/run(_:)``, the
/// tests) or written to a file descriptor as it is made (``CLI/main(_:)``), so that a
/// command whose output is many times its input (`segment --file`) never holds it all.
final class OutputSink {
    private let descriptor: Int32?
    private var pending = ""
    /// Everything written, when collecting.
    private(set) var collected = ""
    /// The `errno` of the first failed write; later output is dropped.
    private(set) var failure: Int32?

    /// Written out in pieces of about this many bytes.
    private static let chunk = 1 << 16

    /// A sink that collects (`descriptor` nil) or writes to `descriptor`.
    init(descriptor: Int32?) {
        self.descriptor = descriptor
    }

    func write(_ text: String) {
        guard descriptor != nil else {
            collected += text
            return
        }
        pending += text
        if pending.utf8.count >= Self.chunk { flush() }
    }

    /// Writes out what is pending.
    func flush() {
        defer { pending = "" }
        guard let descriptor, failure == nil, !pending.isEmpty else { return }
        failure = StandardStream.write(pending, to: descriptor)
    }
}
