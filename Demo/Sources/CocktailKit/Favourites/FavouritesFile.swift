import Foundation
import Synchronization

/// The favourites list, kept as a JSON array of ids in one file.
///
/// A missing file is an empty list; the file and its folder are created on the first edit.
///
/// ```swift
/// let store = FavouritesFile(url: URL(fileURLWithPath: "/tmp/favourites.json"))
/// _ = try store.add("90003")
/// try store.ids()   // ["90003"]
/// ```
public final class FavouritesFile: Favourites, FavouritesEditor {
  /// Where the list is kept.
  public let url: URL
  // NB: one lock orders reads and read-modify-writes from this process; `withLock(owner:)` so
  // ThreadSanitizer sees it.
  private let file = Mutex<Void>(())

  /// Creates a store for the list at `url`.
  ///
  /// ```swift
  /// let store = FavouritesFile(url: directory.appendingPathComponent("favourites.json"))
  /// ```
  public init(url: URL) { self.url = url }

  public func ids() throws -> [String] {
    try file.withLock(owner: self) { _ in try read() }
  }

  public func add(_ id: String) throws -> Bool {
    try file.withLock(owner: self) { _ in
      var ids = try read()
      guard !ids.contains(id) else { return false }
      ids.append(id)
      try write(ids)
      return true
    }
  }

  public func remove(_ id: String) throws -> Bool {
    try file.withLock(owner: self) { _ in
      var ids = try read()
      guard let index = ids.firstIndex(of: id) else { return false }
      ids.remove(at: index)
      try write(ids)
      return true
    }
  }

  private func read() throws -> [String] {
    guard FileManager.default.fileExists(atPath: url.path) else { return [] }
    return try JSONDecoder().decode([String].self, from: Data(contentsOf: url))
  }

  private func write(_ ids: [String]) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try JSONEncoder().encode(ids).write(to: url, options: .atomic)
  }
}
