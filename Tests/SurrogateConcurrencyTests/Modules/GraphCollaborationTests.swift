import Dispatch
import SuiteSupport
import Surrogate
import Synchronization
import Testing

private protocol AskingGraphTransferObserver: AnyObject {}

private final class AskingGraphPresenter: AskingGraphTransferObserver {
  var transfers: AskingGraphTransferService?
}

private final class AskingGraphFallbackObserver: AskingGraphTransferObserver {}

private final class AskingGraphTransferService {
  let observer: any AskingGraphTransferObserver
  init(observer: any AskingGraphTransferObserver) { self.observer = observer }
}

private final class AskingGraphScreenView {
  let presenter: AskingGraphPresenter
  let transfers: AskingGraphTransferService
  init(presenter: AskingGraphPresenter, transfers: AskingGraphTransferService) {
    self.presenter = presenter
    self.transfers = transfers
  }
}

/// A singleton that asks for the observer if there is one.
private final class AskingGraphAudit {
  let observer: (any AskingGraphTransferObserver)?
  init(observer: (any AskingGraphTransferObserver)?) { self.observer = observer }
}

private final class AskingGraphPaymentsAudit {
  let observer: (any AskingGraphTransferObserver)?
  init(observer: (any AskingGraphTransferObserver)?) { self.observer = observer }
}

/// The app and a payments module that collaborates with it; `TransferService` needs an observer
/// that only a screen provides.
private func askingGraphModules() -> (app: Container, payments: Container) {
  let app = Container()
  let payments = Container()
  payments.register { r in AskingGraphTransferService(observer: try r.resolve()) }
  payments.collaborate(with: app)
  return (app, payments)
}

/// A screen of `app`: its presenter observes transfers.
private func askingGraphScreen(of app: Container) -> Container {
  let screen = Container(parent: app)
  screen.register { AskingGraphPresenter() }
    .implements((any AskingGraphTransferObserver).self)
    .resolvingProperties { r, presenter in presenter.transfers = try r.resolve() }
  screen.register { r in AskingGraphScreenView(presenter: try r.resolve(), transfers: try r.resolve()) }
  return screen
}

/// A collaborator's definition resolved inside a screen's graph sees what that graph's containers
/// provide (issue #33, item 2).
struct GraphCollaborationTests {
  @Test func aCollaboratorResolvesWhatTheGraphThatAskedProvides() throws {
    let (app, payments) = askingGraphModules()
    let screen = askingGraphScreen(of: app)
    let view = try screen.resolve(AskingGraphScreenView.self)
    #expect(view.transfers.observer === view.presenter)
    #expect(view.presenter.transfers === view.transfers)
    _ = payments
  }

  @Test func eachScreenGetsItsOwnPresenter() throws {
    let (app, payments) = askingGraphModules()
    let first = askingGraphScreen(of: app)
    let second = askingGraphScreen(of: app)
    let one = try first.resolve(AskingGraphScreenView.self)
    let other = try second.resolve(AskingGraphScreenView.self)
    #expect(one.transfers.observer === one.presenter)
    #expect(other.transfers.observer === other.presenter)
    #expect(one.presenter !== other.presenter)
    #expect(one.transfers !== other.transfers)
    _ = payments
  }

  @Test func aCollaboratorsOwnDefinitionStillComesFirst() throws {
    let (app, payments) = askingGraphModules()
    payments.register { AskingGraphFallbackObserver() }.implements((any AskingGraphTransferObserver).self)
    let view = try askingGraphScreen(of: app).resolve(AskingGraphScreenView.self)
    #expect(view.transfers.observer is AskingGraphFallbackObserver)
  }

  /// The app that answers is the screen's own parent: what the app provides is resolved as the
  /// screen resolves it, so the screen's own definition comes before the app's, as it does for
  /// the screen's own requests (a scope's registrations the same way); payments' own still first.
  @Test func anAncestorOfTheScreenAnsweringThroughCollaborationAnswersAsTheScreenDoes() throws {
    let (app, payments) = askingGraphModules()
    app.register { AskingGraphFallbackObserver() }.implements((any AskingGraphTransferObserver).self)
    #expect(try app.resolve(AskingGraphTransferService.self).observer is AskingGraphFallbackObserver)
    let view = try askingGraphScreen(of: app).resolve(AskingGraphScreenView.self)
    #expect(view.transfers.observer === view.presenter)
    _ = payments
  }

