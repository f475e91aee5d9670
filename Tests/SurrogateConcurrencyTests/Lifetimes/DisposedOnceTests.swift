import SuiteSupport
import Surrogate
import Testing

/// An object that several definitions handed out is disposed once, in a short run of disposals
/// (a scope's end) and in a long one (a container's shutdown).
struct DisposedOnceTests {
  private func disposals(singletons count: Int) async throws -> [String] {
    let journal = DisposalJournal()
    let shared = DisposableStub("shared", journal: journal)
    let app = Container()
    for index in 0..<count {
      app.register(.singleton, tag: "own \(index)") { DisposableStub("own \(index)", journal: journal) }
    }
    app.register(.singleton, tag: "first") { shared }
    app.register(.singleton, tag: "second") { shared }
    for index in 0..<count { _ = try await app.resolve(DisposableStub.self, tag: "own \(index)") }
    _ = try await app.resolve(DisposableStub.self, tag: "first")
    _ = try await app.resolve(DisposableStub.self, tag: "second")
    try await app.shutdown()
    return journal.disposed
  }

  @Test(arguments: [1, 40])
  func anObjectTwoSingletonsHandedOutIsDisposedOnce(singletons count: Int) async throws {
    let disposed = try await disposals(singletons: count)
    #expect(disposed.filter { $0 == "shared" }.count == 1)
    #expect(disposed.count == count + 1)
  }

  @Test func anObjectTwoScopedDefinitionsHandedOutIsDisposedOnceAtTheScopesEnd() throws {
    let journal = DisposalJournal()
    let shared = DisposableStub("shared", journal: journal)
    let app = Container()
    app.register(.scoped, tag: "first") { shared }.disposing { $0.journal.note("first") }
    app.register(.scoped, tag: "second") { shared }.disposing { $0.journal.note("second") }
    try app.withScope { scope in
      _ = try scope.resolve(DisposableStub.self, tag: "first")
      _ = try scope.resolve(DisposableStub.self, tag: "second")
    }
    #expect(journal.disposed == ["second"])
  }
}
