import ArgumentParser
import CocktailKit
import Foundation

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

  // NB: `AsyncParsableCommand.main()` prints a usage error's message as it is, and the message
  // quotes what was typed (`The value '<ESC>[2J' is invalid`): the same steps, with the message
  // escaped for the terminal like everything else the demo prints.
  /// Parses the command line and runs the command; on an error, prints its message with control
  /// characters escaped and exits with its status (64 for a usage error).
  static func main() async {
    do {
      var command = try parseAsRoot()
      if var command = command as? any AsyncParsableCommand {
        try await command.run()
      } else {
        try command.run()
      }
    } catch {
      let message = fullMessage(for: error)
      let status = exitCode(for: error)
      if !message.isEmpty {
        let visible = message.split(separator: "\n", omittingEmptySubsequences: false)
          .map { TerminalText.visible(String($0)) }.joined(separator: "\n")
        if status.isSuccess {
          print(visible)
        } else {
          FileHandle.standardError.write(Data((visible + "\n").utf8))
        }
      }
      Foundation.exit(status.rawValue)
    }
  }
}
