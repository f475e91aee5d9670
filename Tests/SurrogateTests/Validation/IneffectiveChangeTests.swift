import SuiteSupport
import Surrogate
import Testing

private protocol Clock: AnyObject {}
private final class SystemClock: Clock {}
private final class FrozenClock: Clock {
  let inner: any Clock
  init(_ inner: any Clock) { self.inner = inner }
}

/// A change that did nothing is reported by `validate()`: a decoration that found nothing to
/// decorate, and a removal of a definition that another container registered.
struct IneffectiveChangeTests {
  private func ineffective(_ container: Container) -> [ValidationWarning] {
    container.validate().warnings.filter { $0.kind == .ineffectiveChange }
  }

  @Test func aDecorationMadeBeforeTheDefinitionIsReportedAndTheDefinitionStaysUndecorated() throws {
    let container = Container()
    container.decorate((any Clock).self) { _, inner in FrozenClock(inner) }
    container.register { SystemClock() as any Clock }
    #expect(try container.resolve((any Clock).self) is SystemClock)
    let warnings = ineffective(container)
    #expect(warnings.count == 1)
    #expect(warnings.first?.path == [DefinitionKey(type: (any Clock).self)])
    #expect(warnings.first?.message.contains("decorate") == true, "\(warnings)")
    #expect(warnings.first?.message.contains("registered later") == true, "\(warnings)")
    // A warning, not a problem: the graph itself is sound.
    #expect(container.validate().isValid)
  }

  @Test func aDecorationOfATagWithNothingToDecorateIsReported() {
    let container = Container()
    container.decorate((any Clock).self, tag: "test") { _, inner in FrozenClock(inner) }
    #expect(ineffective(container).map(\.path) == [[DefinitionKey(type: (any Clock).self, tag: DefinitionTag("test"))]])
  }

  @Test func aDecorationThatWrapsADefinitionIsNotReported() {
    let app = Container()
    app.register { SystemClock() as any Clock }
    let feature = Container(parent: app)
    feature.decorate((any Clock).self) { _, inner in FrozenClock(inner) }
    app.decorate((any Clock).self) { _, inner in FrozenClock(inner) }
    #expect(ineffective(app).isEmpty)
    #expect(ineffective(feature).isEmpty)
  }

  @Test func removingAParentsDefinitionFromAChildIsReportedAndChangesNothing() throws {
    let app = Container()
    let clock = app.register { SystemClock() as any Clock }
    let feature = Container(parent: app)
    feature.remove(clock)
    #expect(try feature.resolve((any Clock).self) is SystemClock)
    let warnings = ineffective(feature)
    #expect(warnings.count == 1)
    #expect(warnings.first?.path == [DefinitionKey(type: (any Clock).self)])
    #expect(warnings.first?.message.contains("another container") == true, "\(warnings)")
    #expect(ineffective(app).isEmpty)
  }

  @Test func removingADefinitionTwiceIsNotReported() {
    let container = Container()
    let clock = container.register { SystemClock() as any Clock }
    container.remove(clock)
    container.remove(clock)
    #expect(ineffective(container).isEmpty)
  }

  @Test func removeAllForgetsWhatWasReported() {
    let container = Container()
    container.decorate((any Clock).self) { _, inner in FrozenClock(inner) }
    #expect(ineffective(container).count == 1)
    container.removeAll()
    #expect(ineffective(container).isEmpty)
  }

  @Test func theSameIneffectiveDecorationIsReportedOnce() {
    let container = Container()
    for _ in 0..<3 { container.decorate((any Clock).self) { _, inner in FrozenClock(inner) } }
    #expect(ineffective(container).count == 1)
  }
}
