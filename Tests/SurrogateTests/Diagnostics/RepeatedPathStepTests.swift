import SuiteSupport
import Surrogate
import Testing

private protocol Inventory {}
private final class RemoteInventory: Inventory {}
private final class LayeredInventory: Inventory {
  let inner: any Inventory
  init(inner: any Inventory) { self.inner = inner }
}

/// A path of many equal steps (a long chain of decorators of one type) is written once with its
/// count, not the same name seventy times (outside client 21).
struct RepeatedPathStepTests {
  @Test func equalStepsInARowAreWrittenOnceWithTheirCount() throws {
    let container = Container(maximumDepth: 20)
    container.register { RemoteInventory() as any Inventory }
    for _ in 0..<30 {
      container.decorate((any Inventory).self) { _, inner in LayeredInventory(inner: inner) }
    }
    do {
      _ = try container.resolve((any Inventory).self)
      Issue.record("resolved past the depth limit")
    } catch {
      #expect(error.code == .depthLimitExceeded)
      let steps = error.pathDescription.components(separatedBy: " → ")
      #expect(steps.count < error.path.count, "\(error.pathDescription)")
      #expect(error.pathDescription.contains("(×"), "\(error.pathDescription)")
      #expect(error.description.contains(error.pathDescription))
    }
  }

}
