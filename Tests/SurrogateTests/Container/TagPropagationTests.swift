import SuiteSupport
import Surrogate
import Testing

private enum Stage: Hashable, Sendable { case production, staging }

private final class OrderAPI {
  let host: String
  init(host: String) { self.host = host }
}

/// Takes its API through an initializer: registered with a factory or auto-wired.
private final class OrderHistory {
  let api: OrderAPI
  init(api: OrderAPI) { self.api = api }
}

private final class OrderPresenter {
  let history: OrderHistory
  init(history: OrderHistory) { self.history = history }
}

/// Injects its API: the property passes its owner's tag on.
private final class OrderBadge {
  @Injected var api: OrderAPI
}

/// The order-history screen: a presenter injected with the screen's tag, and an API injected
/// untagged on purpose.
private final class OrderScreen {
  @Injected var presenter: OrderPresenter
  @Injected(tag: nil) var fallbackAPI: OrderAPI
}

private let staging = DefinitionTag(Stage.staging)

/// The key `type` is requested with: `tag` or none.
private func key(_ type: Any.Type, _ tag: DefinitionTag? = nil) -> DefinitionKey { DefinitionKey(type: type, tag: tag) }

/// A container with a production API (untagged, the default) and a staging one.
private func apis(_ container: Container = Container()) -> Container {
  container.register { OrderAPI(host: "production") }
  container.register(tag: Stage.staging) { OrderAPI(host: "staging") }
  return container
}

/// Issue 33 item 6: a request's tag reaches auto-wired parameters and `@Injected` properties but
/// not an explicit `r.resolve()` without `tag:` (Dip's rule, pinned by
/// `ContextTests.contextDoesNotOverrideNilTagPassedToResolve`); `r.resolve(tag: r.tag)` passes it
/// on, and `validate()` and the errors say where it stopped.
struct TagPropagationTests {
  @Test func anExplicitResolveWithoutATagIsUntaggedWhileAutowiringAndInjectionPassTheTagOn() throws {
    let container = apis()
    container.register { r in OrderHistory(api: try r.resolve()) }
    container.autowire(OrderPresenter.init)
    container.register { OrderBadge() }
    // OrderHistory, OrderPresenter and OrderBadge are untagged definitions reached by the fallback.
    #expect(try container.resolve(OrderHistory.self, tag: Stage.staging).api.host == "production")
    #expect(try container.resolve(OrderBadge.self, tag: Stage.staging).api.host == "staging")
    // The auto-wired presenter asks for OrderHistory with the tag; OrderHistory's `r.resolve()` drops it.
    #expect(try container.resolve(OrderPresenter.self, tag: Stage.staging).history.api.host == "production")
  }

  @Test func resolvingWithTheResolversTagPassesItOnTwoLevelsDown() throws {
    let container = apis()
    container.register { r in OrderHistory(api: try r.resolve(tag: r.tag)) }
    container.register { r in OrderPresenter(history: try r.resolve(tag: r.tag)) }
    #expect(try container.resolve(OrderPresenter.self, tag: Stage.staging).history.api.host == "staging")
    #expect(try container.resolve(OrderPresenter.self).history.api.host == "production")
    let report = container.validate()
    #expect(!report.warnings.contains { $0.kind == .tagNotPassedOn }, "\(report)")
  }

