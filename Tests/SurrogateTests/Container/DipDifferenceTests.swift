import SuiteSupport
import Surrogate
import Testing

private protocol Priced: AnyObject {}
private protocol Rated: AnyObject {}
private class Quote: Priced {}
private final class SpecialQuote: Quote {}
private final class Ledger {
  var quote: Quote?
}
private final class Entry {
  let ledger: Ledger
  init(ledger: Ledger) { self.ledger = ledger }
}

/// Where the container differs from Dip on purpose: each difference DipCompatibility.md lists,
/// shown as it behaves.
struct DipDifferenceTests {
  @Test func aForwardThatLandsOnAnotherForwardSaysWhatHappenedNamingBothRegistrations() {
    let container = Container()
    container.register(.shared) { Quote() }.implements((any Priced).self)
    // Registered later: `Quote` is now itself a type forwarded to `SpecialQuote`.
    container.register(.shared) { SpecialQuote() }.implements(Quote.self)
    var caught: ResolutionError?
    do {
      _ = try container.resolve((any Priced).self)
    } catch {
      caught = error
    }
    #expect(caught?.code == .definitionNotFound)
    #expect(
      caught?.message
        == "Priced is forwarded to Quote, which is now itself forwarded to SpecialQuote (a later "
        + "`.implements(Quote.self)`): forwardings do not chain.")
    #expect(
      caught?.remedy
        == "Forward Priced from SpecialQuote's registration (`.implements((any Priced).self)`), or register "
        + "Quote again.")
    let report = container.validate()
    #expect(report.problems.contains { $0.message == caught?.message })
  }

  @Test func aFiniteCycleThroughAUniqueDefinitionIsACircularDependencyNotTwoInstances() {
    // Dip builds Entry(Ledger{Entry(Ledger)}); the container reports the cycle (DipCompatibility.md).
    let container = Container()
    container.register(.shared) { Ledger() }
      .resolvingProperties { r, ledger in _ = try r.resolve(Entry.self) }
    container.register(.unique) { r in Entry(ledger: try r.resolve()) }
    var caught: ResolutionError?
    do {
      _ = try container.resolve(Entry.self)
    } catch {
      caught = error
    }
    #expect(caught?.code == .circularDependency)
    #expect(caught?.pathDescription == "Entry → Ledger → Entry")
  }

  @Test func anOptionalOfAnUnregisteredDependencyIsNil() throws {
    let container = Container()
    container.register { r in Ledger().with(quote: try r.resolve(Quote?.self)) }
    #expect(try container.resolve(Ledger.self).quote == nil)
  }

  @Test func registeringAKeyAgainRepointsItsForwards() throws {
    let container = Container()
    container.register(.unique) { Quote() }.implements((any Priced).self)
    container.register(.unique) { SpecialQuote() as Quote }
    #expect(try container.resolve((any Priced).self) is SpecialQuote)
  }

  @Test func removingADefinitionRemovesItsForwards() {
    let container = Container()
    let quote = container.register(.unique) { Quote() }.implements((any Priced).self)
    container.remove(quote)
    #expect(throws: ResolutionError.self) { try container.resolve((any Priced).self) }
  }

  @Test func aRemovedEagerSingletonIsNotMadeByBootstrap() throws {
    let container = Container()
    let made = Locked(0)
    let ledger = container.register(.eagerSingleton) { () -> Ledger in
      made.withLock { $0 += 1 }
      return Ledger()
    }
    container.remove(ledger)
    try container.bootstrap()
    #expect(made.withLock { $0 } == 0)
  }

  @Test func bootstrapSkipsAnEagerSingletonThatTakesRuntimeArguments() throws {
    let container = Container()
    let made = Locked(0)
    container.register(.eagerSingleton) { (_: Resolver, name: String) -> Ledger in
      made.withLock { $0 += 1 }
      return Ledger()
    }
    try container.bootstrap()
    #expect(made.withLock { $0 } == 0)
  }

  @Test(arguments: [.eagerSingleton, .weakSingleton] as [Scope])
  func aSingletonIsOneInstancePerDefinitionWhateverTagAsks(scope: Scope) throws {
    let container = Container()
    container.register(scope) { Quote() }
    let untagged = try container.resolve(Quote.self)
    #expect(try container.resolve(Quote.self, tag: "staging") === untagged)
  }

  @Test func anOptionalDoesNotLookThroughAForwardOfAnotherTag() throws {
    let container = Container()
    container.register(.unique) { Quote() }.implements((any Priced).self, tag: "live")
    #expect(try container.resolve((any Priced)?.self) == nil)
  }

  @Test func aDefinitionForwardedFromAnotherContainerSharesItsSingleton() throws {
    let app = Container()
    let screen = Container()
    let quote = app.register(.singleton) { Quote() }
    screen.register(quote, type: (any Priced).self)
    #expect(try screen.resolve((any Priced).self) === app.resolve(Quote.self))
  }
}

extension Ledger {
  fileprivate func with(quote: Quote?) -> Ledger {
    self.quote = quote
    return self
  }
}

private enum Refused: Error { case always }

/// A configuration error is reported before a block's own failure, as Dip reports it.
struct ForwardedTypeCheckTests {
  func container(_ scope: Scope) -> Container {
    let container = Container()
    container.register(scope) { Quote() }
      .resolvingProperties { _, _ in throw Refused.always }
      .implements((any Rated).self)
    return container
  }

  @Test(arguments: [.shared, .unique, .singleton] as [Scope])
  func aForwardedTypeTheInstanceLacksIsInvalidTypeBeforeTheSourcesFailingBlockRuns(scope: Scope) {
    var caught: ResolutionError?
    do {
      _ = try container(scope).resolve((any Rated).self)
    } catch {
      caught = error
    }
    #expect(caught?.code == .invalidType, "\(String(describing: caught))")
  }

  @Test func anAwaitedResolveReportsInvalidTypeFirstToo() async {
    var caught: ResolutionError?
    do {
      _ = try await container(.shared).resolve((any Rated).self)
    } catch {
      caught = error as? ResolutionError
    }
    #expect(caught?.code == .invalidType, "\(String(describing: caught))")
  }

  @Test func theSourceResolvedForItselfStillReportsItsBlocksFailure() {
    var caught: ResolutionError?
    do {
      _ = try container(.shared).resolve(Quote.self)
    } catch {
      caught = error
    }
    #expect(caught?.code == .propertyInjectionFailed)
  }
}
