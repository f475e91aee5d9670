import SurrogateTesting
import Testing

private class Base {
  var inherited: AnyObject?
}

private final class Holder: Base {
  var strong: AnyObject?
  weak var weakly: AnyObject?
  unowned let owner: Base
  unowned(unsafe) let unsafeOwner: Base
  let number = 1
  init(owner: Base) {
    self.owner = owner
    self.unsafeOwner = owner
  }
}

private struct ReflectedPair {
  var strong: AnyObject?
  weak var weakly: AnyObject?
}

struct FieldReflectionTests {
  @Test func classFieldsIncludeSuperclassFieldsAndTellStrongFromWeak() throws {
    let fields = try #require(FieldReflection.fields(of: Holder.self))
    let byName = Dictionary(uniqueKeysWithValues: fields.map { ($0.name, $0) })
    #expect(Set(byName.keys) == ["inherited", "strong", "weakly", "owner", "unsafeOwner", "number"])
    #expect(byName["inherited"]?.isStrong == true)
    #expect(byName["strong"]?.isStrong == true)
    #expect(byName["number"]?.isStrong == true)
    #expect(byName["weakly"]?.isStrong == false)
    #expect(byName["owner"]?.isStrong == false)
    #expect(byName["unsafeOwner"]?.isStrong == false)
    #expect(byName["number"]?.isVar == false)
    #expect(byName["strong"]?.isVar == true)
  }

  @Test func fieldOffsetsAndTypesMatchTheLayout() throws {
    let fields = try #require(FieldReflection.fields(of: ReflectedPair.self))
    #expect(fields.map(\.name) == ["strong", "weakly"])
    #expect(fields.map(\.offset) == [0, MemoryLayout<AnyObject?>.stride])
    #expect(fields.first.map { ObjectIdentifier($0.type) } == ObjectIdentifier(Optional<AnyObject>.self))
    #expect(fields.map(\.isStrong) == [true, false])
  }
}
