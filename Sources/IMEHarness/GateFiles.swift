import Composition
import Foundation
import Fuzzing
import HarnessJSON
import Reporting

/// A baseline file for ``HarnessAssert/noDiscrepancies(rule:corpus:profiles:kinds:properties:baseline:)``:
/// the findings a team has accepted, in the CLI's `ime-baseline/1` format, so the same
/// file gates `ime-harness replay --baseline` and a test.
///
/// A relative path is found from the package that holds the test (the nearest folder
/// above the calling file with a `Package.swift`), so `BaselineFile("ime-baseline.json")`
/// is the same file whichever directory `swift test` runs in.
///
/// A check with a baseline fails only on findings beyond it, and names them; what the
/// baseline accepts that the run no longer finds is listed in the reports. Run the tests
/// with `IME_HARNESS_WRITE_BASELINE=1` to write (or rewrite) it from what they find.
public struct BaselineFile: Sendable, Equatable {
    /// The file's absolute path.
    public let path: String

    /// The baseline at `path`, relative to the package of `file` unless absolute.
    public init(_ path: String, file: StaticString = #filePath) {
        guard !path.hasPrefix("/") else {
            self.path = path
            return
        }
        var directory = URL(fileURLWithPath: "\(file)").deletingLastPathComponent()
        while directory.path != "/",
            !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path)
        {
            directory.deleteLastPathComponent()
        }
        if directory.path == "/" { directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath) }
        self.path = directory.appendingPathComponent(path).standardized.path
    }

    /// Whether this run writes the baseline instead of checking against it
    /// (`IME_HARNESS_WRITE_BASELINE=1`).
    static var writing: Bool { ProcessInfo.processInfo.environment["IME_HARNESS_WRITE_BASELINE"] == "1" }

    /// The baseline, read.
    func load() throws(HarnessFailure) -> Baseline {
        guard FileManager.default.fileExists(atPath: path) else {
            throw HarnessFailure(
                "\(path): no baseline here; write it from what the tests find with IME_HARNESS_WRITE_BASELINE=1 swift test"
            )
        }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            return try Baseline(json: JSONNode(JSONParser.parse(Array(data))))
        } catch let error as JSONDecodingError {
            throw HarnessFailure("\(path): \(error)")
        } catch {
            throw HarnessFailure("\(path): \(error)")
        }
    }

    /// Writes `baseline` here, keeping the specs of rules the file already holds that this
    /// run did not check (one file serves every test of a package).
    func write(_ baseline: Baseline, replacing rules: Set<String>) throws(HarnessFailure) {
        var merged = baseline
        if FileManager.default.fileExists(atPath: path), let old = try? load() {
            for (identity, count) in old.accepted where !rules.contains(identity.rule) {
                merged.accepted[identity] = count
            }
            for (name, spec) in old.specs where !rules.contains(name) { merged.specs[name] = spec }
        }
        try? FileManager.default.createDirectory(
            atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
        try writeReport(merged.json.rendered() + "\n", to: path)
    }
}

/// Where the library's checks write their reports: the directory named by
/// `IME_HARNESS_REPORTS`, as a CI workflow sets it. Each check writes the CLI's formats for
/// its rule there: `RULE.summary.md` (the verdict and counts, for a pull-request comment),
/// `RULE.html` (every session's timeline) and `RULE.junit.xml`; a fuzz check adds `.fuzz` to
/// the name. Unset, nothing is written.
enum ReportDirectory {
    static var path: String? {
        guard let path = ProcessInfo.processInfo.environment["IME_HARNESS_REPORTS"], !path.isEmpty else { return nil }
        return path
    }

    /// A file name for `rule`'s reports: its spec with anything outside `[A-Za-z0-9._-]`
    /// made `-`.
    static func name(_ rule: String) -> String {
        String(
            rule.unicodeScalars.map { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                        || "._-".unicodeScalars.contains(scalar))
                    ? Character(scalar) : "-"
            })
    }

    /// Writes `report` in the summary, HTML and JUnit formats as `NAME.*`.
    static func write(_ report: Report, name: String, in directory: String? = path) throws(HarnessFailure) {
        guard let directory else { return }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw HarnessFailure("\(directory): the reports' directory cannot be made: \(error.localizedDescription)")
        }
        let base = directory + "/" + Self.name(name)
        try writeReport(report.rendered(.summary), to: base + ".summary.md")
        try writeReport(report.rendered(.html), to: base + ".html")
        try writeReport(report.rendered(.junit), to: base + ".junit.xml")
    }
}

extension CorpusReplay {
    /// The replay's report as a gate reads it: failing on `kinds` and on the fuzzer's
    /// properties, each property failure a finding of its session, the sessions' hashes
    /// set so that a baseline can know them.
    func gateReport(kinds: Set<DiscrepancyKind>, baseline: Baseline?) -> Report {
        var report = report
        var failingKinds = Set(kinds.map(FindingKind.discrepancy))
        var bySession: [String: [Finding]] = [:]
        for failure in propertyFailures {
            guard let property = FuzzProperty(rawValue: failure.property) else { continue }
            failingKinds.insert(.property(property))
            bySession[failure.session, default: []].append(
                Finding(
                    kind: .property(property), event: failure.event, profiles: [failure.profile],
                    message: failure.message, why: failure.why))
        }
        for index in report.sessions.indices {
            let id = report.sessions[index].sessionID
            guard let findings = bySession.removeValue(forKey: id) else { continue }
            report.sessions[index].findings += findings
        }
        report.gate = .kinds(failingKinds)
        report.sessionHashes = Dictionary(sessions.map { ($0.id, $0.contentHash) }, uniquingKeysWith: { a, _ in a })
        report.baseline = baseline
        return report
    }
}
