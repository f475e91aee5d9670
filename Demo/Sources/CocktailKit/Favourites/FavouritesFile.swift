import Foundation
import Synchronization

/// The favourites list, kept as a JSON array of ids in one file.
///
/// A missing or empty file is an empty list; the file and its folder are created on the first
/// edit. An edit is a read-modify-write under an advisory lock on a sibling file
/// (`favourites.json.lock`), so processes editing the same list at once keep each other's edits;
/// the new list replaces the old one atomically, keeping the file's mode and writing through a
/// symbolic link to its target. A read-only file is refused, never replaced.
///
/// ```swift
/// let store = FavouritesFile(url: URL(fileURLWithPath: "/tmp/favourites.json"))
/// _ = try store.add("90003")
/// try store.ids()   // ["90003"]
/// ```
public final class FavouritesFile: Favourites, FavouritesEditor {
  /// Where the list is kept.
  public let url: URL
  /// How long an edit waits for another process to finish its own before giving up.
  public let lockTimeout: Duration
  // NB: the file lock orders processes; this one orders threads of this process, so that they
  // wait here rather than poll the file lock. `withLock(owner:)` so ThreadSanitizer sees it.
  private let file = Mutex<Void>(())

  /// Creates a store for the list at `url`.
  ///
  /// ```swift
  /// let store = FavouritesFile(url: directory.appendingPathComponent("favourites.json"))
  /// ```
  ///
  /// - Parameters:
  ///   - url: The list's file.
  ///   - lockTimeout: How long an edit waits for another process's edit to finish.
  public init(url: URL, lockTimeout: Duration = .seconds(5)) {
    self.url = url
    self.lockTimeout = lockTimeout
  }

  public func ids() throws -> [String] {
    try file.withLock(owner: self) { _ in try Self.list(at: url.path) }
  }

  public func add(_ id: String) throws -> Bool {
    try edit { ids in
      guard !ids.contains(id) else { return false }
      ids.append(id)
      return true
    }
  }

  public func remove(_ id: String) throws -> Bool {
    try edit { ids in
      guard let index = ids.firstIndex(of: id) else { return false }
      ids.remove(at: index)
      return true
    }
  }

  /// Reads the list, lets `change` edit it, and writes it back when `change` returns `true`, all
  /// under the file lock.
  private func edit(_ change: (inout [String]) -> Bool) throws -> Bool {
    try file.withLock(owner: self) { _ in
      let target = try Self.resolvingLinks(url.path)
      try Self.createFolder(of: target)
      let lock = try FavouritesLock(path: target + ".lock", favourites: url.path, waitingAtMost: lockTimeout)
      defer { lock.unlock() }
      var ids = try Self.list(at: target)
      guard change(&ids) else { return false }
      try Self.store(ids, at: target, named: url.path)
      return true
    }
  }
}
