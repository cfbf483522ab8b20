import Foundation

/// Writes reports so that an interrupted run never leaves half a file, never replaces
/// anything but a regular file, and never writes over what the run read.
///
/// - A new path, or a regular file, gets the text through a temporary file beside it
///   that is then renamed over it (`rename(2)` is atomic within a file system).
/// - A symbolic link is followed: its target is written as above, the link stays.
/// - Anything else that exists (a FIFO, a terminal, `/dev/null`, `/dev/full`) is written
///   through, as a shell's `>` would: the node is never replaced by a regular file.
/// - A path that is the same file (device and inode) as one of `inputs` is refused:
///   `replay s.json --output s.json` must not turn the session into its own report.
package enum AtomicFile {
    /// Why a report could not be written; ``description`` is one line naming the path.
    package struct WriteError: Error, CustomStringConvertible {
        package var path: String
        package var reason: String
        package var description: String { "\(path): \(reason)" }
    }

    /// Writes `text` to `path` as UTF-8, unless `path` is one of `inputs`.
    ///
    /// - Throws: ``WriteError`` saying why, with no temporary file left behind.
    package static func write(_ text: String, to path: String, notOver inputs: [String] = []) throws(WriteError) {
        try write(to: path, notOver: inputs) { write in write(text) }
    }

    /// Writes what `produce` hands its writer, piece by piece, to `path` as UTF-8, unless
    /// `path` is one of `inputs`: a report larger than memory is never held whole.
    ///
    /// - Throws: ``WriteError`` saying why, with no temporary file left behind.
    package static func write(
        to path: String, notOver inputs: [String] = [], _ produce: (_ write: (String) -> Void) -> Void
    ) throws(WriteError) {
        func failure(_ reason: String) -> WriteError { WriteError(path: path, reason: reason) }
        let target = try linkTarget(of: path)
        var info = stat()
        let exists = stat(target, &info) == 0
        if exists {
            for input in inputs {
                var other = stat()
                if stat(input, &other) == 0, other.st_dev == info.st_dev, other.st_ino == info.st_ino {
                    throw failure("is an input of this run (\(input)); choose another output path")
                }
            }
        }
        let kind = info.st_mode & S_IFMT
        if exists, kind == S_IFDIR { throw failure("is a directory") }
        if exists, kind != S_IFREG {
            try writeThrough(produce, to: target, path: path)
            return
        }
        let url = URL(fileURLWithPath: target)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path, isDirectory: &isDirectory),
            isDirectory.boolValue
        else {
            throw failure("cannot be written (its directory \(url.deletingLastPathComponent().path) does not exist)")
        }
        let temporary = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("cannot be written (\(String(cString: strerror(errno))))") }
        let code = writeAll(produce, to: descriptor)
        if close(descriptor) != 0, code == nil {
            try? FileManager.default.removeItem(at: temporary)
            throw failure("cannot be written (\(String(cString: strerror(errno))))")
        }
        if let code {
            try? FileManager.default.removeItem(at: temporary)
            throw failure("cannot be written (\(String(cString: strerror(code))))")
        }
        if rename(temporary.path, target) != 0 {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw failure("cannot be written (\(String(cString: strerror(code))))")
        }
    }

    /// Whether `first` and `second` name the same file: the same device and inode when
    /// both exist, else the same absolute path once links are followed (two outputs of one
    /// run that would write one file).
    package static func sameFile(_ first: String, _ second: String) -> Bool {
        guard let one = try? linkTarget(of: first), let other = try? linkTarget(of: second) else { return false }
        var a = stat()
        var b = stat()
        if stat(one, &a) == 0, stat(other, &b) == 0 { return a.st_dev == b.st_dev && a.st_ino == b.st_ino }
        func absolute(_ path: String) -> String {
            URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        }
        return absolute(one) == absolute(other)
    }

    /// The path a chain of symbolic links at `path` ends in (`path` itself when it is no
    /// link), whether or not that last path exists yet.
    private static func linkTarget(of path: String) throws(WriteError) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else {
                throw WriteError(path: path, reason: "cannot be written (its symbolic link cannot be read)")
            }
            current =
                destination.hasPrefix("/")
                ? destination
                : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(destination).path
        }
        throw WriteError(path: path, reason: "cannot be written (too many levels of symbolic links)")
    }

    /// Writes into an existing node that is not a regular file, keeping it.
    private static func writeThrough(
        _ produce: (_ write: (String) -> Void) -> Void, to target: String, path: String
    ) throws(WriteError) {
        let descriptor = open(target, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw WriteError(path: path, reason: "cannot be written (\(String(cString: strerror(errno))))")
        }
        defer { close(descriptor) }
        if let code = writeAll(produce, to: descriptor) {
            throw WriteError(path: path, reason: "cannot be written (\(String(cString: strerror(code))))")
        }
    }

    /// Everything `produce` writes, to `descriptor` in pieces of about 64 KiB; the `errno`
    /// of the first failed write (later pieces are dropped), or `nil`.
    private static func writeAll(_ produce: (_ write: (String) -> Void) -> Void, to descriptor: Int32) -> Int32? {
        var pending = ""
        var failure: Int32?
        func flush() {
            if failure == nil, !pending.isEmpty { failure = StandardStream.write(pending, to: descriptor) }
            pending = ""
        }
        produce { piece in
            pending += piece
            if pending.utf8.count >= 1 << 16 { flush() }
        }
        flush()
        return failure
    }

    private static func reason(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError, let underlying = cocoa.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return error.localizedDescription
    }
}

/// Writes to a file descriptor, all of it, and says when it could not.
package enum StandardStream {
    /// Writes `text` as UTF-8 to `descriptor`, retrying short writes and interruptions.
    ///
    /// - Returns: `nil` when everything was written, else the `errno` of the failure.
    @discardableResult
    package static func write(_ text: String, to descriptor: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { bytes -> Int32? in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }
}
