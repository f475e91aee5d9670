import SuiteSupport
import Surrogate
import Testing

private protocol TransferObserver: AnyObject {}
private final class TransferLog: TransferObserver {}
private final class BankAnalytics {}
private final class Ledger {}
private struct LedgerUnavailable: Error {}

/// The banking app of issue 33: an optional `@Injected` property right above an `@InjectedWeak` one.
private final class TransferService {
  @Injected var analytics: BankAnalytics?
  @InjectedWeak var observer: (any TransferObserver)?
}

private final class TaggedTransferService {
  @InjectedWeak(tag: "audit") var observer: (any TransferObserver)?
}

private final class LenientTransferService {
  @InjectedWeak(required: false) var observer: (any TransferObserver)?
}

private final class LedgerScreen {
  @Injected var ledger: Ledger
}

@MainActor private final class MainActorLedger {}

private final class LedgerReport {
  @Injected var ledger: MainActorLedger
}

private final class OptionalLedgerScreen {
  @Injected(tag: "audit") var ledger: Ledger?
}

/// A Resolvable that holds its observer weakly and wires the rest by hand.
private final class TransferScreen: Resolvable {
  @InjectedWeak var observer: (any TransferObserver)?
  private(set) var ledger: Ledger?
  private(set) var didFinish = false

  func resolveDependencies(_ resolver: Resolver) throws { ledger = try resolver.resolve() }
  func didResolveDependencies() { didFinish = true }
}

/// One rule for `@Injected` and `@InjectedWeak`: an optional property is `nil` when nothing is
/// registered for its type; `required: false` makes it `nil` whatever fails.
struct OptionalPropertyTests {
  @Test func anInjectedWeakPropertyWithNothingRegisteredIsNilLikeAnOptionalInjectedOne() throws {
    let container = Container()
    container.register { TransferService() }
    let service = try container.resolve(TransferService.self)
    #expect(service.analytics == nil)
    #expect(service.observer == nil)
    // Registered, both are set (the observer is a singleton, so something keeps it).
    container.register { BankAnalytics() }
    container.register(.singleton) { TransferLog() as any TransferObserver }
    let wired = try container.resolve(TransferService.self)
    #expect(wired.analytics != nil)
    #expect(wired.observer != nil)
  }

  @Test func anAwaitedResolveFollowsTheSameRule() async throws {
    let container = Container()
    container.register { (_: Resolver) async throws -> TransferService in TransferService() }
    let service = try await container.resolve(TransferService.self)
    #expect(service.analytics == nil)
    #expect(service.observer == nil)
  }

  @Test func aTaggedWeakPropertyWithNothingRegisteredUnderItsTagOrUntaggedIsNil() throws {
    let container = Container()
    container.register { TaggedTransferService() }
    #expect(try container.resolve(TaggedTransferService.self).observer == nil)
    container.register(.singleton) { TransferLog() as any TransferObserver }
    #expect(try container.resolve(TaggedTransferService.self).observer != nil)
  }

