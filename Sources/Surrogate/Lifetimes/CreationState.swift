import Synchronization

// INVARIANT: proxies' subjects; Lazy.swift, LazyProxy.swift and LeakCheckTransparent.swift point
// here. `address` is 0 or the subject: an object (`LazyProxy`) or `Shared` box (`Lazy`) the owner
// retains once. It is published once, under `lock`, with a releasing store, read with an acquiring
// load, never changed, and released by the owner's `deinit`, so a reader may use it unretained
// while it holds the owner.

/// What a ``LazyProxy`` needs to create its subject exactly once: where the subject is, which
/// thread is creating it, and the lock creation runs under.
///
/// NB: not generic, on purpose: the proxy reads `subject` on every forwarded call from
/// unspecialized code, where an `Atomic` stored in a generic class costs a metadata lookup.
@usableFromInline
final class CreationState: Sendable {
  /// The address of the created subject (an object the owner retains once, or memory it
  /// allocates: a `LazyProxy`'s subject, a `Lazy`'s box), or 0: published once, with release
  /// ordering, after the subject is made, and never changed (the owner releases it in its
  /// `deinit`).
  @usableFromInline let address = Atomic<UInt>(0)
  /// The thread running the factory, to report a re-entrant use instead of deadlocking.
  let creatingThread = Atomic<UInt>(0)
  /// Creation runs under this lock: only users of one proxy wait for it, which is what exactly
  /// once means.
  let lock = Mutex<Void>(())

  /// Where the subject lives, once it is created: one atomic load.
  @inlinable @inline(__always)
  var subject: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: address.load(ordering: .acquiring)) }

  /// Publishes the initialized subject; called once, under `lock`.
  func publish(_ subject: UnsafeMutableRawPointer) {
    address.store(UInt(bitPattern: subject), ordering: .releasing)
  }
}
