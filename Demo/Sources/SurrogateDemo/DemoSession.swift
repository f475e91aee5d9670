import ArgumentParser
import CocktailKit
import Foundation
import Surrogate
import SurrogateTesting

/// One run of the demo: find or start the catalogue, compose the screen, answer the request,
/// say how the screen was composed, and check that it was released.
struct DemoSession {
  let options: DemoOptions
  let terminal = StandardTerminal()

  func run(_ request: ScreenRequest) async throws {
    let handOff: CompositionRoot.ViewHandOff = options.leaky ? .strong : .weakProxy
    if let format = options.graph {
      // Nothing is called: the placeholder URL only has to be well formed.
      let url = options.baseURL.flatMap(URL.init(string:)) ?? URL(string: "http://127.0.0.1/api/json/v1/1/")!
      let graph = await CompositionRoot.makeContainer(settings(baseURL: url), viewHandOff: handOff).dependencyGraph()
      print(format == .dot ? graph.dot() : graph.mermaid(), terminator: "")
      return
    }

    let (baseURL, server) = try await catalogue()
    let container = CompositionRoot.makeContainer(settings(baseURL: baseURL), viewHandOff: handOff)
    terminal.write(
      server == nil
        ? "Cocktails from \(baseURL.absoluteString)"
        : "Cocktails from the bundled catalogue, served offline at \(baseURL.absoluteString)")
    terminal.write("")

    let outcome = await openScreen(request, in: container)
    terminal.write("")
    for line in await composition(of: container, viewHeldThrough: outcome.viewHeldThrough) { terminal.write(line) }
    let leaks = try await container.checkForLeaks(resolving: TerminalCocktailView.self)
    terminal.write("")
    terminal.write("screen \(leaks.isReleased ? "released" : "NOT released"): \(leaks.checked.count) objects, \(leaks.leaks.count) leaked")
    for leak in leaks.leaks { terminal.write("  \(leak)") }
    await server?.stop()

    if outcome.failed { throw ExitCode(1) }
    if !leaks.isReleased { throw ExitCode(2) }
  }

  // MARK: - Steps

  private func settings(baseURL: URL) -> DemoSettings {
    DemoSettings(
      baseURL: baseURL, timeout: options.timeout, caller: options.role.caller, favouritesURL: options.favouritesURL,
      terminal: terminal)
  }

  /// The base URL given, checked; or the bundled catalogue on a loopback server.
  private func catalogue() async throws -> (URL, CatalogueServer?) {
    if let text = options.baseURL {
      guard let url = URL(string: text) else {
        fail(
          "'\(text)' is not an http(s) URL with a host.",
          hint: "give a full URL such as https://www.thecocktaildb.com/api/json/v1/1/, or leave --base-url out to browse offline")
        throw ExitCode(1)
      }
      do {
        return (try RemoteCocktailService(baseURL: url, timeout: options.timeout).baseURL, nil)
      } catch {
        fail(error.message + ".", hint: error.remedy + ", or leave --base-url out to browse offline")
        throw ExitCode(1)
      }
    }
    do {
      let server = try await CatalogueServer.start(serving: BundledCatalogue().cocktails())
      return (server.baseURL, server)
    } catch {
      fail("The offline catalogue could not start: \(error).", hint: "pass --base-url to use a server instead")
      throw ExitCode(1)
    }
  }

  /// Resolves the screen, answers the request, and drops the screen.
  private func openScreen(_ request: ScreenRequest, in container: Container) async -> (failed: Bool, viewHeldThrough: String) {
    let view: TerminalCocktailView
    do {
      view = try await container.resolve()
    } catch {
      fail("The screen could not be composed: \(error)", hint: "this is a bug in the demo's composition root")
      return (true, "?")
    }
    await view.open(request)
    let heldThrough = view.presenter.map { String(describing: type(of: $0.view)) } ?? "?"
    return (!view.failures.isEmpty, heldThrough)
  }

  /// What each proxy did during this run.
  private func composition(of container: Container, viewHeldThrough: String) async -> [String] {
    let cache = (try? await container.resolve((any CocktailService).self)) as? CachingCocktailService
    let statistics = await cache?.statistics
    let index = try? await container.resolve((any IngredientIndex).self)
    let indexState =
      (index as? LazyProxy<FullTextIngredientIndex>).map {
        $0.isCreated ? "built on first use" : "not built: this command did not need it"
      } ?? "not lazy"
    let editor = try? await container.resolve((any FavouritesEditor).self)
    let role = options.role
    let rows: [(String, String)] = [
      ("view", "the presenter holds it through \(viewHeldThrough)\(options.leaky ? " (--leaky: strongly)" : ", weakly")"),
      ("catalogue", "CachingCocktailService (\(statistics?.description ?? "?")) → RemoteCocktailService (HTTP + JSON)"),
      (
        "favourites",
        "\(editor.map { String(describing: type(of: $0)) } ?? "?") lets \(role == .curator ? "this curator edit" : "guests read, not edit")"
      ),
      ("index", "\(index.map { String(describing: type(of: $0)) } ?? "?") (\(indexState))"),
      ("picture", "swift run --package-path Demo surrogate-demo --graph dot | dot -Tpng > graph.png"),
    ]
    let width = rows.map(\.0.count).max() ?? 0
    return ["How the container composed this screen:"]
      + rows.map { "  " + $0.0 + String(repeating: " ", count: width - $0.0.count) + "  " + $0.1 }
  }

  private func fail(_ message: String, hint: String) {
    terminal.writeError("error: \(message)")
    terminal.writeError("hint: \(hint)")
  }
}
