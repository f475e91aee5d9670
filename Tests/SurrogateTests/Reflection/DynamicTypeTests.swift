import Surrogate
import Testing

private protocol DynOpaque {}
private protocol DynClassBound: AnyObject {}
private protocol DynSecond {}
private class DynBase: DynOpaque, DynClassBound, DynSecond {}
private final class DynDerived: DynBase {}
private final class DynHolder<Next>: DynOpaque, DynClassBound {
  let next: Next
  init(next: Next) { self.next = next }
}
private struct DynValue: DynOpaque, DynSecond {
  var a = 1, b = 2, c = 3, d = 4
}
private struct DynFailure: Error {}
private final class DynClassFailure: Error {}

/// ``DynamicType`` reads an instance's dynamic type out of the runtime's layout: every answer is
/// checked against the runtime's own (`type(of: value as Any)`).
struct DynamicTypeTests {
  /// Unspecialized: `DynValue` known only at run time.
  @inline(never)
  private func check<Instance>(_ instance: Instance, _ comment: Comment) {
    let expected = UInt(bitPattern: ObjectIdentifier(type(of: instance as Any)))
    #expect(DynamicType.bits(of: instance) == expected, comment)
  }

  @Test func classesAndSubclassesErasedThroughTheirSuperclass() {
    check(DynBase(), "a class")
    check(DynDerived() as DynBase, "a subclass as its superclass")
    check(DynHolder(next: DynHolder(next: DynDerived())), "a generic class")
    #expect(
      DynamicType.bits(of: DynDerived() as DynBase) == UInt(bitPattern: ObjectIdentifier(DynDerived.self)),
      "specialized")
  }

  @Test func existentialsOfEveryRepresentation() {
    check(DynBase() as any DynOpaque, "an opaque existential of a class")
    check(DynDerived() as DynBase as any DynOpaque, "an opaque existential of a subclass erased through its superclass")
    check(DynDerived() as any DynClassBound, "a class-constrained existential")
    check(DynDerived() as any DynOpaque & DynSecond, "a composition")
    check(DynDerived() as any DynBase & DynSecond, "an existential with a superclass constraint")
    check(DynDerived() as Any, "Any holding a class")
    check(DynDerived() as AnyObject, "AnyObject")
    check(DynValue() as any DynOpaque, "an opaque existential holding a value in a box")
    check(DynValue() as Any, "Any holding a value")
    check(DynFailure() as any Error, "an Error existential holding a value")
    check(DynClassFailure() as any Error, "an Error existential holding a class")
    check(DynHolder(next: 1) as any DynClassBound, "a generic class in a class-constrained existential")
  }

  @Test func valueTypesAreTheirOwnDynamicType() {
    check(DynValue(), "a struct")
    check(Optional(DynDerived()), "an optional")
    check((1, "a"), "a tuple")
    check({ (x: Int) in x }, "a function")
  }

  /// ``DynamicType/object(of:)`` (a plain dynamic cast) finds the object a value is or holds,
  /// however it is erased, and none in a value, even one in an existential.
  @Test func theObjectOfAValueIsFoundOnlyWhenItsDynamicTypeIsAClass() {
    let derived = DynDerived()
    let failure = DynClassFailure()
    let objects: [(Any, ObjectIdentifier, Comment)] = [
      (derived, ObjectIdentifier(derived), "a class"),
      (derived as DynBase, ObjectIdentifier(derived), "a subclass as its superclass"),
      (derived as any DynOpaque, ObjectIdentifier(derived), "an opaque existential"),
      (derived as any DynClassBound, ObjectIdentifier(derived), "a class-constrained existential"),
      (derived as any DynOpaque & DynSecond, ObjectIdentifier(derived), "a composition"),
      (derived as AnyObject, ObjectIdentifier(derived), "AnyObject"),
      (failure as any Error, ObjectIdentifier(failure), "an Error existential holding a class"),
    ]
    for (value, expected, comment) in objects {
      #expect(DynamicType.object(of: value).map(ObjectIdentifier.init) == expected, comment)
    }
    let values: [(Any, Comment)] = [
      (DynValue(), "a struct"), (DynValue() as any DynOpaque, "a value in an existential"),
      (DynFailure() as any Error, "an Error existential holding a value"), (Optional(1) as Any, "an optional"),
    ]
    for (value, comment) in values { #expect(DynamicType.object(of: value) == nil, comment) }
  }

  /// The kinds a class's metadata can have: a Swift class's everywhere, and with Objective-C also
  /// a pure Objective-C class's wrapper (0x305) and a foreign class's (0x203), which only Apple
  /// platforms' runtimes make. No other kind is a class.
  @Test func everyClassMetadataKindIsAClassAndNoOtherKindIs() {
    let isaPointer: UInt = 0x7_0000_1000
    for kind: UInt in [0, isaPointer] { #expect(DynamicType.isClass(kind: kind), "\(kind)") }
    #if canImport(ObjectiveC)
      for kind: UInt in [0x305, 0x203] { #expect(DynamicType.isClass(kind: kind), "\(kind)") }
    #else
      for kind: UInt in [0x305, 0x203] { #expect(!DynamicType.isClass(kind: kind), "\(kind)") }
    #endif
    let others: [UInt] = [
      0x200, 0x201, 0x202, 0x204, 0x300, 0x301, 0x302, 0x303, 0x304, 0x306, 0x307, 0x400, 0x500, 0x501,
    ]
    for kind in others { #expect(!DynamicType.isClass(kind: kind), "\(kind)") }
    // The kinds this platform's runtime really gives a Swift class and a struct.
    let classKind = unsafeBitCast(DynamicTypeTestsClass.self as AnyClass, to: UnsafeRawPointer.self).load(as: UInt.self)
    #expect(DynamicType.isClass(kind: classKind))
    let structKind = unsafeBitCast(DynamicTypeTestsStruct.self as Any.Type, to: UnsafeRawPointer.self).load(
      as: UInt.self)
    #expect(structKind == 0x200)
  }
}

private final class DynamicTypeTestsClass {}
private struct DynamicTypeTestsStruct {}
