import ArgumentParser
import CocktailKit

/// `show <id>`: `lookup.php?i=`.
struct Show: ScreenCommand {
  static let configuration = CommandConfiguration(abstract: "One cocktail's recipe, by id.")

  @Argument(help: "The cocktail's id, as the lists show it.")
  var id: String

  @OptionGroup var options: DemoOptions

  func request() -> ScreenRequest { .show(id: id) }
}
