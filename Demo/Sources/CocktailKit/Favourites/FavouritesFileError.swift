/// Why the favourites file could not be read or written: the file, what is wrong with it, and
/// what to do.
///
/// ```swift
/// do {
///   _ = try store.add("90003")
/// } catch let error as FavouritesFileError {
///   print("error: \(error.message)")   // The favourites file /home/ada/.surrogate-demo/favourites.json is read-only
///   print("hint: \(error.remedy)")
/// }
/// ```
public struct FavouritesFileError: Error, Sendable, CustomStringConvertible {
  /// What kind of failure it is.
  ///
  /// ```swift
  /// if error.code == .locked { tryAgainLater() }
  /// ```
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum Name: String {
      case unreadable, isDirectory, notJSON, notAListOfIDs, readOnly, unwritable, locked, tooManyLinks
    }
    private let name: Name

    /// The file exists but cannot be opened or read (permissions, an I/O error).
    public static let unreadable = Code(name: .unreadable)
    /// A folder stands where the file should be.
    public static let isDirectory = Code(name: .isDirectory)
    /// The file's contents are not JSON.
    public static let notJSON = Code(name: .notJSON)
    /// The file is JSON, but not an array of id strings.
    public static let notAListOfIDs = Code(name: .notAListOfIDs)
    /// The file has no write permission; it is left as it is.
    public static let readOnly = Code(name: .readOnly)
    /// The file or its folder cannot be written (permissions, a full disk).
    public static let unwritable = Code(name: .unwritable)
    /// Another process held the file's lock for longer than the wait allowed.
    public static let locked = Code(name: .locked)
    /// The path is a chain of symbolic links too long to follow, or a loop.
    public static let tooManyLinks = Code(name: .tooManyLinks)

    /// The code's name: `readOnly`.
    public var description: String { name.rawValue }
  }

  /// What kind of failure it is.
  public let code: Code
  /// The favourites file's path, as given.
  public let path: String
  /// What is wrong, in one sentence that names the file.
  public let message: String
  /// What to do about it.
  public let remedy: String
  /// The underlying error (a system call's `errno` as a `POSIXError`, a JSON error), when there is one.
  public let cause: (any Error)?

  /// Creates an error.
  ///
  /// ```swift
  /// FavouritesFileError(.readOnly, path: path, message: "The favourites file \(path) is read-only", remedy: "chmod u+w \(path)")
  /// ```
  public init(_ code: Code, path: String, message: String, remedy: String, cause: (any Error)? = nil) {
    self.code = code
    self.path = path
    self.message = message
    self.remedy = remedy
    self.cause = cause
  }

  /// One line: `readOnly: The favourites file /tmp/f.json is read-only. Fix: …`.
  public var description: String { "\(code): \(message). Fix: \(remedy)" }
}
