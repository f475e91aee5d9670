// INVARIANT: what the rest of the runtime takes on trust, each behind one small API (#34).
// - `Unretained`: a reference held without retaining it. Its holder must know what keeps the object
//   alive for as long as it uses it (a snapshot a read section holds, see Container.swift; the root
//   a graph keeps, see Graph.swift; a proxy's published subject, see CreationState.swift) and say
//   so where it makes one. `withObject` borrows the object for its body (no retain), `object`
//   returns it retained. `init(address:)` trusts its caller that the address is a live object of
//   type `Object` (a registry table's entry, a store a registration retains).
// - `trustedDowncast`: a registration stored under `TypeKey(T, Arguments)` is a `Registration<T,
//   Arguments>` (see Registration.swift); checked in debug builds, unchecked in release ones, where
//   `as!` cost a made singleton's `try await resolve` 27% (async-singleton 1,522 against 1,933
//   instructions, callgrind, 2026-11-26).
// - `TaskOwned` and `handedOver(_:)`: values a task (or thread) owns cross an isolation boundary
//   without `Sendable` checks, to code that runs and returns before its caller goes on: the caller
//   awaits it, or it runs synchronously on the caller's thread. So no two threads use them at once.
//   The uses, each with its own argument in its file: an async resolution's hop to the main actor
//   (its resolver, graph, arguments and the instance being made; MainActorHop.swift),
//   `onMainActor`'s `assumeIsolated` after checking the graph runs there
//   (Container+MainActor.swift; `assumingMainActor(_:)` casts the main-actor closure to a plain
//   one, as `assumeIsolated` does, after the caller checked the thread; debug builds check it
//   again), and a proxy's async `forward`, whose `body` is written in the
//   caller's own isolation (Proxy.swift, InterceptingProxy.swift). Only the runtime makes one.
// - `trustedObject` and `trustedInstance`: an instance of a class type and the `AnyObject` it is,
//   the same bits; only when the caller checked `Instance.self is AnyObject.Type`. Checked in debug
//   builds.
// - `TagSlot.borrowedBits`: a tag's bits copied without retaining it (see BorrowedKey.swift for who
//   keeps the tag alive); `unsafeBitCast` checks that the sizes match, in every build.

/// A reference to `Object` that does not keep it alive: whoever holds one knows what does.
///
/// ```swift
/// let snapshot = Unretained(currentSnapshot)   // the read section holds `currentSnapshot`
/// let hasEntry = snapshot.withObject { $0.registry.containsUntagged(key) }
/// ```
///
/// NB: not an `unowned(unsafe)` field: reading such a field makes a strong copy, one retain and
/// release per read, on a cache line every thread resolving from the same container writes
/// (measured: S1 scaled 1.5x on two threads with it). A struct around `Unmanaged`, inlined away.
@usableFromInline
struct Unretained<Object: AnyObject>: Equatable {
  @usableFromInline let reference: Unmanaged<Object>

  /// Refers to `object` without retaining it; the caller keeps it alive while this is used.
  @inlinable @inline(__always)
  init(_ object: Object) { reference = .passUnretained(object) }

  /// Refers to the object at `address`, which the caller knows is a live `Object` (never 0).
  @inlinable @inline(__always)
  init(address: UInt) { reference = .fromOpaque(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped) }

  /// The object, retained: for code that keeps it or passes it on.
  @inlinable @inline(__always)
  var object: Object { reference.takeUnretainedValue() }

  /// Calls `body` with the object borrowed: no retain and release around the call.
  @inlinable @inline(__always)
  func withObject<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
    try reference._withUnsafeGuaranteedRef(body)
  }

  /// Whether this refers to `object`.
  @inlinable @inline(__always)
  func refers(to object: Object) -> Bool { reference.toOpaque() == Unmanaged.passUnretained(object).toOpaque() }

  @inlinable @inline(__always)
  static func == (lhs: Self, rhs: Self) -> Bool { lhs.reference.toOpaque() == rhs.reference.toOpaque() }
}

/// `object` as a `T`, which the caller's key guarantees it is: checked in debug builds only.
///
/// ```swift
/// let registration = trustedDowncast(entry, to: Registration<T, Arguments>.self)
/// ```
@inlinable @inline(__always)
func trustedDowncast<T: AnyObject>(_ object: AnyObject, to type: T.Type) -> T {
  assert(object is T, "a registration stored under a key is not of the key's types")
  return unsafeDowncast(object, to: T.self)
}

