import Foundation
import Graphemes
import HarnessJSON

/// A session file, or one session in it, that cannot be replayed.
package struct SessionError: Error, Hashable, Sendable, CustomStringConvertible {
    package var file: String
    /// The line of a `.jsonl` file (1-based).
    package var line: Int?
    /// The index of the event the problem is in, when it is in one.
    package var event: Int?
    package var message: String

    package init(file: String, line: Int? = nil, event: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.event = event
        self.message = message
    }

    /// `FILE[:LINE]: [event N: ]MESSAGE`, one line.
    package var description: String {
        let place = line.map { "\(file):\($0)" } ?? file
        return "\(place): " + (event.map { "event \($0): " } ?? "") + message
    }
}

/// Finds session files and reads sessions from them, one at a time.
///
/// A `.json` file holds one session; a `.jsonl` file holds one per line and is read
/// in chunks, so a corpus of any size is replayed in constant memory. Directories are
/// walked recursively in sorted order. A bad file or line is reported and skipped;
/// it never stops the others.
package enum SessionFiles {
    /// The session files under `paths` (files as given, directories walked), sorted within each directory.
    package static func expand(_ paths: [String]) -> (files: [String], errors: [SessionError]) {
        var files: [String] = []
        var errors: [SessionError] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                errors.append(SessionError(file: path, message: "no such file or directory"))
                continue
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            // Walk the directory a symlink names (Corpora/sessions is one), keeping the given path.
            let walked = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            let entries = ((try? FileManager.default.subpathsOfDirectory(atPath: walked)) ?? []).sorted()
            for entry in entries where entry.hasSuffix(".json") || entry.hasSuffix(".jsonl") {
                files.append(path.hasSuffix("/") ? path + entry : path + "/" + entry)
            }
        }
        return (files, errors)
    }

    /// Calls `body` with every session under `paths` (see ``expand(_:)``), in order, and
    /// returns what could not be read: paths that do not exist, files and lines that are
    /// not sessions, and sessions whose id an earlier one already has (the first keeps it:
    /// reports and matrices are keyed by id).
    ///
    /// The one way every reader of a corpus (the CLI, the library, the tests) loads it.
    package static func forEachSession(under paths: [String], _ body: (Session) -> Void) -> [SessionError] {
        let (files, pathErrors) = expand(paths)
        var errors = pathErrors
        var firstFile: [String: String] = [:]
        for file in files {
            read(file) { result in
                switch result {
                case .failure(let error): errors.append(error)
                case .success(let session):
                    if let first = firstFile[session.id] {
                        errors.append(
                            SessionError(
                                file: file, message: "duplicate session id '\(session.id)' (first in \(first))"))
                    } else {
                        firstFile[session.id] = file
                        body(session)
                    }
                }
            }
        }
        return errors
    }

    /// Every session under `paths`, and what could not be read (``forEachSession(under:_:)``).
    package static func load(_ paths: [String]) -> (sessions: [Session], errors: [SessionError]) {
        var sessions: [Session] = []
        let errors = forEachSession(under: paths) { sessions.append($0) }
        return (sessions, errors)
    }

    /// Calls `body` with each session of the file at `path` and each error, in file order.
    package static func read(_ path: String, _ body: (Result<Session, SessionError>) -> Void) {
        if path.hasSuffix(".jsonl") {
            guard let handle = FileHandle(forReadingAtPath: path) else {
                body(.failure(SessionError(file: path, message: "cannot be read")))
                return
            }
            defer { try? handle.close() }
            var lineNumber = 0
            LineReader(handle: handle).forEachLine { line in
                lineNumber += 1
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return }
                body(decode(line, file: path, line: lineNumber))
            }
        } else {
            body(contents(path).flatMap { decode($0, file: path, line: nil) })
        }
    }

    /// The most one session document (a `.json` file) may hold: 1 GiB (a million-event
    /// session is about 60 MB; a `.jsonl` file is read a line at a time, whatever its size).
    package static let documentLimit = 1 << 30

    /// The bytes of the session or keyboard-session document at `path` (``FileContents``).
    package static func contents(_ path: String) -> Result<[UInt8], SessionError> {
        do {
            return .success(try FileContents.read(path, limit: documentLimit))
        } catch {
            return .failure(SessionError(file: path, message: error.description))
        }
    }

    /// Decodes one session document.
    package static func decode(_ bytes: some Collection<UInt8>, file: String, line: Int?) -> Result<
        Session, SessionError
    > {
        // The events are decoded as the parser reads them: a session of a million events
        // never exists as a JSON tree, only as its events.
        var events: [SessionEvent] = []
        var eventError: JSONDecodingError?
        let eventsPath = JSONPath.root.appending(.key("events"))
        let parsed: (document: JSONValue, streamed: Bool)
        do {
            let array = Array(bytes)
            parsed = try array.withUnsafeBufferPointer { buffer in
                try JSONParser.parse(buffer, streaming: "events") { index, value in
                    do throws(JSONDecodingError) {
                        events.append(
                            try SessionEvent.decode(JSONNode(value, path: eventsPath.appending(.index(index)))))
                        return true
                    } catch {
                        eventError = error
                        return false
                    }
                }
            }
        } catch let error as JSONSyntaxError {
            let position = line.map { _ in "column \(error.column)" } ?? "line \(error.line), column \(error.column)"
            return .failure(
                SessionError(file: file, line: line, message: "not JSON: \(position): expected \(error.expected)"))
        } catch {
            let error = eventError ?? JSONDecodingError(path: eventsPath, expected: "events", found: "none")
            return .failure(
                SessionError(
                    file: file, line: line, event: error.path.index(after: "events"), message: error.description))
        }
        do {
            return .success(
                try Session(json: JSONNode(parsed.document), streamedEvents: parsed.streamed ? events : nil))
        } catch {
            return .failure(
                SessionError(
                    file: file, line: line, event: error.path.index(after: "events"), message: error.description))
        }
    }
}

/// Reads a file line by line in fixed-size chunks.
struct LineReader {
    let handle: FileHandle
    var chunkSize = 1 << 16

    func forEachLine(_ body: ([UInt8]) -> Void) {
        var pending: [UInt8] = []
        while true {
            let chunk = handle.readData(ofLength: chunkSize)
            if chunk.isEmpty { break }
            var start = pending.count
            pending.append(contentsOf: chunk)
            var lineStart = 0
            while let newline = pending[start...].firstIndex(of: 0x0A) {
                body(Array(pending[lineStart..<newline]))
                lineStart = newline + 1
                start = lineStart
            }
            pending.removeFirst(lineStart)
        }
        if !pending.isEmpty { body(pending) }
    }
}
