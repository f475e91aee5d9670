import Synchronization

// INVARIANT: publication of instances shared across threads on purpose.
// - `Shared` is `@unchecked Sendable` because `Value` need not be: the box is immutable (`let
//   value`) and every user publishes it safely (listed at `Shared`): through `AtomicShared`
//   (release store, acquire load), under a lock, or in a `let` set at initialization.
// - `AtomicShared`'s `bits` is 0 or the address of one `Shared<Value>` this value retains:
//   published once by a compare-and-exchange from 0 (acquiring and releasing, so a reader's
//   acquiring load sees the box initialized), never replaced, released by `deinit`. A box read from
//   it lives as long as this value, that is as long as its owner (a `SingletonStore`).
// - `PublishedObject`'s `bits` is 0 or the address of one object this value retains, of the one
//   class its holder publishes (a registration's `SingletonStore`, a `LazyProxy`'s subject, a
//   `Lazy`'s `Shared` box): published once by a compare-and-exchange from 0 (acquiring and
//   releasing), never replaced, released when the value is destroyed (with its holder).
//   `object(as:)` hands it out unretained: a reader uses it only while it holds the holder.
// - `PublishedMarkOrObject`'s `bits` is 0, a mark (an aligned address, of type metadata, with bit 0
//   set: compared, never dereferenced) or the address of an object it retains with bit 1 set
//   (objects and metadata are aligned, so the two low bits are free): set once by a
//   compare-and-exchange from 0, never changed, the object released when the value is destroyed.
//   `object(as:)` hands the object out unretained, for a reader that holds the holder.
// - `ObjectIdentifier.address`: an object's or a type's address as an integer, to hash, compare or
//   mark; never turned back into a pointer.

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

  /// The published box's address, or 0: one atomic load, for code that reads it unretained
  /// (`Unretained(address:)`) while it holds this value's owner.
  @inlinable @inline(__always)
  var address: UInt { bits.load(ordering: .acquiring) }

  /// Publishes `shared` unless a value is already published; the first one wins.
  func publish(_ shared: Shared<Value>) {
    let bits = UInt(bitPattern: Unmanaged.passRetained(shared).toOpaque())
    let (exchanged, _) = self.bits.compareExchange(expected: 0, desired: bits, ordering: .acquiringAndReleasing)
    if !exchanged { Unmanaged<Shared<Value>>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release() }
  }
}

/// One object, published once and then read with one atomic load, and released with its holder:
/// a registration's singleton store, a lazy proxy's subject.
///
/// ```swift
/// let store = published.publish(SingletonStore<Instance>(isWeak: false))   // the first one wins
/// let made = published.object(as: SingletonStore<Instance>.self)?.withObject { $0.cachedValue }
/// ```
///
/// NB: not generic: its holders read it from code not specialized for their types, where a generic
/// stored field costs a metadata lookup per read. The type is the holder's to know: it always
/// publishes and reads the same one.
@usableFromInline
struct PublishedObject: ~Copyable, Sendable {
  /// 0, or the address of the published object, retained by this value.
  @usableFromInline let bits: Atomic<UInt>

  /// Nothing published yet.
  @inlinable
  init() { bits = Atomic(0) }

  /// `object`, retained, published from the start (or nothing, for `nil`).
  @usableFromInline
  init(retaining object: AnyObject?) {
    bits = Atomic(object.map { UInt(bitPattern: Unmanaged.passRetained($0).toOpaque()) } ?? 0)
  }

