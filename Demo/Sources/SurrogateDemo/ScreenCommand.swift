import ArgumentParser
import CocktailKit

/// A command that opens the cocktail screen with one request.
protocol ScreenCommand: AsyncParsableCommand {
  var options: DemoOptions { get }
  /// What to ask the screen for.
  func request() throws -> ScreenRequest
}

extension ScreenCommand {
  func run() async throws {
    try await DemoSession(options: options).run(request())
  }
}