  @Test func nothingOfAReleasedScreenStaysReachable() throws {
    let (app, payments) = askingGraphModules()
    weak var weakScreen: Container?
    weak var weakPresenter: AskingGraphPresenter?
    do {
      let screen = askingGraphScreen(of: app)
      weakScreen = screen
      let view = try screen.resolve(AskingGraphScreenView.self)
      weakPresenter = view.presenter
      view.presenter.transfers = nil  // the test's own presenter ↔ service cycle
      #expect(view.transfers.observer === view.presenter)
    }
    #expect(weakScreen == nil)
    #expect(weakPresenter == nil)
    // Outside a screen's graph, payments has no observer to give.
    do {
      _ = try payments.resolve(AskingGraphTransferService.self)
      Issue.record("payments resolved an observer no graph provides")
    } catch {
      #expect(error.code == .definitionNotFound)
    }
    #expect(weakScreen == nil)
    #expect(weakPresenter == nil)
    #expect(app.collaborators.count == 1)
  }

  /// A singleton resolves its dependencies in the container that owns it: one in a collaborator
  /// sees no screen's definitions, exactly like one in the screen's parent.
  @Test func aSingletonInACollaboratorSeesWhatASingletonInTheParentSees() throws {
    let (app, payments) = askingGraphModules()
    app.register(.singleton) { r in AskingGraphAudit(observer: try r.resolve()) }
    payments.register(.singleton) { r in AskingGraphPaymentsAudit(observer: try r.resolve()) }
    let screen = askingGraphScreen(of: app)
    #expect(try screen.resolve(AskingGraphAudit.self).observer == nil)
    #expect(try screen.resolve(AskingGraphPaymentsAudit.self).observer == nil)
    weak var weakPresenter: AskingGraphPresenter?
    do {
      let view = try screen.resolve(AskingGraphScreenView.self)
      weakPresenter = view.presenter
      view.presenter.transfers = nil
    }
    #expect(weakPresenter == nil)
  }

  @Test func aSingletonInACollaboratorFailsWhereOneInTheParentFails() {
    let (app, payments) = askingGraphModules()
    app.register(.singleton, tag: "app") { r in AskingGraphTransferService(observer: try r.resolve()) }
    payments.register(.singleton, tag: "payments") { r in AskingGraphTransferService(observer: try r.resolve()) }
    let screen = askingGraphScreen(of: app)
    for tag in ["app", "payments"] {
      do {
        _ = try screen.resolve(AskingGraphTransferService.self, tag: tag)
        Issue.record("a singleton captured the screen's presenter (\(tag))")
      } catch {
        #expect(error.code == .definitionNotFound)
      }
    }
  }

  @Test func anAsyncResolveWiresTheSameWay() async throws {
    let (app, payments) = askingGraphModules()
    let screen = askingGraphScreen(of: app)
    let view = try await screen.resolve(AskingGraphScreenView.self)
    #expect(view.transfers.observer === view.presenter)
    _ = payments
  }

  @Test func validateCountsWhatTheScreensGraphProvides() {
    let (app, payments) = askingGraphModules()
    let screen = askingGraphScreen(of: app)
    let report = screen.validate()
    #expect(report.problems.isEmpty, "\(report)")
    // Payments alone still lacks an observer.
    #expect(payments.validate().problems.map(\.code) == [.definitionNotFound])
  }

  @Test func asyncValidateCountsWhatTheScreensGraphProvides() async {
    let (app, payments) = askingGraphModules()
    let screen = askingGraphScreen(of: app)
    let report = await screen.validate()
    #expect(report.problems.isEmpty, "\(report)")
    _ = payments
  }

  /// Screens resolved on several threads at once each get their own presenter.
  @Test func screensResolvedOnSeveralThreadsEachGetTheirOwn() {
    let (app, payments) = askingGraphModules()
    let screens = (0..<4).map { _ in askingGraphScreen(of: app) }
    let miswired = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: 4) { worker in
      var seed = UInt64(0x5EED + worker)
      for _ in 0..<100 {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let screen = screens[Int(seed >> 62)]
        guard let view = try? screen.resolve(AskingGraphScreenView.self), view.transfers.observer === view.presenter
        else {
          miswired.add(1, ordering: .relaxed)
          continue
        }
        view.presenter.transfers = nil
      }
    }
    #expect(miswired.load(ordering: .relaxed) == 0)
    _ = payments
  }
}
