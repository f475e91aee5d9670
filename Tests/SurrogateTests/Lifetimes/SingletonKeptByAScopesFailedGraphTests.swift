import SuiteSupport
import Surrogate
import Testing

/// A singleton that a scope's failed graph made complete on its own (from other singletons only)
/// is kept, as outside a scope: its factory does not run again. The scope's definitions share
/// the graph's quick test of "still unfinished" with the app's (a bit per registration serial,
/// modulo 64), and a scope's first definition made the app's first singleton look unfinished, so
/// the singleton that took it was thrown away with the failed graph and made again (outside
/// client 34, seed 809).
struct SingletonKeptByAScopesFailedGraphTests {
  private final class Pool: Sendable {}
  private final class Cache: Sendable {
    let pool: Pool
    init(pool: Pool) { self.pool = pool }
  }
  private final class Page: Sendable {}
  private struct PageFailed: Error {}

  @Test(arguments: [false, true])
  func aSingletonCompleteOnItsOwnIsKeptWhenTheScopesDefinitionThatAskedForItFails(awaited: Bool) async throws {
    let made = Locked<[String]>([])
    let app = Container()
    app.register(.singleton) { () -> Pool in
      made.withLock { $0.append("pool") }
      return Pool()
    }
    app.register(.singleton) { r -> Cache in
      made.withLock { $0.append("cache") }
      return Cache(pool: try r.resolve())
    }
    let kept = Locked<Cache?>(nil)
    await #expect(throws: ResolutionError.self) {
      try await app.withScope { scope in
        scope.register { r -> Page in
          _ = try r.resolve(Pool.self)
          let cache = try r.resolve(Cache.self)
          kept.withLock { $0 = cache }
          throw PageFailed()
        }
        _ = awaited ? try await scope.resolve(Page.self) : try Self.resolvePage(scope)
      }
    }
    let cache = try Self.resolveCache(app)
    #expect(made.withLock { $0 } == ["pool", "cache"])
    #expect(cache === kept.withLock { $0 })
  }

  private static func resolvePage(_ container: Container) throws -> Page { try container.resolve() }
  private static func resolveCache(_ container: Container) throws -> Cache { try container.resolve() }
}
