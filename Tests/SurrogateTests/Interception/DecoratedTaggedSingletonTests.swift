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

  /// Each tag's requests are decorated, around the one singleton, and each tag's chain is made once.
  @Test func eachTagIsDecoratedAroundTheOneSingleton() throws {
    let app = app()
    let plain = try #require(try app.resolve((any Accounts).self) as? CachingAccounts)
    let primary = try #require(try app.resolve((any Accounts).self, tag: "primary") as? CachingAccounts)
    #expect(plain.upstream === primary.upstream)
    #expect(try app.resolve((any Accounts).self) === plain)
    #expect(try app.resolve((any Accounts).self, tag: "primary") === primary)
  }

  /// What a singleton promises, one instance per definition whatever tag asks, is not yet what the
  /// decorator chains do: each tag's request has its own (two caches). Known, not fixed: the
  /// decoration is made per decorated key.
  @Test func bothTagsGetTheSameDecoratedInstance() throws {
    let app = app()
    let plain = try app.resolve((any Accounts).self)
    let primary = try app.resolve((any Accounts).self, tag: "primary")
    withKnownIssue("a decorated singleton forwarded under two tags has a decorator chain per tag") {
      #expect(plain === primary)
    }
  }
}
