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
    package var value: Value {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue() as! Value
        }
        let value = make()
        pthread_setspecific(key, Unmanaged<AnyObject>.passRetained(value).toOpaque())
        return value
    }
}
