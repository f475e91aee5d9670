import Dispatch
import SuiteSupport
import Surrogate
import Synchronization
import Testing

/// A path deeper than the sixteen frames a `resolve` keeps on its stack moves to a heap buffer,
/// which a thread keeps between graphs and hands to its next deep one: each graph must still see
/// only its own path, whatever ran on the thread before, within it or beside it.
struct DeepGraphTests {
  /// Registers `Node`s tagged `"name 0"` ... `"name depth-1"`, each holding the next, the last
  /// holding nothing; `middle` (if given) runs inside the factory of the node at `middleIndex`.
  static func registerChain(
    _ name: String, depth: Int, in container: Container, middleIndex: Int = -1,
    middle: @escaping @Sendable () throws -> Void = {}
  ) {
    for index in 0..<depth {
      container.register(.unique, tag: "\(name) \(index)") { r in
        if index == middleIndex { try middle() }
        return Node(next: index + 1 < depth ? try r.resolve(Node.self, tag: "\(name) \(index + 1)") : nil)
      }
    }
  }

  @Test func deepGraphsOneAfterAnotherOnAThreadAreEachComplete() throws {
    let container = Container()
    Self.registerChain("long", depth: 100, in: container)  // grows past the kept buffer's 64 frames
    Self.registerChain("short", depth: 40, in: container)  // fits the kept buffer
    for _ in 0..<50 {
      #expect(try container.resolve(Node.self, tag: "short 0").length == 40)
      #expect(try container.resolve(Node.self, tag: "long 0").length == 100)
    }
  }

  /// A factory deep in one chain resolves another deep chain from the top: the inner graph must
  /// not take the outer one's buffer, and its cycle names only its own path.
  @Test func aDeepGraphStartedInsideAnotherKeepsItsOwnPath() throws {
    // Another container: a `resolve` of the same container inside a factory joins its graph.
    let container = Container()
    let innerContainer = Container()
    Self.registerChain("inner", depth: 40, in: innerContainer)
    let innerLengths = Lengths()
    Self.registerChain("outer", depth: 40, in: container, middleIndex: 30) {
      innerLengths.append(try innerContainer.resolve(Node.self, tag: "inner 0").length)
    }
    for _ in 0..<10 {
      #expect(try container.resolve(Node.self, tag: "outer 0").length == 40)
    }
    #expect(innerLengths.values == Array(repeating: 40, count: 10))

    innerContainer.register(.unique, tag: "inner 39") { r in Node(next: try r.resolve(Node.self, tag: "inner 20")) }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Node.self, tag: "outer 0") }
    // The inner graph's error comes through the outer factory unchanged: its path is its own.
    #expect(error?.code == .circularDependency)
    #expect(error?.path.count == 41)
    #expect(error?.path.first?.tag == DefinitionTag("inner 0"))
    #expect(error?.path.last?.tag == DefinitionTag("inner 20"))
  }

  @Test func deepGraphsOnManyThreadsAtOnceAreEachComplete() {
    let container = Container()
    Self.registerChain("chain", depth: 70, in: container)
    let failures = Lengths()
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<200 {
        let length = (try? container.resolve(Node.self, tag: "chain 0"))?.length ?? 0
        if length != 70 { failures.append(length) }
      }
    }
    #expect(failures.values.isEmpty)
  }
}

/// Lengths collected from factories and threads.
final class Lengths: Sendable {
  private let storage = Mutex<[Int]>([])

  // NB: withLock(owner:), as in Locked: ThreadSanitizer cannot see a plain Mutex order accesses
  // on Linux, and reported two threads appending as a race.
  func append(_ value: Int) { storage.withLock(owner: self) { $0.append(value) } }
  var values: [Int] { storage.withLock(owner: self) { $0 } }
}
