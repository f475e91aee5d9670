import SuiteSupport
import Surrogate
import Synchronization
import Testing

// The MVP seed with both ends singletons: a `@MainActor` view whose main-actor block takes the
// presenter, and a presenter that takes the view through a weak proxy. An awaited resolve of the
// presenter and a synchronous one of the view on the main actor, at once.

protocol RaceScreenView: AnyObject {
  func show(_ items: [String])
}

extension WeakRefProxy: RaceScreenView where T: RaceScreenView {
  func show(_ items: [String]) { withSubject(for: ProxyAccess("show(_:)")) { $0.show(items) } }
}

final class RaceStore: Sendable {}

final class RaceScreenPresenter: Sendable {
  let view: any RaceScreenView & Sendable
  let store: RaceStore
  init(view: any RaceScreenView & Sendable, store: RaceStore) {
    self.view = view
    self.store = store
  }
}

@MainActor
final class RaceScreenController: RaceScreenView {
  var presenter: RaceScreenPresenter?
  nonisolated func show(_ items: [String]) {}
}

@MainActor
final class RaceCycleController: RaceScreenView {
  let presenter: RaceScreenPresenter
  init(presenter: RaceScreenPresenter) { self.presenter = presenter }
  nonisolated func show(_ items: [String]) {}
}

/// A synchronous resolve on the main actor that backs off from a cycle of waits with an awaited
/// resolve (each made one end) waited for the awaited one to finish, which needed the main actor
/// to make the view: the main actor was blocked for good (outside client 29, 1 run in 1 to 3 of
/// 300 rounds). It gets the view or `requiresAwait` now, and nothing hangs.
@Suite(.hangGuard) struct MainActorBackOffRaceTests {
  private static func screen() -> Container {
    let container = Container()
    container.register(.singleton) { RaceStore() }
    container.register(.singleton) { @MainActor _ in RaceScreenController() }
      .implements((any RaceScreenView & Sendable).self, through: WeakRefProxy.init)
      .resolvingPropertiesOnMainActor { r, controller in controller.presenter = try r.resolve() }
    container.autowire(.singleton, RaceScreenPresenter.init)
    return container
  }

  @MainActor private static func resolveViewSynchronously(from container: Container) -> String {
    do {
      _ = try container.resolve(RaceScreenController.self)
      return "synchronous"
    } catch {
      return error.code == .requiresAwait && error.remedy.contains("try await") ? "told to await" : "\(error)"
    }
  }

  /// The initializer cycle of the README (the controller takes the presenter, the presenter the
  /// controller through a weak proxy), both singletons, asked for by one to four tasks from both
  /// ends and synchronously on the main actor: one presenter, and nothing hangs.
  @Test func anInitializerCycleOfSingletonsAskedForFromBothEndsAndTheMainActorNeverHangs() async {
    let presenters = Locked<[Int: Set<ObjectIdentifier>]>([:])
    let finished = await finishes(stallingAtMost: .seconds(60)) { progressed in
      for round in 0..<400 {
        let container = Container()
        container.register(.singleton) { RaceStore() }
        container.register(.singleton) { @MainActor r in RaceCycleController(presenter: try r.resolve()) }
          .implements((any RaceScreenView & Sendable).self, through: WeakRefProxy.init)
        container.autowire(.singleton, RaceScreenPresenter.init)
        let tasks = (0..<(1 + round % 4)).map { index in
          Task.detached { () -> ObjectIdentifier? in
            if index % 2 == 0 {
              return (try? await container.resolve(RaceScreenPresenter.self)).map(ObjectIdentifier.init)
            }
            return (try? await container.resolve(RaceCycleController.self)).map { ObjectIdentifier($0.presenter) }
          }
        }
        let onMain = await MainActor.run {
          (try? container.resolve(RaceCycleController.self)).map { ObjectIdentifier($0.presenter) }
        }
        var seen = Set([onMain].compactMap { $0 })
        for task in tasks { if let presenter = await task.value { seen.insert(presenter) } }
        presenters.withLock { $0[round] = seen }
        progressed()
      }
    }
    #expect(finished, "the main actor hung after \(presenters.withLock { $0.count }) rounds")
    #expect(presenters.withLock { $0.values.allSatisfy { $0.count <= 1 } }, "two presenters in one container")
  }

  @Test func aSynchronousMainActorResolveThatBacksOffNeverWaitsForWhatNeedsTheMainActor() async {
    let outcomes = Locked<[String: Int]>([:])
    let finished = await finishes(stallingAtMost: .seconds(60)) { progressed in
      for _ in 0..<1_500 {
        let container = Self.screen()
        let awaited = Task.detached { () -> String in
          do {
            _ = try await container.resolve(RaceScreenPresenter.self)
            return "awaited"
          } catch {
            return "awaited threw \(error)"
          }
        }
        let synchronous = await Self.resolveViewSynchronously(from: container)
        let outcome = await awaited.value
        outcomes.withLock {
          $0[synchronous, default: 0] += 1
          $0[outcome, default: 0] += 1
        }
        progressed()
      }
    }
    #expect(finished, "the main actor hung; outcomes so far: \(outcomes.withLock { $0 })")
    let allowed: Set<String> = ["awaited", "synchronous", "told to await"]
    #expect(Set(outcomes.withLock { $0.keys }).isSubset(of: allowed), "\(outcomes.withLock { $0 })")
  }
}
