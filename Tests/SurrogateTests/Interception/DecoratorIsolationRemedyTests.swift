import SuiteSupport
import Surrogate
import Testing

private final class SlowSource: Sendable {
  let value = 7
  static func open() async -> SlowSource { SlowSource() }
}
private protocol Ledger: Sendable {}
private final class RealLedger: Ledger {}
private final class SourcedLedger: Ledger {
  let inner: any Ledger
  let source: SlowSource
  init(inner: any Ledger, source: SlowSource) {
    self.inner = inner
    self.source = source
  }
}
private final class LaterSourcedLedger: Ledger {
  let inner: any Ledger
  let source: AsyncProvider<SlowSource>
  init(inner: any Ledger, source: AsyncProvider<SlowSource>) {
    self.inner = inner
    self.source = source
  }
}
@MainActor private final class Clock {}
private final class ClockedLedger: Ledger {
  let inner: any Ledger
  init(inner: any Ledger, clock: Clock) { self.inner = inner }
}

/// A decorator's closure is synchronous and, unless written `@MainActor`, not isolated: a remedy
/// that says to make the code that asked `async` cannot be followed for one (outside client 38).
/// Each remedy is applied as worded.
struct DecoratorIsolationRemedyTests {
  @Test func aDecoratorAskingForAnAsyncSingletonIsToldWhatADecoratorCanDo() async throws {
    let app = Container()
    app.register(.singleton) { _ async in await SlowSource.open() }
    app.register { RealLedger() }.implements((any Ledger).self)
    app.decorate((any Ledger).self) { r, inner in SourcedLedger(inner: inner, source: try r.resolve()) }
    let error = await #expect(throws: ResolutionError.self) { try await app.resolve((any Ledger).self) }
    #expect(error?.code == .requiresAwait)
    #expect(error?.remedy.contains("A decorator's closure cannot be `async`") == true, "\(error.map { "\($0)" } ?? "")")
    #expect(error?.remedy.contains("AsyncProvider<SlowSource>") == true)
    #expect(error?.remedy.contains("`.eagerSingleton`") == true)
    #expect(error?.remedy.contains("{ r async throws in") == false)

    // The provider, as worded.
    let provided = Container()
    provided.register(.singleton) { _ async in await SlowSource.open() }
    provided.register { RealLedger() }.implements((any Ledger).self)
    provided.decorate((any Ledger).self) { r, inner in LaterSourcedLedger(inner: inner, source: try r.resolve()) }
    let ledger = try await provided.resolve((any Ledger).self) as? LaterSourcedLedger
    #expect(try await ledger?.source().value == 7)

    // An eager singleton, made by `bootstrap()` before anything asks.
    let eager = Container()
    eager.register(.eagerSingleton) { _ async in await SlowSource.open() }
    eager.register { RealLedger() }.implements((any Ledger).self)
    eager.decorate((any Ledger).self) { r, inner in SourcedLedger(inner: inner, source: try r.resolve()) }
    try await eager.bootstrap()
    let sourced = try await eager.resolve((any Ledger).self)
    #expect((sourced as? SourcedLedger)?.source.value == 7)
  }

  @Test func aDecoratorAskingForAMainActorDefinitionIsToldToBeAMainActorOne() async throws {
    let app = Container()
    app.register { @MainActor _ in Clock() }
    app.register { RealLedger() }.implements((any Ledger).self)
    app.decorate((any Ledger).self) { r, inner in ClockedLedger(inner: inner, clock: try r.resolve()) }
    let error = await #expect(throws: ResolutionError.self) { try await app.resolve((any Ledger).self) }
    #expect(error?.code == .requiresMainActor)
    #expect(
      error?.remedy.hasPrefix("Make the decorator a main-actor one, `{ @MainActor r, inner in ... }`") == true,
      "\(error.map { "\($0)" } ?? "")")

    let fixed = Container()
    fixed.register { @MainActor _ in Clock() }
    fixed.register { RealLedger() }.implements((any Ledger).self)
    fixed.decorate((any Ledger).self) { @MainActor r, inner in ClockedLedger(inner: inner, clock: try r.resolve()) }
    let ledger = try await fixed.resolve((any Ledger).self)
    #expect(ledger is ClockedLedger)
  }
}
