import Foundation
import Surrogate

// MARK: - Services

/// The service most of Dip's cases register, usually under its protocol type.
protocol Service: AnyObject {}
/// A second protocol that a service is forwarded to.
protocol ForwardedType: AnyObject {}

final class ServiceImp1: Service, ForwardedType {}
final class ServiceImp2: Service, ForwardedType {}
/// A type that implements neither protocol.
final class ServiceImp3 {}

// MARK: - A server and its client

/// Holds its client weakly; the client is set by property injection.
final class Server {
  weak var client: Client?
}

/// Receives its server in its initializer.
final class Client {
  let server: Server
  init(server: Server) { self.server = server }
}

// MARK: - Recording from factories

/// A value that `@Sendable` factories and blocks can read and change from any thread.
final class Recorder<Value>: @unchecked Sendable {  // every access to `storage` holds `lock`
  private let lock = NSLock()
  private var storage: Value

  init(_ value: Value) { storage = value }

  var value: Value {
    get { lock.withLock { storage } }
    set { lock.withLock { storage = newValue } }
  }

  /// Changes the value in one critical section.
  func update(_ body: (inout Value) -> Void) { lock.withLock { body(&storage) } }
}

extension Recorder where Value == Int {
  func increment() { update { $0 += 1 } }
}

extension Recorder where Value == Bool {
  func set() { value = true }
}

/// An error of the user's own, thrown from factories and blocks.
struct UserError: Error, Equatable {
  var reason = "simulated failure"
}

// MARK: - Identity

/// Whether two references are the same object.
///
/// NB: a function, not `#expect(a === b)`: Swift 6.3.1 crashes type-checking that macro when its
/// left operand is a plain `AnyObject` (an existential of a class-bound protocol opens to one).
func same(_ lhs: AnyObject?, _ rhs: AnyObject?) -> Bool { lhs === rhs }
