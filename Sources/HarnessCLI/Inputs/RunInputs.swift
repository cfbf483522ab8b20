import Foundation
import Reporting

/// Every file a run reads: what no option that writes (`--output`, `--write-baseline`,
/// `--save`) may write over.
///
/// One definition for every command: the positional paths (sessions, results files), and
/// the values of every option that names something read (``inputOptions``), with the
/// directories a run reads by default (the profiles, keyboard profiles and fuzzing
/// inventories of a checkout around). A directory stands for every file under it,
/// walked and with links followed, so that `replay Corpora/sessions/pinyin --output
/// Corpora/sessions/pinyin/zhong-guo.json` is refused as `replay zhong-guo.json --output
/// zhong-guo.json` is. Files are compared by device and inode (``AtomicFile``), so a
/// link or another spelling of the same path is the same file.
struct RunInputs {
    /// The options whose values are read, where they name files or directories (a rule
    /// spec that names no file is simply no file).
    static let inputOptions = [
        "--rule", "--profile", "--profiles", "--keyboard-profiles", "--baseline", "--inventory", "--file", "--save",
    ]

    /// The paths as given: files, and directories whose every file is an input.
    private(set) var paths: [String]

    /// The inputs of the run `parsed` describes.
    init(_ parsed: ParsedArguments, command: CommandName) {
        var paths = command == .segment ? [] : parsed.positionals
        for option in Self.inputOptions { paths += parsed.all(option) }
        let defaults: [String?] = [
            CommandInputs.profilesDirectory(parsed), KeyboardCommand.keyboardProfilesDirectory(parsed),
            parsed.value("--inventory") ?? CommandInputs.corporaDirectory("fuzzing"),
        ]
        paths += defaults.compactMap { $0 }
        self.paths = paths
    }

    /// These inputs without `path` (`--save DIR` is read, and also where `--save` writes).
    func excluding(_ path: String?) -> RunInputs {
        var copy = self
        copy.paths.removeAll { $0 == path }
        return copy
    }

    /// The files at or under ``paths`` (directories walked, links followed).
    var files: [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let walked = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            for entry in (try? FileManager.default.subpathsOfDirectory(atPath: walked)) ?? [] {
                files.append(walked + "/" + entry)
            }
        }
        return files
    }
}
