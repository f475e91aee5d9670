@testable import CocktailKit
import Foundation
import Testing

/// The favourites file on disk: what a write keeps, what it refuses, and what each unreadable
/// file is called.
struct FavouritesFileTests {
  private let url = Fixtures.favouritesURL()

  private func create(_ contents: String, mode: Int) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(contents.utf8).write(to: url)
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
  }

  private func mode(of path: String) throws -> Int {
    try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int ?? -1
  }

  @Test func writingKeepsAPrivateFilePrivate() throws {
    try create(#"["90001"]"#, mode: 0o600)
    #expect(try FavouritesFile(url: url).add("90003"))
    #expect(try mode(of: url.path) == 0o600)
    #expect(try FavouritesFile(url: url).ids() == ["90001", "90003"])
  }

  @Test func writingThroughASymlinkUpdatesItsTargetAndKeepsTheLink() throws {
    try create(#"["90001"]"#, mode: 0o644)
    let link = url.deletingLastPathComponent().appendingPathComponent("link.json")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "favourites.json")
    #expect(try FavouritesFile(url: link).add("90003"))
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "favourites.json")
    #expect(try FavouritesFile(url: url).ids() == ["90001", "90003"])
  }

  @Test func aReadOnlyFileIsRefusedAndLeftAsItWas() throws {
    try create(#"["90001"]"#, mode: 0o444)
    let error = #expect(throws: (any Error).self) { try FavouritesFile(url: url).add("90003") }
    #expect("\(error.map { "\($0)" } ?? "")".contains("\(url.path) is read-only"))
    #expect(try mode(of: url.path) == 0o444)
    #expect(try String(contentsOf: url, encoding: .utf8) == #"["90001"]"#)
  }

  @Test func anEmptyFileIsAnEmptyList() throws {
    try create("", mode: 0o644)
    #expect(try FavouritesFile(url: url).ids() == [])
    #expect(try FavouritesFile(url: url).add("90003"))
    #expect(try FavouritesFile(url: url).ids() == ["90003"])
  }

  @Test(arguments: [
    ("{\"ids\": [", "is not JSON"),
    (#"{"ids": ["90001"]}"#, "is JSON but not a list of cocktail ids"),
    (#"["90001", 90002]"#, "is JSON but not a list of cocktail ids"),
  ])
  func aDamagedFileIsNamedWithWhatIsWrongAndWhatToDo(contents: String, problem: String) throws {
    try create(contents, mode: 0o644)
    let error = #expect(throws: FavouritesFileError.self) { try FavouritesFile(url: url).ids() }
    #expect(error?.message == "The favourites file \(url.path) \(problem)")
    #expect(error?.remedy.contains("delete it to start an empty list") == true)
    #expect(try String(contentsOf: url, encoding: .utf8) == contents)
  }

  @Test func aFolderInPlaceOfTheFileIsNamedAsSuch() throws {
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    let error = #expect(throws: FavouritesFileError.self) { try FavouritesFile(url: url).ids() }
    #expect(error?.code == .isDirectory)
    #expect(error?.message == "The favourites file \(url.path) is a folder, not a file")
  }

  // NB: root reads a file whatever its mode, so this runs only for other users.
  @Test(.enabled(if: getuid() != 0, "root reads every file"))
  func anUnreadableFileSaysSo() throws {
    try create(#"["90001"]"#, mode: 0o000)
    let error = #expect(throws: FavouritesFileError.self) { try FavouritesFile(url: url).ids() }
    #expect(error?.code == .unreadable)
    #expect(error?.message.hasPrefix("The favourites file \(url.path) cannot be read") == true)
  }

  @Test func aLockHeldElsewhereIsAClearErrorAfterABoundedWait() throws {
    try create(#"["90001"]"#, mode: 0o644)
    let holder = open(url.path + ".lock", O_RDWR | O_CREAT, 0o644)
    defer { close(holder) }
    #expect(flock(holder, LOCK_EX) == 0)
    let clock = ContinuousClock()
    let start = clock.now
    let error = #expect(throws: FavouritesFileError.self) {
      try FavouritesFile(url: url, lockTimeout: .milliseconds(200)).add("90003")
    }
    #expect(error?.code == .locked)
    #expect(error?.message == "Another process has been editing \(url.path) for more than 0.2 s")
    #expect(clock.now - start < .seconds(5))
    #expect(try FavouritesFile(url: url).ids() == ["90001"])
  }
}
