#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Synchronization

// INVARIANT: the `dlsym` function pointers are bit-cast to the sanitizer's C signatures; the
// address passed is a lock owner's identity for the sanitizer, never dereferenced.

/// ThreadSanitizer's annotation functions, when the process runs under it; `nil` otherwise.
///
/// NB: on Linux, `Synchronization.Mutex` locks through futex calls inside the Swift runtime, which
/// ThreadSanitizer does not instrument, so it cannot see that the lock orders the critical sections
/// and reports every access made under it as a data race. Announcing each critical section with
/// `__tsan_acquire`/`__tsan_release` tells it what the lock does. The functions are looked up with
/// `dlsym` (never linked by name): without the sanitizer they are `nil` and cost a branch.
@usableFromInline
enum ThreadSanitizer {
  private typealias Annotation = @convention(c) (UnsafeRawPointer?) -> Void

  private static let acquireFunction = annotation("__tsan_acquire")
  private static let releaseFunction = annotation("__tsan_release")

  private static func annotation(_ name: String) -> Annotation? {
    #if canImport(Darwin)
      let handle = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
      let handle: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
    #endif
    return dlsym(handle, name).map { unsafeBitCast($0, to: Annotation.self) }
  }

  /// A critical section guarded by `owner`'s lock begins.
  @usableFromInline
  static func acquire(_ owner: AnyObject) {
    acquireFunction?(UnsafeRawPointer(Unmanaged.passUnretained(owner).toOpaque()))
  }

  /// A critical section guarded by `owner`'s lock ends.
  @usableFromInline
  static func release(_ owner: AnyObject) {
    releaseFunction?(UnsafeRawPointer(Unmanaged.passUnretained(owner).toOpaque()))
  }
}

extension Mutex where Value: ~Copyable {
  /// `withLock`, with the critical section announced to ThreadSanitizer as guarded by `owner`, the
  /// object that stores this mutex. Every mutex in the package locks through this.
  ///
  /// ```swift
  /// registry.withLock(owner: self) { $0.insert(entry) }
  /// ```
  @inlinable
  package borrowing func withLock<Result: ~Copyable, Failure: Error>(
    owner: AnyObject, _ body: (inout sending Value) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    try withLock { (value: inout sending Value) throws(Failure) -> sending Result in
      ThreadSanitizer.acquire(owner)
      defer { ThreadSanitizer.release(owner) }
      return try body(&value)
    }
  }
}
