import Dispatch
import Foundation
import SuiteSupport
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
    // 64 KiB on this stack.
    let links = 17
    let container = Self.chain(links: links, maximumDepth: 10_000)
    let length = Locked<Int>(0)
    onThread(stackSize: Self.smallStack) {
      let node = try? container.resolve(Node.self, tag: 0)
      length.withLock { $0 = node?.length ?? 0 }
    }
    #expect(length.withLock { $0 } == links)
  }

  /// The stack a link of a chain takes in this build (its factory's frames and the container's),
  /// measured between links 10 and 20 of a chain resolved on the calling thread.
  static func bytesPerLink() throws -> Int {
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
    return positions.withLock { ($0[10]! - $0[20]!) / 10 }
  }

  @Test func theStackReserveCoversSeveralLinks() throws {
    let perLink = try Self.bytesPerLink()
    print("SmallStackTests: \(perLink) bytes of stack per link")
    #expect(perLink > 0)
    // A debug build takes about 8.6 KiB a link, AddressSanitizer's 19 KiB.
    #expect(perLink * 6 < StackBounds.reserve(forStackSize: 8 << 20), "an 8 MiB stack's reserve covers six links")
    #expect(perLink * 3 < StackBounds.reserve(forStackSize: Self.smallStack), "a 512 KiB stack's covers three")
  }

  @Test func aSmallStackKeepsASmallerReserve() {
    #expect(StackBounds.reserve(forStackSize: 8 << 20) == 128 * 1024)
    #expect(StackBounds.reserve(forStackSize: Self.smallStack) == 64 * 1024)
    #expect(StackBounds.reserve(forStackSize: 64 * 1024) == 32 * 1024)
    let onSmallThread = onThread(stackSize: Self.smallStack) { StackBounds.reserve() }
    #expect(onSmallThread == 64 * 1024)
  }

  @Test func aChainUsingAllButAnEighthOfA512KiBStackResolves() throws {
    // As deep as the stack minus its reserve (64 KiB) and 32 KiB for the thread's own frames
    // allows in this build: 50 links in debug. A fixed 128 KiB reserve stopped at 44.
    let perLink = try Self.bytesPerLink()
    let links = (Self.smallStack - StackBounds.reserve(forStackSize: Self.smallStack) - 32 * 1024) / perLink
    #expect(links * perLink > Self.smallStack - 128 * 1024, "deeper than a 128 KiB reserve allowed")
    let container = Self.chain(links: links, maximumDepth: 10_000)
    let outcome = onThread(stackSize: Self.smallStack) {
      do throws(ResolutionError) {
        return "\(try container.resolve(Node.self, tag: 0).length) links"
      } catch {
        return "\(error.code): \(error.message)"
      }
    }
    #expect(outcome == "\(links) links")
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
