// P2: the decorators a call goes through, by hand and as interceptors.
import Surrogate
import Synchronization

/// P2: a decorator written by hand, what `container.decorate` puts in front of the ticker.
final class CountingDecorator: Counting {
  let inner: any Counting
  init(inner: any Counting) { self.inner = inner }
  func tick() { inner.tick() }
}

/// P2: one interceptor that counts the calls that ended, the smallest useful hook.
final class EndedCalls: ProxyInterceptor {
  let count = Atomic<Int>(0)
  func didCall(_ outcome: ProxyCallOutcome) { count.wrappingAdd(1, ordering: .relaxed) }
}

/// P2: what an intercepting proxy with `EndedCalls` does, written by hand: the call timed with
/// the same clock, and counted.
final class TimedCountingDecorator: Counting {
  let inner: any Counting
  let count = Atomic<Int>(0)
  var lastDuration = Duration.zero
  init(inner: any Counting) { self.inner = inner }
  func tick() {
    let start = ContinuousClock.now
    inner.tick()
    lastDuration = ContinuousClock.now - start
    count.wrappingAdd(1, ordering: .relaxed)
  }
}
