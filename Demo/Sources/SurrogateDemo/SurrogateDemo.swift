import ArgumentParser

/// `swift run --package-path Demo surrogate-demo`: a cocktail browser whose screen is composed by the container.
@main
struct SurrogateDemo: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "surrogate-demo",
    abstract: "Browse cocktails on a screen composed by Surrogate, then prove the screen was released.",
    discussion: """
      Offline by default: the bundled catalogue is served on a loopback HTTP server and reached through \
      the same remote proxy as the real API (--base-url https://www.thecocktaildb.com/api/json/v1/1/).
      Exit status: 0 on success, 1 when a request fails, 2 when the screen leaked.
      """,
    subcommands: [
      Featured.self, Search.self, Letter.self, IngredientSearch.self, Pantry.self, Show.self, FavouritesCommand.self,
    ],
    defaultSubcommand: Featured.self)
}
