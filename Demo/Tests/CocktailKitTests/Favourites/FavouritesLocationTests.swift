@testable import CocktailKit
import Foundation
import Testing

struct FavouritesLocationTests {
  @Test func homeFromTheEnvironmentDecidesTheDefaultFile() {
    let url = FavouritesLocation.defaultURL(environment: ["HOME": "/tmp/ada"])
    #expect(url.path == "/tmp/ada/.surrogate-demo/favourites.json")
  }

  @Test(arguments: [[:], ["HOME": ""], ["HOME": "relative/home"]])
  func withoutAnAbsoluteHomeTheAccountsHomeIsUsed(environment: [String: String]) {
    let url = FavouritesLocation.defaultURL(environment: environment)
    #expect(
      url == FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".surrogate-demo/favourites.json"))
  }
}
