import ArgumentParser
import CocktailKit

/// `search <name>`: `search.php?s=`.
struct Search: ScreenCommand {
  static let configuration = CommandConfiguration(abstract: "Cocktails whose name contains the text.")

  @Argument(help: "Part of a cocktail's name, e.g. sour or old fashioned.")
  var name: [String]

  @OptionGroup var options: DemoOptions

  func request() -> ScreenRequest { .search(name.joined(separator: " ")) }
}
