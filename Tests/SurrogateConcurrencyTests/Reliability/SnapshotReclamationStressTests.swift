import SuiteSupport
import Surrogate
import Synchronization
import Testing

/// Readers resolving while writers replace definitions, on real threads released together: every
/// replacement drops the registry snapshot readers may be reading, and the old snapshot is released
/// only when the last reader lets go of it (the rule stated in `Container.swift`). Seeded and
/// bounded in operations, not in time. Run under ThreadSanitizer by `.ci/run`, where a snapshot
/// released under a reader is reported as a race with its `free`.
@Suite(.hangGuard)
struct SnapshotReclamationStressTests {
  static let seeds: [UInt64] = [0x5EED_0101, 0x5EED_0102, 0x5EED_0103]
  static let writers = 2
  static let readers = 4
  static let writesPerWriter = 2_000
  /// Readers keep reading until every writer is done, at least this many operations each...
  static let minimumReads = 5_000
  /// ...and at most this many, so that a run always ends.
  static let maximumReads = 200_000

  /// Each read sees one whole registration: a stamp whose two fields agree, a version of each
  /// writer's definition that never goes backwards, and one snapshot per graph (both halves of a
  /// pair from the same registration). Once the threads are done, every replaced registration
  /// has been released with the snapshots that held it: only each writer's last stamp is alive.
  @Test(arguments: seeds)
  func readersSeeWholeRegistrationsAndRetiredSnapshotsAreReleased(seed: UInt64) {
    let container = Container()
    let stamps = (0..<Self.writers).map { _ in Locked<[WeakStamp]>([]) }
    for writer in 0..<Self.writers { register(Stamp(writer: writer, version: 0), in: container, log: stamps[writer]) }
    container.register(.unique) { r in
      StampPair(first: try r.resolve(Stamped.self, tag: 0), second: try r.resolve(Stamped.self, tag: 0))
    }
    let writersDone = Counter()
    let failures = Locked<[String]>([])
    let reads = Locked(0)

    runOnThreads(Self.writers + Self.readers) { thread in
      var generator = SeededGenerator(seed: SeededGenerator.caseSeed(run: seed, index: thread))
      if thread < Self.writers {
        for version in 1...Self.writesPerWriter {
          register(Stamp(writer: thread, version: version), in: container, log: stamps[thread])
          // Other writes grow and rehash the tables a snapshot may share (copied, never written).
          if generator.chance(10) { container.register(.unique, tag: thread * 1_000_000 + version) { Filler() } }
        }
        writersDone.increment()
        return
      }
      var seen = [Int](repeating: 0, count: Self.writers)
      var operations = 0
      while operations < Self.maximumReads, operations < Self.minimumReads || writersDone.value < Self.writers {
        operations += 1
        do {
          if generator.chance(25) {
            let pair = try container.resolve(StampPair.self)
            if pair.first.stamp !== pair.second.stamp {
              failures.withLock {
                $0.append("one graph read two snapshots: \(pair.first.stamp) and \(pair.second.stamp)")
              }
            }
            check(pair.first.stamp, seen: &seen, failures: failures)
          } else {
            let writer = Int.random(in: 0..<Self.writers, using: &generator)
            let stamped = try container.resolve(Stamped.self, tag: writer)
            check(stamped.stamp, seen: &seen, failures: failures)
          }
        } catch {
          failures.withLock { $0.append("reader \(thread): \(error)") }
        }
      }
      reads.withLock { $0 += operations }
    }

    #expect(failures.withLock { $0 } == [], "seed \(seed)")
    #expect(reads.withLock { $0 } >= Self.readers * Self.minimumReads)
    // No write or read is left, so no reader holds a dropped snapshot: each writer's last
    // registration is in the current registry, every other one is gone with its snapshots.
    for (writer, log) in stamps.enumerated() {
      let alive = log.withLock { $0.compactMap(\.stamp) }
      #expect(alive.map(\.version) == [Self.writesPerWriter], "writer \(writer), seed \(seed)")
    }
  }
}

/// Registers (or replaces) the definition `stamp.writer` owns, a factory that holds `stamp` alone:
/// the stamp lives exactly as long as the registration, and the registration as long as the
/// registry and the snapshots that hold it.
private func register(_ stamp: Stamp, in container: Container, log: Locked<[WeakStamp]>) {
  log.withLock { $0.append(WeakStamp(stamp: stamp)) }
  container.register(.unique, tag: stamp.writer) { Stamped(stamp: stamp) }
}

/// Fails a read whose stamp is torn or older than one this reader saw before.
private func check(_ stamp: Stamp, seen: inout [Int], failures: Locked<[String]>) {
  if stamp.check != Stamp.check(writer: stamp.writer, version: stamp.version) {
    failures.withLock { $0.append("a torn stamp: \(stamp)") }
  }
  if stamp.version < seen[stamp.writer] {
    failures.withLock {
      $0.append("writer \(stamp.writer)'s version went back from \(seen[stamp.writer]) to \(stamp.version)")
    }
  }
  seen[stamp.writer] = max(seen[stamp.writer], stamp.version)
}

// MARK: - Fixtures

/// What one registration of a writer captures: a version and a checksum of it, written once.
private final class Stamp: Sendable, CustomStringConvertible {
  let writer: Int
  let version: Int
  let check: Int

  init(writer: Int, version: Int) {
    self.writer = writer
    self.version = version
    self.check = Self.check(writer: writer, version: version)
  }

  static func check(writer: Int, version: Int) -> Int { (version &* 0x9E37_79B9) ^ (writer &+ 0x5EED) }

  var description: String { "writer \(writer) version \(version) check \(check)" }
}

private struct WeakStamp: Sendable {
  weak var stamp: Stamp?
}

private final class Stamped: Sendable {
  let stamp: Stamp
  init(stamp: Stamp) { self.stamp = stamp }
}

private final class StampPair: Sendable {
  let first: Stamped
  let second: Stamped
  init(first: Stamped, second: Stamped) {
    self.first = first
    self.second = second
  }
}

private final class Filler {}
