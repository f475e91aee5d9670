import SuiteSupport
import Surrogate
import Testing

/// What a child container's (or a scope's) graph finds for an untagged request: its own
/// definition first, then its parent's, with the parent as the owner of what it registered.
struct ChildLookupOrderTests {
  private protocol Greeter: Sendable { var name: String { get } }
  private final class Named: Greeter {
    let name: String
    init(_ name: String) { self.name = name }
  }
  private final class Polite: Greeter {
    let name = "polite"
  }
  private final class Welcome: Sendable {
    let greeter: any Greeter
    init(greeter: any Greeter) { self.greeter = greeter }
  }
  private final class Late: Sendable {}
  private final class PoolUser: Sendable {
    let pool: DisposableStub
    init(pool: DisposableStub) { self.pool = pool }
  }
  private final class Early: Sendable {
    let late: Late
    init(late: Late) { self.late = late }
  }

  @Test func aChildsOwnDefinitionIsFoundBeforeItsParents() throws {
    let app = Container()
    app.register { Named("app") as any Greeter }
    app.register { r in Welcome(greeter: try r.resolve()) }
    let child = Container(parent: app)
    child.register { Named("child") as any Greeter }
    #expect(try child.resolve(Welcome.self).greeter.name == "child")
    #expect(try app.resolve(Welcome.self).greeter.name == "app")
  }

  @Test func aChildsForwardedTypeIsFoundBeforeItsParentsRegistration() throws {
    let app = Container()
    app.register { Named("app") as any Greeter }
    app.register { r in Welcome(greeter: try r.resolve()) }
    let child = Container(parent: app)
    child.register { Polite() }.implements((any Greeter).self)
    #expect(try child.resolve(Welcome.self).greeter.name == "polite")
  }

  @Test func aParentsSingletonResolvedThroughAChildIsTheParentsToDispose() async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.singleton) { DisposableStub("pool", journal: journal) }
    let child = Container(parent: app)
    child.register { r in PoolUser(pool: try r.resolve()) }
    let first = try resolveNow(PoolUser.self, from: child).pool
    #expect(try resolveNow(DisposableStub.self, from: Container(parent: app)) === first)
    try await child.shutdown()
    #expect(journal.disposed == [])
    try await app.shutdown()
    #expect(journal.disposed == ["pool"])
  }

  @Test func whatTheParentRegistersWhileAChildsGraphIsBuiltIsFound() throws {
    let app = Container()
    app.register { Named("app") as any Greeter }
    app.register { r -> Early in
      app.register { Late() }
      return Early(late: try r.resolve())
    }
    let child = Container(parent: app)
    child.register { r in Welcome(greeter: try r.resolve()) }
    let early = try child.resolve(Early.self)
    #expect(try child.resolve(Welcome.self).greeter.name == "app")
    #expect(early.late !== (try child.resolve(Late.self)))
  }

  @Test func aGrandchildFindsEachAncestorsDefinitionsNearestFirst() throws {
    let app = Container()
    app.register { Named("app") as any Greeter }
    app.register { r in Welcome(greeter: try r.resolve()) }
    let screen = Container(parent: app)
    screen.register { Named("screen") as any Greeter }
    let detail = Container(parent: screen)
    #expect(try detail.resolve(Welcome.self).greeter.name == "screen")
  }

  @Test func aScopeFindsItsOwnRegistrationBeforeTheApps() async throws {
    let app = Container()
    app.register { Named("app") as any Greeter }
    app.register { r in Welcome(greeter: try r.resolve()) }
    let name = try await app.withScope { scope in
      scope.register { Named("request") as any Greeter }
      return try await scope.resolve(Welcome.self).greeter.name
    }
    #expect(name == "request")
  }
}
