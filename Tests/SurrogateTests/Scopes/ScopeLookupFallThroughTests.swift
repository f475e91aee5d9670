import SuiteSupport
import Surrogate
import Testing

private final class FallThroughConfig: Sendable {}
private final class LateService: Sendable {}
private struct FallThroughRequest: Sendable { let id: Int }

private final class FallThroughHandler: Sendable {
  let config: FallThroughConfig
  let late: LateService
  let lateAgain: LateService
  let request: FallThroughRequest
  init(config: FallThroughConfig, late: LateService, lateAgain: LateService, request: FallThroughRequest) {
    self.config = config
    self.late = late
    self.lateAgain = lateAgain
    self.request = request
  }
}

private final class InnerHandler: Sendable {
  let request: FallThroughRequest
  let config: FallThroughConfig
  init(request: FallThroughRequest, config: FallThroughConfig) {
    self.request = request
    self.config = config
  }
}

private protocol FallThroughStore: AnyObject, Sendable {}
private final class AppStore: FallThroughStore {}
private final class ScopeStore: FallThroughStore {}

/// Lookups from a scope's graph that fall through the scope to the app read the app's registry
/// as the graph took it, and the live one on a miss.
struct ScopeLookupFallThroughTests {
  @Test func aDefinitionTheAppGainsWhileAScopesGraphIsBuiltIsFoundThroughTheScope() throws {
    let app = Container()
    app.register(.singleton) { FallThroughConfig() }
    app.register { r in
      // The app's registry is read (the config) before the late definition exists.
      let config: FallThroughConfig = try r.resolve()
      app.register(.shared) { LateService() }
      return FallThroughHandler(
        config: config, late: try r.resolve(), lateAgain: try r.resolve(), request: try r.resolve())
    }
    let handler = try app.withScope { scope in
      scope.register { FallThroughRequest(id: 7) }
      return try scope.resolve(FallThroughHandler.self)
    }
    #expect(handler.request.id == 7)
    #expect(handler.late === handler.lateAgain)
    #expect(handler.config === (try app.resolve(FallThroughConfig.self)))
  }

  @Test func eachScopesValueShadowsNoOtherScopeAndAChildInAScopeSeesItsScopesValue() throws {
    let app = Container()
    app.register(.singleton) { FallThroughConfig() }
    app.register { r in InnerHandler(request: try r.resolve(), config: try r.resolve()) }
    let ids = try (1...3).map { id in
      try app.withScope { scope in
        scope.register { FallThroughRequest(id: id) }
        let child = Container(parent: scope)
        let fromChild = try child.resolve(InnerHandler.self)
        let fromScope = try scope.resolve(InnerHandler.self)
        #expect(fromChild.config === fromScope.config)
        return [fromChild.request.id, fromScope.request.id]
      }
    }
    #expect(ids == [[1, 1], [2, 2], [3, 3]])
    #expect(throws: ResolutionError.self) { try app.resolve(InnerHandler.self) }
  }

  @Test func aTypeTheScopeForwardsWinsOverTheAppsRegistrationOfIt() throws {
    let app = Container()
    app.register(.shared, type: (any FallThroughStore).self) { AppStore() }
    let (fromScope, fromApp) = try app.withScope { scope in
      scope.register(.shared) { ScopeStore() }.implements((any FallThroughStore).self)
      return (try scope.resolve((any FallThroughStore).self), try app.resolve((any FallThroughStore).self))
    }
    #expect(fromScope is ScopeStore)
    #expect(fromApp is AppStore)
  }

  @Test func anAppSingletonFirstMadeThroughAScopeIsTheAppsOneInstanceForEveryLaterScope() throws {
    let app = Container()
    app.register(.singleton) { FallThroughConfig() }
    let first = try app.withScope { scope in try scope.resolve(FallThroughConfig.self) }
    let second = try app.withScope { scope in try scope.resolve(FallThroughConfig.self) }
    #expect(first === second)
    #expect(first === (try app.resolve(FallThroughConfig.self)))
  }

  @Test func aScopeThatEndedThrowsForAnAppDefinitionItNeverResolved() throws {
    let app = Container()
    app.register(.singleton) { FallThroughConfig() }
    let ended = try app.withScope { scope in scope }
    #expect {
      try ended.resolve(FallThroughConfig.self)
    } throws: { error in
      (error as? ResolutionError)?.code == .containerShutDown
    }
  }

  /// Awaited, as synchronously: a scope that ended, or a child that was shut down, hands out none
  /// of its parent's definitions (made or not), whatever asks: `try await`, an `AsyncProvider`.
  @Test func aScopeThatEndedThrowsForAnAppDefinitionWhenAwaited() async throws {
    let app = Container()
    app.register(.singleton) { FallThroughConfig() }
    app.register(.unique) { LateService() }
    _ = try await app.resolve(FallThroughConfig.self)
    let (ended, provider) = try await app.withScope { scope in
      (scope, try await scope.resolve(AsyncProvider<LateService>.self))
    }
    for request in [
      { _ = try await ended.resolve(FallThroughConfig.self) }, { _ = try await ended.resolve(LateService.self) },
      { _ = try await provider() },
    ] as [@Sendable () async throws -> Void] {
      await #expect {
        try await request()
      } throws: { error in
        (error as? ResolutionError)?.code == .containerShutDown
      }
    }
  }

  @Test func aChildThatWasShutDownThrowsForAParentDefinitionWhenAwaited() async throws {
    let app = Container()
    app.register(.unique) { LateService() }
    let child = Container(parent: app)
    try await child.shutdown()
    await #expect {
      try await child.resolve(LateService.self)
    } throws: { error in
      (error as? ResolutionError)?.code == .containerShutDown
    }
  }
}
