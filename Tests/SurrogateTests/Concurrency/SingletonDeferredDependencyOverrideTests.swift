import SuiteSupport
import Surrogate
import Testing

private protocol Feed: Sendable { var name: String { get } }
private final class LiveFeed: Feed {
  var name: String { "live" }
}
private final class StubFeed: Feed {
  var name: String { "stub" }
}

private final class LazyFeedReader: Sendable {
  let feed: Lazy<any Feed>
  init(feed: Lazy<any Feed>) { self.feed = feed }
}
private final class FeedMaker: Sendable {
  let feeds: Provider<any Feed>
  init(feeds: Provider<any Feed>) { self.feeds = feeds }
}
private final class AsyncLazyFeedReader: Sendable {
  let feed: AsyncLazy<any Feed>
  init(feed: AsyncLazy<any Feed>) { self.feed = feed }
}
private final class AsyncFeedMaker: Sendable {
  let feeds: AsyncProvider<any Feed>
  init(feeds: AsyncProvider<any Feed>) { self.feeds = feeds }
}

/// A singleton resolves its dependencies without the overrides, and so does what it takes later: a
/// `Lazy`, `Provider`, `AsyncLazy` or `AsyncProvider` it holds resolves, wherever it is read, in
/// the singleton's container without the overrides (a lazy would keep the mock for the app's life).
struct SingletonDeferredDependencyOverrideTests {
  private func app() -> Container {
    let app = Container()
    app.register(.unique, type: (any Feed).self) { LiveFeed() }
    app.autowire(.singleton, LazyFeedReader.init)
    app.autowire(.singleton, FeedMaker.init)
    app.autowire(.singleton, AsyncLazyFeedReader.init)
    app.autowire(.singleton, AsyncFeedMaker.init)
    return app
  }

  private func stub(_ overrides: Container) {
    overrides.register(.unique, type: (any Feed).self) { StubFeed() }
  }

  @Test func aSingletonsLazyReadInsideOverridesResolvesWithoutThemAndKeepsTheAppsInstance() throws {
    let app = app()
    let reader = try app.resolve(LazyFeedReader.self)
    let inside = try app.withOverrides(stub) { try reader.feed.value.name }
    #expect(inside == "live")
    #expect(try reader.feed.value.name == "live")
  }

  @Test func aSingletonFirstMadeInsideOverridesTakesItsLazyWithoutThem() throws {
    let app = app()
    let inside = try app.withOverrides(stub) { try app.resolve(LazyFeedReader.self).feed.value.name }
    #expect(inside == "live")
    #expect(try app.resolve(LazyFeedReader.self).feed.value.name == "live")
  }

  @Test func aSingletonsProviderCalledInsideOverridesResolvesWithoutThem() throws {
    let app = app()
    let maker = try app.resolve(FeedMaker.self)
    #expect(try app.withOverrides(stub) { try maker.feeds().name } == "live")
    #expect(try maker.feeds().name == "live")
  }

  @Test func aSingletonsAsyncLazyAndAsyncProviderResolveWithoutTheOverrides() async throws {
    let app = app()
    let reader = try await app.resolve(AsyncLazyFeedReader.self)
    let maker = try await app.resolve(AsyncFeedMaker.self)
    let inside = try await app.withOverrides(stub) {
      [try await reader.feed.value.name, try await maker.feeds().name]
    }
    #expect(inside == ["live", "live"])
    #expect(try await reader.feed.value.name == "live")
  }

  @Test func aLazyOfADefinitionThatIsNoSingletonHonoursTheOverridesItIsReadIn() throws {
    let app = Container()
    app.register(.unique, type: (any Feed).self) { LiveFeed() }
    app.autowire(.unique, LazyFeedReader.init)
    app.autowire(.unique, FeedMaker.init)
    let reader = try app.resolve(LazyFeedReader.self)
    let maker = try app.resolve(FeedMaker.self)
    #expect(try app.withOverrides(stub) { [try reader.feed.value.name, try maker.feeds().name] } == ["stub", "stub"])
    #expect(try maker.feeds().name == "live")
  }

  @Test func aChildsSingletonTakesItsLazyWithoutTheOverridesOfItsParent() throws {
    let app = Container()
    app.register(.unique, type: (any Feed).self) { LiveFeed() }
    let child = Container(parent: app)
    child.autowire(.singleton, LazyFeedReader.init)
    let inside = try app.withOverrides(stub) { try child.resolve(LazyFeedReader.self).feed.value.name }
    #expect(inside == "live")
  }
}
