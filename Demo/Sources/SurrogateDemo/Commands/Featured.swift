import ArgumentParser
import CocktailKit

/// The default screen: a few cocktails at random, the first in full.
struct Featured: ScreenCommand {
  static let configuration = CommandConfiguration(abstract: "A few cocktails picked at random (the default).")

  @Option(help: "How many cocktails to pick.")
  var count = 4

  @OptionGroup var options: DemoOptions

  func request() throws -> ScreenRequest {
    guard (1...20).contains(count) else { throw ValidationError("--count must be between 1 and 20.") }
    return .featured(count: count)
  }
}
