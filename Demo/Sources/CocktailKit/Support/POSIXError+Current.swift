#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

extension POSIXError {
  /// The error a system call just left in `errno`.
  ///
  /// ```swift
  /// guard open(path, O_RDONLY) >= 0 else { throw POSIXError.current }
  /// ```
  static var current: POSIXError { POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }

  /// The system's words for it: `Permission denied`.
  var text: String { String(cString: strerror(code.rawValue)) }
}
