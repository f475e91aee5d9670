import Surrogate
import SurrogateTesting
import Synchronization
import Testing

/// The names of the widgets made, in order.
private final class MadeLog: Sendable {
  private let names = Mutex<[String]>([])
  func add(_ name: String) { names.withLock { $0.append(name) } }
  var all: [String] { names.withLock { $0 } }
}

private final class Widget: Sendable {
  let name: String
  init(name: String) { self.name = name }
}

/// Holds the mock widgets it is given beyond the graph: the leak a check of the override must see.
private final class MockKeeper: Sendable {
  private let widgets = Mutex<[Widget]>([])
  func keep(_ widget: Widget) { widgets.withLock { $0.append(widget) } }
}

struct LeakCheckWithOverridesTests {
  @Test func aLeakCheckInsideOverridesResolvesTheOverride() throws {
    let container = Container()
    let log = MadeLog()
    container.register { () -> Widget in
      log.add("base")
      return Widget(name: "base")
    }
    try container.withOverrides({ overrides in
      overrides.register { () -> Widget in
        log.add("mock")
        return Widget(name: "mock")
      }
    }) {
      let report = try container.checkForLeaks(resolving: Widget.self)
      #expect(report.isReleased, "\(report)")
    }
    #expect(log.all == ["mock"])
  }

  @Test func anAwaitedLeakCheckInsideOverridesFindsTheOverridesLeak() async throws {
    let container = Container()
    let keeper = MockKeeper()
    container.register { Widget(name: "base") }
    try await container.withOverrides({ overrides in
      overrides.register { () -> Widget in
        let widget = Widget(name: "mock")
        keeper.keep(widget)
        return widget
      }
    }) {
      let report = try await container.checkForLeaks(resolving: Widget.self)
      #expect(report.leaks.map(\.typeName).contains { $0.contains("Widget") }, "\(report)")
    }
    withExtendedLifetime(keeper) {}
  }
}
