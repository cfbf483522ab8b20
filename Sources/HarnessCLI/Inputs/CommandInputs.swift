import Composition
import Foundation
import Fuzzing
import Graphemes
import HarnessJSON
import InputRules

/// What the commands read besides their arguments: rules, profiles, the `Corpora`
/// directories and results files, each failure a ``CLIError`` naming what and where.
enum CommandInputs {
    /// The rules named by `--rule` values: specs, JSON rule files, or directories of them.
    static func rules(_ values: [String]) throws(CLIError) -> [any InputRule] {
        var rules: [any InputRule] = []
        for value in values {
            var isDirectory: ObjCBool = false
            let isPath =
                value.hasSuffix(".json")
                || (FileManager.default.fileExists(atPath: value, isDirectory: &isDirectory) && isDirectory.boolValue)
            guard isPath else {
                do {
                    rules.append(try RuleCatalogue.full.rule(value))
                } catch {
                    throw .rule(error, path: nil)
                }
                continue
            }
            let files: [String]
            do {
                files = isDirectory.boolValue ? try RuleFile.files(in: value) : [value]
            } catch {
                throw .ruleFile(error)
            }
            for path in files {
                let file: RuleFile
                do {
                    file = try RuleFile(path: path)
                } catch {
                    throw .ruleFile(error)
                }
                do {
                    rules.append(try RuleCatalogue.full.rule(file.spec))
                } catch {
                    throw .rule(error, path: path)
                }
            }
        }
        return rules
    }

    /// The profiles `--profile` names (default: every profile in the profiles directory).
    static func profiles(_ parsed: ParsedArguments) throws(CLIError) -> [PlatformProfile] {
        try profiles(parsed, names: parsed.values["--profile"])
    }

    /// The profiles `names` names (default: every profile in the profiles directory).
    static func profiles(_ parsed: ParsedArguments, names: [String]?) throws(CLIError) -> [PlatformProfile] {
        try documents(named: names, directory: profilesDirectory(parsed), builtIn: EmbeddedData.profiles) {
            name, store throws(ProfileError) in try store.profile(named: name)
        }
    }

    /// The profile documents `names` names (default: every one), from `directory` or, with
    /// none, from the files built into the binary; an unknown or malformed one is the
    /// run's one error, and so is finding none. Platform and keyboard profiles alike.
    static func documents<Document>(
        named names: [String]?, directory: String?, builtIn: [String: String],
        load: (String, ProfileStore) throws(ProfileError) -> Document
    ) throws(CLIError) -> [Document] {
        let store = directory.map(ProfileStore.init(directory:)) ?? ProfileStore(files: builtIn, label: "(built in)")
        var documents: [Document] = []
        for name in store.expanding(names ?? store.names()) {
            do {
                documents.append(try load(name, store))
            } catch {
                throw .profile(error)
            }
        }
        guard !documents.isEmpty else { throw .noProfiles(directory: store.directory) }
        return documents
    }

    /// The profiles directory: `--profiles`, else `Corpora/profiles` of a checkout around;
    /// `nil` for the profiles built into the binary, when there is none (a binary copied
    /// anywhere runs on its own).
    static func profilesDirectory(_ parsed: ParsedArguments) -> String? {
        if let given = parsed.value("--profiles") { return given }
        return corporaDirectory("profiles")
    }

    /// The fuzzing inventories of `--inventory`, else of `Corpora/fuzzing`, and that directory.
    static func inventory(_ parsed: ParsedArguments) throws(CLIError) -> (inventory: Inventory, directory: String) {
        do {
            if let directory = parsed.value("--inventory") ?? corporaDirectory("fuzzing") {
                return (try Inventory(fuzzingDirectory: directory), directory)
            }
            // No checkout around: the inventories built into the binary.
            return (try Inventory(fuzzingDirectory: "(built in)", files: EmbeddedData.fuzzing), "")
        } catch {
            throw .inventory(error)
        }
    }

    /// The shard `--shard I/N` names, if any.
    static func shard(_ parsed: ParsedArguments) throws(CLIError) -> Shard? {
        try parsed.value("--shard").map { text throws(CLIError) in
            guard let shard = Shard(parsing: text) else {
                throw .invalidValue(option: "--shard", value: text, expected: "I/N with 1 <= I <= N")
            }
            return shard
        }
    }

    /// `Corpora/<name>` in the current directory or above the executable
    /// (`.build/<config>/ime-harness` in a checkout).
    static func corporaDirectory(_ name: String) -> String? {
        var candidates = ["Corpora/\(name)"]
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for _ in 0..<5 {
            candidates.append(directory.appendingPathComponent("Corpora/\(name)").path)
            directory = directory.deletingLastPathComponent()
        }
        var isDirectory: ObjCBool = false
        return candidates.first {
            FileManager.default.fileExists(atPath: $0, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }

    /// Reads the JSON results file at `path` as `read` decodes it.
    static func results<Value>(_ path: String, _ read: (JSONNode) throws -> Value) throws(CLIError) -> Value {
        let data = try InputFile.bytes(path, limit: InputFile.documentLimit)
        do {
            return try read(JSONNode(JSONParser.parse(data)))
        } catch {
            throw .results(path: path, reason: "\(error)")
        }
    }
}

/// Reading input files with errors that name the file.
enum InputFile {
    /// The UTF-8 contents of `path` (or standard input for `-`) as UTF-16 text.
    static func readUTF8(_ path: String, limit: Int) throws(CLIError) -> UTF16Text {
        let data = try bytes(path, limit: limit)
        guard let string = String(validating: data, as: UTF8.self) else {
            throw .invalidUTF8(path: path, byteOffset: firstInvalidUTF8Offset(data))
        }
        return UTF16Text(string)
    }

    /// The most a results file, baseline or other JSON document of the CLI may hold: far
    /// above what a replay of a large corpus writes (the 708-session × 18-rule run of CI
    /// writes about 40 MB).
    static let documentLimit = 1 << 30

    /// The bytes of `path` (`-`: standard input), at most `limit` (see ``FileContents``).
    static func bytes(_ path: String, limit: Int) throws(CLIError) -> [UInt8] {
        do {
            return try FileContents.read(path, limit: limit)
        } catch .notFound {
            throw .fileNotFound(path: path)
        } catch {
            throw .file(path: path == "-" ? "standard input" : path, problem: error)
        }
    }

    /// The offset of the first byte that does not continue a valid UTF-8 sequence.
    static func firstInvalidUTF8Offset(_ data: [UInt8]) -> Int {
        var decoder = UTF8()
        var iterator = data.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return offset
            case .error: return offset
            }
        }
    }
}