  deinit {
    let bits = bits.load(ordering: .acquiring)
    if bits != 0 { Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped).release() }
  }

  /// The published object's address, or 0: one atomic load.
  @inlinable @inline(__always)
  var address: UInt { bits.load(ordering: .acquiring) }

  /// Whether an object is published.
  @inlinable @inline(__always)
  var isPublished: Bool { address != 0 }

  /// The published object, unretained (the caller holds this value's holder), or `nil`.
  @inlinable @inline(__always)
  func object<Object: AnyObject>(as type: Object.Type) -> Unretained<Object>? {
    let address = address
    return address == 0 ? nil : Unretained(address: address)
  }

  /// Publishes `object`, retained, unless an object is published already; returns the one that is
  /// (the first one wins), unretained.
  @discardableResult
  func publish<Object: AnyObject>(_ object: Object) -> Unretained<Object> {
    let made = Unmanaged.passRetained(object)
    let (exchanged, current) = bits.compareExchange(
      expected: 0, desired: UInt(bitPattern: made.toOpaque()), ordering: .acquiringAndReleasing)
    if exchanged { return Unretained(object) }
    made.release()
    return Unretained(address: current)
  }
}

/// A word published once: a mark that says "this address needs nothing", or an object: a
/// registration's auto-injection cache (the type it makes needs no plan, or the plan).
///
/// ```swift
/// if cache.isMarked(typeAddress) { return nil }              // one relaxed load
/// cache.publish(plan, orMark: typeAddress)                   // the first one wins
/// let cached = cache.object(as: InjectionPlan.self)?.object
/// ```
///
/// NB: not generic, for the reason ``PublishedObject`` gives.
@usableFromInline
struct PublishedMarkOrObject: ~Copyable, Sendable {
  /// 0, `address | 1` for a mark, or a retained object's address `| 2`.
  @usableFromInline let bits: Atomic<UInt>

  /// Nothing published yet.
  @inlinable
  init() { bits = Atomic(0) }

  deinit {
    let bits = bits.load(ordering: .acquiring)
    if bits & 2 != 0 { Unretained<AnyObject>(address: bits & ~2).reference.release() }
  }

  /// Whether the mark of `address` is published: one relaxed load and a comparison.
  @inlinable @inline(__always)
  func isMarked(_ address: UInt) -> Bool { bits.load(ordering: .relaxed) == address | 1 }

  /// Whether a mark or an object is published.
  @inlinable
  var isPublished: Bool { bits.load(ordering: .acquiring) != 0 }

  /// The published object, unretained (the caller holds this value's holder), or `nil` when
  /// nothing or a mark is published.
  @inlinable
  func object<Object: AnyObject>(as type: Object.Type) -> Unretained<Object>? {
    let bits = bits.load(ordering: .acquiring)
    return bits & 2 != 0 ? Unretained(address: bits & ~2) : nil
  }

  /// Publishes `object`, retained, or the mark of `address` when `object` is `nil`, unless
  /// something is published already (then this changes nothing).
  @usableFromInline
  func publish(_ object: AnyObject?, orMark address: UInt) {
    let desired = object.map { UInt(bitPattern: Unmanaged.passRetained($0).toOpaque()) | 2 } ?? address | 1
    let (exchanged, _) = bits.compareExchange(expected: 0, desired: desired, ordering: .acquiringAndReleasing)
    if !exchanged, let object { Unmanaged.passUnretained(object).release() }
  }

  /// Publishes what `other` holds (its object retained once more for this value) unless this
  /// holds something already.
  func publish(copyOf other: borrowing PublishedMarkOrObject) {
    let bits = other.bits.load(ordering: .acquiring)
    guard bits != 0, self.bits.load(ordering: .relaxed) == 0 else { return }
    let object = bits & 2 != 0 ? Unretained<AnyObject>(address: bits & ~2).reference : nil
    _ = object?.retain()
    let (exchanged, _) = self.bits.compareExchange(expected: 0, desired: bits, ordering: .acquiringAndReleasing)
    if !exchanged { object?.release() }
  }
}

extension ObjectIdentifier {
  /// The address of the object or the type metadata this identifies, as an integer: to hash,
  /// compare or mark (``PublishedMarkOrObject``), never turned back into a pointer.
  ///
  /// ```swift
  /// let hash = mix(ObjectIdentifier(T.self).address ^ seed)
  /// ```
  @inlinable @inline(__always)
  var address: UInt { UInt(bitPattern: self) }
}
