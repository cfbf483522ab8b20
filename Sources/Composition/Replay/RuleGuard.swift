import CTrapGuard
import Foundation
import Graphemes

/// Runs a session replay so that a trap inside the rule's `shouldChange` or `editingChanged` (a
/// force-unwrapped `nil`, an index out of range, a failed precondition, a stack overflow)
/// comes back as a fault instead of ending the process: on a device the app would crash
/// there, which is a finding (`rule-crashed`), and the test run must survive to report it.
///
/// How, and what it costs (see `Sources/CTrapGuard`): a signal handler for the trap
/// signals, installed once per process, jumps back from a trap on a thread that is inside
/// a guarded call, and passes every other one on (crashes elsewhere stay crashes). The
/// frames it abandons leak their memory. Installing it turns off the Swift runtime's
/// dynamic exclusivity checks for the process (an abandoned access would corrupt them);
/// the static checks are unaffected. A guarded call costs a `sigsetjmp` without saving the
/// signal mask and an uncontended read lock, no system call, once per session replay. The runtime still prints its "Fatal error" line on
/// standard error for each trap caught.
enum RuleGuard {
    /// Runs `body`; `nil` when it returned, else what stopped it ("trapped: Fatal error:
    /// Index out of range").
    ///
    /// `body` runs before this returns; it is taken as escaping because a C function
    /// cannot be handed a non-escaping closure, and `withoutActuallyEscaping` would trap
    /// on a closure that an abandoned frame still holds.
    ///
    /// The runtime keeps one fatal-error message for the whole process, so a trap's message
    /// is its own only when no other thread traps meanwhile: guarded calls share a lock,
    /// and one that must read its own trap's message (`exclusive`) holds it alone, no other
    /// guarded call running (a call nested in a guarded one takes no lock of its own).
    static func run(exclusive: Bool = false, _ body: @escaping () -> Void) -> String? {
        let depth = nesting.value
        if depth.count == 0 {
            if exclusive { pthread_rwlock_wrlock(&lock.value) } else { pthread_rwlock_rdlock(&lock.value) }
        }
        depth.count += 1
        // This frame is not abandoned by a trap (the jump lands in `trap_guard_run`), so
        // the lock is always given back.
        defer {
            depth.count -= 1
            if depth.count == 0 { pthread_rwlock_unlock(&lock.value) }
        }
        let box = Unmanaged.passRetained(Box(body))
        defer { box.release() }
        let signal = trap_guard_run(
            { raw in
                guard let raw else { return }
                Unmanaged<Box>.fromOpaque(raw).takeUnretainedValue().body()
            }, box.toOpaque())
        return signal == 0 ? nil : describe(signal: signal)
    }

    private final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// The lock guarded calls share, and an exclusive one holds alone.
    private final class Lock: @unchecked Sendable {
        // `@unchecked`: the rwlock is what makes it safe to share.
        var value = pthread_rwlock_t()
        init() { pthread_rwlock_init(&value, nil) }
    }

    private static let lock = Lock()

    /// How deep in guarded calls this thread is.
    private final class Depth {
        var count = 0
    }

    private static let nesting = ThreadLocal { Depth() }

    /// "trapped: Fatal error: Index out of range", from the runtime's message where it left one.
    static func describe(signal: Int32) -> String {
        if let raw = trap_guard_take_message() {
            defer { free(raw) }
            let message = String(cString: raw).trimmingCharacters(in: .whitespacesAndNewlines)
            if !message.isEmpty { return "trapped: " + message }
        }
        switch signal {
        case SIGSEGV, SIGBUS: return "crashed: a memory fault (signal \(signal)): a stack overflow or a bad pointer"
        case SIGFPE: return "crashed: an arithmetic trap (signal \(signal))"
        default: return "trapped (signal \(signal))"
        }
    }
}