  @Test func aWeakPropertyWhoseFactoryFailsStillFailsAndTheRemedyNamesInjectedWeak() {
    let container = Container()
    container.register { TransferService() }
    container.register { () throws -> any TransferObserver in throw LedgerUnavailable() }
    do {
      _ = try container.resolve(TransferService.self)
      Issue.record("a failing observer factory was swallowed")
    } catch {
      #expect(error.code == .propertyInjectionFailed)
      #expect(error.pathDescription == "TransferService.observer → TransferObserver", "\(error.pathDescription)")
      #expect(error.message.hasPrefix("Cannot auto-inject TransferService.observer: "), "\(error.message)")
      #expect(
        error.remedy.hasSuffix(
          " Or let TransferService.observer be nil whatever fails: "
            + "`@InjectedWeak(required: false) var observer: (any TransferObserver)?`."),
        "\(error.remedy)")
      #expect(!error.remedy.contains("@Injected("), "\(error.remedy)")
    }
  }

  /// A property that needs the main actor, injected off it, is fixed by where it is resolved,
  /// not by making it optional: `required: false` would only turn the error into a `nil`
  /// (outside client 29).
  @Test func aPropertyThatNeedsTheMainActorIsNotToldToBeNilWhateverFails() {
    let container = Container()
    container.register { LedgerReport() }
    container.register { @MainActor _ in MainActorLedger() }
    do {
      _ = try container.resolve(LedgerReport.self)
      Issue.record("a main-actor property was injected off the main actor")
    } catch {
      #expect(error.code == .propertyInjectionFailed)
      #expect((error.cause as? ResolutionError)?.code == .requiresMainActor)
      #expect(error.remedy.contains("try await"), "\(error.remedy)")
      #expect(!error.remedy.contains("required: false"), "\(error.remedy)")
    }
  }

  @Test func aWeakPropertyThatIsNotRequiredIsNilWhenItsFactoryFails() throws {
    let container = Container()
    container.register { LenientTransferService() }
    container.register { () throws -> any TransferObserver in throw LedgerUnavailable() }
    #expect(try container.resolve(LenientTransferService.self).observer == nil)
  }

  @Test func aMissingRequiredInjectedPropertyNamesTheOptionalSpellingOfItsOwnType() {
    let container = Container()
    container.register { LedgerScreen() }
    do {
      _ = try container.resolve(LedgerScreen.self)
      Issue.record("resolved a screen without a ledger")
    } catch {
      #expect(error.code == .propertyInjectionFailed)
      #expect(
        error.remedy.hasSuffix(
          " Or, if LedgerScreen.ledger may be absent, declare it optional: `@Injected var ledger: Ledger?` is nil "
            + "when nothing is registered for Ledger."),
        "\(error.remedy)")
    }
  }

  @Test func aTaggedOptionalInjectedPropertyWhoseFactoryFailsNamesItsTagInTheRemedy() {
    let container = Container()
    container.register { OptionalLedgerScreen() }
    container.register(tag: "audit") { () throws -> Ledger in throw LedgerUnavailable() }
    do {
      _ = try container.resolve(OptionalLedgerScreen.self)
      Issue.record("a failing ledger factory was swallowed")
    } catch {
      #expect(error.code == .propertyInjectionFailed)
      #expect(
        error.remedy.hasSuffix(
          " Or let OptionalLedgerScreen.ledger be nil whatever fails: "
            + "`@Injected(tag: \"audit\", required: false) var ledger: Ledger?`."),
        "\(error.remedy)")
    }
  }

  /// The warning's advice for a property is the declaration to write, not the factory's
  /// `r.resolve(tag:)` (outside client 37).
  @Test(arguments: [false, true])
  func aNilTaggedPropertysWarningSpellsTheDeclarationWithTheRegisteredTag(weakly: Bool) throws {
    let container = Container()
    container.register(tag: "ledger") { Ledger() }
    container.register(tag: "debug") { TransferLog() }.implements((any TransferObserver).self, tag: "debug")
    if weakly { container.register { TaggedTransferService() } } else { container.register { OptionalLedgerScreen() } }
    let nils = container.validate().warnings.filter { $0.kind == .optionalResolvedToNil }
    #expect(nils.count == 1, "\(nils)")
    let advice =
      weakly
      ? "Declare TaggedTransferService.observer with that tag: "
        + "`@InjectedWeak(tag: \"debug\") var observer: (any TransferObserver)?`"
      : "Declare OptionalLedgerScreen.ledger with that tag: `@Injected(tag: \"ledger\") var ledger: Ledger?`"
    #expect(nils.first?.message.contains(advice) == true, "\(nils)")
    #expect(nils.first?.message.contains("r.resolve(tag:") == false, "\(nils)")
  }

  @Test func validateWarnsAboutAnUnregisteredWeakPropertyAsAboutAnOptionalOneAndFindsNoProblem() {
    let container = Container()
    container.register { TransferService() }
    let report = container.validate()
    #expect(report.isValid, "\(report)")
    let nils = report.warnings.filter { $0.kind == .optionalResolvedToNil }
    #expect(nils.count == 2, "\(report)")
    #expect(nils.contains { $0.path.last?.type == Optional<any TransferObserver>.self }, "\(report)")
    #expect(nils.contains { $0.path.last?.type == Optional<BankAnalytics>.self }, "\(report)")
    #expect(nils.allSatisfy { $0.path.first?.type == TransferService.self }, "\(report)")
  }

  @Test func aResolvableWithAnUnregisteredWeakPropertyIsMadeAndHearsThatItsGraphIsComplete() throws {
    let container = Container()
    container.register { Ledger() }
    container.register { TransferScreen() }
    let screen = try container.resolve(TransferScreen.self)
    #expect(screen.observer == nil)
    #expect(screen.ledger != nil)
    #expect(screen.didFinish)
    #expect(container.validate().isValid)
  }
}
