import SuiteSupport
import Surrogate
import Testing

/// A frame of a resolution path copies its requested key's tag without retaining it, and a
/// resolver holds its request's tag the same way (see `BorrowedKey.swift`); a path deeper than the
/// caller's stack buffer moves to a heap buffer the graph allocates (see `Graph.growFrames()`).
///
/// Each test requests with tags built at run time: heap strings that are freed when the call that
/// made them returns. It then allocates strings of the same size, so that the freed buffers are
/// reused and overwritten, and checks that what outlived those calls (a kept resolver, an error's
/// path, a finished graph) still names the right tags and reads no frame of a finished path. A key
/// read after its owner returned reads another string there, or crashes.
struct BorrowedKeyLifetimeTests {
  /// Deeper than the sixteen frames a top-level `resolve` keeps on its stack: the path moves to
  /// a heap buffer.
  static let depth = 24

  @Test func aResolverKeptPastItsCallStillNamesTheTagItWasRequestedWith() throws {
    let container = Container()
    container.register(.unique) { r in Keeper(resolver: r) }
    container.register(.unique) { Leaf() }
    let keepers = try (0..<32).map { try resolve(Keeper.self, from: container, tag: temporaryTag($0)) }
    reuseFreedTagBuffers()
    for (index, keeper) in keepers.enumerated() {
      #expect(keeper.resolver.tag == DefinitionTag(temporaryTag(index)))
      // The kept resolver's graph is finished: it starts a graph of its own.
      _ = try keeper.resolver.resolve(Leaf.self)
    }
  }

  @Test func anErrorFromADeepPathNamesEveryRequestedTagAfterTheRequestsReturned() {
    let container = Container()
    registerChain(in: container) { r in try r.resolve(Step.self, tag: temporaryTag(Self.depth)) }
    let error = firstError { _ = try resolve(Step.self, from: container, tag: temporaryTag(0)) }
    reuseFreedTagBuffers()
    #expect(error?.code == .definitionNotFound)
    #expect(error?.path.map(\.tag) == (0...Self.depth).map { DefinitionTag(temporaryTag($0)) })
    #expect(error?.pathDescription.contains(temporaryTag(Self.depth / 2)) == true)
  }

  @Test func aResolverKeptFromADeepPathStartsItsOwnGraphOnceTheNextDeepPathReusedTheBuffer() throws {
    let keeping = Container()
    registerChain(in: keeping) { r in Keeper(resolver: r) }
    let failing = Container()
    registerChain(in: failing) { r in try r.resolve(Missing.self) }

    let top = try resolve(Step.self, from: keeping, tag: temporaryTag(0))
    // The next deep path on this thread takes the heap buffer the first one gave back.
    let deepError = firstError { _ = try resolve(Step.self, from: failing, tag: temporaryTag(0)) }
    reuseFreedTagBuffers()
    #expect(deepError?.path.count == Self.depth + 1)
    #expect(deepError?.path.dropLast().map(\.tag) == (0..<Self.depth).map { DefinitionTag(temporaryTag($0)) })

    let keeper = try #require(top.bottom as? Keeper)
    #expect(keeper.resolver.tag == DefinitionTag(temporaryTag(Self.depth - 1)))
    // A new graph: its path is the one request, not the finished path or the buffer's new frames.
    let keptError = firstError { _ = try keeper.resolver.resolve(Missing.self) }
    #expect(keptError?.code == .definitionNotFound)
    #expect(keptError?.path.count == 1)
    #expect(keptError.map { ObjectIdentifier($0.key.type) } == ObjectIdentifier(Missing.self))

    // And the container resolves the same chain again from a clean path.
    let again = try resolve(Step.self, from: keeping, tag: temporaryTag(0))
    #expect((again.bottom as? Keeper)?.resolver.tag == DefinitionTag(temporaryTag(Self.depth - 1)))
  }
}

// MARK: - Helpers

/// A tag on the heap (longer than the 15 bytes a string stores inline), made anew by each call.
@inline(never)
private func temporaryTag(_ index: Int) -> String {
  "borrowed-key-tag-\(index)-" + String(repeating: "x", count: 16)
}

/// Allocates strings the size of ``temporaryTag(_:)``'s and keeps them until all are made, so that
/// the buffers freed since are reused and overwritten.
@inline(never)
private func reuseFreedTagBuffers() {
  let fillers = (0..<512).map { "overwritten-tag-\($0)-" + String(repeating: "y", count: 16) }
  withExtendedLifetime(fillers) {}
}

/// Resolves with a tag that only this call holds: it is freed when the call returns.
@inline(never)
private func resolve<T>(_ type: T.Type, from container: Container, tag: String) throws(ResolutionError) -> T {
  try container.resolve(T.self, tag: tag)
}

/// The `ResolutionError` `body` throws, or `nil`.
private func firstError(_ body: () throws -> Void) -> ResolutionError? {
  do {
    try body()
    return nil
  } catch {
    return error as? ResolutionError
  }
}

/// `Step`s tagged `temporaryTag(0)` to `temporaryTag(depth - 1)`, each requesting the next with a
/// tag its factory builds (and frees when it returns); the last one's dependency is `bottom`'s.
private func registerChain(in container: Container, bottom: @escaping @Sendable (Resolver) throws -> AnyObject) {
  for level in 0..<BorrowedKeyLifetimeTests.depth {
    container.register(.unique, tag: temporaryTag(level)) { r in
      guard level + 1 < BorrowedKeyLifetimeTests.depth else { return Step(next: try bottom(r)) }
      return Step(next: try r.resolve(Step.self, tag: temporaryTag(level + 1)))
    }
  }
}

// MARK: - Fixtures

private final class Keeper {
  let resolver: Resolver
  init(resolver: Resolver) { self.resolver = resolver }
}

private final class Leaf {}
private final class Missing {}

private final class Step {
  let next: AnyObject
  init(next: AnyObject) { self.next = next }

  /// The object at the end of the chain.
  var bottom: AnyObject {
    var current: AnyObject = self
    while let step = current as? Step { current = step.next }
    return current
  }
}
