import Synchronization

// INVARIANT: `@unchecked Sendable` because of its `var`s: `stored` and `bound` are read and written
// only under `lock`.

/// The object of a ``WeakRefProxy`` made unbound, set once by the container when the object's
/// initializer has returned.
@usableFromInline
final class LateBinding<T: AnyObject>: @unchecked Sendable {  // `stored` and `bound` only under `lock`
  private let lock = Mutex(())
  private weak var stored: T?
  private var bound = false

  init() {}

  @usableFromInline var object: T? { lock.withLock(owner: self) { _ in stored } }

  var isBound: Bool { lock.withLock(owner: self) { _ in bound } }

  func bind(_ object: T) {
    lock.withLock(owner: self) { _ in
      guard !bound else { return }
      stored = object
      bound = true
    }
  }
}

/// A proxy the container can hand out before its subject exists and bind afterwards: the way a
/// hand-written composition root breaks a cycle between two initializers.
protocol LateBindableProxy: Proxy, SendableMetatype {
  static func makeUnbound() -> Self
  func bind(erased object: Any)
}
