import SuiteSupport
import Surrogate
import Testing

private final class SessionToken: Sendable {
  let scopeIndex: Int
  init(scopeIndex: Int) { self.scopeIndex = scopeIndex }
}

private final class WeakScope: Sendable {
  private let weakReference = Locked(WeakHolder())
  func hold(_ container: Container) { weakReference.withLock { $0.container = container } }
  var container: Container? { weakReference.withLock { $0.container } }
}

private struct WeakHolder: Sendable {
  weak var container: Container?
}

/// Whether each scope gave a new instance after a reset, by scope.
private final class Renewals: Sendable {
  // NB: `Locked`, not a bare `Mutex`: ThreadSanitizer does not see a `Mutex` on Linux, and reported
  // the tasks' writes as a race.
  let byScope = Locked<[Int: Bool]>([:])
}

/// A small seeded generator: the same seed gives the same order of ends.
private struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}

extension Scope {
  fileprivate static let visit = Scope.custom("visit")
}

/// The app keeps each open scope so that `reset(_:)` reaches it, and lets go of each scope when it
/// ends, whatever the order in which concurrent scopes end.
struct ScopesEndingInAnyOrderTests {
  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func scopesEndingInAnySeededOrderAreEachReachedByResetWhileOpenAndReleasedOnceEnded(seed: UInt64) async throws {
    let app = Container()
    let count = 8
    var generator = SplitMix(state: seed)
    let order = Array(0..<count).shuffled(using: &generator)
    let gates = (0..<count).map { _ in AsyncStream<Void>.makeStream() }
    let opened = AsyncStream<Int>.makeStream()
    let scopes = (0..<count).map { _ in WeakScope() }
    let renewed = Renewals()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<count {
        group.addTask {
          try await app.withScope { scope in
            scopes[index].hold(scope)
            scope.register(.visit) { SessionToken(scopeIndex: index) }
            let first = try await scope.resolve(SessionToken.self)
            opened.continuation.yield(index)
            for await _ in gates[index].stream { break }
            // The app was reset at least once since `first`: this open scope was reached.
            let second = try await scope.resolve(SessionToken.self)
            renewed.byScope.withLock { $0[index] = second !== first && second.scopeIndex == index }
          }
        }
      }
      var waiting = count
      for await _ in opened.stream {
        waiting -= 1
        if waiting == 0 { break }
      }
      for index in order {
        app.reset(.visit)
        gates[index].continuation.yield()
        gates[index].continuation.finish()
      }
      try await group.waitForAll()
    }
    #expect(renewed.byScope.withLock { $0 } == Dictionary(uniqueKeysWithValues: (0..<count).map { ($0, true) }))
    #expect(scopes.allSatisfy { $0.container == nil }, "an ended scope is still held")
  }
}
