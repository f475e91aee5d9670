import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `body` writes to standard error (file descriptor 2), which is redirected to a pipe while it
/// runs. Another thread's writes meanwhile land there too: look for what `body` writes, not for
/// an empty capture of everything else.
///
/// One capture at a time in the process. Two at once (tests run in parallel) each took the other's
/// pipe for standard error and put it back: the first one's pipe then stayed open as descriptor 2,
/// and its read never ended (a ThreadSanitizer run of the suite hung there, 2026-11-28).
package func capturingStandardError(_ body: () -> Void) -> String {
  StandardErrorCapture.exclusive.withLock { _ in
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return "capturingStandardError: pipe() failed" }
    fflush(nil)
    let saved = dup(2)
    dup2(ends[1], 2)
    body()
    fflush(nil)
    dup2(saved, 2)
    close(saved)
    close(ends[1])
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(ends[0], &buffer, buffer.count)
      if count <= 0 { break }
      bytes += buffer[0..<count]
    }
    close(ends[0])
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// The lock of ``capturingStandardError(_:)``: what it guards is the process's descriptor 2, not
/// memory, so ThreadSanitizer has nothing to see through it.
enum StandardErrorCapture {
  static let exclusive = Mutex(())
}
