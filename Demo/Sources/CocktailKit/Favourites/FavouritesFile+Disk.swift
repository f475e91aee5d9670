#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

// INVARIANT: `read` writes at most `count` bytes into the buffer's own storage, which lives for the
// closure's call; nothing else touches raw memory.

// MARK: - Reading

extension FavouritesFile {
  /// What to do about a file that cannot be read as a list.
  private static let damagedRemedy =
    #"fix it to hold a JSON list of ids such as ["90003", "90001"], or delete it to start an empty list"#

  /// The list in the file at `path`: empty when there is no file or it is empty.
  static func list(at path: String) throws(FavouritesFileError) -> [String] {
    var status = stat()
    guard stat(path, &status) == 0 else {
      let cause = POSIXError.current
      if cause.code == .ENOENT { return [] }
      throw unreadable(path, cause)
    }
    guard status.st_mode & S_IFMT != S_IFDIR else {
      throw FavouritesFileError(
        .isDirectory, path: path, message: "The favourites file \(path) is a folder, not a file",
        remedy: "pass a file's path with --favourites-file, or move the folder away")
    }
    let contents = try readAll(path)
    guard contents.contains(where: { !" \t\r\n".utf8.contains($0) }) else { return [] }
    let json: Any
    do {
      json = try JSONSerialization.jsonObject(with: contents, options: [.fragmentsAllowed])
    } catch {
      throw FavouritesFileError(
        .notJSON, path: path, message: "The favourites file \(path) is not JSON", remedy: damagedRemedy, cause: error)
    }
    guard let list = json as? [Any], let ids = list as? [String], list.allSatisfy({ $0 is String }) else {
      throw FavouritesFileError(
        .notAListOfIDs, path: path, message: "The favourites file \(path) is JSON but not a list of cocktail ids",
        remedy: damagedRemedy)
    }
    return ids
  }

  private static func readAll(_ path: String) throws(FavouritesFileError) -> Data {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw unreadable(path, .current) }
    defer { close(descriptor) }
    var contents = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { return contents }
      if count < 0 {
        if errno == EINTR { continue }
        throw unreadable(path, .current)
      }
      contents.append(contentsOf: buffer[..<count])
    }
  }

  private static func unreadable(_ path: String, _ cause: POSIXError) -> FavouritesFileError {
    FavouritesFileError(
      .unreadable, path: path, message: "The favourites file \(path) cannot be read (\(cause.text))",
      remedy: "check its permissions (`ls -l \(path)`), or pass another --favourites-file", cause: cause)
  }
}

// MARK: - Writing

extension FavouritesFile {
  /// The file a path names once every symbolic link on its last component is followed, so that an
  /// edit replaces the link's target and keeps the link.
  static func resolvingLinks(_ path: String) throws(FavouritesFileError) -> String {
    var current = path
    for _ in 0..<40 {
      var status = stat()
      guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
      guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else {
        throw FavouritesFileError(
          .unreadable, path: path, message: "The favourites file \(path) is a symbolic link that cannot be read",
          remedy: "check the link with `ls -l \(path)`, or pass another --favourites-file")
      }
      current =
        destination.hasPrefix("/")
        ? destination : (current as NSString).deletingLastPathComponent + "/" + destination
    }
    throw FavouritesFileError(
      .tooManyLinks, path: path, message: "The favourites file \(path) is a loop or a chain of too many symbolic links",
      remedy: "point --favourites-file at a regular file")
  }

  /// Creates the folder that will hold the file, when it is missing.
  static func createFolder(of path: String) throws(FavouritesFileError) {
    let folder = (path as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw FavouritesFileError(
        .unwritable, path: path, message: "The folder \(folder) for the favourites file cannot be created",
        remedy: "create it yourself, or pass another --favourites-file", cause: error)
    }
  }

  /// Replaces the file at `target` with `ids`, atomically: a temporary file beside it, given the
  /// old file's mode and owner, is renamed over it.
  ///
  /// - Parameter name: The path the user gave, for messages.
  static func store(_ ids: [String], at target: String, named name: String) throws(FavouritesFileError) {
    var old = stat()
    let exists = stat(target, &old) == 0
    if exists, old.st_mode & 0o222 == 0 || access(target, W_OK) != 0 {
      throw FavouritesFileError(
        .readOnly, path: name, message: "The favourites file \(name) is read-only",
        remedy: "make it writable (chmod u+w \(target)) to edit the list, or pass another --favourites-file")
    }
    let folder = (target as NSString).deletingLastPathComponent
    let temporary =
      folder + "/." + (target as NSString).lastPathComponent + ".\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw unwritable(name, folder: folder, .current) }
    var written = false
    defer {
      close(descriptor)
      if !written { unlink(temporary) }
    }
    if exists {
      fchmod(descriptor, old.st_mode & 0o7777)
      // NB: only root may give the file to another owner; for anyone else the owner is already theirs.
      _ = fchown(descriptor, old.st_uid, old.st_gid)
    }
    // Encoding an array of strings cannot fail.
    let contents = try! JSONEncoder().encode(ids)
    let complete = contents.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return false }
        offset += count
      }
      return true
    }
    guard complete, fsync(descriptor) == 0, rename(temporary, target) == 0 else {
      throw unwritable(name, folder: folder, .current)
    }
    written = true
  }

  private static func unwritable(_ name: String, folder: String, _ cause: POSIXError) -> FavouritesFileError {
    FavouritesFileError(
      .unwritable, path: name, message: "The favourites file \(name) cannot be written in \(folder) (\(cause.text))",
      remedy: "check that the folder is writable and the disk not full, or pass another --favourites-file",
      cause: cause)
  }
}
