import SuiteSupport
import Surrogate
import Testing

private protocol Ledger: Sendable {}
private final class BankLedger: Ledger {}
private final class AuditLog: Sendable {}

private final class AuditedLedger: Ledger {
  let inner: any Ledger
  let log: AuditLog
  init(inner: any Ledger, log: AuditLog) {
    self.inner = inner
    self.log = log
  }
}

private final class Vault: Sendable {}
private final class VaultLedger: Ledger {
  let vault: Vault
  init(vault: Vault) { self.vault = vault }
}
@MainActor private final class ScreenLedger: Ledger {}
private final class Signer: Sendable {}
private final class SignedLedger: Ledger {
  let inner: any Ledger
  let signer: Signer
  init(inner: any Ledger, signer: Signer) {
    self.inner = inner
    self.signer = signer
  }
}

private final class Accountant: Sendable {
  let ledger: any Ledger
  init(ledger: any Ledger) { self.ledger = ledger }
}

/// A decoration keeps the decorator and what it wraps under hidden keys; where such a key reaches
/// a reader (the graph export's keys, an error's path) it names the decorator and what it
/// decorates, never the hidden tag.
struct DecorationKeyDescriptionTests {
  private func app() -> Container {
    let app = Container()
    app.register { BankLedger() }.implements((any Ledger).self)
    app.decorate((any Ledger).self) { r, inner in AuditedLedger(inner: inner, log: try r.resolve()) }
    app.register { r in Accountant(ledger: try r.resolve()) }
    return app
  }

