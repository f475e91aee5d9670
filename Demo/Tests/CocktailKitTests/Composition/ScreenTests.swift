@testable import CocktailKit
import Foundation
import Surrogate
import Testing

/// The composed screen against the loopback catalogue server, through the remote proxy; one
/// server at a time.
@Suite(.serialized)
struct ScreenTests {
  private func withScreen(
    role: Caller.Role = .guest, favourites: URL = Fixtures.favouritesURL(),
    _ body: (TerminalCocktailView, Container, RecordingTerminal) async throws -> Void
  ) async throws {
    let server = try await CatalogueServer.start(serving: BundledCatalogue().cocktails())
    let terminal = RecordingTerminal()
    let container = CompositionRoot.makeContainer(
      DemoSettings(
        baseURL: server.baseURL, timeout: 5, caller: Caller(role: role), favouritesURL: favourites,
        terminal: terminal))
    do {
      let view: TerminalCocktailView = try await container.resolve()
      try await body(view, container, terminal)
    } catch {
      await server.stop()
      throw error
    }
    await server.stop()
  }

  @Test func featuredShowsDistinctPicksAndTheFirstInFullFromTheCache() async throws {
    try await withScreen { view, container, terminal in
      await view.open(.featured(count: 3))
      #expect(view.failures.isEmpty)
      let lines = terminal.output
      #expect(lines.first == "Featured tonight")
      let ids = lines.dropFirst(2).prefix(3).map { $0.split(separator: " ").first.map(String.init) ?? "" }
      #expect(Set(ids).count == 3)
      #expect(lines.contains { $0.hasSuffix("(#\(ids[0]))") })
      let cache = try #require(try await container.resolve((any CocktailService).self) as? CachingCocktailService)
      let statistics = await cache.statistics
      #expect(statistics.hits == 1)
      let index = try await container.resolve((any IngredientIndex).self) as? LazyProxy<FullTextIngredientIndex>
      #expect(index?.isCreated == false)
    }
  }

  @Test func searchWithOneMatchShowsTheRecipe() async throws {
    try await withScreen { view, _, terminal in
      await view.open(.search("negroni"))
      #expect(terminal.output.contains("Negroni (#90003)"))
      #expect(terminal.output.contains { $0.hasSuffix("Campari") })
    }
  }

  @Test func pantryBuildsTheIngredientIndexOnFirstUse() async throws {
    try await withScreen { view, container, terminal in
      let index = try await container.resolve((any IngredientIndex).self) as? LazyProxy<FullTextIngredientIndex>
      #expect(index?.isCreated == false)
      await view.open(.pantry(["gin", "campari"]))
      #expect(index?.isCreated == true)
      #expect(terminal.text.contains("Negroni"))
      #expect(!terminal.text.contains("Margarita"))
    }
  }

  @Test func ingredientWithNoExactMatchSuggestsIngredientsFromTheIndex() async throws {
    try await withScreen { view, _, terminal in
      await view.open(.ingredient("peel"))
      #expect(view.failures.isEmpty)
      #expect(terminal.output.joined(separator: " ").contains("Ingredients with that word: Lemon peel, Orange peel."))
    }
  }

  @Test func unknownIDIsAFailureWithAHint() async throws {
    try await withScreen { view, _, terminal in
      await view.open(.show(id: "424242"))
      #expect(view.failures == [
        ScreenFailure(message: "No cocktail with id 424242.", hint: "Search by name to find ids, e.g. search sour.")
      ])
      #expect(terminal.errors == ["error: No cocktail with id 424242.", "hint: Search by name to find ids, e.g. search sour."])
    }
  }

  @Test func aGuestIsRefusedTheCuratorActionThroughTheProtectionProxy() async throws {
    try await withScreen(role: .guest) { view, _, terminal in
      await view.open(.addFavourite(id: "90003"))
      #expect(view.failures.map(\.message) == ["Not allowed: only a curator may edit favourites, and you are a guest."])
      #expect(terminal.output.isEmpty)
    }
  }

  @Test func aCuratorAddsAFavouriteThatTheListThenShows() async throws {
    let file = Fixtures.favouritesURL()
    try await withScreen(role: .curator, favourites: file) { view, _, terminal in
      await view.open(.addFavourite(id: "90003"))
      await view.open(.favourites)
      #expect(view.failures.isEmpty)
      #expect(terminal.output.first == "Added Negroni to the favourites.")
      #expect(terminal.output.contains { $0.hasPrefix("  90003  Negroni") })
    }
  }

  @Test func unreachableCatalogueIsAFailureNotACrash() async throws {
    let terminal = RecordingTerminal()
    let container = CompositionRoot.makeContainer(
      DemoSettings(
        baseURL: URL(string: "http://127.0.0.1:1/")!, caller: Caller(role: .guest),
        favouritesURL: Fixtures.favouritesURL(), terminal: terminal))
    let view: TerminalCocktailView = try await container.resolve()
    await view.open(.letter("m"))
    #expect(view.failures.map(\.message) == [
      "Cannot reach 127.0.0.1: connection refused (GET http://127.0.0.1:1/search.php?f=m)."
    ])
  }
}
