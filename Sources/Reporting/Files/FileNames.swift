/// File names made from input, inside one directory.
///
/// Every file the harness (and the engine recorder) names after something it read (a
/// session id, a rule spec, a profile or handler name) gets its name here, so that no
/// name can leave the directory (`/`, `..`), hide (a leading `.`), break a line in a
/// listing (a newline), reorder what a terminal shows (U+202E) or overwrite another file
/// the same run writes:
///
/// - letters and digits (of any script) and `-`, `_`, `.` are kept; every other run of
///   characters becomes one `_`; `_` and `.` are trimmed from both ends;
/// - a name is at most ``maximumLength`` UTF-8 bytes before its suffix (cut at a
///   character), and an empty one is `unnamed`;
/// - a name already given in this directory (compared without case, as macOS and
///   Windows file systems compare) gets `-2`, `-3`, … before its suffix.
public struct FileNames: Sendable {
    /// The directory every path is in.
    public let directory: String
    private var taken: Set<String> = []

    /// The longest name made, in UTF-8 bytes, before the suffix and the uniqueness count
    /// (file systems allow 255).
    public static let maximumLength = 120

    /// Names inside `directory`.
    public init(directory: String) {
        self.directory = directory
    }

    /// A path inside ``directory`` for a file named after `text`, ending in `suffix`
    /// (`.json`, or `""` for a directory), that no earlier call returned.
    public mutating func path(for text: String, suffix: String = "") -> String {
        let stem = Self.component(text)
        var name = stem + suffix
        var count = 1
        while !taken.insert(name.lowercased()).inserted {
            count += 1
            name = "\(stem)-\(count)\(suffix)"
        }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// `text` as one safe path component (without uniqueness): see ``FileNames``.
    public static func component(_ text: String) -> String {
        var name = ""
        var replacing = false
        for character in text {
            let kept =
                character == "-" || character == "_" || character == "."
                || ((character.isLetter || character.isNumber)
                    && character.unicodeScalars.allSatisfy {
                        $0.properties.generalCategory != .format && $0.properties.generalCategory != .control
                    })
            if kept {
                guard name.utf8.count + character.utf8.count <= maximumLength else { break }
                name.append(character)
                replacing = false
            } else if !replacing {
                guard name.utf8.count < maximumLength else { break }
                name.append("_")
                replacing = true
            }
        }
        let trimmed = name.drop { $0 == "_" || $0 == "." }.reversed().drop { $0 == "_" || $0 == "." }.reversed()
        return trimmed.isEmpty ? "unnamed" : String(trimmed)
    }
}
