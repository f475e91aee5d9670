import SuiteSupport
import Surrogate
import Testing

private final class Connection: Sendable {}

private final class ConnectionReport: Sendable {
  let connection: Connection
  init(connection: Connection) { self.connection = connection }
}

/// A container made inside a scope (`Container(parent: scope)`) is in that scope: a `.shared` or
/// `.unique` instance its own definition makes there is the scope's, and its disposal runs when
/// the scope ends, whether the graph started in that container or joined a scope's graph.
struct ChildContainerInScopeDisposalTests {
  @Test func aChildContainersInstanceMadeInAScopeIsDisposedWhenTheScopeEnds() async throws {
    let journal = DisposalJournal()
    let app = Container()
    try await app.withScope { scope in
      let feature = Container(parent: scope)
      feature.register(.shared) { Connection() }.disposing { _ in journal.note("Connection") }
      _ = try await feature.resolve(Connection.self)
      #expect(journal.disposed.isEmpty)
    }
    #expect(journal.disposed == ["Connection"])
  }

  @Test func aChildContainersInstanceMadeInASynchronousScopeIsDisposedWhenTheScopeEnds() throws {
    let journal = DisposalJournal()
    let app = Container()
    try app.withScope { scope in
      let feature = Container(parent: scope)
      feature.register(.unique) { Connection() }.disposing { _ in journal.note("Connection") }
      _ = try feature.resolve(Connection.self)
    }
    #expect(journal.disposed == ["Connection"])
  }

  @Test func aChildContainersInstanceMadeInAScopesGraphItJoinedIsDisposedWhenTheScopeEnds() throws {
    let journal = DisposalJournal()
    let app = Container()
    try app.withScope { scope in
      let feature = Container(parent: scope)
      feature.register(.shared) { Connection() }.disposing { _ in journal.note("Connection") }
      // A factory that calls the child's `resolve` joins the scope's graph.
      scope.register { _ in ConnectionReport(connection: try feature.resolve(Connection.self)) }
      _ = try scope.resolve(ConnectionReport.self)
    }
    #expect(journal.disposed == ["Connection"])
  }
}
