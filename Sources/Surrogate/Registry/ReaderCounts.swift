import Synchronization

// INVARIANT: `counters` is allocated by `init` and freed by `deinit`: this value is `~Copyable`
// and a `let` of its container, so the memory lives exactly as long as the container, and every
// access to it is an atomic operation. What the counts guard: see Container.swift (snapshot
// publication).

/// How many threads are reading a container's published registry snapshot, counted on sixteen
/// stripes so that threads entering and leaving do not write to one shared cache line.
///
/// A top-level `resolve` enters on the stripe its stack address picks, uses the published
/// snapshot (and the registrations in it) without retaining anything, and leaves on the same
/// stripe. A write unpublishes the snapshot and may release it only after it has seen every stripe
/// at zero *after* unpublishing: a reader that enters later loads the newer snapshot, and one that
/// entered earlier is counted until it leaves.
///
/// ```swift
/// let stripe = readers.enter()
/// defer { readers.leave(stripe) }
/// ```
///
/// NB: a stripe is picked from the stack address, not from the thread's identity, which would cost
/// a call per request. Two threads share a stripe only by chance (1 in 16); that costs them
/// contention on one cache line, never correctness, since a reader leaves the stripe it entered.
@usableFromInline
struct ReaderCounts: ~Copyable, Sendable {
  @usableFromInline static var stripeCount: Int { 16 }
  /// `Int`s from one counter to the next: 128 bytes, two cache lines, so that the prefetcher, which
  /// fetches lines in pairs, does not make two stripes share.
  @usableFromInline static var spacing: Int { 16 }

  /// NB: `nonisolated(unsafe)` because a pointer is not `Sendable`; every access to the memory it
  /// points to is an atomic operation, and the memory lives as long as this value.
  @usableFromInline nonisolated(unsafe) let counters: UnsafeMutablePointer<Atomic<Int>>

  init() {
    let raw = UnsafeMutableRawPointer.allocate(
      byteCount: Self.stripeCount * Self.spacing * MemoryLayout<Int>.stride, alignment: 128)
    counters = raw.bindMemory(to: Atomic<Int>.self, capacity: Self.stripeCount * Self.spacing)
    for stripe in 0..<Self.stripeCount { (counters + stripe * Self.spacing).initialize(to: Atomic(0)) }
  }

  deinit {
    for stripe in 0..<Self.stripeCount { (counters + stripe * Self.spacing).deinitialize(count: 1) }
    counters.deallocate()
  }

  /// Counts the calling thread in as a reader; pass the stripe returned to ``leave(_:)``.
  @inlinable @inline(__always)
  func enter() -> Int {
    var anchor: UInt8 = 0
    let address = withUnsafeMutablePointer(to: &anchor) { UInt(bitPattern: $0) }
    // Fibonacci hashing of the 16 KiB stack region: threads' stacks lie megabytes apart.
    let stripe = Int(truncatingIfNeeded: ((address &>> 14) &* 0x9E37_79B9_7F4A_7C15) &>> 60)
    (counters + stripe &* Self.spacing).pointee.wrappingAdd(1, ordering: .sequentiallyConsistent)
    return stripe
  }

  /// Counts the reader that entered on `stripe` out.
  @inlinable @inline(__always)
  func leave(_ stripe: Int) {
    (counters + stripe &* Self.spacing).pointee.wrappingSubtract(1, ordering: .sequentiallyConsistent)
  }

  /// Whether every stripe reads zero now: no reader that entered before this call is still reading.
  func areAllQuiet() -> Bool {
    for stripe in 0..<Self.stripeCount
    where (counters + stripe * Self.spacing).pointee.load(ordering: .sequentiallyConsistent) != 0 {
      return false
    }
    return true
  }
}
