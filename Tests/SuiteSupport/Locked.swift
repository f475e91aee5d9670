import Surrogate
import Synchronization

/// A value behind a lock that ThreadSanitizer understands (see `Mutex.withLock(owner:_:)`).
package final class Locked<Value>: Sendable {
  private let storage: Mutex<Value>

  package init(_ value: sending Value) { storage = Mutex(value) }

  package func withLock<Result: Sendable>(_ body: (inout sending Value) -> Result) -> Result {
    storage.withLock(owner: self) { body(&$0) }
  }
}
