import Foundation
import Graphemes
import HarnessJSON

/// A rule spec in a JSON file (`Corpora/rules/*.json`), for values the compact syntax
/// cannot hold, such as a regular expression with commas:
///
/// ```json
/// {"format": "ime-rule/1", "rule": "regex", "parameters": {"pattern": "^[a-z, ]*$"},
///  "description": "Latin letters, commas and spaces"}
/// ```
///
/// Parameter values are strings or whole numbers; `description` is optional.
package struct RuleFile: Sendable {
    package static let format = "ime-rule/1"
    /// The most a rule file may hold: 1 MiB (a rule is a name and a few parameters).
    package static let sizeLimit = 1 << 20

    package var path: String
    package var spec: RuleSpec
    package var description: String?

    /// Reads and checks the file at `path`.
    ///
    /// - Throws: ``RuleFileError`` naming the file and, for a bad document, the JSON path.
    package init(path: String) throws(RuleFileError) {
        let data: [UInt8]
        do {
            data = try FileContents.read(path, limit: Self.sizeLimit)
        } catch .notFound {
            throw .unreadable(path: path)
        } catch {
            throw .malformed(path: path, message: error.description)
        }
        try self.init(data, path: path)
    }

    /// Reads and checks a rule document held in `data`, naming it `path` in errors.
    package init(_ data: some Collection<UInt8>, path: String) throws(RuleFileError) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(data)
        } catch {
            throw .malformed(path: path, message: error.description)
        }
        do throws(JSONDecodingError) {
            let root = JSONNode(value)
            try root.rejectUnknownMembers(["format", "rule", "parameters", "description"])
            try root.requireMember("format", is: Self.format)
            let name = try root.member("rule").string()
            var parameters: [RuleSpec.Parameter] = []
            if let members = try root.optionalMember("parameters")?.members() {
                for (key, node) in members {
                    if case .string = node.value {
                        parameters.append(RuleSpec.Parameter(key, try node.string()))
                    } else {
                        parameters.append(RuleSpec.Parameter(key, String(try node.int())))
                    }
                }
            }
            self.path = path
            self.spec = RuleSpec(name: name, parameters: parameters)
            self.description = try root.optionalMember("description")?.string()
        } catch {
            throw .malformed(path: path, message: error.description)
        }
    }

    /// The `.json` files of `directory`, sorted by name.
    package static func files(in directory: String) throws(RuleFileError) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            throw .unreadable(path: directory)
        }
        return names.filter { $0.hasSuffix(".json") }.sorted().map { directory + "/" + $0 }
    }
}

/// Why a rule file cannot be used.
package enum RuleFileError: Error, Hashable, Sendable, CustomStringConvertible {
    case unreadable(path: String)
    case malformed(path: String, message: String)

    package var description: String {
        switch self {
        case .unreadable(let path): "\(path): no such file or directory"
        case .malformed(let path, let message): "\(path): \(message)"
        }
    }
}
