import SuiteSupport
import Surrogate
import Testing

/// The payments module's unit of work: one per scope, closed when the scope ends.
private final class LedgerSession: Sendable {
  let rate: ExchangeRate
  let request: PaymentRequest?
  init(rate: ExchangeRate, request: PaymentRequest?) { (self.rate, self.request) = (rate, request) }
}

private final class ExchangeRate: Sendable {
  let source: String
  init(source: String) { self.source = source }
}

/// What only the app's scope knows.
private final class PaymentRequest: Sendable {}

/// The app's handler, which needs the module's session.
private final class CheckoutHandler: Sendable {
  let session: LedgerSession
  init(session: LedgerSession) { self.session = session }
}

/// The app's own `.scoped` unit of work, which a collaborator's definition takes.
private final class AppSession: Sendable {}

/// The payments module's writer, which takes the app's session.
private final class LedgerWriter: Sendable {
  let session: AppSession
  init(session: AppSession) { self.session = session }
}

/// An app handler that takes the module's writer.
private final class CheckoutWriterHandler: Sendable {
  let writer: LedgerWriter
  init(writer: LedgerWriter) { self.writer = writer }
}

/// An app singleton that (wrongly) needs the module's session.
private final class Reconciler: Sendable {
  let session: LedgerSession
  init(session: LedgerSession) { self.session = session }
}

/// A collaborator's `.scoped` definition, requested in a scope of the app it collaborates with, is
/// the scope's: one instance per scope, disposed when that scope ends; its dependencies are looked
/// up in the collaborator first, then in the graph that asked (the scope).
struct CollaboratorScopedTests {
  private func app(journal: DisposalJournal, withReconciler: Bool = true) -> (app: Container, payments: Container) {
    let payments = Container()
    payments.register { ExchangeRate(source: "payments") }
    payments.register(.scoped) { r in LedgerSession(rate: try r.resolve(), request: try r.resolve()) }
      .disposing { _ in journal.note("LedgerSession") }
    let app = Container()
    app.register { ExchangeRate(source: "app") }
    app.register { r in CheckoutHandler(session: try r.resolve()) }
    if withReconciler { app.register(.singleton) { r in Reconciler(session: try r.resolve()) } }
    app.collaborate(with: payments)
    return (app, payments)
  }

  @Test func aCollaboratorsScopedDefinitionIsOnePerScopeAndDisposedWhenItEnds() async throws {
    let journal = DisposalJournal()
    let (app, payments) = app(journal: journal)
    let first = try await app.withScope { scope in
      scope.register { PaymentRequest() }
      let session = try await scope.resolve(LedgerSession.self)
      let handler = try await scope.resolve(CheckoutHandler.self)
      #expect(handler.session === session)
      #expect(journal.disposed.isEmpty)
      return session
    }
    #expect(journal.disposed == ["LedgerSession"])
    // NB: the sessions themselves, kept alive: a freed session's address (an ObjectIdentifier)
    // may be the next allocation's.
    let second = try await app.withScope { scope in
      scope.register { PaymentRequest() }
      return try await scope.resolve(CheckoutHandler.self).session
    }
    #expect(first !== second)
    #expect(journal.disposed == ["LedgerSession", "LedgerSession"])
    withExtendedLifetime(payments) {}
  }

  @Test func aCollaboratorsScopedDefinitionResolvesInASynchronousScope() throws {
    let journal = DisposalJournal()
    let (app, payments) = app(journal: journal)
    try app.withScope { scope in
      scope.register { PaymentRequest() }
      let session = try scope.resolve(LedgerSession.self)
      #expect(try scope.resolve(CheckoutHandler.self).session === session)
    }
    #expect(journal.disposed == ["LedgerSession"])
    withExtendedLifetime(payments) {}
  }

  @Test func itsDependenciesAreTheCollaboratorsFirstThenTheScopes() async throws {
    let (app, payments) = app(journal: DisposalJournal())
    try await app.withScope { scope in
      let request = PaymentRequest()
      scope.register { request }
      let session = try await scope.resolve(LedgerSession.self)
      #expect(session.rate.source == "payments")
      #expect(session.request === request)
    }
    withExtendedLifetime(payments) {}
  }

  private func appWithAScopedSessionAWriterNeeds(
    writerScope: Scope, journal: DisposalJournal
  ) -> (app: Container, payments: Container) {
    let app = Container()
    app.register(.scoped) { AppSession() }.disposing { _ in journal.note("AppSession") }
    let payments = Container()
    payments.register(writerScope) { r in LedgerWriter(session: try r.resolve()) }
    app.collaborate(with: payments)
    return (app, payments)
  }

