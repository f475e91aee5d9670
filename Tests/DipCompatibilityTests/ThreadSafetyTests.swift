import Dispatch
import Surrogate
import Testing

/// Dip's `ThreadSafetyTests`: many threads resolving from one container at once. (Dip runs them
/// only where Objective-C is available; the promise holds everywhere.)
struct ThreadSafetyTests {
  static let threads = 100

  /// Dip: a singleton resolved by many threads at once is made exactly once: every resolve
  /// succeeds and returns the same instance.
  @Test func singletonThreadSafety() {
    let container = Container()
    container.register(.singleton) { Server() }
    let resolved = Recorder<[Server]>([])
    let failures = Recorder<[String]>([])
    DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
      do {
        let server = try container.resolve(Server.self)
        resolved.update { $0.append(server) }
      } catch {
        failures.update { $0.append("\(error)") }
      }
    }
    #expect(failures.value.isEmpty, "\(failures.value.count) resolves threw, first: \(failures.value.first ?? "")")
    #expect(resolved.value.count == Self.threads)
    #expect(Set(resolved.value.map(ObjectIdentifier.init)).count == 1)
  }

  /// Dip: a `.shared` definition resolved by many threads at once makes one instance per resolve.
  @Test func factoryThreadSafety() {
    let container = Container()
    container.register { Server() }
    let resolved = Recorder<[Server]>([])
    DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
      guard let server = try? container.resolve(Server.self) else { return }
      resolved.update { $0.append(server) }
    }
    #expect(resolved.value.count == Self.threads)
    #expect(Set(resolved.value.map(ObjectIdentifier.init)).count == Self.threads)
  }

  /// Dip: graphs with a circular reference resolved by many threads at once are never mixed up:
  /// each client's server points back at that client.
  @Test func circularReferenceThreadSafety() {
    let container = Container()
    container.register { r in Client(server: try r.resolve()) }
    container.register { Server() }
      .resolvingProperties { r, server in server.client = try r.resolve() }
    let resolved = Recorder<[Client]>([])
    DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
      guard let client = try? container.resolve(Client.self) else { return }
      resolved.update { $0.append(client) }
    }
    #expect(resolved.value.count == Self.threads)
    #expect(Set(resolved.value.map(ObjectIdentifier.init)).count == Self.threads)
    #expect(resolved.value.allSatisfy { same($0.server.client, $0) })
  }

  /// Dip's exact shape: the client's factory resolves its server through the container, and the
  /// server's block resolves its client through the container on another queue.
  @Test
  func circularReferenceThreadSafetyThroughContainer() {
    let container = Container()
    container.register { [unowned container] in Client(server: try container.resolve()) }
    container.register { Server() }
      .resolvingProperties { [unowned container] _, server in
        server.client = DispatchQueue.global().sync { try? container.resolve(Client.self) }
      }
    let resolved = Recorder<[Client]>([])
    DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
      guard let client = try? container.resolve(Client.self) else { return }
      resolved.update { $0.append(client) }
    }
    #expect(resolved.value.count == Self.threads)
    #expect(Set(resolved.value.map(ObjectIdentifier.init)).count == Self.threads)
    #expect(resolved.value.allSatisfy { same($0.server.client, $0) })
  }
}
