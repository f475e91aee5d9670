import ArgumentParser
import CocktailKit

/// `ingredient <name>`: `filter.php?i=`, with suggestions from the lazily built ingredient index.
struct IngredientSearch: ScreenCommand {
  static let configuration = CommandConfiguration(
    commandName: "ingredient", abstract: "Cocktails that use an ingredient.")

  @Argument(help: "An ingredient, e.g. gin or lime juice.")
  var name: [String]

  @OptionGroup var options: DemoOptions

  func request() -> ScreenRequest { .ingredient(name.joined(separator: " ")) }
}
