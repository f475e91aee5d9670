import Foundation
import SuiteSupport
import Surrogate
import Testing

/// Contributing is registering: members contributed from several threads while others resolve the
/// list and the map are all kept, in each thread's order, and every resolve sees a consistent
/// prefix of each thread's members. Seeded and bounded: `SURROGATE_MULTIBINDING_SEED=<seed>`
/// replays a run; `.ci/run` runs it in release and under ThreadSanitizer.
@Suite(.hangGuard)
struct MultiBindingStressTests {
  static let threads = 8
  static let rounds = 40
  static let resolvesPerThread = 40

  /// What one contributing thread adds: how each of its members joins.
  enum Kind: CaseIterable { case registeredInto, contributedDefinition, mapMember }

  @Test func membersContributedWhileOtherThreadsResolveAreAllKeptInOrder() throws {
    let environment = ProcessInfo.processInfo.environment
    let seed = environment["SURROGATE_MULTIBINDING_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0...UInt64.max)
    for round in 0..<Self.rounds {
      var generator = SeededGenerator(seed: SeededGenerator.caseSeed(run: seed, index: round))
      let contributors = Int.random(in: 2...(Self.threads - 2), using: &generator)
      let plans = (0..<contributors).map { _ in
        (0..<Int.random(in: 1...30, using: &generator)).map { _ in Kind.allCases.randomElement(using: &generator)! }
      }
      let app = Container()
      let feature = Container(parent: app)
      let failures = Locked<[String]>([])
      runOnThreads(Self.threads) { thread in
        if thread < contributors {
          for (index, kind) in plans[thread].enumerated() {
            Self.contribute("t\(thread)-\(index)", as: kind, to: app)
          }
        } else {
          for attempt in 0..<Self.resolvesPerThread {
            // From the app and through a child, which sees the same members.
            let from = (thread + attempt).isMultiple(of: 2) ? app : feature
            do {
              let names = try from.resolve([any HealthCheck].self).names
              let paths = try from.resolve([String: any RouteModule].self).keys
              if let problem = Self.inconsistency(names, Array(paths), plans: plans) {
                failures.withLock { $0.append(problem) }
              }
            } catch {
              failures.withLock { $0.append("\(error)") }
            }
          }
        }
      }
      let failed = failures.withLock { $0 }
      #expect(failed.isEmpty, "seed \(seed), round \(round): \(failed.count) failed, first \(failed.prefix(2))")
      let names = try feature.resolve([any HealthCheck].self).names
      let paths = try feature.resolve([String: any RouteModule].self).keys
      let listed = plans.enumerated().flatMap { thread, kinds in
        kinds.indices.filter { kinds[$0] != .mapMember }.map { "t\(thread)-\($0)" }
      }
      let mapped = plans.enumerated().flatMap { thread, kinds in
        kinds.indices.filter { kinds[$0] == .mapMember }.map { "t\(thread)-\($0)" }
      }
      #expect(names.sorted() == listed.sorted(), "seed \(seed), round \(round): every list member kept once")
      #expect(Set(paths) == Set(mapped), "seed \(seed), round \(round): every map member kept")
      #expect(Self.inconsistency(names, Array(paths), plans: plans) == nil, "seed \(seed), round \(round)")
      if !failed.isEmpty { return }
    }
  }

  static func contribute(_ name: String, as kind: Kind, to container: Container) {
    switch kind {
    case .registeredInto:
      container.register(into: [any HealthCheck].self) { NamedCheck(name) }
    case .contributedDefinition:
      container.register(tag: name) { NamedCheck(name) }.contributes(to: [any HealthCheck].self)
    case .mapMember:
      container.register(into: [String: any RouteModule].self, key: name) { NamedRoutes(path: name) }
    }
  }

  /// What is wrong with what one resolve saw, if anything: each thread's list members must be a
  /// prefix of the ones it contributed, in its order, and its map members a subset.
  static func inconsistency(_ names: [String], _ paths: [String], plans: [[Kind]]) -> String? {
    for (thread, kinds) in plans.enumerated() {
      let prefix = "t\(thread)-"
      let seen = names.filter { $0.hasPrefix(prefix) }
      let expected = kinds.indices.filter { kinds[$0] != .mapMember }.map { "\(prefix)\($0)" }
      guard seen == Array(expected.prefix(seen.count)) else {
        return "thread \(thread)'s members out of order or missing: \(seen), contributed \(expected)"
      }
      let mapped = Set(kinds.indices.filter { kinds[$0] == .mapMember }.map { "\(prefix)\($0)" })
      let seenPaths = Set(paths.filter { $0.hasPrefix(prefix) })
      guard seenPaths.isSubset(of: mapped) else { return "thread \(thread)'s map holds \(seenPaths)" }
    }
    return nil
  }
}
