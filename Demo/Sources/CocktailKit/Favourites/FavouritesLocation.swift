import Foundation

/// Where the favourites file lives when no path is given: `$HOME/.surrogate-demo/favourites.json`.
///
/// `$HOME` wins over the account's home directory, so a shell (or a test) that points `HOME`
/// elsewhere gets its own list.
///
/// ```swift
/// FavouritesLocation.defaultURL(environment: ["HOME": "/tmp/ada"]).path
/// // "/tmp/ada/.surrogate-demo/favourites.json"
/// ```
public enum FavouritesLocation {
  /// The default file's path, relative to the home folder: `.surrogate-demo/favourites.json`.
  public static let pathInHome = ".surrogate-demo/favourites.json"

  /// The default favourites file for `environment`.
  ///
  /// ```swift
  /// let url = FavouritesLocation.defaultURL()
  /// ```
  ///
  /// - Parameter environment: The process's environment; its `HOME`, when set to an absolute
  ///   path, is the home folder, otherwise the account's home directory is.
  /// - Returns: The file's URL.
  public static func defaultURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    let home: URL
    if let variable = environment["HOME"], variable.hasPrefix("/") {
      home = URL(fileURLWithPath: variable, isDirectory: true)
    } else {
      home = FileManager.default.homeDirectoryForCurrentUser
    }
    return home.appendingPathComponent(pathInHome)
  }
}
