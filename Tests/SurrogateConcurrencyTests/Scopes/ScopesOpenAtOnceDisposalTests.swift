import SuiteSupport
import Surrogate
import Testing

private final class RequestLog: Sendable {
  let name: String
  init(name: String) { self.name = name }
}

/// Every graph in every scope shares one observer, which keeps a new instance's disposal in the
/// scope of the graph's root: scopes open at the same time (side by side, or one inside another's
/// body, or a scope of a scope) each dispose only what was made in them.
struct ScopesOpenAtOnceDisposalTests {
  private func makeApp(_ journal: DisposalJournal) -> Container {
    let app = Container()
    app.register(.shared) { r in RequestLog(name: try r.resolve(String.self)) }
      .disposing { log in journal.note(log.name) }
    return app
  }

  @Test func aScopeOpenedInsideAnotherScopesBodyDisposesOnlyItsOwnInstances() throws {
    let journal = DisposalJournal()
    let app = makeApp(journal)
    try app.withScope { outer in
      outer.register { "outer" }
      _ = try outer.resolve(RequestLog.self)
      try app.withScope { inner in
        inner.register { "inner" }
        _ = try inner.resolve(RequestLog.self)
      }
      #expect(journal.disposed == ["inner"])
      _ = try outer.resolve(RequestLog.self)
    }
    #expect(journal.disposed == ["inner", "outer", "outer"])
  }

  @Test func aScopeOfAScopeKeepsItsDisposalsApartFromTheOuterScope() async throws {
    let journal = DisposalJournal()
    let app = makeApp(journal)
    try await app.withScope { outer in
      outer.register { "outer" }
      try await outer.withScope { inner in
        inner.register { "inner" }
        _ = try await inner.resolve(RequestLog.self)
        _ = try await outer.resolve(RequestLog.self)
      }
      #expect(journal.disposed == ["inner"])
    }
    #expect(journal.disposed == ["inner", "outer"])
  }

  @Test func scopesOpenOnSeveralTasksEachDisposeWhatTheyMade() async throws {
    let journal = DisposalJournal()
    let app = makeApp(journal)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<8 {
        group.addTask {
          try await app.withScope { scope in
            scope.register { "request \(index)" }
            _ = try await scope.resolve(RequestLog.self)
            _ = try await scope.resolve(RequestLog.self)
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(journal.disposed.sorted() == (0..<8).flatMap { ["request \($0)", "request \($0)"] }.sorted())
  }
}
