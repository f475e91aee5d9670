import SuiteSupport
import Surrogate
import Testing

/// A container released with disposals that never ran says so on standard error: nothing else
/// would (UnitsOfWork.md). One that ended, or kept nothing with a disposal, says nothing.
struct ReleasedContainerWarningTests {
  private final class Cache: Sendable {}
  private final class Pool: Sendable {}
  private final class DisposableSession: Disposable, Sendable {
    func dispose() async throws {}
  }

  @Test func aChildReleasedWithoutShutdownNamesWhatWasNeverDisposedAndTheCall() async throws {
    let app = Container()
    var child: Container? = Container(parent: app)
    child?.register(.singleton) { Cache() }.disposing { _ in }
    _ = try await child?.resolve(Cache.self)
    let written = capturingStandardError { child = nil }
    #expect(written.contains("a container was released with 1 instance whose disposal never ran"), "\(written)")
    #expect(written.contains("ReleasedContainerWarningTests.Cache"), "\(written)")
    #expect(written.contains("try await container.shutdown()"), "\(written)")
    try await app.shutdown()
  }

  /// A decorator that hands back the instance it decorates is that instance: one disposal, which
  /// `shutdown()` would run once, is one instance here too (outside client 36: counted twice, as
  /// "(undecorated)" and "(decorating ...)").
  @Test func anInstanceItsDecoratorHandsBackIsCountedOnce() async throws {
    let app = Container()
    var child: Container? = Container(parent: app)
    child?.register(.singleton) { DisposableSession() }
    child?.decorate(DisposableSession.self) { _, session in session }
    _ = try await child?.resolve(DisposableSession.self)
    let written = capturingStandardError { child = nil }
    #expect(written.contains("released with 1 instance whose disposal never ran"), "\(written)")
    #expect(!written.contains("decorating"), "\(written)")
    try await app.shutdown()
  }

  @Test func aContainerThatEndedOrKeptNoDisposalSaysNothing() async throws {
    var shutDown: Container? = Container()
    shutDown?.register(.singleton) { Pool() }.disposing { _ in }
    _ = try await shutDown?.resolve(Pool.self)
    try await shutDown?.shutdown()
    var plain: Container? = Container()
    plain?.register(.singleton) { Pool() }
    _ = try await plain?.resolve(Pool.self)
    var scoped: Container? = Container()
    scoped?.register(.scoped) { Cache() }.disposing { _ in }
    try await scoped?.withScope { scope in _ = try await scope.resolve(Cache.self) }
    let written = capturingStandardError {
      shutDown = nil
      plain = nil
      scoped = nil
    }
    // Another test's container may be released meanwhile: only these containers' types count.
    #expect(!written.contains("ReleasedContainerWarningTests."), "\(written)")
  }
}
