import SuiteSupport
import Surrogate
import Synchronization
import Testing

/// What a `.scoped` instance's `deinit` did, once it ran.
private final class DeinitLog: Sendable {
  private let childMade = Locked(false)
  func noteChildMade() { childMade.withLock { $0 = true } }
  var madeChild: Bool { childMade.withLock { $0 } }
}

/// A `.scoped` unit whose `deinit` uses its scope's container (here: makes a child of it).
private final class ScopeBoundUnit: @unchecked Sendable {  // `scope` is set once, by its block
  weak var scope: Container?
  let log: DeinitLog
  init(log: DeinitLog) { self.log = log }
  deinit {
    if let scope {
      _ = Container(parent: scope)
      log.noteChildMade()
    }
  }
}

/// A `.scoped` instance released when its scope ends: its `deinit` runs after the scope has let go
/// of its own locks, so it may use the scope's container (make a child, register, resolve)
/// without waiting on the end that released it.
@Suite(.hangGuard)
struct ScopedDeinitAtScopeEndTests {
  @Test func aScopedInstancesDeinitMayUseItsScopesContainer() async throws {
    let log = DeinitLog()
    let app = Container()
    app.register(.scoped) { ScopeBoundUnit(log: log) }
    let ended = Task {
      try await app.withScope { scope in
        let unit = try await scope.resolve(ScopeBoundUnit.self)
        unit.scope = scope
      }
    }
    try await ended.value
    #expect(log.madeChild)
  }
}
