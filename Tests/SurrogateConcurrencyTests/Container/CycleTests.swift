import SuiteSupport
import Surrogate
import Testing

final class Node {
  let next: Node?
  init(next: Node?) { self.next = next }

  /// The number of nodes from this one to the end, without recursion.
  var length: Int {
    var count = 0
    var node: Node? = self
    while let current = node {
      count += 1
      node = current.next
    }
    return count
  }
}

struct CycleTests {
  @Test func constructorCycleOfLengthOneIsDetected() {
    let container = Container()
    container.register { r in A(b: nil).withSelf(try r.resolve(A.self)) }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(A.self) }
    #expect(error?.code == .circularDependency)
    #expect(error?.message == "Circular dependency: A → A.")
    #expect(ids(error?.path.map(\.type)) == ids(A.self, A.self))
  }

  @Test func constructorCycleOfLengthTwoNamesTheWholePath() {
    let container = Container()
    container.register { r in A(b: try r.resolve()) }
    container.register { r in B(a: try r.resolve()) }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(A.self) }
    #expect(error?.code == .circularDependency)
    #expect(error?.message == "Circular dependency: A → B → A.")
    #expect(error?.pathDescription == "A → B → A")
    #expect(error?.remedy.contains(".resolvingProperties") == true)
  }

  @Test func constructorCycleOfLengthTenIsDetectedWithoutOverflow() {
    let container = Container()
    for index in 0..<10 {
      container.register(tag: index) { r in Node(next: try r.resolve(Node.self, tag: (index + 1) % 10)) }
    }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Node.self, tag: 0) }
    #expect(error?.code == .circularDependency)
    #expect(error?.path.count == 11)
    #expect(error?.path.first?.tag == DefinitionTag(0))
    #expect(error?.path.last?.tag == DefinitionTag(0))
  }

  /// A frame keeps its key's tag without retaining it (see `BorrowedKey`): the path must still
  /// name every tag, heap-allocated strings and boxed values included, and the tags must survive
  /// being read back many times.
  @Test func aCyclePathKeepsStringAndValueTagsIntact() {
    enum Layer: Hashable, Sendable { case remote, cache }
    let long = String(repeating: "a tag long enough for the heap ", count: 2) + String(Int.random(in: 0..<10))
    let container = Container()
    container.register(tag: long) { r in Node(next: try r.resolve(Node.self, tag: Layer.remote)) }
    container.register(tag: Layer.remote) { r in Node(next: try r.resolve(Node.self, tag: "live")) }
    container.register(tag: "live") { r in Node(next: try r.resolve(Node.self, tag: long)) }
    for _ in 0..<200 {
      let error = #expect(throws: ResolutionError.self) { try container.resolve(Node.self, tag: long) }
      #expect(error?.code == .circularDependency)
      #expect(
        error?.path.map(\.tag) == [
          DefinitionTag(long), DefinitionTag(Layer.remote), DefinitionTag("live"), DefinitionTag(long),
        ])
      #expect(
        error?.message
          == "Circular dependency: Node tag \"\(long)\" → Node tag CycleTests.Layer.remote → Node tag \"live\" → Node tag \"\(long)\"."
      )
    }
  }

  @Test func uniqueDefinitionInAPropertyCycleIsDetected() {
    let container = Container()
    container.register(.unique) { A() }.resolvingProperties { r, a in a.b = try r.resolve() }
    container.register(.unique) { B() }.resolvingProperties { r, b in b.a = try r.resolve() }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(A.self) }
    #expect(error?.code == .circularDependency)
    #expect(error?.pathDescription == "A → B → A")
  }

  @Test func deepButFiniteChainResolves() throws {
    let container = Container()
    let depth = 200
    container.register(tag: depth) { Node(next: nil) }
    for index in 0..<depth {
      container.register(tag: index) { r in Node(next: try r.resolve(Node.self, tag: index + 1)) }
    }
    #expect(try container.resolve(Node.self, tag: 0).length == depth + 1)
  }

  /// A graph scans its path only for a request whose registration's bit (serial mod 64) is set
  /// by a frame on the path. A sibling that shares the root's bit must not clear it on return:
  /// the root asking for itself afterwards is still a cycle, not a chain to the depth limit.
  @Test func aCycleIsFoundAfterSiblingsThatShareItsPathBitReturn() {
    let container = Container()
    let siblings = 130  // at least one registration's serial is the root's plus a multiple of 64
    container.register { r in
      for index in 0..<siblings { _ = try r.resolve(Node.self, tag: index) }
      return A(b: nil).withSelf(try r.resolve(A.self))
    }
    for index in 0..<siblings { container.register(tag: index) { Node(next: nil) } }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(A.self) }
    #expect(error?.code == .circularDependency)
    #expect(ids(error?.path.map(\.type)) == ids(A.self, A.self))
  }

  /// Siblings sharing path bits come and go while a chain is on the path: no false cycle, and a
  /// real one deep in the chain is still found.
  @Test func pathBitsSharedAlongAChainNeitherInventNorHideCycles() throws {
    let container = Container()
    let length = 150
    for index in 0..<length {
      container.register(tag: index) { r in
        if index % 7 == 0 { _ = try r.resolve(Node.self, tag: "leaf \(index)") }
        return Node(next: index + 1 < length ? try r.resolve(Node.self, tag: index + 1) : nil)
      }
      container.register(tag: "leaf \(index)") { Node(next: nil) }
    }
    #expect(try container.resolve(Node.self, tag: 0).length == length)

    container.register(tag: length - 1) { r in Node(next: try r.resolve(Node.self, tag: 70)) }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Node.self, tag: 0) }
    #expect(error?.code == .circularDependency)
    #expect(error?.path.count == length - 70 + 1 + 70)
    #expect(error?.path.last?.tag == DefinitionTag(70))
  }

  @Test func graphDeeperThanTheLimitFailsCleanly() {
    let container = Container(maximumDepth: 500)
    let depth = 10_000
    container.register(tag: depth) { Node(next: nil) }
    for index in 0..<depth {
      container.register(tag: index) { r in Node(next: try r.resolve(Node.self, tag: index + 1)) }
    }
    let error = onThread(stackSize: largeStack) { resolutionError { try container.resolve(Node.self, tag: 0) } }
    #expect(error?.code == .depthLimitExceeded)
    #expect(error?.path.count == 501)
    #expect(error?.message == "Resolving Node tag 500 needs an object graph deeper than 500 definitions.")
  }
}

extension A {
  func withSelf(_ other: A) -> A {
    b = other.b
    return self
  }
}
