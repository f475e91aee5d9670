/// Carries an instance the container hands to several threads.
///
/// A container's purpose is to share one instance (a singleton) with every thread that resolves
/// it, and the factories that make them are `@Sendable`; Swift cannot express that the product of
/// such a factory is shared on purpose, so it needs this one unchecked wrapper. It is immutable,
/// and only `SingletonStore` creates it: published through its `AtomicLazyReference` (release
/// store, acquire load) or read and written under its `Mutex`.
@usableFromInline
final class Shared<Value>: @unchecked Sendable {  // guarded by SingletonStore's atomic and Mutex
  @usableFromInline let value: Value
  @usableFromInline init(_ value: Value) { self.value = value }
}
