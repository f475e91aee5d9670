import ArgumentParser
import CocktailKit
import Foundation

/// The options every command takes.
struct DemoOptions: ParsableArguments {
  @Option(
    name: .customLong("base-url"),
    help: ArgumentHelp(
      "A TheCocktailDB-compatible API, e.g. https://www.thecocktaildb.com/api/json/v1/1/.",
      discussion: "Without it, the bundled catalogue is served on a loopback HTTP server (offline)."))
  var baseURL: String?

  @Option(help: "Seconds each request may take, from start to end: 0.1 to 3600.")
  var timeout: Double = 10

  @Option(name: .customLong("as"), help: "Who is browsing: guest or curator (only curators edit favourites).")
  var role: Role = .guest

  @Option(help: "Print the composition as a graph (dot or mermaid) instead of running the screen.")
  var graph: GraphFormat?

  @Flag(help: "Compose the screen the naive way (view held strongly) and show the leak it causes.")
  var leaky = false

  @Option(
    help: ArgumentHelp(
      "The favourites file (default: $HOME/\(FavouritesLocation.pathInHome), here \(FavouritesLocation.defaultURL().path))."
    ))
  var favouritesFile: String?

  func validate() throws {
    let range = RemoteCocktailService.timeoutRange
    guard range.contains(timeout) else {
      throw ValidationError(
        "--timeout must be between \(range.lowerBound) and \(Int(range.upperBound)) seconds, not \(timeout).")
    }
  }

  var favouritesURL: URL {
    if let favouritesFile { return URL(fileURLWithPath: favouritesFile) }
    return FavouritesLocation.defaultURL()
  }
}

/// `--as guest|curator`.
enum Role: String, ExpressibleByArgument, CaseIterable {
  case guest, curator

  var caller: Caller { Caller(role: self == .curator ? .curator : .guest) }
}

/// `--graph dot|mermaid`.
enum GraphFormat: String, ExpressibleByArgument, CaseIterable {
  case dot, mermaid
}
