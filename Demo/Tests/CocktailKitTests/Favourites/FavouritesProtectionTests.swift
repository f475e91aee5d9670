@testable import CocktailKit
import Foundation
import Surrogate
import Testing

struct FavouritesProtectionTests {
  private func composedEditor(_ role: Caller.Role, file: URL) throws -> (any FavouritesEditor, any Favourites) {
    let settings = DemoSettings(
      baseURL: URL(string: "http://127.0.0.1/")!, caller: Caller(role: role), favouritesURL: file,
      terminal: RecordingTerminal())
    let container = CompositionRoot.makeContainer(settings)
    return (try container.resolve(), try container.resolve())
  }

  @Test func aGuestCannotEditAndTheListIsUntouched() throws {
    let file = Fixtures.favouritesURL()
    let (editor, favourites) = try composedEditor(.guest, file: file)
    let error = #expect(throws: ProxyError.self) { try editor.add("11") }
    #expect(error?.code == .accessDenied)
    #expect(error?.access.requirement == "add(_:)")
    #expect(error?.message == "only a curator may edit favourites, and you are a guest")
    #expect(throws: ProxyError.self) { try editor.remove("11") }
    #expect(try favourites.ids().isEmpty)
    #expect(!FileManager.default.fileExists(atPath: file.path))
  }

  @Test func aCuratorEditsAndTheListIsKeptInTheFile() throws {
    let file = Fixtures.favouritesURL()
    let (editor, favourites) = try composedEditor(.curator, file: file)
    #expect(try editor.add("11"))
    #expect(try editor.add("12"))
    #expect(try !editor.add("11"))
    #expect(try editor.remove("11"))
    #expect(try !editor.remove("11"))
    #expect(try favourites.ids() == ["12"])
    #expect(try FavouritesFile(url: file).ids() == ["12"])
  }
}
