internal import CICU

/// The versions of ICU and of the Unicode Standard that every answer in this package comes from.
public enum UnicodeVersions {
    /// ICU's version, e.g. "72.1" (`u_getVersion`).
    public static var icu: String { read(cicu_icu_version) }

    /// The Unicode version of ICU's character data, e.g. "15.0" (`u_getUnicodeVersion`).
    public static var unicode: String { read(cicu_unicode_version) }

    private static func read(_ body: (UnsafeMutablePointer<CChar>, Int32) -> Void) -> String {
        var buffer = [CChar](repeating: 0, count: 32)
        body(&buffer, Int32(buffer.count))
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