  @Test func theGraphExportsKeysNameTheDecoratorAndWhatItDecorates() async throws {
    let app = app()
    app.register { AuditLog() }
    let graph = try await app.dependencyGraph(of: Accountant.self)
    let decorator = graph.nodes.first { $0.decorates != nil }
    #expect(decorator?.key.description == "AuditedLedger (decorating Ledger)")
    #expect(
      Set(graph.edges.map { "\($0.from) -> \($0.to)" }) == [
        "Accountant -> AuditedLedger (decorating Ledger)", "AuditedLedger (decorating Ledger) -> BankLedger",
        "AuditedLedger (decorating Ledger) -> AuditLog",
      ])
    #expect(!graph.edges.contains { "\($0.from)\($0.to)".contains("DecorationTag") })
  }

  @Test func aDecoratorsMissingDependencyIsReportedWithoutTheHiddenTag() throws {
    let error = #expect(throws: ResolutionError.self) { try app().resolve(Accountant.self) }
    #expect(error?.code == .definitionNotFound)
    #expect(error.map { !"\($0)".contains("DecorationTag") } == true, "\(error.map { "\($0)" } ?? "")")
  }

  /// The decorator's closure asks for its dependencies from the request for the type it
  /// decorates; BankLedger, that type's definition, never asked for an AuditLog.
  @Test func aDecoratorsMissingDependencyIsOnAPathThatNamesTheDecorator() async throws {
    let synchronous = #expect(throws: ResolutionError.self) { try app().resolve(Accountant.self) }
    let awaited = await #expect(throws: ResolutionError.self) { try await app().resolve(Accountant.self) }
    for error in [synchronous, awaited] {
      #expect(error?.pathDescription == "Accountant → AuditedLedger (decorating Ledger) → AuditLog")
      #expect(
        error?.path == [
          DefinitionKey(type: Accountant.self), DefinitionKey(type: (any Ledger).self),
          DefinitionKey(type: AuditLog.self),
        ])
      #expect(error?.detailedDescription.contains("└─ AuditedLedger (decorating Ledger)\n") == true)
    }
    for report in [{ app().validate() }(), await app().validate()] {
      let problem = report.problems.first { $0.path.first == DefinitionKey(type: Accountant.self) }
      #expect(problem?.pathDescription == "Accountant → AuditedLedger (decorating Ledger) → AuditLog", "\(report)")
    }
  }

  @Test func aMissingDependencyOfTheDecoratedDefinitionIsOnAPathThroughTheDecoratorToItsType() throws {
    let app = Container()
    app.register { r in VaultLedger(vault: try r.resolve()) }.implements((any Ledger).self)
    app.register { AuditLog() }
    app.decorate((any Ledger).self) { r, inner in AuditedLedger(inner: inner, log: try r.resolve()) }
    app.register { r in Accountant(ledger: try r.resolve()) }
    let error = #expect(throws: ResolutionError.self) { try app.resolve(Accountant.self) }
    // The decorator asked for what it wraps; VaultLedger, the type's definition, for a Vault.
    #expect(
      error?.pathDescription == "Accountant → AuditedLedger (decorating Ledger) → VaultLedger (as Ledger) → Vault")
  }

  @Test func inAChainEachDecoratorsMissingDependencyNamesThatDecorator() throws {
    for missing in ["AuditLog", "Signer"] {
      let app = Container()
      app.register { BankLedger() }.implements((any Ledger).self)
      if missing != "AuditLog" { app.register { AuditLog() } }
      if missing != "Signer" { app.register { Signer() } }
      app.decorate((any Ledger).self) { r, inner in AuditedLedger(inner: inner, log: try r.resolve()) }
      app.decorate((any Ledger).self) { r, inner in SignedLedger(inner: inner, signer: try r.resolve()) }
      app.register { r in Accountant(ledger: try r.resolve()) }
      let error = #expect(throws: ResolutionError.self) { try app.resolve(Accountant.self) }
      // The last decorator applied is the outermost: it asked for the first one.
      #expect(
        error?.pathDescription
          == (missing == "AuditLog"
            ? "Accountant → SignedLedger (decorating Ledger) → AuditedLedger (decorating Ledger) → AuditLog"
            : "Accountant → SignedLedger (decorating Ledger) → Signer"))
    }
  }

  @Test func aChildsDecoratorOfItsParentsDefinitionIsNamedInThePath() throws {
    let parent = Container()
    parent.register { BankLedger() }.implements((any Ledger).self)
    let child = Container(parent: parent)
    child.decorate((any Ledger).self) { r, inner in AuditedLedger(inner: inner, log: try r.resolve()) }
    child.register { r in Accountant(ledger: try r.resolve()) }
    let error = #expect(throws: ResolutionError.self) { try child.resolve(Accountant.self) }
    #expect(error?.pathDescription == "Accountant → AuditedLedger (decorating Ledger) → AuditLog")
  }

  @MainActor @Test func aMainActorDefinitionsDecoratorIsNamedInThePath() async throws {
    func app() -> Container {
      let app = Container()
      app.register { @MainActor _ in ScreenLedger() }.implements((any Ledger).self)
      app.decorate((any Ledger).self) { r, inner in AuditedLedger(inner: inner, log: try r.resolve()) }
      return app
    }
    let synchronous = #expect(throws: ResolutionError.self) { try app().resolve((any Ledger).self) }
    let awaited = await #expect(throws: ResolutionError.self) { try await app().resolve((any Ledger).self) }
    for error in [synchronous, awaited] {
      #expect(error?.pathDescription == "AuditedLedger (decorating Ledger) → AuditLog")
    }
  }

  @Test(arguments: [Scope.unique, .shared, .singleton, .eagerSingleton])
  func theWholeGraphMarksTheDecoratorMissingADependencyNotTheDefinitionItWraps(_ scope: Scope) async {
    func app() -> Container {
      let app = Container()
      app.register(scope) { BankLedger() }.implements((any Ledger).self)
      app.decorate((any Ledger).self) { r, inner in AuditedLedger(inner: inner, log: try r.resolve()) }
      return app
    }
    for graph in [{ app().dependencyGraph() }(), await app().dependencyGraph()] {
      let decorator = graph.nodes.first { $0.decorates != nil }
      let wrapped = graph.nodes.first { $0.key.type == BankLedger.self }
      #expect(decorator?.incomplete?.contains("AuditLog") == true, "\(graph.nodes)")
      #expect(wrapped != nil && wrapped?.incomplete == nil, "\(graph.nodes)")
    }
  }
}
