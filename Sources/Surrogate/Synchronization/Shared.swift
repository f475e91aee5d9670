// INVARIANT: `@unchecked Sendable` because `Value` need not be: the box is immutable (`let value`)
// and every user publishes it safely (listed below): through `AtomicShared` (release store,
// acquire load), under a lock, or in a `let` set at initialization.

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