  @Test func validateSaysWhereATaggedRequestsTagStoppedOneLevelDown() {
    let container = apis()
    container.register(tag: Stage.staging) { r in OrderHistory(api: try r.resolve()) }
    let report = container.validate()
    #expect(report.isValid, "\(report)")
    let stopped = report.warnings.filter { $0.kind == .tagNotPassedOn }
    #expect(stopped.count == 1, "\(report)")
    #expect(stopped.first?.path == [key(OrderHistory.self, staging), key(OrderAPI.self)])
    #expect(
      stopped.first?.message
        == "OrderAPI is resolved without a tag and gets its untagged definition, although it is registered with tag "
        + "Stage.staging, which stopped at OrderHistory tag Stage.staging → OrderAPI (OrderHistory tag Stage.staging → "
        + "OrderAPI): a `resolve` without `tag:` in a factory, block or `resolveDependencies` does not pass its "
        + "request's tag on (auto-wired parameters and `@Injected` properties do). Pass it on with "
        + "`try r.resolve(tag: r.tag)` from there down to OrderAPI, or name the tag you mean.")
  }

  @Test func validateSaysWhereTheTagStoppedWhenItMattersTwoLevelsDown() {
    let container = apis()
    container.register(tag: Stage.staging) { r in OrderPresenter(history: try r.resolve()) }
    // OrderHistory has no staging definition: the tag stops at it and is missed by its API.
    container.autowire(OrderHistory.init)
    let report = container.validate()
    let stopped = report.warnings.filter { $0.kind == .tagNotPassedOn }
    #expect(stopped.count == 1, "\(report)")
    #expect(stopped.first?.path == [key(OrderPresenter.self, staging), key(OrderHistory.self), key(OrderAPI.self)])
    #expect(
      stopped.first?.message.contains("which stopped at OrderPresenter tag Stage.staging → OrderHistory (") == true,
      "\(stopped.first?.message ?? "")")
  }

  @Test func aTagPassedOnByInjectionStopsAtAnExplicitResolveAndNotAtAPropertyWithTagNil() throws {
    let container = apis()
    container.register(tag: Stage.staging) { OrderScreen() }
    container.register { r in OrderPresenter(history: try r.resolve(tag: r.tag)) }
    container.register { r in OrderHistory(api: try r.resolve()) }
    let screen = try container.resolve(OrderScreen.self, tag: Stage.staging)
    #expect(screen.presenter.history.api.host == "production")
    #expect(screen.fallbackAPI.host == "production")
    let report = container.validate()
    let stopped = report.warnings.filter { $0.kind == .tagNotPassedOn }
    // One warning, for OrderHistory's `r.resolve()`; `@Injected(tag: nil)` is untagged on purpose.
    #expect(stopped.count == 1, "\(report)")
    #expect(
      stopped.first?.path == [
        key(OrderScreen.self, staging), key(OrderPresenter.self, staging), key(OrderHistory.self, staging),
        key(OrderAPI.self),
      ])
    #expect(stopped.first?.message.contains("stopped at OrderHistory tag Stage.staging → OrderAPI (") == true)
  }

  @Test func aChildContainerSeesTheStagingDefinitionOfItsParent() throws {
    let parent = apis()
    let child = Container(parent: parent)
    child.register(tag: Stage.staging) { r in OrderHistory(api: try r.resolve()) }
    let report = child.validate()
    #expect(report.warnings.filter { $0.kind == .tagNotPassedOn }.count == 1, "\(report)")
    let passing = Container(parent: parent)
    passing.register(tag: Stage.staging) { r in OrderHistory(api: try r.resolve(tag: r.tag)) }
    #expect(try passing.resolve(OrderHistory.self, tag: Stage.staging).api.host == "staging")
    #expect(!passing.validate().warnings.contains { $0.kind == .tagNotPassedOn })
  }

  @Test func aCollaboratorsStagingDefinitionCountsWhenPassingTheTagWouldReachIt() throws {
    let network = apis()
    let orders = Container()
    orders.collaborate(with: network)
    orders.register(tag: Stage.staging) { r in OrderHistory(api: try r.resolve()) }
    #expect(try orders.resolve(OrderHistory.self, tag: Stage.staging).api.host == "production")
    let report = orders.validate()
    #expect(report.warnings.filter { $0.kind == .tagNotPassedOn }.count == 1, "\(report)")
    // The tag passed on reaches the collaborator's staging API.
    let passing = Container()
    passing.collaborate(with: network)
    passing.register(tag: Stage.staging) { r in OrderHistory(api: try r.resolve(tag: r.tag)) }
    #expect(try passing.resolve(OrderHistory.self, tag: Stage.staging).api.host == "staging")
  }

  @Test func noWarningWhenPassingTheTagOnWouldReachTheSameUntaggedDefinition() {
    let container = Container()
    container.register { OrderAPI(host: "production") }
    container.register(tag: Stage.production) { OrderAPI(host: "production") }
    container.register(tag: Stage.staging) { r in OrderHistory(api: try r.resolve()) }
    let report = container.validate()
    #expect(!report.warnings.contains { $0.kind == .tagNotPassedOn }, "\(report)")
  }

  @Test func anUntaggedResolveThatFindsOnlyTaggedDefinitionsSaysWhereTheTagStopped() {
    let container = Container()
    container.register(tag: Stage.staging) { OrderAPI(host: "staging") }
    container.register(tag: Stage.staging) { r in OrderPresenter(history: try r.resolve()) }
    container.register { r in OrderHistory(api: try r.resolve()) }
    do {
      _ = try container.resolve(OrderPresenter.self, tag: Stage.staging)
      Issue.record("resolved an untagged OrderAPI that is not registered")
    } catch {
      #expect(error.code == .definitionNotFound)
      #expect(
        error.pathDescription == "OrderPresenter tag Stage.staging → OrderHistory → OrderAPI",
        "\(error.pathDescription)")
      #expect(
        error.remedy
          == "OrderAPI is registered with tag Stage.staging, but that tag stopped at OrderPresenter tag Stage.staging "
          + "→ OrderHistory: a `resolve` without `tag:` in a factory, block or `resolveDependencies` does not pass "
          + "its request's tag on (auto-wired parameters and `@Injected` properties do). Pass it on with "
          + "`try r.resolve(tag: r.tag)` from there down to OrderAPI, or name the tag you mean. Or register an "
          + "untagged OrderAPI as the fallback.")
    }
  }

  @Test func anUntaggedPropertyWithTagNilKeepsTheUsualRemedy() {
    let container = Container()
    container.register(tag: Stage.staging) { OrderAPI(host: "staging") }
    container.register(tag: Stage.staging) { OrderScreen() }
    container.register { r in OrderPresenter(history: OrderHistory(api: try r.resolve(tag: r.tag))) }
    do {
      _ = try container.resolve(OrderScreen.self, tag: Stage.staging)
      Issue.record("resolved an untagged OrderAPI that is not registered")
    } catch {
      #expect(error.code == .propertyInjectionFailed)
      #expect(
        error.pathDescription == "OrderScreen tag Stage.staging.fallbackAPI → OrderAPI", "\(error.pathDescription)")
      #expect(!error.remedy.contains("stopped"), "\(error.remedy)")
    }
  }
}
