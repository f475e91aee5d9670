import SuiteSupport
import Surrogate
import Testing

/// A definition whose instances are of several dynamic types, some ``Disposable`` and some not:
/// the container remembers a type found not to conform, and must not take the next instance for
/// one of it.
struct MixedDisposabilityTests {
  private protocol Connection: Sendable {}
  private final class PlainConnection: Connection {}
  private final class ClosingConnection: Connection, Disposable {
    let name: String
    let journal: DisposalJournal
    init(_ name: String, journal: DisposalJournal) {
      self.name = name
      self.journal = journal
    }
    func dispose() async throws { journal.note(name) }
  }

  private final class Counter: Sendable {
    private let next = Locked(0)
    func take() -> Int {
      next.withLock { value in
        defer { value += 1 }; return value
      }
    }
  }

  @Test func everyDisposableInstanceOfADefinitionThatAlsoMakesPlainOnesIsDisposed() async throws {
    let journal = DisposalJournal()
    let counter = Counter()
    let app = Container()
    app.register(.unique) { () -> any Connection in
      let index = counter.take()
      return index.isMultiple(of: 2) ? PlainConnection() : ClosingConnection("connection \(index)", journal: journal)
    }
    for _ in 0..<3 {
      try await app.withScope { scope in
        for _ in 0..<4 { _ = try await scope.resolve((any Connection).self) }
      }
    }
    #expect(
      journal.disposed == [
        "connection 3", "connection 1", "connection 7", "connection 5", "connection 11", "connection 9",
      ])
  }
}
