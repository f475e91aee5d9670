import SuiteSupport
import Surrogate
import Testing

private protocol Clock: Sendable { var name: String { get } }
private final class SystemClock: Clock {
  var name: String { "system" }
}
private final class StubClock: Clock {
  var name: String { "stub" }
}

private final class SyncWorker: Sendable {
  let clock: Lazy<any Clock>
  let makeClock: Provider<any Clock>
  init(clock: Lazy<any Clock>, makeClock: Provider<any Clock>) {
    self.clock = clock
    self.makeClock = makeClock
  }
}

private final class AsyncWorker: Sendable {
  let clock: AsyncLazy<any Clock>
  init(clock: AsyncLazy<any Clock>) { self.clock = clock }
}

/// A `Lazy` or `Provider` made inside `withOverrides` through a child of the overridden container
/// belongs to those overrides, as one made through the container itself does: read after they
/// end, it throws `containerShutDown` instead of quietly resolving the real definitions (outside
/// client 20: a test's stubbed clock became the system clock after the test).
struct DeferredThroughChildAfterOverridesTests {
  private func app() -> (app: Container, settings: Container) {
    let app = Container()
    app.register(type: (any Clock).self) { SystemClock() }
    let settings = Container(parent: app)
    settings.register { r in SyncWorker(clock: try r.resolve(), makeClock: try r.resolve()) }
    settings.register { r in AsyncWorker(clock: try r.resolve()) }
    return (app, settings)
  }

  @Test func aLazyAndAProviderMadeThroughAChildThrowOnceTheOverridesEnded() throws {
    let (app, settings) = app()
    let worker = try app.withOverrides({ $0.register(type: (any Clock).self) { StubClock() } }) {
      let worker = try settings.resolve(SyncWorker.self)
      #expect(try worker.makeClock().name == "stub")
      return worker
    }
    let lazy = #expect(throws: ResolutionError.self) { try worker.clock.value }
    #expect(lazy?.code == .containerShutDown)
    let provided = #expect(throws: ResolutionError.self) { try worker.makeClock() }
    #expect(provided?.code == .containerShutDown)
  }

  @Test func anAsyncLazyMadeThroughAChildThrowsOnceTheOverridesEnded() async throws {
    let (app, settings) = app()
    let worker = try await app.withOverrides({ $0.register(type: (any Clock).self) { StubClock() } }) {
      try await settings.resolve(AsyncWorker.self)
    }
    do {
      _ = try await worker.clock.value
      Issue.record("an AsyncLazy made inside the overrides resolved after they ended")
    } catch {
      #expect((error as? ResolutionError)?.code == .containerShutDown)
    }
  }

  @Test func oneMadeOutsideTheOverridesFollowsThoseWhereItIsRead() throws {
    let (app, settings) = app()
    let worker = try settings.resolve(SyncWorker.self)
    let inside = try app.withOverrides({ $0.register(type: (any Clock).self) { StubClock() } }) {
      try worker.makeClock().name
    }
    #expect(inside == "stub")
    #expect(try worker.makeClock().name == "system")
  }
}
