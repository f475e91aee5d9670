#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Synchronization

// INVARIANT: the `dlsym` function pointers are bit-cast to the sanitizer's C signatures; the address
// passed is a lock owner's identity for the sanitizer, never dereferenced.

// NB: the demo's copy of Surrogate's `Synchronization/ThreadSanitizer.swift`, which is `package` there and
// so invisible from this package. On Linux, `Synchronization.Mutex` locks through futex calls
// inside the Swift runtime, which ThreadSanitizer does not instrument: without these
// annotations, CI's ThreadSanitizer run reports every access made under the lock as a race.

/// ThreadSanitizer's annotation functions, when the process runs under it; `nil` otherwise.
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

  /// Whether the process runs under ThreadSanitizer, whose shadow memory makes every process
  /// several times larger.
  static var isRunning: Bool { acquireFunction != nil }

  static func acquire(_ owner: AnyObject) {
    acquireFunction?(UnsafeRawPointer(Unmanaged.passUnretained(owner).toOpaque()))
  }

  static func release(_ owner: AnyObject) {
    releaseFunction?(UnsafeRawPointer(Unmanaged.passUnretained(owner).toOpaque()))
  }
}

extension Mutex where Value: ~Copyable {
  /// `withLock`, with the critical section announced to ThreadSanitizer as guarded by `owner`, the
  /// object that stores this mutex.
  ///
  /// ```swift
  /// lines.withLock(owner: self) { $0.output.append(line) }
  /// ```
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
