/// Why a harness check failed, in words a test failure can show as it is.
///
/// Swift Testing and XCTest both show a thrown error's description, so a test that
/// calls ``HarnessAssert`` with `try` fails with this message: what went wrong, the
/// minimised session in field notation (`"ab[ㄨㄤ|]"`), and how to see more.
public struct HarnessFailure: Error, CustomStringConvertible, Sendable {
    /// The whole message.
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
