import SuiteSupport
import Surrogate
import Testing

// A `Lazy`, `Provider`, `AsyncLazy` or `AsyncProvider` of a type only a collaborator provides: the
// later resolution goes through the collaborator, as a direct request does, so the wrapper must
// not be refused when it is made (outside client 16).

private final class AnalyticsService: Sendable {}

private final class SettingsScreen: Sendable {
  let analytics: Lazy<AnalyticsService>
  init(analytics: Lazy<AnalyticsService>) { self.analytics = analytics }
}

private final class Uploader: Sendable {
  let endpoint: String
  init(endpoint: String) { self.endpoint = endpoint }
}

struct CollaboratorDeferredTests {
  private func feature() -> (app: Container, feature: Container) {
    let app = Container()
    app.register(.singleton) { AnalyticsService() }
    let feature = Container()
    feature.collaborate(with: app)
    return (app, feature)
  }

  @Test func lazyAndProviderOfACollaboratorsTypeResolveItThroughTheCollaborator() throws {
    let (app, feature) = feature()
    let direct = try feature.resolve(AnalyticsService.self)
    #expect(try feature.resolve(Lazy<AnalyticsService>.self).value === direct)
    #expect(try feature.resolve(Provider<AnalyticsService>.self)() === direct)
    withExtendedLifetime(app) {}
  }

  @Test func asyncLazyAndAsyncProviderOfACollaboratorsTypeResolveItThroughTheCollaborator() async throws {
    let (app, feature) = feature()
    let direct = try await feature.resolve(AnalyticsService.self)
    let lazy = try await feature.resolve(AsyncLazy<AnalyticsService>.self)
    #expect(try await lazy.value === direct)
    let provider = try await feature.resolve(AsyncProvider<AnalyticsService>.self)
    #expect(try await provider() === direct)
    withExtendedLifetime(app) {}
  }

  /// A factory of the feature that takes one, validated and drawn: the collaborator's definition
  /// satisfies it, and the export draws the deferred edge to it.
  @Test func aFactoryTakingALazyOfACollaboratorsTypeValidatesAndIsDrawn() throws {
    let (app, feature) = feature()
    feature.register { r in SettingsScreen(analytics: try r.resolve()) }
    let screen = try feature.resolve(SettingsScreen.self)
    #expect(try screen.analytics.value === feature.resolve(AnalyticsService.self))
    let report = feature.validate()
    #expect(report.isValid, "\(report)")
    let graph = feature.dependencyGraph()
    #expect(graph.edges.contains { $0.isDeferred && $0.to.type == AnalyticsService.self }, "\(graph.edges)")
    withExtendedLifetime(app) {}
  }

  /// A type made by auto-wiring a factory with runtime arguments resolves later as it resolves now.
  @Test func lazyOfAnAutowiredTypeIsNotRefused() throws {
    let container = Container()
    container.register { "https://example.com" }
    container.register { (_, endpoint: String) in Uploader(endpoint: endpoint) }
    #expect(try container.resolve(Uploader.self).endpoint == "https://example.com")
    #expect(try container.resolve(Lazy<Uploader>.self).value.endpoint == "https://example.com")
  }

  /// Still refused when nothing anywhere can make it, naming the wrapper's type.
  @Test func lazyOfATypeNoCollaboratorHasIsStillRefused() {
    let (app, feature) = feature()
    let error = #expect(throws: ResolutionError.self) { try feature.resolve(Lazy<Uploader>.self) }
    #expect(error?.code == .definitionNotFound)
    withExtendedLifetime(app) {}
  }
}
