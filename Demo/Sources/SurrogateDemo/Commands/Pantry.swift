import ArgumentParser
import CocktailKit

/// `pantry <ingredient>...`: what can be made, from the lazily built ingredient index.
struct Pantry: ScreenCommand {
  static let configuration = CommandConfiguration(
    abstract: "Cocktails you can make with these ingredients (uses the ingredient index).")

  @Argument(help: "Words of ingredients you have, e.g. gin campari.")
  var ingredients: [String]

  @OptionGroup var options: DemoOptions

  func request() -> ScreenRequest { .pantry(ingredients) }
}
