import SuiteSupport
import Surrogate
import Testing

private final class Feature: Sendable {}
private final class FeatureHost: Sendable {
  let lazy: Lazy<Feature>
  let provider: Provider<Feature>
  init(lazy: Lazy<Feature>, provider: Provider<Feature>) { (self.lazy, self.provider) = (lazy, provider) }
}

/// A `Lazy` or `Provider` has no registration of its own, but the type it makes must have one:
/// a missing one fails where the wrapper is injected or resolved, with the graph, not when it is
/// first read, and `validate()` reports it (Proxies.md).
struct UnregisteredProviderAndLazyTests {
  @Test func aLazyOrProviderOfAnUnregisteredTypeFailsWhenResolvedNotWhenRead() {
    let app = Container()
    for error in [
      #expect(throws: ResolutionError.self) { try app.resolve(Lazy<Feature>.self) },
      #expect(throws: ResolutionError.self) { try app.resolve(Provider<Feature>.self) },
    ] {
      #expect(error?.code == .definitionNotFound)
      #expect(error?.key == DefinitionKey(type: Feature.self))
    }
  }

  @Test func injectedTheyFailWithThePathAndValidateReportsIt() {
    let app = Container()
    app.autowire(FeatureHost.init)
    let error = #expect(throws: ResolutionError.self) { try app.resolve(FeatureHost.self) }
    #expect(error?.code == .definitionNotFound)
    #expect(error?.pathDescription == "FeatureHost → Feature")
    let report = app.validate()
    #expect(report.problems.map(\.key) == [DefinitionKey(type: Feature.self)], "\(report)")
  }
}
