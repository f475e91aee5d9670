import Foundation
import Surrogate
import Swinject

/// Threads started once and then handed work: S5 times the work, not starting threads.
///
/// NB: the first version started new threads for every sample. With a thousand resolves per
/// thread per sample, starting and joining them took a large share of each sample, and even
/// hand-written code ran only 1.42x faster on two threads than on one, where long-running threads
/// run it 1.97x faster (`surrogate-bench`).
final class WorkerThreads: @unchecked Sendable {  // `run` is called from one thread; `work` is written before `start` is signalled and read after waiting on it
  let count: Int
  private let start = DispatchSemaphore(value: 0)
  private let done = DispatchSemaphore(value: 0)
  private var work: (iterations: Int, body: @Sendable () -> Void) = (0, {})

  private var started = false

  init(count: Int) {
    self.count = count
  }

  /// NB: started by the first `run`, not when the benchmarks are registered, as the threads of the
  /// first version were: the scenarios measured before S5 then run in a process of one thread, as
  /// they always did (a second thread switches glibc's malloc to its thread-safe paths for good).
  private func startThreads() {
    started = true
    for _ in 0..<count {
      Thread { [self] in
        while true {
          start.wait()
          let work = work
          for _ in 0..<work.iterations { work.body() }
          done.signal()
        }
      }.start()
    }
  }

  /// Runs `body` `iterations` times on each thread and waits for all of them.
  func run(iterations: Int, _ body: @escaping @Sendable () -> Void) {
    if !started { startThreads() }
    work = (iterations, body)
    for _ in 0..<count { start.signal() }
    for _ in 0..<count { done.wait() }
  }
}

func registerSwinjectChain<T>(_ type: T.Type, depth: Int, into container: Swinject.Container) {
  guard depth > 0 else { return }
  container.register(Link<T>.self) { r in Link(next: r.resolve(T.self)!) }
  registerSwinjectChain(Link<T>.self, depth: depth - 1, into: container)
}

func resolveSwinjectChain<T>(_ type: T.Type, depth: Int, from container: Swinject.Container) -> Any {
  depth == 0 ? container.resolve(T.self)! : resolveSwinjectChain(Link<T>.self, depth: depth - 1, from: container)
}

/// S3g: the wrapper users write around `resolve`, kept generic (as it is when it lives in another
/// module, or when the optimizer does not specialize it).
@_semantics("optimize.sil.specialize.generic.never") @inline(never)
func get<T>(from container: Surrogate.Container) throws -> T { try container.resolve() }

@_semantics("optimize.sil.specialize.generic.never") @inline(never)
func get<T>(from container: Swinject.Container) -> T { container.resolve(T.self)! }

/// S8: registers `count` types the process has never seen (one family per system, so that no
/// system meets types another one made), from generic code.
func registerFreshTypes<T>(_ type: T.Type, depth: Int, into container: Surrogate.Container, remaining: inout Int) {
  guard remaining > 0 else { return }
  container.register(.singleton) { FreshForSurrogate<T>() }
  remaining -= 1
  guard depth > 0 else { return }
  registerFreshTypes(Left<T>.self, depth: depth - 1, into: container, remaining: &remaining)
  registerFreshTypes(Right<T>.self, depth: depth - 1, into: container, remaining: &remaining)
}

func registerFreshTypes<T>(_ type: T.Type, depth: Int, into container: Swinject.Container, remaining: inout Int) {
  guard remaining > 0 else { return }
  container.register(FreshForSwinject<T>.self) { _ in FreshForSwinject<T>() }.inObjectScope(.container)
  remaining -= 1
  guard depth > 0 else { return }
  registerFreshTypes(Left<T>.self, depth: depth - 1, into: container, remaining: &remaining)
  registerFreshTypes(Right<T>.self, depth: depth - 1, into: container, remaining: &remaining)
}
