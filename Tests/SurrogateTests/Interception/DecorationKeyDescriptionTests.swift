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
    // The decorator's own closure is named by the key it decorates, as the request was.
    #expect(error?.pathDescription == "Accountant → Ledger → AuditLog")
  }
}
