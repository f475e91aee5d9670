import Surrogate

/// A synchronous resolve, from async code too (where `resolve` picks the async overload).
package func resolveNow<T>(_ type: T.Type, from container: Container) throws(ResolutionError) -> T {
  try container.resolve(type)
}

/// The error `body` threw, or `nil` when it returned: for expectations made after `body` ran on
/// another thread (Swift Testing records issues from the test's own task).
package func resolutionError<Value>(_ body: () throws -> Value) -> ResolutionError? {
  do {
    _ = try body()
    return nil
  } catch {
    return error as? ResolutionError
  }
}