  @Test(arguments: [Scope.shared, .scoped])
  func aCollaboratorsDefinitionTakesTheAppsScopedInstanceOfTheScopeThatAsked(writerScope: Scope) async throws {
    let journal = DisposalJournal()
    let (app, payments) = appWithAScopedSessionAWriterNeeds(writerScope: writerScope, journal: journal)
    try await app.withScope { scope in
      let writer = try await scope.resolve(LedgerWriter.self)
      #expect(try await scope.resolve(AppSession.self) === writer.session)
    }
    #expect(journal.disposed == ["AppSession"])
    // Synchronously too.
    func inASynchronousScope() throws {
      try app.withScope { scope in
        let writer = try scope.resolve(LedgerWriter.self)
        #expect(try scope.resolve(AppSession.self) === writer.session)
      }
    }
    try inASynchronousScope()
    #expect(journal.disposed == ["AppSession", "AppSession"])
    withExtendedLifetime(payments) {}
  }

  @Test func aCollaboratorsDefinitionTakingTheAppsScopedInstanceStillFailsOutsideAScope() throws {
    let (app, payments) = appWithAScopedSessionAWriterNeeds(writerScope: .shared, journal: DisposalJournal())
    #expect(throws: ResolutionError.self) { try app.resolve(LedgerWriter.self) }
    withExtendedLifetime(payments) {}
  }

  @Test func aScopesValidationAcceptsACollaboratorTakingTheAppsScopedInstance() async throws {
    let (app, payments) = appWithAScopedSessionAWriterNeeds(writerScope: .shared, journal: DisposalJournal())
    app.register { r in CheckoutWriterHandler(writer: try r.resolve()) }
    try await app.withScope { scope in
      let report = await scope.validate()
      #expect(report.problems.isEmpty, "\(report)")
    }
    withExtendedLifetime(payments) {}
  }

  @Test func aChildContainerInTheScopeGetsTheScopesInstance() async throws {
    let journal = DisposalJournal()
    let (app, payments) = app(journal: journal)
    try await app.withScope { scope in
      scope.register { PaymentRequest() }
      let screen = Container(parent: scope)
      let fromChild = try await screen.resolve(CheckoutHandler.self).session
      #expect(try await scope.resolve(LedgerSession.self) === fromChild)
    }
    #expect(journal.disposed == ["LedgerSession"])
    withExtendedLifetime(payments) {}
  }

  @Test func aScopeOfTheCollaboratorStillHasItsOwnInstance() async throws {
    let journal = DisposalJournal()
    let (app, payments) = app(journal: journal)
    let appSession = try await app.withScope { appScope in
      appScope.register { PaymentRequest() }
      let appSession = try await appScope.resolve(LedgerSession.self)
      try await payments.withScope { paymentsScope in
        paymentsScope.register { PaymentRequest() }
        let own = try await paymentsScope.resolve(LedgerSession.self)
        #expect(own !== appSession)
      }
      #expect(journal.disposed == ["LedgerSession"])
      return ObjectIdentifier(appSession)
    }
    #expect(journal.disposed == ["LedgerSession", "LedgerSession"])
    _ = appSession
  }

  @Test func outsideAScopeItStillFailsClosed() throws {
    let (app, payments) = app(journal: DisposalJournal())
    let error = #expect(throws: ResolutionError.self) { try app.resolve(CheckoutHandler.self) }
    #expect(error?.code == .outsideScope)
    #expect(error?.message.contains("resolved outside `withScope`") == true)
    withExtendedLifetime(payments) {}
  }

  @Test func aSingletonOfTheAppCannotCaptureIt() throws {
    let (app, payments) = app(journal: DisposalJournal())
    try app.withScope { scope in
      scope.register { PaymentRequest() }
      let error = #expect(throws: ResolutionError.self) { try scope.resolve(Reconciler.self) }
      #expect(error?.code == .outsideScope)
      #expect(error?.message.contains("Reconciler is a singleton") == true)
      #expect(error?.pathDescription == "Reconciler → LedgerSession")
    }
    withExtendedLifetime(payments) {}
  }

  @Test func aScopesValidationChecksItAsTheScopeResolvesIt() async throws {
    let (app, payments) = app(journal: DisposalJournal(), withReconciler: false)
    let report = try await app.withScope { scope in
      scope.register { PaymentRequest() }
      return await scope.validate()
    }
    #expect(report.problems.isEmpty, "\(report.problems)")
    withExtendedLifetime(payments) {}
  }
}
