import Foundation
import Reporting

/// Text a run writes as it goes and reads back once at the end, on disk instead of in
/// memory: the JSON of each session replay of `replay --format json`, which together can
/// be many times the size of the input (see ``Report/jsonAroundSessions``).
///
/// The file is made in the temporary directory, opened and at once unlinked, so that
/// nothing is left behind however the run ends.
final class SpillFile {
    private let descriptor: Int32
    private var pending = ""
    /// The `errno` of the first failed write.
    private(set) var failure: Int32?
    /// How many pieces were appended.
    private(set) var count = 0

    init() throws(CLIError) {
        var template = Array((NSTemporaryDirectory() + "/ime-harness-spill-XXXXXX").utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw .directoryNotWritable(path: NSTemporaryDirectory(), reason: String(cString: strerror(errno)))
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    }

    deinit { close(descriptor) }

    /// Appends `piece`, preceded by `separator` unless it is the first.
    func append(_ piece: String, separator: String) {
        if count > 0 { pending += separator }
        pending += piece
        count += 1
        if pending.utf8.count >= 1 << 16 { flush() }
    }

    private func flush() {
        if failure == nil, !pending.isEmpty { failure = StandardStream.write(pending, to: descriptor) }
        pending = ""
    }

    /// Writes out what is pending; the error of any write that failed.
    func finish() throws(CLIError) {
        flush()
        if let failure {
            throw .directoryNotWritable(path: NSTemporaryDirectory(), reason: String(cString: strerror(failure)))
        }
    }

    /// Hands everything appended (after ``finish()``) to `write`, in pieces that end at a
    /// line break, so that no piece splits a UTF-8 sequence; a failed read is kept in
    /// ``failure``.
    func replay(to write: (String) -> Void) {
        var offset: off_t = 0
        var carried: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let read = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            if read < 0, errno == EINTR { continue }
            if read < 0 { failure = errno }
            guard read > 0 else { break }
            offset += off_t(read)
            carried += chunk[..<read]
            if let end = carried.lastIndex(of: 0x0A) {
                write(String(decoding: carried[...end], as: UTF8.self))
                carried.removeSubrange(...end)
            }
        }
        if !carried.isEmpty { write(String(decoding: carried, as: UTF8.self)) }
    }
}
