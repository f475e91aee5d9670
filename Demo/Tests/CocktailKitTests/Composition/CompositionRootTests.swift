@testable import CocktailKit
import Foundation
import Surrogate
import SurrogateTesting
import Testing

struct CompositionRootTests {
  private func settings(baseURL: URL = URL(string: "http://127.0.0.1:1/")!, role: Caller.Role = .guest)
    -> (DemoSettings, RecordingTerminal)
  {
    let terminal = RecordingTerminal()
    return (
      DemoSettings(
        baseURL: baseURL, timeout: 5, caller: Caller(role: role), favouritesURL: Fixtures.favouritesURL(),
        terminal: terminal),
      terminal
    )
  }

  @Test func everyProxyIsInPlace() throws {
    let container = CompositionRoot.makeContainer(settings().0)
    let view: TerminalCocktailView = try container.resolve()
    let presenter = try #require(view.presenter)
    #expect((presenter.view as? WeakRefProxy<TerminalCocktailView>)?.object === view)
    #expect(presenter.service is CachingCocktailService)
    #expect(presenter.service as AnyObject === (try container.resolve((any CocktailService).self)) as AnyObject)
    // The cache decorates the remote service, which stays reachable by its own type.
    #expect(presenter.service is CachingCocktailService)
    let remote = try container.resolve(RemoteCocktailService.self)
    #expect(remote.baseURL.absoluteString == "http://127.0.0.1:1/")
    #expect(presenter.editor is ProtectionProxy<FavouritesFile>)
    #expect(presenter.favourites is FavouritesFile)
    let index = try #require(presenter.index as? LazyProxy<FullTextIngredientIndex>)
    #expect(!index.isCreated)
  }

  @Test func compositionValidatesWithoutProblems() {
    let report = CompositionRoot.makeContainer(settings().0).validate()
    #expect(report.problems.isEmpty, "\(report.problems)")
  }

  @Test func screenIsReleasedWhenTheViewIsDropped() throws {
    let container = CompositionRoot.makeContainer(settings().0)
    weak var released: TerminalCocktailView?
    weak var releasedPresenter: CocktailListPresenter?
    do {
      let view: TerminalCocktailView = try container.resolve()
      released = view
      releasedPresenter = view.presenter
    }
    #expect(released == nil)
    #expect(releasedPresenter == nil)
    let report = try container.checkForLeaks(resolving: TerminalCocktailView.self)
    #expect(report.isReleased, "\(report)")
    #expect(report.checked.map(\.description).sorted() == ["CocktailListPresenter", "TerminalCocktailView"])
  }

  @Test func naiveCompositionLeaksAndTheReportNamesTheCycle() throws {
    let container = CompositionRoot.makeContainer(settings().0, viewHandOff: .strong)
    let report = try container.checkForLeaks(resolving: TerminalCocktailView.self)
    #expect(report.leaks.map(\.typeName).sorted() == ["CocktailListPresenter", "TerminalCocktailView"])
    let viewLeak = try #require(report.leaks.first { $0.typeName == "TerminalCocktailView" })
    #expect(viewLeak.cycleDescription == "TerminalCocktailView.presenter → CocktailListPresenter.view → TerminalCocktailView")
    #expect(viewLeak.suggestion.contains("forward CocktailListView through WeakRefProxy"))
    #expect(container.dependencyGraph().cycles.map { $0.map(\.description).sorted() } == [
      ["CocktailListPresenter", "TerminalCocktailView"]
    ])
  }

  @Test func theGraphOfTheWeakCompositionHasNoCycle() {
    let graph = CompositionRoot.makeContainer(settings().0).dependencyGraph()
    #expect(graph.cycles.isEmpty)
    #expect(graph.edges.contains { "\($0.from)" == "CocktailListPresenter" && "\($0.to)" == "TerminalCocktailView" })
  }
}
