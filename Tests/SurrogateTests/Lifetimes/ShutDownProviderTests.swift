import SuiteSupport
import Surrogate
import Testing

/// A definition another container provides, through collaboration or a forwarding, once that
/// container has been shut down: the error says so, not that the type was never registered.
struct ShutDownProviderTests {
  private protocol Quotes: Sendable {}
  private final class RemoteQuotes: Quotes {}
  private final class Analytics: Sendable {}

  @Test func aDefinitionOfACollaboratorThatWasShutDownThrowsContainerShutDown() async throws {
    let app = Container()
    let library = Container()
    library.register { Analytics() }
    app.collaborate(with: library)
    _ = try resolveNow(Analytics.self, from: app)
    try await library.shutdown()
    do {
      _ = try resolveNow(Analytics.self, from: app)
      Issue.record("resolved from a collaborator that was shut down")
    } catch {
      #expect(error.code == .containerShutDown)
      #expect(error.message.contains("collaborat"))
      #expect(!error.remedy.contains("Register"))
    }
  }

  @Test func aTypeNoCollaboratorEverHadIsStillNotFound() async throws {
    let app = Container()
    let library = Container()
    library.register { RemoteQuotes() }
    app.collaborate(with: library)
    try await library.shutdown()
    do {
      _ = try resolveNow(Analytics.self, from: app)
      Issue.record("resolved a type nobody registered")
    } catch {
      #expect(error.code == .definitionNotFound)
    }
  }

  @Test func aTypeForwardedToADefinitionOfAContainerThatWasShutDownThrowsContainerShutDown() async throws {
    let services = Container()
    let quotes = services.register(.singleton) { RemoteQuotes() }
    let screen = Container()
    screen.register(quotes, type: (any Quotes).self)
    _ = try resolveNow((any Quotes).self, from: screen)
    try await services.shutdown()
    do {
      _ = try resolveNow((any Quotes).self, from: screen)
      Issue.record("resolved through a container that was shut down")
    } catch {
      #expect(error.code == .containerShutDown)
      #expect(error.message.contains("shut down"))
      #expect(!error.remedy.contains("again"))
    }
  }
}
