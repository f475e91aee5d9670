import SuiteSupport
import Surrogate
import Testing

/// A definition that hands out instances of several dynamic types, some of them ``Disposable``:
/// when a graph fails, each disposable one it made is disposed, whatever type came first.
struct FailedGraphMixedTypesTests {
  private protocol Link: Sendable {}
  private final class PlainLink: Link {}
  private final class ClosingLink: Link, Disposable {
    let journal: DisposalJournal
    init(journal: DisposalJournal) { self.journal = journal }
    func dispose() async throws { journal.note("closing link") }
  }
  private struct Missing: Sendable {}
  private final class Needy: Sendable {
    init(link: any Link, missing: Missing) {}
  }
  private final class Counter: Sendable {
    private let next = Locked(0)
    func take() -> Int {
      next.withLock { value in
        defer { value += 1 }
        return value
      }
    }
  }

  @Test func aDisposableInstanceAfterAPlainOneIsDisposedWhenItsGraphFails() async throws {
    let journal = DisposalJournal()
    let counter = Counter()
    let app = Container()
    app.register(.unique) { () -> any Link in
      counter.take() == 0 ? PlainLink() : ClosingLink(journal: journal)
    }
    app.register { r in Needy(link: try r.resolve(), missing: try r.resolve()) }
    _ = try await app.resolve((any Link).self)  // a plain one first, received
    await #expect(throws: ResolutionError.self) { try await app.resolve(Needy.self) }
    #expect(journal.disposed == ["closing link"])
  }
}
