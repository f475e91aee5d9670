import Dispatch
import Foundation
import Surrogate
import Synchronization
import Testing

/// Deep graphs on a 512 KiB stack (a secondary thread's on Apple platforms): the depth check
/// must stop them with `depthLimitExceeded` before the stack overflows, in debug and release.
struct SmallStackTests {
  static let smallStack = 512 * 1024

  static func chain(links: Int, maximumDepth: Int) -> Container {
    let container = Container(maximumDepth: maximumDepth)
    for index in 0..<links {
      container.register(.unique, tag: index) { r in
        Node(next: index + 1 == links ? nil : try r.resolve(Node.self, tag: index + 1))
      }
    }
    return container
  }

  @Test func aChainDeeperThanA512KiBStackAllowsFailsWithATypedErrorInsteadOfOverflowing() {
    let container = Self.chain(links: 5_000, maximumDepth: 10_000)
    let outcome = Locked<String?>(nil)
    onThread(stackSize: Self.smallStack) {
      do throws(ResolutionError) {
        _ = try container.resolve(Node.self, tag: 0)
        outcome.withLock { $0 = "resolved" }
      } catch {
        outcome.withLock { $0 = "\(error.code): \(error.message)" }
      }
    }
    let text = outcome.withLock { $0 } ?? "nothing"
    #expect(text.hasPrefix("depthLimitExceeded: "), "\(text)")
    #expect(text.contains("deeper than this thread's stack allows"))
  }

  @Test func aChainThatFitsA512KiBStackResolves() throws {
    // Past the first checked depth (16), and inside the stack in every build: 17 links take about
    // 150 KiB in debug and 320 KiB under AddressSanitizer (19 KiB a link), and the guard keeps
    // 128 KiB. (20 links left AddressSanitizer's build a few KiB short of the reserve.)
    let links = 17
    let container = Self.chain(links: links, maximumDepth: 10_000)
    let length = Locked<Int>(0)
    onThread(stackSize: Self.smallStack) {
      let node = try? container.resolve(Node.self, tag: 0)
      length.withLock { $0 = node?.length ?? 0 }
    }
    #expect(length.withLock { $0 } == links)
  }

  @Test func theStackReserveCoversSeveralLinks() throws {
    // The stack position in the factories of links 10 and 20 of a chain: bytes per link.
    let positions = Locked<[Int: Int]>([:])
    let container = Container()
    for index in 0..<30 {
      container.register(.unique, tag: index) { r in
        let position = Int(bitPattern: StackBounds.currentPosition())
        positions.withLock { $0[index] = position }
        return Node(next: index == 29 ? nil : try r.resolve(Node.self, tag: index + 1))
      }
    }
    _ = try container.resolve(Node.self, tag: 0)
    let perLink = positions.withLock { ($0[10]! - $0[20]!) / 10 }
    print("SmallStackTests: \(perLink) bytes of stack per link")
    #expect(perLink > 0)
    // A debug build takes about 8.6 KiB a link, AddressSanitizer's 18 KiB: six links either way.
    #expect(perLink * 6 < StackBounds.reserve, "the reserve no longer covers six links")
  }

  @Test func anAsyncResolutionOfADeepChainFailsCleanly() async {
    let container = Self.chain(links: 5_000, maximumDepth: 10_000)
    do {
      _ = try await container.resolve(Node.self, tag: 0)
      Issue.record("a chain of 5,000 resolved")
    } catch {
      #expect((error as? ResolutionError)?.code == .depthLimitExceeded)
    }
  }
}

/// The depth guard reads the thread's real stack, so the graphs it lets through do not depend on
/// how the process was built: under AddressSanitizer (whose fake stack moves a local's address off
/// the thread's stack) and ThreadSanitizer, as in debug and release. CI runs this suite under both.
struct StackBoundsUnderSanitizersTests {
  @Test func aChainOfFortyResolvesOnTheCallersThread() throws {
    let container = SmallStackTests.chain(links: 40, maximumDepth: 10_000)
    #expect(try container.resolve(Node.self, tag: 0).length == 40)
  }

  @Test func aChainOfFortyResolvesWithAwait() async throws {
    let container = SmallStackTests.chain(links: 40, maximumDepth: 10_000)
    #expect(try await container.resolve(Node.self, tag: 0).length == 40)
  }

  @Test func validateFindsNoProblemInAChainOfForty() {
    let container = SmallStackTests.chain(links: 40, maximumDepth: 10_000)
    let report = container.validate()
    #expect(report.problems.isEmpty, "\(report.problems.map(\.description))")
  }

  @Test func awaitedValidateFindsNoProblemInAChainOfForty() async {
    let container = SmallStackTests.chain(links: 40, maximumDepth: 10_000)
    let report = await container.validate()
    #expect(report.problems.isEmpty, "\(report.problems.map(\.description))")
  }
}
