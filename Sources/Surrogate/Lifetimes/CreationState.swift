import Synchronization

// INVARIANT: proxies' subjects; Lazy.swift, LazyProxy.swift and LeakCheckTransparent.swift point
// here. `subject` holds the subject: an object (`LazyProxy`) or `Shared` box (`Lazy`), retained
// once. It is published once, under `lock`, read with an acquiring load, never changed, and
// released with this state, that is with its owner, so a reader may use it unretained while it
// holds the owner (see `PublishedObject`, Unchecked/AtomicShared.swift).

/// What a ``LazyProxy`` needs to create its subject exactly once: where the subject is, which
/// thread is creating it, and the lock creation runs under.
///
/// NB: not generic, on purpose: the proxy reads `subject` on every forwarded call from
/// unspecialized code, where an `Atomic` stored in a generic class costs a metadata lookup.
@usableFromInline
final class CreationState: Sendable {
  /// The created subject (a `LazyProxy`'s subject, a `Lazy`'s box), once it is: published once,
  /// after the subject is made, and never changed; released with this state.
  @usableFromInline let subject = PublishedObject()
  /// The thread running the factory, to report a re-entrant use instead of deadlocking.
  let creatingThread = Atomic<UInt>(0)
  /// Creation runs under this lock: only users of one proxy wait for it, which is what exactly
  /// once means.
  let lock = Mutex<Void>(())

  /// The subject, once it is created, unretained (the caller holds the owner): one atomic load.
  @inlinable @inline(__always)
  func created<Subject: AnyObject>(as type: Subject.Type) -> Unretained<Subject>? { subject.object(as: type) }

  /// Whether the subject has been created.
  @inlinable @inline(__always)
  var isCreated: Bool { subject.isPublished }

  /// Publishes the subject; called once, under `lock`.
  func publish(_ created: AnyObject) {
    subject.publish(created)
  }
}
