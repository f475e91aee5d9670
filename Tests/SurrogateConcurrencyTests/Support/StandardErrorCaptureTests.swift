import SuiteSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Tests that read what the container writes to standard error run in parallel: each capture must
/// end, and hold what its own body wrote (a ThreadSanitizer run of the suite hung in one whose
/// pipe another had put back as standard error).
struct StandardErrorCaptureTests {
  @Test func capturesOnTwoThreadsAtOnceEachEndWithWhatTheirBodyWrote() {
    let rounds = 40
    let outcomes = outcomes(onThreads: 2, within: 60) { thread in
      var missing = 0
      for round in 0..<rounds {
        let written = capturingStandardError {
          FileHandle.standardError.write(Data("capture \(thread) round \(round)\n".utf8))
          usleep(100)
        }
        if !written.contains("capture \(thread) round \(round)\n") { missing += 1 }
      }
      return "\(missing) missing"
    }
    #expect(outcomes == ["0 missing", "0 missing"])
  }
}
