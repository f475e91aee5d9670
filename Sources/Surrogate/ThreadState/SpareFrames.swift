#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// INVARIANT: the thread-specific key holds at most one buffer of `capacity` uninitialized frames
// per thread. `take()` hands it to the caller (the key is cleared), `give(_:)` takes one back or
// frees it, and the key's destructor frees it when the thread exits. A graph gives its heap path
// back only after deinitializing its frames, in `leaveFrameBuffer` before its top-level call
// returns, so no frame (nor the key it borrows) is read from a buffer another graph now uses.
// Tests: BorrowedKeyLifetimeTests (a deep path's buffer reused by the next deep graph).

/// One heap buffer for a graph's path, kept per thread between graphs.
///
/// A path that outgrows the buffer on the caller's stack (sixteen frames) moves to a heap buffer
/// of ``capacity`` frames. Allocating 4 KiB and freeing it on every deep `resolve` is not just
/// the cost of the two calls: a request of 1 KiB or more makes glibc's `malloc` consolidate the
/// small chunks freed since the last one, so the instances a deep graph makes and releases are
/// then allocated through its slow path (measured on S6, a chain of fifty: about 6,000 of its
/// 116,000 instructions). A graph takes the thread's spare buffer instead, and gives it back when
/// its path is empty again.
///
/// ```swift
/// let buffer = SpareFrames.take() ?? .allocate(capacity: SpareFrames.capacity)
/// // ... the path lives in `buffer` ...
/// SpareFrames.give(buffer)   // kept for the thread's next deep graph, or freed
/// ```
///
/// NB: per thread, through a POSIX thread-specific key, so that taking and giving need no lock;
/// a buffer taken on one thread may be given back on another (it is only memory). The key's
/// destructor frees the spare of a thread that exits.
enum SpareFrames {
  /// The number of frames in a spare buffer: the first heap buffer a path moves to.
  static var capacity: Int { 64 }

  /// The thread-specific key under which a thread's spare buffer is kept.
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { spare in
      // NB: through an optional, since the parameter is optional in Glibc and not in Darwin.
      let buffer: UnsafeMutableRawPointer? = spare
      buffer?.deallocate()
    }
    precondition(status == 0, "pthread_key_create failed (\(status))")
    return key
  }()

  /// The calling thread's spare buffer of ``capacity`` uninitialized frames, now the caller's; `nil`
  /// when the thread has none (its graph is using it, or none has been given back yet).
  static func take() -> UnsafeMutablePointer<Graph.Frame>? {
    guard let spare = pthread_getspecific(key) else { return nil }
    pthread_setspecific(key, nil)
    return spare.assumingMemoryBound(to: Graph.Frame.self)
  }

  /// Keeps `buffer` (``capacity`` frames, none initialized) as the calling thread's spare, or frees
  /// it when the thread already has one.
  static func give(_ buffer: UnsafeMutablePointer<Graph.Frame>) {
    guard pthread_getspecific(key) == nil, pthread_setspecific(key, buffer) == 0 else {
      buffer.deallocate()
      return
    }
  }
}
