#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

/// An exclusive advisory lock (`flock`) on a lock file beside the favourites file, held from the
/// read of an edit to its write so that processes editing one list take turns.
///
/// The lock file is left in place: removing it would let two processes lock two different files.
/// The system releases the lock when its holder exits, so a crashed edit never leaves it stuck.
///
/// ```swift
/// let lock = try FavouritesLock(path: target + ".lock", favourites: path, waitingAtMost: .seconds(5))
/// defer { lock.unlock() }
/// ```
final class FavouritesLock {
  private let descriptor: Int32

  /// Opens (or creates) the lock file and waits for the lock, polling, for at most `timeout`.
  ///
  /// - Throws: ``FavouritesFileError/Code/locked`` when another process holds it for longer;
  ///   ``FavouritesFileError/Code/unwritable`` when the lock file cannot be opened.
  init(path: String, favourites: String, waitingAtMost timeout: Duration) throws(FavouritesFileError) {
    var descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
    if descriptor < 0 { descriptor = open(path, O_RDONLY | O_CLOEXEC) }
    guard descriptor >= 0 else {
      let cause = POSIXError.current
      throw FavouritesFileError(
        .unwritable, path: favourites,
        message:
          "The favourites file \(favourites) cannot be locked for editing: \(path) cannot be opened (\(cause.text))",
        remedy: "make its folder writable, or pass another --favourites-file", cause: cause)
    }
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      guard code == EWOULDBLOCK || code == EINTR, clock.now < deadline else {
        close(descriptor)
        if code == EWOULDBLOCK || code == EINTR {
          throw FavouritesFileError(
            .locked, path: favourites,
            message: "Another process has been editing \(favourites) for more than \(Self.seconds(timeout))",
            remedy: "try again once it has finished; `fuser \(path)` shows which process holds the lock")
        }
        let cause = POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        throw FavouritesFileError(
          .unwritable, path: favourites,
          message: "The favourites file \(favourites) cannot be locked for editing (\(cause.text))",
          remedy: "keep the favourites on a local file system, or pass another --favourites-file", cause: cause)
      }
      usleep(2_000)
    }
    self.descriptor = descriptor
  }

  /// Releases the lock; call it once.
  func unlock() {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }

  private static func seconds(_ duration: Duration) -> String {
    let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    return seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
  }
}
