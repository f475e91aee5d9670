import Dispatch
import SuiteSupport
import Surrogate
import Testing

/// Where the container writes a main-actor instance's auto-injected properties and calls its
/// `Resolvable` methods: on the main actor, as its factory runs, under `try await` from any task.
@Suite(.serialized) struct MainActorInstanceCallbackTests {
  /// Records, for each callback, whether it ran on the main queue (the main actor's executor).
  final class Probe: Sendable {
    private static let key = DispatchSpecificKey<Bool>()
    private let seen = Locked<[String: Bool]>([:])

    func note(_ callback: String) {
      DispatchQueue.main.setSpecific(key: Self.key, value: true)
      let onMain = DispatchQueue.getSpecific(key: Self.key) == true
      seen.withLock { $0[callback] = onMain }
    }

    var callbacks: [String: Bool] { seen.withLock { $0 } }
  }

  final class Service: Sendable {}

  @MainActor final class Screen: Resolvable {
    nonisolated static let probe = Probe()
    @Injected(didInject: { _ in Screen.probe.note("didInject") }) var service: Service
    init() { Self.probe.note("factory") }
    nonisolated func resolveDependencies(_ resolver: Resolver) throws { Self.probe.note("resolveDependencies") }
    nonisolated func didResolveDependencies() { Self.probe.note("didResolveDependencies") }
  }

  private static let everyCallbackOnMain = [
    "factory": true, "didInject": true, "resolveDependencies": true, "didResolveDependencies": true,
  ]

  private func container() -> Container {
    let container = Container()
    container.register(.singleton) { Service() }
    container.register { @MainActor _ in Screen() }
    return container
  }

  @Test func anAwaitedResolveFromAnotherTaskCallsBackOnTheMainActor() async throws {
    let container = container()
    let screen = try await Task.detached { try await container.resolve(Screen.self) }.value
    #expect(Screen.probe.callbacks == Self.everyCallbackOnMain)
    _ = await MainActor.run { screen.service }
  }

  @Test @MainActor func anAwaitedResolveFromTheMainActorCallsBackOnTheMainActor() async throws {
    let screen = try await container().resolve(Screen.self)
    #expect(Screen.probe.callbacks == Self.everyCallbackOnMain)
    _ = screen.service
  }
}
