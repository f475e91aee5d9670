import SuiteSupport
import Surrogate
import Testing

private final class ScopeSession: Sendable {}
private final class SessionLazyCache: Sendable {
  let session: Lazy<ScopeSession>
  init(session: Lazy<ScopeSession>) { self.session = session }
}
private final class SessionFactory: Sendable {
  let sessions: Provider<ScopeSession>
  init(sessions: Provider<ScopeSession>) { self.sessions = sessions }
}
private final class SessionAsyncLazyCache: Sendable {
  let session: AsyncLazy<ScopeSession>
  init(session: AsyncLazy<ScopeSession>) { self.session = session }
}
private final class SessionAsyncFactory: Sendable {
  let sessions: AsyncProvider<ScopeSession>
  init(sessions: AsyncProvider<ScopeSession>) { self.sessions = sessions }
}

/// A singleton that takes a `.scoped` definition as a `Lazy`, `Provider` or their `async` forms
/// can never use it: what a singleton takes later resolves in the singleton's container, outside
/// every scope, so each use throws `outsideScope`. `validate()` says so, from the app and from a
/// scope, as it does for a singleton that takes the `.scoped` type itself.
struct ScopedThroughDeferredValidationTests {
  private func app() -> Container {
    let app = Container()
    app.register(.scoped) { ScopeSession() }
    app.autowire(.singleton, SessionLazyCache.init)
    app.autowire(.singleton, SessionFactory.init)
    app.autowire(.singleton, SessionAsyncLazyCache.init)
    app.autowire(.singleton, SessionAsyncFactory.init)
    return app
  }

  private func captives(_ report: ValidationReport) -> [String] {
    report.warnings.filter { $0.kind == .captiveDependency }.map { $0.path.map(\.description).joined(separator: " → ") }
      .sorted()
  }

  @Test func appValidationWarnsOfEachSingletonThatTakesAScopedDefinitionLater() async {
    let report = await app().validate()
    #expect(report.problems.isEmpty, "\(report)")
    #expect(
      captives(report) == [
        "SessionAsyncFactory → ScopeSession", "SessionAsyncLazyCache → ScopeSession", "SessionFactory → ScopeSession",
        "SessionLazyCache → ScopeSession",
      ], "\(report)")
    let provider = report.warnings.first { $0.path.first?.description == "SessionFactory" }
    #expect(provider?.message.contains("`Provider<ScopeSession>`") == true, "\(report)")
    #expect(provider?.message.contains("outsideScope") == true, "\(report)")
  }

  @Test func scopeValidationWarnsToo() throws {
    let report = try app().withScope { scope in scope.validate() }
    #expect(captives(report).count == 4, "\(report)")
  }

  @Test func whatTheWarningSaysHappens() throws {
    let app = app()
    let code = try app.withScope { scope -> ResolutionError.Code? in
      let factory = try scope.resolve(SessionFactory.self)
      do throws(ResolutionError) {
        _ = try factory.sessions()
        return nil
      } catch {
        return error.code
      }
    }
    #expect(code == .outsideScope)
  }

  @Test func aSingletonThatTakesAUniqueDefinitionLaterIsNoCaptive() {
    let app = Container()
    app.register(.unique) { ScopeSession() }
    app.autowire(.singleton, SessionFactory.init)
    app.autowire(.singleton, SessionLazyCache.init)
    #expect(app.validate().warnings.isEmpty, "\(app.validate())")
  }
}
