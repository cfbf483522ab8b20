import Composition
import InputRules

extension CLI {
    /// Parses `arguments` (without the program name) and checks every option value that
    /// can be checked without reading or writing a file: choices, counts, seconds, shards,
    /// gates and rule specs. Returns the one-line message a run would print, or `nil`.
    ///
    /// The `arguments` fuzz target's entry: the parser and the validators must answer any
    /// argv, however hostile, with a message, never a trap. Running a command is not part
    /// of it (a fuzzed `--output` must not write files).
    package static func validate(_ arguments: [String]) -> String? {
        do throws(CLIError) {
            guard let first = arguments.first else { return nil }
            guard let name = CommandName(rawValue: first) else { throw .unknownCommand(first) }
            let spec = name.command.spec
            let parsed = try ParsedArguments(Array(arguments.dropFirst()), spec: spec)
            for option in spec.options {
                guard let choices = option.choices else { continue }
                for value in parsed.all(option.name) where !choices.contains(value) {
                    throw .invalidValue(
                        option: option.name, value: value, expected: "one of " + choices.joined(separator: ", "))
                }
            }
            switch name {
            case .fuzz, .keyboardFuzz:
                _ = try FuzzCommand.Bounds(parsed, command: name, defaultIterations: 1)
                _ = try parsed.count("--max-failures", Int.self, maximum: 1_000_000)
            case .replay:
                _ = try CommandInputs.shard(parsed)
                _ = try ReplayCommand.gate(parsed)
            case .keyboard:
                _ = try ReplayCommand.gate(parsed, family: .keyboard, default: .all)
            default: break
            }
            for spec in parsed.all("--rule") where !spec.hasSuffix(".json") {
                do {
                    _ = try RuleCatalogue.full.rule(spec)
                } catch {
                    throw .rule(error, path: nil)
                }
            }
            return nil
        } catch {
            return TerminalLine.diagnostic(error.message)
        }
    }
}
