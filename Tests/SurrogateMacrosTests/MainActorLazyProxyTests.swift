import SurrogateMacros
import Testing

@Proxyable
@MainActor
protocol DetailView: AnyObject {
  func show(_ text: String)
  func title() throws -> String
}

extension MainActorLazyProxy: DetailView where Subject: DetailView {}

@MainActor
final class DetailViewController: DetailView {
  static var made = 0
  private(set) var shown: [String] = []
  init() { Self.made += 1 }
  func show(_ text: String) { shown.append(text) }
  func title() throws -> String { "Detail" }
}

struct DetailFailure: Error {}

@MainActor
struct MainActorLazyProxyTests {
  @Test func theMainActorSubjectIsMadeOnTheFirstForwardedCallOnly() throws {
    let before = DetailViewController.made
    let proxy = MainActorLazyProxy { DetailViewController() }
    let view: any DetailView = proxy
    #expect(!proxy.isCreated)
    #expect(DetailViewController.made == before)
    view.show("Mojito")
    view.show("Daiquiri")
    #expect(DetailViewController.made == before + 1)
    #expect(try proxy.resolvedSubject().shown == ["Mojito", "Daiquiri"])
    #expect(try view.title() == "Detail")
  }

  @Test func aFailedCreationIsACreationFailedErrorAndTheNextUseTriesAgain() throws {
    var attempts = 0
    let proxy = MainActorLazyProxy { () throws -> DetailViewController in
      attempts += 1
      if attempts == 1 { throw DetailFailure() }
      return DetailViewController()
    }
    let view: any DetailView = proxy
    let error = #expect(throws: ProxyError.self) { try view.title() }
    #expect(error?.code == .creationFailed)
    #expect(error?.cause is DetailFailure)
    view.show("Mojito")  // the second use makes it
    #expect(try view.title() == "Detail")
    #expect(attempts == 2)
    #expect(try proxy.resolvedSubject().shown == ["Mojito"])
  }

  @Test func aFactoryThatUsesItsOwnProxyGetsAnErrorNotARecursion() {
    var proxy: MainActorLazyProxy<DetailViewController>?
    var inner: ProxyError?
    proxy = MainActorLazyProxy {
      do throws(ProxyError) {
        _ = try proxy?.resolvedSubject()
      } catch {
        inner = error
      }
      return DetailViewController()
    }
    #expect(throws: Never.self) { try proxy?.resolvedSubject() }
    #expect(inner?.code == .creationFailed)
    #expect(inner?.message == "DetailViewController's factory used the proxy it is creating")
  }

  @Test func theProxyReleasesItsSubjectWithItself() throws {
    weak var subject: DetailViewController?
    do {
      let proxy = MainActorLazyProxy { DetailViewController() }
      subject = try proxy.resolvedSubject()
      #expect(subject != nil)
    }
    #expect(subject == nil)
  }
}
