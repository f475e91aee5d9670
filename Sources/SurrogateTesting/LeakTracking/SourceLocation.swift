/// Where a `track` call was made, independent of any test framework.
///
/// ```swift
/// tracker.track(presenter) // records #fileID, #filePath, #line, #column
/// ```
public struct TrackingLocation: Hashable, Sendable, CustomStringConvertible {
  /// The file, as `Module/File.swift`.
  public let fileID: String
  /// The file's full path.
  public let filePath: String
  /// The line.
  public let line: Int
  /// The column.
  public let column: Int

  /// Creates a location, usually from the caller's `#fileID`, `#filePath`, `#line`, `#column`.
  ///
  /// ```swift
  /// let here = TrackingLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
  /// ```
  public init(fileID: String, filePath: String, line: Int, column: Int) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// `Module/File.swift:12:5`.
  public var description: String { "\(fileID):\(line):\(column)" }
}
