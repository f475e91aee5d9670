import SuiteSupport
import Surrogate
import Testing

private final class ShadowSession: Sendable {}
private final class ShadowService: Sendable {
  let session: ShadowSession
  init(session: ShadowSession) { self.session = session }
}
private final class AppRoot: Sendable {
  let service: ShadowService
  init(service: ShadowService) { self.service = service }
}
private final class FeatureScreen: Sendable {
  let root: AppRoot
  let service: ShadowService
  init(root: AppRoot, service: ShadowService) { (self.root, self.service) = (root, service) }
}

/// A captive dependency is judged by the scope of the definition that asked, not by its key's:
/// a child that registers a key its parent registers too (with another scope) makes two
/// definitions of one key ask in one validation.
struct CaptiveOfAShadowedDefinitionTests {
  /// The parent's singleton service keeps a `.unique` session; the child's own `.unique` service
  /// of the same key, which keeps nothing long, hid it: `validate()` of the child said nothing,
  /// though its screen reaches the parent's singleton through the parent's root.
  @Test func aParentsSingletonIsCaptiveThoughAChildRegistersItsKeyUnique() async throws {
    let app = Container()
    app.register(.unique) { ShadowSession() }
    app.register(.singleton) { r in ShadowService(session: try r.resolve()) }
    app.register(.singleton) { r in AppRoot(service: try r.resolve()) }
    let child = Container(parent: app)
    child.register(.unique) { r in ShadowService(session: try r.resolve()) }
    child.register { r in FeatureScreen(root: try r.resolve(), service: try r.resolve()) }
    for report in [{ child.validate() }(), await child.validate()] {
      let captives = report.warnings.filter { $0.kind == .captiveDependency }
      #expect(captives.count == 1, "\(report)")
      #expect(captives.first?.message.hasPrefix("ShadowService (.singleton) captures ShadowSession (.unique)") == true)
    }
  }

  /// The other way round: the child's singleton of a key its parent registers `.unique` keeps the
  /// session; the parent's definition does not make it one.
  @Test func aChildsSingletonIsCaptiveThoughItsParentRegistersItsKeyUnique() async throws {
    let app = Container()
    app.register(.unique) { ShadowSession() }
    app.register(.unique) { r in ShadowService(session: try r.resolve()) }
    app.register { r in AppRoot(service: try r.resolve()) }
    let child = Container(parent: app)
    child.register(.singleton) { r in ShadowService(session: try r.resolve()) }
    child.register { r in FeatureScreen(root: try r.resolve(), service: try r.resolve()) }
    for report in [{ child.validate() }(), await child.validate()] {
      let captives = report.warnings.filter { $0.kind == .captiveDependency }
      #expect(captives.count == 1, "\(report)")
    }
    let appReport = { app.validate() }()
    #expect(appReport.warnings.filter { $0.kind == .captiveDependency }.isEmpty, "\(appReport)")
  }
}
