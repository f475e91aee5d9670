#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Synchronization

// INVARIANT: `__tsan_acquire` and `__tsan_release` are looked up with `dlsym` (never linked by
// name) and bit-cast to their C signature in the sanitizer's public header,
// `sanitizer/tsan_interface.h`: `void (void *addr)`. The address passed is a lock owner's identity
// for the sanitizer, never dereferenced. Nil-safe: without the sanitizer `dlsym` finds neither,
// `annotations` is `nil`, and `withLock(owner:)` only locks; both are needed, so a half-found pair
// is not used. Tests: every suite under ThreadSanitizer in CI (`.ci/run`, `halt_on_error=1`): a
// missing annotation shows as a reported race in the stress suites; here, without it, the same
// suites run with `annotations == nil`.

/// ThreadSanitizer's annotation functions, when the process runs under it; `nil` otherwise.
///
/// NB: on Linux, `Synchronization.Mutex` locks through futex calls inside the Swift runtime, which
/// ThreadSanitizer does not instrument, so it cannot see that the lock orders the critical sections
/// and reports every access made under it as a data race. Announcing each critical section with
/// `__tsan_acquire`/`__tsan_release` tells it what the lock does. The functions are looked up with
/// `dlsym` (never linked by name): without the sanitizer they are `nil` and cost a branch.
@usableFromInline
enum ThreadSanitizer {
  @usableFromInline typealias Annotation = @convention(c) (UnsafeRawPointer?) -> Void

  /// `__tsan_acquire` and `__tsan_release`, when the process runs under the sanitizer.
  ///
  /// NB: one value for both, read once per critical section: a lazily initialized global costs a
  /// call to `swift_once` at every read, and two of them were 31 of the 271 instructions of a made
  /// singleton's read, which takes the registry's lock (callgrind, `sync-singleton`).
  @usableFromInline static let annotations: Annotations? = {
    guard let acquire = annotation("__tsan_acquire"), let release = annotation("__tsan_release") else { return nil }
    return Annotations(acquire: acquire, release: release)
  }()

  @usableFromInline
  struct Annotations: Sendable {
    /// A critical section guarded by the lock whose owner's address is passed begins.
    @usableFromInline let acquire: Annotation
    /// That critical section ends.
    @usableFromInline let release: Annotation
  }

  private static func annotation(_ name: String) -> Annotation? {
    #if canImport(Darwin)
      let handle = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
      let handle: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
    #endif
    return dlsym(handle, name).map { unsafeBitCast($0, to: Annotation.self) }
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
      guard let annotations = ThreadSanitizer.annotations else { return try body(&value) }
      let address = UnsafeRawPointer(Unmanaged.passUnretained(owner).toOpaque())
      annotations.acquire(address)
      defer { annotations.release(address) }
      return try body(&value)
    }
  }
}
