import SurrogateTesting
import Testing

private protocol Named: AnyObject {}
private final class Leaf: Named, Hashable {
  static func == (lhs: Leaf, rhs: Leaf) -> Bool { lhs === rhs }
  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

private protocol Sink {}
private struct LeafSink: Sink { var leaf: Leaf }
private final class SinkOwner {
  let sink: any Sink
  init(sink: any Sink) { self.sink = sink }
}

private struct Wrapper {
  var leaf: Leaf
  weak var weakLeaf: Leaf?
}

private final class Owner {
  var optional: Leaf?
  var array: [Leaf] = []
  var dictionary: [String: Leaf] = [:]
  var set: Set<Leaf> = []
  var existential: (any Named)?
  var tuple: (Int, Leaf)?
  var wrapper: Wrapper?
  weak var weakLeaf: Leaf?
  unowned var unownedLeaf: Leaf
  var closure: (() -> Void)?
  init(unownedLeaf: Leaf) { self.unownedLeaf = unownedLeaf }
}

private final class ClosureList {
  var closures: [() -> Void] = []
}

struct ReferenceWalkerTests {
  @Test func followsOptionalsCollectionsExistentialsTuplesAndStructs() {
    let kept = Leaf()
    let owner = Owner(unownedLeaf: kept)
    let leaves = (0..<7).map { _ in Leaf() }
    owner.optional = leaves[0]
    owner.array = [leaves[1]]
    owner.dictionary = ["key": leaves[2]]
    owner.set = [leaves[3]]
    owner.existential = leaves[4]
    owner.tuple = (1, leaves[5])
    owner.wrapper = Wrapper(leaf: leaves[6], weakLeaf: kept)
    owner.weakLeaf = kept
    let found = ReferenceWalker.references(from: owner)
    let paths = Dictionary(
      found.references.map { ($0.path, ObjectIdentifier($0.object)) }, uniquingKeysWith: { a, _ in a })
    #expect(paths["optional"] == ObjectIdentifier(leaves[0]))
    #expect(paths["array[0]"] == ObjectIdentifier(leaves[1]))
    #expect(paths["dictionary[\"key\"]"] == ObjectIdentifier(leaves[2]))
    #expect(paths["set[0]"] == ObjectIdentifier(leaves[3]))
    #expect(paths["existential"] == ObjectIdentifier(leaves[4]))
    #expect(paths["tuple.1"] == ObjectIdentifier(leaves[5]))
    #expect(paths["wrapper.leaf"] == ObjectIdentifier(leaves[6]))
    // weak and unowned references, in the class and in the struct, are not strong edges
    #expect(!found.references.contains { ObjectIdentifier($0.object) == ObjectIdentifier(kept) })
    #expect(found.references.count == 7)
  }

  @Test func followsAStructStoredInAPropertyOfProtocolType() {
    let leaf = Leaf()
    let found = ReferenceWalker.references(from: SinkOwner(sink: LeafSink(leaf: leaf)))
    #expect(found.references.map(\.path) == ["sink.leaf"])
    #expect(found.references.first.map { ObjectIdentifier($0.object) } == ObjectIdentifier(leaf))
  }

  @Test func aClosureOfOneCaptureIsReadAsThatObject() {
    let owner = Owner(unownedLeaf: Leaf())
    let captured = Leaf()
    owner.closure = { _ = captured }
    let found = ReferenceWalker.references(from: owner)
    #expect(found.opaque == [])
    #expect(found.references.map(\.path) == ["closure"])
    #expect(found.references.first?.isClosureCapture == true)
    #expect(found.references.first.map { ObjectIdentifier($0.object) } == ObjectIdentifier(captured))
  }

  // MARK: - The invariants of ClosureContext (unsafe)

  @Test func aClosureOfSeveralCapturesOnlyYieldsObjectsTheCallerHolds() {
    let owner = Owner(unownedLeaf: Leaf())
    let held = Leaf()
    let other = Leaf()
    let number = 42
    owner.closure = { _ = (held, other, number) }
    let address = UInt(bitPattern: Unmanaged.passUnretained(held).toOpaque())
    let found = ReferenceWalker.references(from: owner) { $0 == address ? held : nil }
    #expect(found.references.map { ObjectIdentifier($0.object) } == [ObjectIdentifier(held)])
    // the other captures could not be recognised, so the closure stays opaque too
    #expect(found.closures == ["closure"])
  }

  @Test func anIntegerCaptureIsNeverFollowed() {
    let owner = Owner(unownedLeaf: Leaf())
    // Words that are not addresses of held objects: were they followed, this would crash.
    let garbage = (UInt(0xDEAD_BEEF), UInt(8), UInt.max)
    let text = "not an object"
    owner.closure = { _ = (garbage, text) }
    let found = ReferenceWalker.references(from: owner)
    #expect(found.references.isEmpty)
    #expect(found.closures == ["closure"])
  }

  @Test func aClosureThatCapturesNothingOrIsNilHoldsNothing() {
    let owner = Owner(unownedLeaf: Leaf())
    #expect(ReferenceWalker.references(from: owner).opaque == [])
    owner.closure = {}
    let found = ReferenceWalker.references(from: owner)
    #expect(found.references.isEmpty)
    #expect(found.opaque == [])
  }

  @Test func aClosureInACollectionIsOpaque() {
    let holder = ClosureList()
    let captured = Leaf()
    holder.closures = [{ _ = captured }]
    let found = ReferenceWalker.references(from: holder)
    #expect(found.opaque == ["closures[0]"])
    #expect(found.closures == ["closures[0]"])
  }
}
