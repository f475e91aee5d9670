/// Carries an instance the container hands to several threads out of a lock.
///
/// A container's purpose is to share one instance (a singleton) with every thread that resolves
/// it, and the factories that make them are `@Sendable`; Swift cannot express that the product of
/// such a factory is shared on purpose, so it needs this one unchecked wrapper. It is only
/// created and unwrapped inside `SingletonStore`, under the store's `Mutex`.
struct Shared<Value>: @unchecked Sendable {  // guarded by SingletonStore.state (a Mutex)
  let value: Value
  init(_ value: Value) { self.value = value }
}
