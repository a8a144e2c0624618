import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The current thread's stack, so that deep evaluation can stop before it runs out.
enum StackBounds {
    /// What evaluation leaves unused below its deepest step, for the work a step does
    /// below itself (messages, patterns, formats). Checked by validating 512-level instances
    /// (with patterns, formats and messages at the bottom) on threads of every stack size
    /// from 256 KB to 8 MB in 64 KB steps, in debug and optimized builds: none crashed.
    static let reserve: UInt = 96 << 10

    /// The lowest address evaluation may reach on this thread: the stack's end plus
    /// ``reserve``. Nil when the platform does not say where the stack ends.
    static func floor() -> UInt? {
        guard let low = lowestAddress() else { return nil }
        return low + reserve
    }

    private static func lowestAddress() -> UInt? {
        #if canImport(Darwin)
        let thread = pthread_self()
        let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
        let size = UInt(pthread_get_stacksize_np(thread))
        return top > size ? top - size : nil
        #elseif canImport(Glibc) || canImport(Musl)
        // pthread_getattr_np is a GNU extension the C module does not export; the C library
        // of every Linux has it.
        typealias GetAttr = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else { return nil }
        let getAttr = unsafeBitCast(symbol, to: GetAttr.self)
        var attr = pthread_attr_t()
        guard getAttr(pthread_self(), &attr) == 0 else { return nil }
        defer { pthread_attr_destroy(&attr) }
        var address: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attr, &address, &size) == 0, let address else { return nil }
        // Whether the range counts the guard pages differs between C libraries: skip them.
        var guardSize = 0
        pthread_attr_getguardsize(&attr, &guardSize)
        return UInt(bitPattern: address) + UInt(guardSize)
        #else
        return nil
        #endif
    }
}
