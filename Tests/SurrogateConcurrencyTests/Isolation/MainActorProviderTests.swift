import SuiteSupport
import Surrogate
import Testing

@MainActor
final class BadgeModel {
  var count = 0
  init() {}
}

/// Not isolated: holds a main-actor model through a `Provider` and a `Lazy`, and is made anywhere.
final class BadgeConsumer: Sendable {
  let model: Provider<BadgeModel>
  let lazyModel: Lazy<BadgeModel>
  init(model: Provider<BadgeModel>, lazyModel: Lazy<BadgeModel>) {
    self.model = model
    self.lazyModel = lazyModel
  }
}

/// A `Provider` or `Lazy` of a `@MainActor` definition resolves it in its caller's isolation, as
/// `container.resolve` does: from main-actor code it builds it, anywhere else it throws
/// `requiresMainActor` with a fix that a holder of a provider can follow.
struct MainActorProviderTests {
  func container(_ scope: Scope = .shared) -> Container {
    let container = Container()
    container.register(scope) { @MainActor _ in BadgeModel() }
    container.autowire(BadgeConsumer.init)
    return container
  }

  @MainActor
  @Test func aProviderCalledFromMainActorCodeBuildsTheMainActorDefinition() throws {
    let consumer = try container().resolve(BadgeConsumer.self)
    let first = try consumer.model()
    let second = try consumer.model()
    #expect(first !== second, "each call of a Provider is a new graph: a .shared definition makes a new instance")
  }

  @MainActor
  @Test func aLazyCalledFromMainActorCodeBuildsTheMainActorDefinitionOnce() throws {
    let consumer = try container(.unique).resolve(BadgeConsumer.self)
    #expect(!consumer.lazyModel.isResolved)
    let first = try consumer.lazyModel()
    #expect(consumer.lazyModel.isResolved)
    #expect(try consumer.lazyModel() === first)
    #expect(try consumer.lazyModel.value === first, "once resolved, `value` reads the same instance")
  }

  /// `value` is a property: it cannot learn its caller's actor, so for a main-actor definition its
  /// error says to call the lazy instead, and that works.
  @MainActor
  @Test func lazyValueOfAMainActorDefinitionSaysToCallTheLazy() throws {
    let consumer = try container().resolve(BadgeConsumer.self)
    let error = #expect(throws: ResolutionError.self) { try consumer.lazyModel.value }
    #expect(error?.code == .requiresMainActor)
    #expect(error?.remedy.contains("`Lazy.value` cannot learn its caller's actor") == true, "\(error?.remedy ?? "")")
    #expect(error?.remedy.contains("`try lazy()`") == true, "\(error?.remedy ?? "")")
    _ = try consumer.lazyModel()
    #expect(consumer.lazyModel.isResolved)
  }

  /// What the outside client wrote: the consumer resolved with `await`, the provider and the lazy
  /// called inside `MainActor.run`.
  @Test func aProviderAndALazyCalledInsideMainActorRunBuildTheMainActorDefinition() async throws {
    let consumer = try await container().resolve(BadgeConsumer.self)
    let made = try await MainActor.run { () throws(ResolutionError) -> Int in
      let model = try consumer.model()
      model.count += 1
      let lazy = try consumer.lazyModel()
      lazy.count += 2
      return model.count + lazy.count
    }
    #expect(made == 3)
  }

  @Test func aProviderCalledOffTheMainActorThrowsAFixForAProvider() async throws {
    let consumer = try await container().resolve(BadgeConsumer.self)
    let error = await Task.detached { () -> ResolutionError? in
      do throws(ResolutionError) {
        _ = try consumer.model()
        return nil
      } catch {
        return error
      }
    }.value
    #expect(error?.code == .requiresMainActor)
    #expect(
      error?.message
        == "BadgeModel is registered for the main actor, but this Provider<BadgeModel> was called off the main actor.")
    #expect(
      error?.remedy.contains("Call the Provider<BadgeModel> from @MainActor code") == true, "\(error?.remedy ?? "")")
    #expect(error?.remedy.contains("MainActor.run") == true, "\(error?.remedy ?? "")")
  }

  @Test func aLazyCalledOffTheMainActorThrowsAFixForALazyAndKeepsNothing() async throws {
    let consumer = try await container().resolve(BadgeConsumer.self)
    let error = await Task.detached { () -> ResolutionError? in
      do throws(ResolutionError) {
        _ = try consumer.lazyModel()
        return nil
      } catch {
        return error
      }
    }.value
    #expect(error?.code == .requiresMainActor)
    #expect(error?.remedy.contains("Call the Lazy<BadgeModel> from @MainActor code") == true, "\(error?.remedy ?? "")")
    #expect(!consumer.lazyModel.isResolved)
    let model = try await MainActor.run { () throws(ResolutionError) in try consumer.lazyModel() }
    #expect(consumer.lazyModel.isResolved)
    let again = try await MainActor.run { () throws(ResolutionError) in try consumer.lazyModel.value }
    #expect(model === again)
  }

  /// A provider resolved in a scope resolves in that scope: a `.scoped` main-actor definition is
  /// the scope's instance, on the main actor.
  @MainActor
  @Test func aProviderInAScopeBuildsTheScopesMainActorInstance() throws {
    let app = container(.scoped)
    try app.withScope { scope in
      let provider = try scope.resolve(Provider<BadgeModel>.self)
      let lazy = try scope.resolve(Lazy<BadgeModel>.self)
      // The provider first: once the scope has the instance, it is found without a graph.
      let provided = try provider()
      #expect(try lazy() === provided)
      #expect(try scope.resolve(BadgeModel.self) === provided)
    }
  }

  /// A tagged provider keeps its tag on the main actor.
  @MainActor
  @Test func aTaggedProviderBuildsTheTaggedMainActorDefinition() throws {
    let app = container()
    let tagged = BadgeModel()
    tagged.count = 7
    app.register(.singleton, tag: "pinned") { @MainActor _ in tagged }
    let provider = try app.resolve(Provider<BadgeModel>.self, tag: "pinned")
    #expect(try provider() === tagged)
    #expect(try app.resolve(Provider<BadgeModel>.self)() !== tagged)
  }

  @MainActor
  @Test func validationOnTheMainActorChecksTheConsumerAndTheModelAndTheProviderStillWorks() throws {
    let app = container()
    let report = app.validate()
    #expect(report.isValid, "\(report)")
    #expect(report.skippedDefinitions.isEmpty, "\(report)")
    #expect(report.checked.contains { $0.type == BadgeConsumer.self })
    #expect(report.checked.contains { $0.type == BadgeModel.self })
    _ = try app.resolve(BadgeConsumer.self).model()
  }

  @Test func validationOffTheMainActorChecksTheConsumerAndSkipsOnlyTheModel() {
    let report = container().validate()
    #expect(report.problems.isEmpty, "\(report)")
    #expect(report.checked.contains { $0.type == BadgeConsumer.self })
    #expect(report.skippedDefinitions.count == 1, "\(report)")
    #expect(report.skippedDefinitions.first?.key.type == BadgeModel.self, "\(report)")
  }
}
