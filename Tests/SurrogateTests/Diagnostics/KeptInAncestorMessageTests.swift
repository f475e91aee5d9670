import SuiteSupport
import Surrogate
import Testing

/// An instance an ancestor keeps (a singleton, a weak singleton, a custom scope's) resolves its
/// dependencies in that ancestor: a type only a descendant registers is missing there, and the
/// error says which kind of kept instance asked, as it was registered.
struct KeptInAncestorMessageTests {
  protocol Gateway: Sendable {}
  final class LiveGateway: Gateway {}
  final class Repository: Sendable {
    let gateway: any Gateway
    init(gateway: any Gateway) { self.gateway = gateway }
  }

  private static func message(keptBy scope: Scope) -> String {
    let app = Container()
    app.register(scope) { r in Repository(gateway: try r.resolve()) }
    let feature = Container(parent: app)
    feature.register(type: (any Gateway).self) { LiveGateway() }
    do throws(ResolutionError) {
      _ = try feature.resolve(Repository.self)
      return "resolved"
    } catch {
      #expect(error.code == .definitionNotFound)
      return error.message
    }
  }

  @Test func aSingletonIsCalledASingleton() {
    let message = Self.message(keptBy: .singleton)
    #expect(message.contains("KeptInAncestorMessageTests.Repository is a singleton"), "\(message)")
  }

  @Test func aWeakSingletonIsCalledAWeakSingleton() {
    let message = Self.message(keptBy: .weakSingleton)
    #expect(message.contains("Repository is a weak singleton"), "\(message)")
  }

  @Test func aCustomScopesInstanceIsCalledByItsScope() {
    let message = Self.message(keptBy: .custom("session"))
    #expect(message.contains(#"Repository is kept by the custom scope "session""#), "\(message)")
    #expect(!message.contains("singleton"), "\(message)")
  }
}
