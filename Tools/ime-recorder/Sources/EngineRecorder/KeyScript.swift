/// One key of a key script.
public enum Key: Hashable, Sendable, CustomStringConvertible {
    /// A key that types a character: an ASCII letter, digit or punctuation for Rime,
    /// Chewing and libhangul (which map it through their layout), a kana for Anthy.
    case character(Unicode.Scalar)
    /// A key with a name, written in braces: `{space}`, `{BackSpace}`.
    case named(NamedKey)

    /// The key as a script writes it.
    public var description: String {
        switch self {
        case .character("{"): "{{"
        case .character(let scalar): String(scalar)
        case .named(let key): "{\(key.rawValue)}"
        }
    }
}

/// The named keys a script can press, with their X11 names (which Rime's own key
/// sequences use too).
public enum NamedKey: String, Hashable, Sendable, CaseIterable {
    case space
    case backSpace = "BackSpace"
    case enter = "Return"
    case escape = "Escape"
    case left = "Left"
    case right = "Right"
    case up = "Up"
    case down = "Down"
    case tab = "Tab"
    case delete = "Delete"
    case home = "Home"
    case end = "End"
    case shiftLeft = "Shift+Left"
    case shiftRight = "Shift+Right"
    /// Shift pressed and released alone: Rime's mode switch (`ascii_composer/switch_key`,
    /// `Shift_L: inline_ascii` in its `default.yaml`).
    case shift = "Shift"
    /// Caps Lock: Chewing's switch between Chinese and English (`chewing_handle_Capslock`),
    /// Rime's `Caps_Lock: clear`.
    case capsLock = "Caps_Lock"

    /// The X11 keysym (`<X11/keysymdef.h>`), which Rime's `process_key` takes.
    var keysym: Int32 {
        switch self {
        case .space: 0x20
        case .backSpace: 0xFF08
        case .tab: 0xFF09
        case .enter: 0xFF0D
        case .escape: 0xFF1B
        case .home: 0xFF50
        case .left, .shiftLeft: 0xFF51
        case .up: 0xFF52
        case .right, .shiftRight: 0xFF53
        case .down: 0xFF54
        case .end: 0xFF57
        case .delete: 0xFFFF
        case .shift: 0xFFE1
        case .capsLock: 0xFFE5
        }
    }

    /// The X11 modifier mask sent with the key (`ShiftMask` is 1).
    var modifiers: Int32 { self == .shiftLeft || self == .shiftRight ? 1 : 0 }
}

/// Reads and writes key scripts: characters typed as themselves, named keys in braces
/// (`nihao{space}`, `j;6{Return}`), `{{` for a literal brace.
public enum KeyScript {
    /// The keys of `script`.
    ///
    /// - Throws: ``RecorderError/badKeys(_:_:)`` naming the offending position.
    public static func parse(_ script: String) throws(RecorderError) -> [Key] {
        var keys: [Key] = []
        let scalars = Array(script.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "{" {
                if index + 1 < scalars.count, scalars[index + 1] == "{" {
                    keys.append(.character("{"))
                    index += 2
                    continue
                }
                guard let close = scalars[index...].firstIndex(of: "}") else {
                    throw .badKeys(script, "'{' at position \(index) is never closed")
                }
                let name = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
                guard let key = NamedKey(rawValue: name) else {
                    throw .badKeys(
                        script,
                        "unknown key {\(name)} at position \(index) (known: \(NamedKey.allCases.map(\.rawValue).joined(separator: ", ")))"
                    )
                }
                keys.append(.named(key))
                index = close + 1
                continue
            }
            guard scalar.properties.generalCategory != .control, scalar != " " else {
                throw .badKeys(script, "position \(index) holds a space or control character; write {space}")
            }
            keys.append(.character(scalar))
            index += 1
        }
        return keys
    }

    /// The script that ``parse(_:)`` reads as `keys`.
    public static func write(_ keys: [Key]) -> String { keys.map(\.description).joined() }
}
