import Glibc

/// One object per thread, made on the thread's first use and released when the thread
/// ends: for ICU objects that are costly to open and must not be shared between threads,
/// and for caches that outlive one call.
package final class ThreadLocal<Value: AnyObject>: @unchecked Sendable {
    // `@unchecked`: the key is written once, in init; each thread reads only its own value.
    private let key: pthread_key_t
    private let make: @Sendable () -> Value

    package init(_ make: @escaping @Sendable () -> Value) {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
        }
        self.key = key
        self.make = make
    }

    /// This thread's value.
    package var value: Value { Unmanaged<Value>.fromOpaque(pointer).takeUnretainedValue() }

    /// Calls `body` with this thread's value, lent rather than retained: the thread holds
    /// it until it exits (for a value asked for at every step, where retaining and
    /// releasing it cost more than the question).
    package func withValue<Result>(_ body: (Value) throws -> Result) rethrows -> Result {
        try Unmanaged<Value>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
    }

    /// This thread's value, as stored: made at the thread's first use.
    private var pointer: UnsafeMutableRawPointer {
        if let pointer = pthread_getspecific(key) { return pointer }
        let pointer = Unmanaged.passRetained(make()).toOpaque()
        pthread_setspecific(key, pointer)
        return pointer
    }
}
