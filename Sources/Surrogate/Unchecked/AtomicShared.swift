import Synchronization

// INVARIANT: publication of instances shared across threads on purpose.
// - `Shared` is `@unchecked Sendable` because `Value` need not be: the box is immutable (`let value`)
//   and every user publishes it safely (listed at `Shared`): through `AtomicShared` (release store,
//   acquire load), under a lock, or in a `let` set at initialization.
// - `AtomicShared`'s `bits` is 0 or the address of one `Shared<Value>` this value retains:
//   published once by a compare-and-exchange from 0 (acquiring and releasing, so a reader's
//   acquiring load sees the box initialized), never replaced, released by `deinit`. A box read from
//   it lives as long as this value, that is as long as its owner (a `SingletonStore`).

/// Carries an instance that is handed to several threads on purpose.
///
/// A container shares one instance (a singleton) with every thread that resolves it; a `Lazy`
/// shares the instance it resolved; a protection proxy forwards every caller to one subject. Swift
/// cannot express that such an instance is shared on purpose, so they need this one unchecked,
/// immutable wrapper. Its users publish it safely: `SingletonStore` through an atomic pointer
/// (release store, acquire load) or under its `Mutex`, `Lazy` under its `Mutex`,
/// `ProtectionProxy` at initialization (a `let`).
@usableFromInline
final class Shared<Value>: @unchecked Sendable {  // published under SingletonStore/Lazy locks or by a let
  @usableFromInline let value: Value
  @usableFromInline init(_ value: Value) { self.value = value }
}

/// A value published once and then read with one atomic load: no lock, so readers on different
/// threads do not contend.
///
/// Holds a retained `Shared<Value>` as the bits of its pointer (`AtomicLazyReference` would do the
/// same, but its `load()` is not inlinable in Swift 6.3: an unspecialized call per read).
@usableFromInline
struct AtomicShared<Value>: ~Copyable, Sendable {
  @usableFromInline let bits = Atomic<UInt>(0)

  init() {}

  deinit {
    let bits = bits.load(ordering: .acquiring)
    if bits != 0 { Unmanaged<Shared<Value>>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release() }
  }

  /// The published value, if any.
  @inlinable
  var value: Shared<Value>? {
    let bits = bits.load(ordering: .acquiring)
    guard bits != 0, let pointer = UnsafeRawPointer(bitPattern: bits) else { return nil }
    return Unmanaged<Shared<Value>>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// Publishes `shared` unless a value is already published; the first one wins.
  func publish(_ shared: Shared<Value>) {
    let bits = UInt(bitPattern: Unmanaged.passRetained(shared).toOpaque())
    let (exchanged, _) = self.bits.compareExchange(expected: 0, desired: bits, ordering: .acquiringAndReleasing)
    if !exchanged { Unmanaged<Shared<Value>>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release() }
  }
}
