import Foundation
import SuiteSupport
import Surrogate
import Testing

/// An awaited graph whose async factory suspends between requests that run synchronous factories
/// resolving through the container (Dip's idiom), then resolves through the container from
/// synchronous code of its own: while it is suspended, other tasks' graphs run on its thread.
final class YieldingScreen: Sendable {
  let first: AwaitedPresenter
  let second: AwaitedPresenter
  let repo: AwaitedRepo
  init(first: AwaitedPresenter, second: AwaitedPresenter, repo: AwaitedRepo) {
    (self.first, self.second, self.repo) = (first, second, repo)
  }
}

/// Many awaited and synchronous graphs of one container at once, on one serial executor (so tasks
/// interleave on a thread at every suspension), on the cooperative pool and on threads: a
/// synchronous factory's `container.resolve` joins its own graph, and no graph leaks into another
/// task's or thread's resolution, also after a factory threw. Every graph makes its own `.shared`
/// repository: one seen by two graphs means one joined the other's.
@Suite(.hangGuard) struct AwaitedDipIdiomStressTests {
  @Test(arguments: [UInt64(0x5EED), 0xD1B, 0xA11CE])
  func awaitedAndSynchronousGraphsAtOnceEachJoinOnlyTheirOwn(seed: UInt64) async {
    let app = Self.container()
    let repos = Locked<[AwaitedRepo]>([])
    async let onOneExecutor = outcomes(ofTasks: 16, within: 300) { index in
      await Self.run(app, steps: 24, seed: SeededGenerator.caseSeed(run: seed, index: index), keeping: repos)
    }
    async let onThePool = withTaskGroup(of: String.self) { group in
      for index in 16..<24 {
        group.addTask {
          await Self.run(app, steps: 24, seed: SeededGenerator.caseSeed(run: seed, index: index), keeping: repos)
        }
      }
      return await group.reduce(into: [String]()) { $0.append($1) }
    }
    let onThreads = await Task.detached {
      outcomes(onThreads: 4, within: 300) { _ in
        for step in 0..<40 {
          do {
            let screen = try ContainerInsideFactoryAwaitedTests.resolveSynchronously(AwaitedScreen.self, from: app)
            guard screen.sharesTheRepo else { return "thread step \(step): the presenter's repo is another graph's" }
            repos.withLock { $0.append(screen.repo) }
          } catch {
            return "thread step \(step): \(error)"
          }
        }
        return "ok"
      }
    }.value
    let all =
      (await onOneExecutor).map { $0 ?? "a task timed out" } + (await onThePool)
      + onThreads.map { $0 ?? "a thread timed out" }
    let failures = all.filter { $0 != "ok" }
    #expect(failures.isEmpty, "seed \(seed): \(failures.prefix(3))")
    let kept = repos.withLock { $0 }
    #expect(Set(kept.map(ObjectIdentifier.init)).count == kept.count, "seed \(seed): two graphs shared a repo")
    #expect(kept.count > 4 * 40, "seed \(seed): the tasks made no graph")
  }

  static func container() -> Container {
    let app = Container()
    app.register(.shared) { AwaitedRepo() }
    app.register(.unique) { [unowned app] _ in AwaitedPresenter(repo: try app.resolve(AwaitedRepo.self)) }
    app.register(.unique, tag: "failing") { [unowned app] _ -> AwaitedPresenter in
      _ = try app.resolve(AwaitedRepo.self)
      throw AwaitedFailure()
    }
    app.register { r in AwaitedScreen(presenter: try r.resolve(), repo: try r.resolve()) }
    app.register { [unowned app] r async throws -> YieldingScreen in
      let first: AwaitedPresenter = try await r.resolve()
      await Task.yield()
      _ = try? await r.resolve(AwaitedPresenter.self, tag: "failing")
      await Task.yield()
      // Synchronous code in the async body (Swift picks the synchronous `resolve` in the closure)
      // joins this task's graph after the suspensions.
      let second = try [()].map { try app.resolve(AwaitedPresenter.self) }[0]
      return YieldingScreen(first: first, second: second, repo: try await r.resolve())
    }
    return app
  }

  /// `steps` requests chosen by `seed`: awaited graphs that suspend or not, synchronous ones, and
  /// a factory that throws; "ok", or what went wrong.
  static func run(_ app: Container, steps: Int, seed: UInt64, keeping repos: Locked<[AwaitedRepo]>) async -> String {
    var generator = SeededGenerator(seed: seed)
    for step in 0..<steps {
      do {
        switch Int.random(in: 0..<4, using: &generator) {
        case 0:
          let screen = try await app.resolve(YieldingScreen.self)
          guard screen.first.repo === screen.repo, screen.second.repo === screen.repo else {
            return "seed \(seed) step \(step): a suspending graph's presenters got another graph's repo"
          }
          repos.withLock { $0.append(screen.repo) }
        case 1:
          let screen = try await app.resolve(AwaitedScreen.self)
          guard screen.sharesTheRepo else { return "seed \(seed) step \(step): an awaited graph was not joined" }
          repos.withLock { $0.append(screen.repo) }
        case 2:
          let screen = try ContainerInsideFactoryAwaitedTests.resolveSynchronously(AwaitedScreen.self, from: app)
          guard screen.sharesTheRepo else { return "seed \(seed) step \(step): a synchronous graph was not joined" }
          repos.withLock { $0.append(screen.repo) }
        default:
          guard (try? await app.resolve(AwaitedPresenter.self, tag: "failing")) == nil else {
            return "seed \(seed) step \(step): a failing factory returned"
          }
          await Task.yield()
        }
      } catch {
        return "seed \(seed) step \(step): \(error)"
      }
    }
    return "ok"
  }
}
