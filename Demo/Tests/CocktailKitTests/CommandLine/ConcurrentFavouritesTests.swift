@testable import CocktailKit
import Foundation
import Testing

/// Several `surrogate-demo` processes editing one favourites file at once.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct ConcurrentFavouritesTests {
  /// Sixteen processes, each adding its own id to one file, all at once.
  private func addAtOnce(_ ids: [String], to file: String) async throws -> [DemoBinary.Run] {
    try await withThrowingTaskGroup(of: DemoBinary.Run.self) { group in
      for id in ids {
        group.addTask {
          try await DemoBinary.run(["favourites", "add", id, "--as", "curator", "--favourites-file", file])
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
  }

  @Test func sixteenProcessesAddingAtOnceKeepEveryIDTenTimesInARow() async throws {
    let ids = (90001...90016).map(String.init)
    for round in 1...10 {
      let file = Fixtures.favouritesURL()
      let runs = try await addAtOnce(ids, to: file.path)
      #expect(runs.allSatisfy { $0.status == 0 }, "round \(round): \(runs.map(\.errors).joined())")
      let kept = try FavouritesFile(url: file).ids()
      #expect(Set(kept) == Set(ids), "round \(round) kept \(kept.count) of 16")
      #expect(kept.count == 16)
      try? FileManager.default.removeItem(at: file.deletingLastPathComponent())
    }
  }

  @Test func anAddAndARemoveAtOnceKeepEachOthersEdit() async throws {
    for round in 1...10 {
      let file = Fixtures.favouritesURL()
      _ = try await addAtOnce(["90001"], to: file.path)
      async let add = DemoBinary.run(["favourites", "add", "90002", "--as", "curator", "--favourites-file", file.path])
      async let remove = DemoBinary.run([
        "favourites", "remove", "90001", "--as", "curator", "--favourites-file", file.path,
      ])
      let (added, removed) = try await (add, remove)
      #expect(added.status == 0 && removed.status == 0, "round \(round): \(added.errors)\(removed.errors)")
      #expect(try FavouritesFile(url: file).ids() == ["90002"], "round \(round)")
      try? FileManager.default.removeItem(at: file.deletingLastPathComponent())
    }
  }
}
