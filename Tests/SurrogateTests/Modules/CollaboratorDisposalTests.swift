import SuiteSupport
import Surrogate
import Testing

private protocol TaxRule: Sendable {}

/// What the pricing module's definition makes.
private final class Tax: TaxRule {}

/// A decorator the pricing module puts in front of its tax.
private final class RoundedTax: TaxRule {
  let inner: any TaxRule
  init(_ inner: any TaxRule) { self.inner = inner }
}

/// The app's own definition, which needs the pricing module's tax.
private final class Invoice: Sendable {
  let tax: any TaxRule
  init(tax: any TaxRule) { self.tax = tax }
}

private struct RequestFailed: Error {}

/// A collaborator's definitions join the same object graph (see `collaborate(with:)`): an instance
/// one of them makes in a scope is the scope's, and its disposal runs when the scope ends, as an
/// ancestor's does; a failed `resolve` disposes it as it disposes its own container's.
struct CollaboratorDisposalTests {
  /// The app, collaborating with a pricing module whose `TaxRule` definition (registered in
  /// `pricing`'s parent when `inParent`) disposes its instances into `journal`.
  private func collaboratingApp(
    _ scope: Scope, journal: DisposalJournal, decorated: Bool = false, inParent: Bool = false
  ) -> (app: Container, pricing: Container) {
    let pricingRoot = Container()
    let pricing = inParent ? Container(parent: pricingRoot) : pricingRoot
    (inParent ? pricingRoot : pricing).register(scope, type: (any TaxRule).self) { Tax() }
      .disposing { journal.note("\(type(of: $0))") }
    if decorated { pricing.decorate((any TaxRule).self) { _, inner in RoundedTax(inner) } }
    let app = Container()
    app.register { r in Invoice(tax: try r.resolve()) }
    app.collaborate(with: pricing)
    return (app, pricing)
  }

  @Test(arguments: [Scope.shared, .unique], [false, true])
  func aCollaboratorsInstanceMadeInAScopeIsDisposedWhenTheScopeEnds(scope: Scope, inParent: Bool) async throws {
    let journal = DisposalJournal()
    let (app, pricing) = collaboratingApp(scope, journal: journal, inParent: inParent)
    try await app.withScope { scope in
      _ = try await scope.resolve((any TaxRule).self)
      #expect(journal.disposed.isEmpty)
    }
    #expect(journal.disposed == ["Tax"])
    withExtendedLifetime(pricing) {}
  }

  @Test(arguments: [Scope.shared, .unique])
  func aCollaboratorsInstanceMadeInASynchronousScopeIsDisposedWhenTheScopeEnds(scope: Scope) throws {
    let journal = DisposalJournal()
    let (app, pricing) = collaboratingApp(scope, journal: journal)
    try app.withScope { scope in _ = try scope.resolve((any TaxRule).self) }
    #expect(journal.disposed == ["Tax"])
    withExtendedLifetime(pricing) {}
  }

  @Test func aCollaboratorsDependencyOfTheAppsDefinitionIsDisposedWhenTheScopeEnds() async throws {
    let journal = DisposalJournal()
    let (app, pricing) = collaboratingApp(.shared, journal: journal)
    try await app.withScope { scope in
      let invoice = try await scope.resolve(Invoice.self)
      #expect(invoice.tax is Tax)
    }
    #expect(journal.disposed == ["Tax"])
    withExtendedLifetime(pricing) {}
  }

  @Test func aCollaboratorsInstanceIsDisposedWhenTheScopesBodyThrows() async throws {
    let journal = DisposalJournal()
    let (app, pricing) = collaboratingApp(.shared, journal: journal)
    await #expect(throws: RequestFailed.self) {
      try await app.withScope { scope in
        _ = try await scope.resolve(Invoice.self)
        throw RequestFailed()
      }
    }
    #expect(journal.disposed == ["Tax"])
    withExtendedLifetime(pricing) {}
  }

  @Test(arguments: [Scope.shared, .unique])
  func aDecoratedCollaboratorsInstanceIsDisposedWhenTheScopeEnds(scope: Scope) async throws {
    let journal = DisposalJournal()
    let (app, pricing) = collaboratingApp(scope, journal: journal, decorated: true)
    try await app.withScope { scope in
      let invoice = try await scope.resolve(Invoice.self)
      #expect(invoice.tax is RoundedTax)
    }
    try await app.withScope { scope in _ = try await scope.resolve((any TaxRule).self) }
    #expect(journal.disposed == ["Tax", "Tax"])
    withExtendedLifetime(pricing) {}
  }

  @Test func aDecoratedCollaboratorsSingletonIsDisposedByItsOwnContainersShutdown() async throws {
    let journal = DisposalJournal()
    let (app, pricing) = collaboratingApp(.singleton, journal: journal, decorated: true)
    try await app.withScope { scope in
      let invoice = try await scope.resolve(Invoice.self)
      #expect(invoice.tax is RoundedTax)
    }
    try await app.shutdown()
    #expect(journal.disposed.isEmpty)
    try await pricing.shutdown()
    #expect(journal.disposed == ["Tax"])
  }

  @Test func aFailedResolveDisposesWhatACollaboratorMadeForIt() async throws {
    let journal = DisposalJournal()
    let (app, pricing) = collaboratingApp(.shared, journal: journal)
    app.register(tag: "failing") { r in Invoice(tax: try r.resolve()) }
      .resolvingProperties { _, _ in throw RequestFailed() }
    #expect(throws: ResolutionError.self) { try app.resolve(Invoice.self, tag: "failing") }
    #expect(journal.disposed == ["Tax"])
    await #expect(throws: ResolutionError.self) { try await app.resolve(Invoice.self, tag: "failing") }
    #expect(journal.disposed == ["Tax", "Tax"])
    withExtendedLifetime(pricing) {}
  }

  @Test func validatingAScopeDisposesWhatACollaboratorMadeForTheCheck() async throws {
    let journal = DisposalJournal()
    let (app, pricing) = collaboratingApp(.shared, journal: journal)
    let report = try await app.withScope { scope in
      let report = await scope.validate()
      #expect(journal.disposed == ["Tax"])
      return report
    }
    #expect(report.problems.isEmpty, "\(report)")
    #expect(journal.disposed == ["Tax"])
    withExtendedLifetime(pricing) {}
  }
}
