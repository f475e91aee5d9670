import Dispatch
import Foundation
import SuiteSupport
import Surrogate
import Synchronization

/// Runs `body` on a new thread with a stack of `stackSize` bytes, waits for it and returns what it
/// returned.
///
/// Tests of the depth limit run their graphs on such a thread so that the limit, not the stack,
/// is what stops them under every build: AddressSanitizer's frames are about twice as large as a
/// debug build's (18 KiB a link against 8.6), so 500 links do not fit a default 8 MiB stack there.
func onThread<Result: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> Result) -> Result {
  let result = Locked<Result?>(nil)
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    let value = body()
    result.withLock { $0 = value }
    done.signal()
  }
  thread.stackSize = stackSize
  thread.start()
  done.wait()
  return result.withLock { $0! }
}

/// Runs `body` on a new thread and returns what it returned, without holding a thread of the
/// cooperative pool meanwhile (a blocking wait there is what starves the rest of the suite).
func onNewThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
  await withCheckedContinuation { continuation in
    Thread { continuation.resume(returning: body()) }.start()
  }
}

/// A stack that holds the default depth limit's 500 links in every build.
let largeStack = 64 << 20
