import ArgumentParser
import CocktailKit

/// `letter <c>`: `search.php?f=`.
struct Letter: ScreenCommand {
  static let configuration = CommandConfiguration(abstract: "Cocktails whose name starts with a letter.")

  @Argument(help: "One letter or digit.")
  var letter: String

  @OptionGroup var options: DemoOptions

  func request() throws -> ScreenRequest {
    guard letter.count == 1, let character = letter.first else {
      throw ValidationError("Give exactly one letter, e.g. `letter m`.")
    }
    return .letter(character)
  }
}
