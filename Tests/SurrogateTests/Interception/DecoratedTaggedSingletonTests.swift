import SuiteSupport
import Surrogate
import Testing

private protocol Accounts: AnyObject {}
private final class RemoteAccounts: Accounts {}
private final class CachingAccounts: Accounts {
  let upstream: any Accounts
  init(upstream: any Accounts) { self.upstream = upstream }
}

/// A singleton forwarded under two tags and decorated without a tag (outside client 16).
struct DecoratedTaggedSingletonTests {
  private func app() -> Container {
    let app = Container()
    app.register(.singleton) { RemoteAccounts() }
      .implements((any Accounts).self)
      .implements((any Accounts).self, tag: "primary")
    app.decorate((any Accounts).self) { _, inner in CachingAccounts(upstream: inner) }
    return app
  }

  /// Each tag's requests are decorated, around the one singleton, and the chain is made once.
  @Test func eachTagIsDecoratedAroundTheOneSingleton() throws {
    let app = app()
    let plain = try #require(try app.resolve((any Accounts).self) as? CachingAccounts)
    let primary = try #require(try app.resolve((any Accounts).self, tag: "primary") as? CachingAccounts)
    #expect(plain.upstream === primary.upstream)
    #expect(try app.resolve((any Accounts).self) === plain)
    #expect(try app.resolve((any Accounts).self, tag: "primary") === primary)
  }

  /// A singleton is one instance whatever tag asks for it, decorated too: one decorator chain for
  /// both tags (each tag's request had its own, two caches, before).
  @Test func bothTagsGetTheSameDecoratedInstance() throws {
    let app = app()
    let plain = try app.resolve((any Accounts).self)
    let primary = try app.resolve((any Accounts).self, tag: "primary")
    #expect(plain === primary)
  }

  /// A custom scope's reset renews the decorated instance once for both tags.
  @Test func bothTagsShareTheDecoratedInstanceOfACustomScopeAcrossResets() throws {
    let session = Scope.custom("decorated-tagged-session")
    let app = Container()
    app.register(session) { RemoteAccounts() }
      .implements((any Accounts).self)
      .implements((any Accounts).self, tag: "primary")
    app.decorate((any Accounts).self) { _, inner in CachingAccounts(upstream: inner) }
    let before = try app.resolve((any Accounts).self)
    #expect(try app.resolve((any Accounts).self, tag: "primary") === before)
    app.reset(session)
    let plain = try app.resolve((any Accounts).self)
    let primary = try app.resolve((any Accounts).self, tag: "primary")
    #expect(plain !== before)
    #expect(plain === primary)
  }

  /// Decorating one tag only leaves the other tag's requests undecorated, as before.
  @Test func decoratingOneTagDecoratesThatTagOnly() throws {
    let app = Container()
    app.register(.singleton) { RemoteAccounts() }
      .implements((any Accounts).self)
      .implements((any Accounts).self, tag: "primary")
    app.decorate((any Accounts).self, tag: "primary") { _, inner in CachingAccounts(upstream: inner) }
    #expect(try app.resolve((any Accounts).self) is RemoteAccounts)
    let primary = try #require(try app.resolve((any Accounts).self, tag: "primary") as? CachingAccounts)
    #expect(primary.upstream === (try app.resolve((any Accounts).self)))
  }
}
