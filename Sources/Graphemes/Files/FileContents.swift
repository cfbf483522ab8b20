import Glibc

/// Reads a whole input file, bounded, and says precisely why it could not.
///
/// Every reader of outside data (sessions, profiles, rule files, results, baselines,
/// keyboard files, `segment --file`, standard input) reads through here, so that a FIFO,
/// a directory, `/dev/zero` or a file larger than its limit gets the same one-line answer
/// everywhere instead of "no such file" or a read without end:
///
/// - A regular file over `limit` bytes is refused before it is read.
/// - A FIFO, a pipe (`<(…)`, `-` for standard input) or a character device is read as
///   `cat` reads it, up to `limit` bytes; more is refused. It is opened without blocking,
///   so a FIFO that no process writes reads as empty instead of hanging the run.
/// - A directory, a socket or anything else is refused as "not a regular file".
package enum FileContents {
    /// Why a file could not be read; ``description`` is the reason, without the path.
    package enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        case notFound
        case directory
        case notAFile
        case tooLarge(limit: Int)
        case unreadable(reason: String)

        package var description: String {
            switch self {
            case .notFound: "no such file"
            case .directory: "is a directory"
            case .notAFile: "is not a regular file, a FIFO or a device"
            case .tooLarge(let limit): "is larger than \(FileContents.size(limit)), the most this reads"
            case .unreadable(let reason): "cannot be read (\(reason))"
            }
        }
    }

    /// `n` bytes in words: `64 MiB`.
    package static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }

    /// The bytes of the file at `path` (`-`: standard input), at most `limit` of them.
    package static func read(_ path: String, limit: Int) throws(Problem) -> [UInt8] {
        if path == "-" { return try readStream(STDIN_FILENO, limit: limit) }
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw errno == ENOENT || errno == ENOTDIR ? .notFound : .unreadable(reason: reason(errno))
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: throw .directory
        case S_IFREG:
            guard info.st_size <= limit else { throw .tooLarge(limit: limit) }
        case S_IFIFO, S_IFCHR: break
        default: throw .notAFile
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .unreadable(reason: reason(errno)) }
        defer { close(descriptor) }
        // Reads block from here on: a FIFO with a writer is read to its end.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return try readStream(descriptor, limit: limit)
    }

    /// Everything `descriptor` gives until its end, at most `limit` bytes.
    private static func readStream(_ descriptor: Int32, limit: Int) throws(Problem) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN { return bytes }
                throw .unreadable(reason: reason(errno))
            }
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else { throw .tooLarge(limit: limit) }
            bytes += chunk[..<count]
        }
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