/// `instance` as the object it is, for an `Instance` that the caller checked is a class
/// (`Instance.self is AnyObject.Type`, decided at compile time in specialized code): no box and no
/// dynamic cast. Checked in debug builds only.
///
/// ```swift
/// let kept = Instance.self is AnyObject.Type ? trustedObject(instance) : Shared(instance)
/// ```
@inlinable @inline(__always)
func trustedObject<Instance>(_ instance: Instance) -> AnyObject {
  assert(Instance.self is AnyObject.Type, "\(Instance.self) is not a class")
  return unsafeBitCast(instance, to: AnyObject.self)
}

/// `object` as an `Instance`, a class type that the caller checked and that `object` was made as
/// (``trustedObject(_:)``'s inverse). Checked in debug builds only.
///
/// ```swift
/// if Instance.self is AnyObject.Type { return trustedInstance(object, as: Instance.self) }
/// ```
@inlinable @inline(__always)
func trustedInstance<Instance>(_ object: AnyObject, as type: Instance.Type) -> Instance {
  assert(object is Instance, "an object is not a \(Instance.self)")
  return unsafeBitCast(object, to: Instance.self)
}

/// Moves values a task owns across an isolation boundary it is about to await.
///
/// ```swift
/// let owned = TaskOwned(value: (graph, input))
/// let output = try await runOnMain(owned, body)
/// ```
///
/// NB: unchecked by design (see the invariant at the top); not a lock.
@usableFromInline
struct TaskOwned<Value>: @unchecked Sendable {  // no lock: one task at a time (invariant at the top)
  @usableFromInline let value: Value
  @usableFromInline init(value: Value) { self.value = value }
}

/// `body`'s result, run with the main actor's isolation on this thread, which the caller checked
/// is the main actor's: what `MainActor.assumeIsolated` does (the same cast of the closure), for a
/// result that is not `Sendable`; it never leaves this thread. Debug builds check the isolation.
///
/// ```swift
/// guard graph.isOnMainActor else { throw graph.requiresMainActor(key) }
/// return try assumingMainActor { try body(resolver, input) }
/// ```
///
/// NB: not `assumeIsolated` returning a box: a `Shared<Result>` box took a lookup of its generic
/// metadata each call, in code not specialized for the result's type, and a temporary slot one
/// of `Swift.Result`'s (about 480 and 120 instructions, three a `@MainActor` view resolved;
/// callgrind `screen`).
@inlinable @inline(__always)
func assumingMainActor<Result>(_ body: @MainActor () throws -> Result) throws -> Result {
  #if DEBUG
    MainActor.preconditionIsolated()
  #endif
  // A synchronous closure's isolation is not part of its representation.
  return try withoutActuallyEscaping(body) { body in try unsafeBitCast(body, to: (() throws -> Result).self)() }
}

/// `value` in a region of its own, as if no one else held it: what ``TaskOwned`` does, for a value
/// handed to code that runs before its caller goes on, without a wrapper (whose generic metadata
/// unspecialized code looks up at run time).
///
/// ```swift
/// let subject = handedOver(try requireSubject(for: access))
/// return try await body(subject)   // `body` runs in the caller's isolation, awaited here
/// ```
///
/// NB: `onMainActor` with a `TaskOwned` cost the `screen` graph 4% more instructions (34,106
/// against 32,719, callgrind, 2026-11-26): it runs in code not specialized for the screen's types.
@inlinable @inline(__always)
func handedOver<Value>(_ value: Value) -> sending Value {
  nonisolated(unsafe) let value = value
  return value
}

extension TagSlot {
  /// The slot bit for bit, without retaining its tag: what a frame or resolver holds.
  ///
  /// ```swift
  /// let bits = key.tagSlot.borrowedBits   // the key keeps the tag alive
  /// ```
  @inlinable @inline(__always)
  var borrowedBits: BorrowedKey.TagBits { unsafeBitCast(self, to: BorrowedKey.TagBits.self) }

  /// The slot whose bits were borrowed, its tag retained again; the tag must still be alive.
  @inlinable @inline(__always)
  init(borrowedBits: BorrowedKey.TagBits) { self = unsafeBitCast(borrowedBits, to: TagSlot.self) }
}
