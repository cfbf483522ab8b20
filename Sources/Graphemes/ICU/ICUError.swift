internal import CICU

/// An error reported by ICU, with its `UErrorCode`.
package struct ICUError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The `UErrorCode` value (positive for failures).
    package var code: Int32
    /// What the harness was doing, e.g. "compiling the regular expression `^\d$`".
    package var operation: String
    /// The UTF-16 offset in a regular expression pattern where ICU found a syntax error.
    package var patternOffset: Int?

    package init(code: Int32, operation: String, patternOffset: Int? = nil) {
        self.code = code
        self.operation = operation
        self.patternOffset = patternOffset
    }

    /// ICU's name for the code (`u_errorName`), e.g. `U_REGEX_RULE_SYNTAX`.
    package var name: String { String(cString: cicu_error_name(code)) }

    package var description: String {
        let position = patternOffset.map { " at offset \($0)" } ?? ""
        return "ICU failed \(operation)\(position): \(name)"
    }

    /// Throws when `status` is an ICU failure code (warnings, which are negative, pass).
    static func check(_ status: Int32, _ operation: @autoclosure () -> String) throws(ICUError) {
        if status > 0 { throw ICUError(code: status, operation: operation()) }
    }
}
