import Foundation

/// One line of a key script file: a session to record.
public struct ScriptLine: Hashable, Sendable {
    public var id: String
    public var engine: String
    public var schema: String
    /// The field before the first key, in field notation (empty: an empty field).
    public var initial: String
    public var keys: String
    public var description: String
    /// Where the line is, for messages.
    public var file: String
    public var line: Int

    public init(
        id: String, engine: String, schema: String, initial: String, keys: String, description: String,
        file: String = "(command line)", line: Int = 0
    ) {
        self.id = id
        self.engine = engine
        self.schema = schema
        self.initial = initial
        self.keys = keys
        self.description = description
        self.file = file
        self.line = line
    }

    /// The line as the script file writes it.
    public var tsv: String { [id, engine, schema, initial, keys, description].joined(separator: "\t") }
}

/// Key script files: one session per line, six tab-separated columns
/// (`id`, `engine`, `schema`, `initial`, `keys`, `description`); `#` starts a comment line.
public enum ScriptFile {
    public static let columns = ["id", "engine", "schema", "initial", "keys", "description"]

    /// The sessions `path` lists, checked for six columns, an id, keys that parse and ids
    /// used once.
    public static func read(_ path: String) throws(RecorderError) -> [ScriptLine] {
        guard let data = FileManager.default.contents(atPath: path) else { throw .file(path, "no such file") }
        guard let text = String(validating: data, as: UTF8.self) else { throw .file(path, "is not UTF-8") }
        var lines: [ScriptLine] = []
        var seen: [String: Int] = [:]
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            if raw.isEmpty || raw.hasPrefix("#") { continue }
            let fields = raw.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == columns.count else {
                throw .badLine(
                    file: path, line: number,
                    "expected \(columns.count) tab-separated columns (\(columns.joined(separator: ", "))), found \(fields.count)"
                )
            }
            guard !fields[0].isEmpty else { throw .badLine(file: path, line: number, "empty id") }
            if let first = seen[fields[0]] {
                throw .badLine(file: path, line: number, "id '\(fields[0])' already used on line \(first)")
            }
            seen[fields[0]] = number
            do {
                _ = try KeyScript.parse(fields[4])
            } catch {
                throw .badLine(file: path, line: number, error.description)
            }
            lines.append(
                ScriptLine(
                    id: fields[0], engine: fields[1], schema: fields[2], initial: fields[3], keys: fields[4],
                    description: fields[5], file: path, line: number))
        }
        return lines
    }
}
