import Surrogate
import Synchronization
import SurrogateTesting
import Testing

// A screen of a banking app whose controller reads the signed-in user's session: the session's
// objects live in a custom scope, kept by the container until `reset(.bankSession)`, as
// singletons are kept until the container ends.

extension Scope {
  fileprivate static let bankSession = Scope.custom("session")
}

private final class BankUserSession {}

private final class RecentTransferList {
  let session: BankUserSession
  /// A screen object the session keeps by mistake: a captive dependency of a custom scope.
  var lastScreen: AnyObject?
  init(session: BankUserSession) { self.session = session }
}

private final class BankAccountsController {
  let session: BankUserSession
  let recent: RecentTransferList
  var presenter: BankAccountsPresenter?
  init(session: BankUserSession, recent: RecentTransferList) {
    self.session = session
    self.recent = recent
  }
}

private final class BankAccountsPresenter {
  weak var view: BankAccountsController?
}

private final class BankAuditLog {}

/// Kept alive on purpose by the test, like an image cache a global holds.
private final class BankGlobalCache: Sendable {}

private func bankApp() -> Container {
  let app = Container()
  app.register(.bankSession) { BankUserSession() }
  app.register(.bankSession) { RecentTransferList(session: try $0.resolve()) }
  app.register(.singleton) { BankAuditLog() }
  return app
}

/// The accounts screen: a child of the app, as a screen container is.
private func accountsScreen(of app: Container, leakIntoSession: Bool = false) -> Container {
  let screen = Container(parent: app)
  screen.register(.shared) { r in
    BankAccountsController(session: try r.resolve(), recent: try r.resolve())
  }
  .resolvingProperties { r, controller in
    controller.presenter = try r.resolve()
    _ = try r.resolve(BankAuditLog.self)
    if leakIntoSession { controller.recent.lastScreen = controller.presenter }
  }
  screen.register(.shared) { BankAccountsPresenter() }
    .resolvingProperties { r, presenter in presenter.view = try r.resolve() }
  return screen
}

/// Runs `check` against a watchdog: `nil` when the watchdog (20 s) went off first, which a check
/// only does by waiting out a grace period of an hour.
private func beforeTheWatchdog(
  _ check: @escaping @Sendable () async throws -> ContainerLeakReport
) async throws -> ContainerLeakReport? {
  try await withThrowingTaskGroup(of: ContainerLeakReport?.self) { group in
    group.addTask { try await check() }
    group.addTask {
      try? await Task.sleep(for: .seconds(20))
      return nil
    }
    let first = try await group.next() ?? nil
    group.cancelAll()
    return first
  }
}

/// The synchronous check, from a synchronous function (an `async` one picks the awaited form).
private func checkedAtOnce(_ screen: Container) throws -> ContainerLeakReport {
  try screen.checkForLeaks(resolving: BankAccountsController.self)
}

private let anHour = LeakCheckOptions(gracePeriod: .seconds(3600))

struct CustomScopeLeakCheckTests {
  @Test func customScopeInstancesAreKeptByTheContainerNotLeaked() throws {
    let report = try accountsScreen(of: bankApp()).checkForLeaks(resolving: BankAccountsController.self)
    #expect(report.isReleased, "\(report)")
    #expect(report.checked.map(\.description).sorted() == ["BankAccountsController", "BankAccountsPresenter"])
    #expect(report.retainedByContainer == 3)
    #expect(
      report.description
        == #"BankAccountsController released: 2 objects, 0 leaked (1 singleton and 2 "session" instances kept by the container)"#
    )
  }

  @Test func anAsyncCheckWhoseSurvivorsTheContainerKeepsDoesNotWaitOutTheGracePeriod() async throws {
    let screen = accountsScreen(of: bankApp())
    let report = try await beforeTheWatchdog {
      try await screen.checkForLeaks(resolving: BankAccountsController.self, options: anHour)
    }
    #expect(report?.isReleased == true, "\(String(describing: report))")
  }

  @Test func intentionallyKeptSurvivorsDoNotMakeTheCheckWait() async throws {
    let app = bankApp()
    let kept = KeptObjects()
    app.register(.unique) { () -> BankGlobalCache in
      let cache = BankGlobalCache()
      kept.keep(cache)
      return cache
    }
    let screen = accountsScreen(of: app)
    screen.register(.shared) { r in
      _ = try r.resolve(BankGlobalCache.self)
      return BankAccountsController(session: try r.resolve(), recent: try r.resolve())
    }
    let options = LeakCheckOptions(gracePeriod: .seconds(3600), intentionallyKept: [BankGlobalCache.self])
    let report = try await beforeTheWatchdog {
      try await screen.checkForLeaks(resolving: BankAccountsController.self, options: options)
    }
    #expect(report?.isReleased == true, "\(String(describing: report))")
    #expect(kept.count == 1)
  }

  @Test func anInstanceACustomScopeHoldsIsALeakThatNamesTheScopeAndItsReset() async throws {
    let screen = accountsScreen(of: bankApp(), leakIntoSession: true)
    let sync = try checkedAtOnce(screen)
    let presenter = try #require(sync.leaks.first { $0.typeName == "BankAccountsPresenter" })
    #expect(presenter.holderPath == ["RecentTransferList.lastScreen", "BankAccountsPresenter"])
    #expect(presenter.suggestion.contains(#"RecentTransferList, kept by the container in scope "session""#))
    #expect(presenter.suggestion.contains("reset"))
    #expect(!presenter.suggestion.contains("a global"))
    // The awaited form explains it the same way, without waiting for a release that cannot come.
    let awaited = try await beforeTheWatchdog {
      try await screen.checkForLeaks(resolving: BankAccountsController.self, options: anHour)
    }
    #expect(awaited?.leaks.map(\.typeName) == sync.leaks.map(\.typeName))
  }

  @Test func afterResettingTheScopeTheNextCheckMakesAndKeepsANewSession() throws {
    let app = bankApp()
    let screen = accountsScreen(of: app)
    let first = try screen.resolve(BankUserSession.self)
    app.reset(.bankSession)
    let report = try screen.checkForLeaks(resolving: BankAccountsController.self)
    #expect(report.isReleased, "\(report)")
    #expect(report.retainedByContainer == 3)
    #expect(try screen.resolve(BankUserSession.self) !== first)
  }
}

/// Objects a test keeps alive, as a global would.
private final class KeptObjects: Sendable {
  private let objects = Mutex<[BankGlobalCache]>([])
  var count: Int { objects.withLock(owner: self) { $0.count } }
  func keep(_ object: BankGlobalCache) { objects.withLock(owner: self) { $0.append(object) } }
}
