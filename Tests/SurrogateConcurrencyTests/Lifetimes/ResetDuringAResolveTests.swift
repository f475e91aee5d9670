import Dispatch
import Foundation
import SuiteSupport
import Surrogate
import Synchronization
import Testing

/// A signed-in user's session, disposed on logout.
private final class LoginSession: Disposable, Sendable {
  let isDisposed = Locked(false)
  func dispose() async throws { isDisposed.withLock { $0 = true } }
}

/// What a screen makes from the session, once per session.
private final class SessionAPI: Sendable {
  let session: LoginSession
  let madeFromDisposed: Bool
  init(session: LoginSession) {
    self.session = session
    madeFromDisposed = session.isDisposed.withLock { $0 }
  }
}

/// A screen whose composition waits between taking the session and the session's API: a logout
/// lands in between.
private struct SlowScreen: Sendable {
  let session: LoginSession
  let api: SessionAPI
}

/// A singleton whose factory logs the user out.
private final class LogoutCoordinator: Sendable {
  let session: LoginSession
  init(session: LoginSession) { self.session = session }
}

/// `resetAndDispose(_:)` while a resolve that started before it is still composing (outside
/// client 19: a screen's resolve racing a logout).
@Suite(.hangGuard)
struct ResetDuringAResolveTests {
  private static let session = Scope.custom("login-session")

  /// The screen's graph read the registrations before the reset: the session it holds is the old
  /// one, disposed by the logout. It must not go on to make the old session's API from it, an
  /// instance of the ended session that nothing disposes in order, handed to a screen.
  @Test func aResolveThatStartedBeforeResetAndDisposeMakesNothingFromTheDisposedInstances() async throws {
    let app = Container()
    app.register(Self.session) { LoginSession() }
    app.register(Self.session) { r in SessionAPI(session: try r.resolve()) }
    let (screen, before) = try await resolvedAcross(app) { try await app.resetAndDispose(Self.session) }
    #expect(before.isDisposed.withLock { $0 })

    switch screen {
    case .success(let screen):
      Issue.record("the screen got an API made from its disposed session: \(screen.api.madeFromDisposed)")
    case .failure(let error):
      #expect(error.code == .containerShutDown)
      #expect(error.key == DefinitionKey(type: SessionAPI.self, tag: nil))
      #expect(error.message.contains("resetAndDispose"), "\(error.message)")
    }
    // The next resolve composes the new session.
    let api = try await app.resolve(SessionAPI.self)
    #expect(api.session !== before && !api.madeFromDisposed)
    #expect(try await app.resolve(LoginSession.self) === api.session)
    try await app.shutdown()
  }

  /// The same with `reset` and a later `disposeReleased()`: what the reset released is disposed
  /// by the second call, and the resolve that started before the reset makes nothing from it.
  @Test func aResolveThatStartedBeforeAResetMakesNothingFromWhatDisposeReleasedDisposed() async throws {
    let app = Container()
    app.register(Self.session) { LoginSession() }
    app.register(Self.session) { r in SessionAPI(session: try r.resolve()) }
    let (screen, before) = try await resolvedAcross(app) {
      app.reset(Self.session)
      try await app.disposeReleased()
    }
    #expect(before.isDisposed.withLock { $0 })
    switch screen {
    case .success(let screen):
      Issue.record("the screen got an API made from its disposed session: \(screen.api.madeFromDisposed)")
    case .failure(let error):
      #expect(error.code == .containerShutDown)
    }
    let api = try await app.resolve(SessionAPI.self)
    #expect(api.session !== before && !api.madeFromDisposed)
    try await app.shutdown()
  }

  /// A factory still running when the session is reset may wait for what happens after the
  /// logout (outside client 19 releases it once `resetAndDispose` has returned): the reset does not
  /// wait for it, and what it makes is disposed later, by `shutdown()`.
  @Test func resetAndDisposeDoesNotWaitForAFactoryStillRunning() async throws {
    let app = Container()
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let madeSessions = Locked<[LoginSession]>([])
    app.register(Self.session) { () -> LoginSession in
      entered.signal()
      release.wait()
      let session = LoginSession()
      madeSessions.withLock { $0.append(session) }
      return session
    }
    let finished = DispatchSemaphore(value: 0)
    Thread {
      _ = try? app.resolve(LoginSession.self)
      finished.signal()
    }.start()
    await Task.detached { entered.wait() }.value
    let reset = await outcomes(ofTasks: 1, within: 30) { _ in
      do {
        try await app.resetAndDispose(Self.session)
        return "reset"
      } catch {
        return "\(error)"
      }
    }
    release.signal()
    await Task.detached { finished.wait() }.value
    #expect(reset == ["reset"], "resetAndDispose waited for the factory it raced")
    try await app.shutdown()
    let made = madeSessions.withLock { $0 }
    #expect(made.count == 1 && made.allSatisfy { $0.isDisposed.withLock { $0 } })
  }

  /// A factory that logs the user out while its graph is making a session instance: the reset
  /// does not wait for that instance (published once the factory returns).
  @Test func aFactoryThatResetsTheScopeItsGraphIsMakingDoesNotWaitForItself() async throws {
    let app = Container()
    app.register(Self.session) { LoginSession() }
    app.register(.singleton) { [unowned app] (r: Resolver) async throws -> LogoutCoordinator in
      let session: LoginSession = try await r.resolve()
      try await app.resetAndDispose(Self.session)
      return LogoutCoordinator(session: session)
    }
    let coordinator = try await app.resolve(LogoutCoordinator.self)
    #expect(coordinator.session.isDisposed.withLock { $0 })
    #expect(try await app.resolve(LoginSession.self) !== coordinator.session)
    try await app.shutdown()
  }

  /// Resolves a `SlowScreen` of `app` on a thread, running `logout` while the screen's graph
  /// holds the session it took and has not asked for the session's API yet. Returns the
  /// screen's outcome and the session from before.
  private func resolvedAcross(
    _ app: Container, logout: () async throws -> Void
  ) async throws -> (Result<SlowScreen, ResolutionError>, LoginSession) {
    let started = DispatchSemaphore(value: 0)
    let resume = DispatchSemaphore(value: 0)
    app.register(.unique) { r -> SlowScreen in
      let session: LoginSession = try r.resolve()
      started.signal()
      resume.wait()
      return SlowScreen(session: session, api: try r.resolve())
    }
    let before = try await app.resolve(LoginSession.self)
    let outcome = Locked<Result<SlowScreen, ResolutionError>?>(nil)
    let finished = DispatchSemaphore(value: 0)
    Thread {
      let result = Result { () throws(ResolutionError) in try app.resolve(SlowScreen.self) }
      outcome.withLock { $0 = result }
      finished.signal()
    }.start()
    await Task.detached { started.wait() }.value
    try await logout()
    resume.signal()
    await Task.detached { finished.wait() }.value
    return (try #require(outcome.withLock { $0 }), before)
  }
}
