@testable import CocktailKit
import Foundation
import Testing

/// The `surrogate-demo` executable, run as a user runs it, one process at a time.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct DemoCommandLineTests {
  private func favouritesFile() -> String { Fixtures.favouritesURL().path }

  @Test func defaultScreenShowsFeaturedDrinksEveryProxyAndTheLeakLine() async throws {
    let run = try await DemoBinary.run(["--favourites-file", favouritesFile()])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.errors.isEmpty)
    let lines = run.outputLines
    #expect(lines.first?.hasPrefix("Cocktails from the bundled catalogue, served offline at http://127.0.0.1:") == true)
    #expect(lines.contains("Featured tonight"))
    #expect(lines.contains("How the container composed this screen:"))
    #expect(run.output.contains("the presenter holds it through WeakRefProxy<TerminalCocktailView>, weakly"))
    // Four random picks take four requests, more when one repeats; the card comes from the cache.
    #expect(
      run.output.contains(/CachingCocktailService \(1 hit, [4-8] requests\) → RemoteCocktailService \(HTTP \+ JSON\)/))
    #expect(run.output.contains("ProtectionProxy<FavouritesFile> lets guests read, not edit"))
    #expect(run.output.contains("LazyProxy<FullTextIngredientIndex> (not built: this command did not need it)"))
    #expect(lines.last(where: { !$0.isEmpty }) == "screen released: 2 objects, 0 leaked")
  }

  @Test func searchListsMatchesInAlignedColumns() async throws {
    let run = try await DemoBinary.run(["search", "sour", "--favourites-file", favouritesFile()])
    #expect(run.status == 0, "\(run.errors)")
    let table = run.outputLines.drop { $0 != "Cocktails matching 'sour'" }.dropFirst().prefix(3)
    #expect(Array(table) == [
      "  ID     NAME          CATEGORY        GLASS",
      "  90028  Pisco Sour    Cocktail        Old-fashioned glass",
      "  90009  Whiskey Sour  Ordinary Drink  Old-fashioned glass",
    ])
  }

  @Test func showPrintsTheRecipe() async throws {
    let run = try await DemoBinary.run(["show", "90003", "--favourites-file", favouritesFile()])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.outputLines.contains("Negroni (#90003)"))
    #expect(run.outputLines.contains("  3 cl     Campari"))
  }

  @Test func unknownIDIsOneErrorLineAndAHintWithExitStatusOne() async throws {
    let run = try await DemoBinary.run(["show", "424242", "--favourites-file", favouritesFile()])
    #expect(run.status == 1)
    #expect(run.errors == "error: No cocktail with id 424242.\nhint: Search by name to find ids, e.g. search sour.\n")
    #expect(run.output.contains("screen released: 2 objects, 0 leaked"))
  }

  @Test(arguments: ["notaurl", "ftp://example.com/", "http://"])
  func badBaseURLIsRejectedBeforeAnythingRuns(url: String) async throws {
    let run = try await DemoBinary.run(["--base-url", url])
    #expect(run.status == 1)
    #expect(run.errors.hasPrefix("error: '\(url)' is not an http(s) URL with a host.\nhint: "))
    #expect(run.output.isEmpty)
  }

  @Test func unreachableServerIsAClearErrorNotACrash() async throws {
    let run = try await DemoBinary.run(["search", "gin", "--base-url", "http://127.0.0.1:1/", "--timeout", "5"])
    #expect(run.status == 1)
    let errors = run.errors.split(separator: "\n")
    #expect(errors.count == 2)
    #expect(errors.first == "error: Cannot reach 127.0.0.1: connection refused (GET http://127.0.0.1:1/search.php?s=gin).")
    #expect(errors.last?.hasPrefix("hint: check the base URL and that the server is running") == true)
  }

  @Test func baseURLPointsTheRemoteProxyAtAnotherServer() async throws {
    let server = try await CatalogueServer.start(serving: Fixtures.all)
    let run = try await DemoBinary.run(["letter", "m", "--base-url", server.baseURL.absoluteString])
    await server.stop()
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.outputLines.first == "Cocktails from \(server.baseURL.absoluteString)")
    #expect(run.outputLines.contains("  12  Mojito  Cocktail  Highball glass"))
  }

  @Test func graphDotDrawsTheCompositionWithTheViewHeldWeakly() async throws {
    let run = try await DemoBinary.run(["--graph", "dot"])
    #expect(run.status == 0)
    #expect(run.output.hasPrefix("digraph Surrogate {"))
    #expect(run.output.contains(#""CocktailListPresenter" -> "TerminalCocktailView" [label="as CocktailListView", style=dashed];"#))
    #expect(run.output.contains(#""CachingCocktailService" -> "RemoteCocktailService" [label="decorates"];"#))
    #expect(!run.output.contains("DecorationTag"), "no hidden tag")
    #expect(!run.output.contains("color=red"), "no strong cycle")
  }

  @Test func graphMermaidAndLeakyGraphShowTheCycleInRed() async throws {
    let mermaid = try await DemoBinary.run(["--graph", "mermaid"])
    #expect(mermaid.status == 0)
    #expect(mermaid.output.hasPrefix("graph LR"))
    let leaky = try await DemoBinary.run(["--graph", "dot", "--leaky"])
    #expect(leaky.output.contains(#""TerminalCocktailView" -> "CocktailListPresenter" [color=red, penwidth=2];"#))
  }

  @Test func leakyCompositionReportsTheCycleAndExitsWithTwo() async throws {
    let run = try await DemoBinary.run(["search", "negroni", "--leaky", "--favourites-file", favouritesFile()])
    #expect(run.status == 2)
    #expect(run.output.contains("screen NOT released: 2 objects, 2 leaked"))
    #expect(run.output.contains(
      "TerminalCocktailView leaked: TerminalCocktailView.presenter → CocktailListPresenter.view → TerminalCocktailView."))
    #expect(run.output.contains("forward CocktailListView through WeakRefProxy"))
  }

  @Test func onlyACuratorAddsFavourites() async throws {
    let file = favouritesFile()
    let guest = try await DemoBinary.run(["favourites", "add", "90003", "--favourites-file", file])
    #expect(guest.status == 1)
    #expect(guest.errors.hasPrefix("error: Not allowed: only a curator may edit favourites, and you are a guest.\n"))
    let curator = try await DemoBinary.run(["favourites", "add", "90003", "--as", "curator", "--favourites-file", file])
    #expect(curator.status == 0, "\(curator.errors)")
    #expect(curator.outputLines.contains("Added Negroni to the favourites."))
    let list = try await DemoBinary.run(["favourites", "--favourites-file", file])
    #expect(list.outputLines.contains("  90003  Negroni  Ordinary Drink  Old-fashioned glass"))
  }

  @Test func aDamagedFavouritesFileIsNamedWithWhatToDo() async throws {
    let file = Fixtures.favouritesURL()
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("not json".utf8).write(to: file)
    let run = try await DemoBinary.run(["favourites", "--favourites-file", file.path])
    #expect(run.status == 1)
    #expect(run.errors == """
      error: The favourites file \(file.path) is not JSON.
      hint: fix it to hold a JSON list of ids such as ["90003", "90001"], or delete it to start an empty list

      """)
  }

  @Test(arguments: [(["letter", "ab"], "Give exactly one letter"), (["--as", "admin"], "admin"), (["show"], "id")])
  func badUsageExitsWithTheUsageStatus(arguments: [String], mention: String) async throws {
    let run = try await DemoBinary.run(arguments)
    #expect(run.status == 64)
    #expect(run.errors.contains(mention))
  }
}
