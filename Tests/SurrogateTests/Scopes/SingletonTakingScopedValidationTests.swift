import Surrogate
import Testing

private final class TakenUnitOfWork: Sendable {}

private final class TakingHolder: Sendable {
  let unitOfWork: TakenUnitOfWork
  init(unitOfWork: TakenUnitOfWork) { self.unitOfWork = unitOfWork }
}

private final class HolderUser: Sendable {
  init(holder: TakingHolder) {}
}

/// The app's `validate()`, outside any scope, with no type declared provided by each scope, says a
/// definition is broken exactly when resolving it in a scope fails: a singleton (of any kind, or
/// an instance of a custom scope) that takes a `.scoped` definition resolves it in its own
/// container, outside any scope, so it is never made (outside client 37, D4: an eager singleton
/// made with `autowire` was called valid, and `bootstrap()` then threw).
struct SingletonTakingScopedValidationTests {
  private static func app(holder scope: Scope) -> Container {
    let app = Container()
    app.register(.scoped) { TakenUnitOfWork() }
    app.autowire(scope, TakingHolder.init)
    app.autowire(HolderUser.init)
    return app
  }

  /// Whether resolving `TakingHolder` in a scope of `app` works.
  private static func resolvesInAScope(_ app: Container) async -> Bool {
    do {
      return try await app.withScope { scope in
        _ = try await scope.resolve(TakingHolder.self)
        return true
      }
    } catch {
      return false
    }
  }

  @Test(arguments: [Scope.singleton, .eagerSingleton, .weakSingleton, .custom("session"), .unique, .shared])
  func theAppsValidationBreaksWhatAScopeCannotMake(_ scope: Scope) async {
    let resolves = await Self.resolvesInAScope(Self.app(holder: scope))
    #expect(resolves == !scope.isSingletonLike, "\(scope)")
    for report in [await Self.app(holder: scope).validate(), Self.app(holder: scope).validateNow()] {
      #expect(report.isValid == resolves, "\(scope): \(report)")
      guard !resolves else { continue }
      #expect(report.problems.map(\.code) == [.outsideScope], "\(scope): \(report)")
      #expect(report.problems.first?.pathDescription.hasSuffix("TakingHolder → TakenUnitOfWork") == true, "\(report)")
      let keeper = scope == .custom("session") ? "an instance of a custom scope" : "a singleton"
      #expect(report.problems.first?.message.contains("TakingHolder is \(keeper)") == true, "\(report)")
      #expect(report.problems.first?.remedy.contains("Make TakingHolder `.scoped` or shorter-lived") == true)
      // What takes the singleton is broken with it.
      #expect(Set(report.brokenDefinitions.map(\.description)) == ["TakingHolder", "HolderUser"], "\(report)")
      #expect(report.warnings.map(\.kind) == [.captiveDependency], "\(report)")
    }
  }

  @Test func anEagerSingletonThatTakesAScopedDefinitionFailsValidationAsBootstrapFails() throws {
    let app = Self.app(holder: .eagerSingleton)
    #expect(!app.validateNow().isValid)
    #expect(throws: ResolutionError.self) { try app.bootstrap() }
  }
}

extension Scope {
  /// The scopes whose instances outlive a scope: a singleton's kinds and custom scopes.
  fileprivate var isSingletonLike: Bool { self != .unique && self != .shared }
}

extension Container {
  /// The synchronous `validate()`, from async code.
  fileprivate func validateNow() -> ValidationReport { validate() }
}
