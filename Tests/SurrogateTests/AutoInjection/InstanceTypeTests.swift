import SuiteSupport
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

private protocol DynSurface {}
private final class DynSurfaceRepository: Sendable {}
private struct DynPlainSurface: DynSurface {}
private final class DynInjectedSurface: DynSurface {
  @Injected var repository: DynSurfaceRepository
}
private struct DynPlainPart: DynSurface {}
private final class DynClosingPart: DynSurface, Disposable {
  let journal: DisposalJournal
  init(journal: DisposalJournal) { self.journal = journal }
  func dispose() async throws { journal.note("closing part") }
}

/// ``InstanceType`` reads an instance's dynamic type and object with public API only: every
/// answer is checked against the runtime's own (`type(of: value as Any)`), in code not specialized
/// for the instance's type, as a registration's generic code reads it.
struct InstanceTypeTests {
  /// Unspecialized: `Instance` known only at run time.
  @inline(never)
  private func check<Instance>(_ instance: Instance, _ comment: Comment) {
    #expect(ObjectIdentifier(InstanceType.of(instance)) == ObjectIdentifier(type(of: instance as Any)), comment)
  }

  @Test func classesAndSubclassesErasedThroughTheirSuperclass() {
    check(DynBase(), "a class")
    check(DynDerived() as DynBase, "a subclass as its superclass")
    check(DynHolder(next: DynHolder(next: DynDerived())), "a generic class")
    #expect(
      ObjectIdentifier(InstanceType.of(DynDerived() as DynBase)) == ObjectIdentifier(DynDerived.self), "specialized")
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

  /// Unspecialized, as a registration reads it.
  @inline(never)
  private func object<Instance>(of instance: Instance) -> ObjectIdentifier? {
    InstanceType.object(of: instance).map(ObjectIdentifier.init)
  }

  /// ``InstanceType/object(of:)`` and ``InstanceType/object(in:)`` find the object a value is or
  /// holds, however it is erased (an existential erased again to `Any` by generic code too), and
  /// none in a value, even one in an existential.
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
      #expect(InstanceType.object(in: value).map(ObjectIdentifier.init) == expected, comment)
      #expect(object(of: value) == expected, comment)
    }
    #expect(object(of: derived as DynBase) == ObjectIdentifier(derived), "a class, generic")
    #expect(object(of: derived as any DynClassBound) == ObjectIdentifier(derived), "an existential, generic")
    #expect(object(of: failure as any Error) == ObjectIdentifier(failure), "an Error existential, generic")
    let values: [(Any, Comment)] = [
      (DynValue(), "a struct"), (DynValue() as any DynOpaque, "a value in an existential"),
      (DynFailure() as any Error, "an Error existential holding a value"), (Optional(1) as Any, "an optional"),
    ]
    for (value, comment) in values {
      #expect(InstanceType.object(in: value) == nil, comment)
      #expect(object(of: value) == nil, comment)
    }
    #expect(object(of: DynValue() as any DynOpaque) == nil, "a value in an existential, generic")
    #expect(object(of: DynFailure() as any Error) == nil, "an Error existential holding a value, generic")
  }

  /// Existentials are told from other types by their metatype (`P.Protocol`), for remedies.
  @Test func existentialTypesAreToldFromConcreteOnes() {
    let existentials: [Any.Type] = [
      (any DynOpaque).self, (any DynClassBound).self, (any DynOpaque & DynSecond).self, (any DynBase & DynSecond).self,
      Any.self, AnyObject.self, (any Error).self,
    ]
    for type in existentials { #expect(InstanceType.isExistential(type), "\(type)") }
    let concrete: [Any.Type] = [
      DynBase.self, DynValue.self, DynHolder<Int>.self, (any DynOpaque)?.self, (Int, String).self,
      ((Int) -> Int).self, DynValue.Type.self,
    ]
    for type in concrete { #expect(!InstanceType.isExistential(type), "\(type)") }
  }

  /// A registration learns that it makes a value type from its first instance's dynamic type; an
  /// existential's first instance, a value, must not make it skip a later object's auto-injection.
  @Test func anExistentialWhoseFirstInstanceIsAValueStillInjectsALaterObject() throws {
    let container = Container()
    container.register { DynSurfaceRepository() }
    let made = Locked(0)
    container.register(.unique) { () -> any DynSurface in
      let isFirst = made.withLock { count in
        defer { count += 1 }
        return count == 0
      }
      return isFirst ? DynPlainSurface() : DynInjectedSurface()
    }
    #expect(try container.resolve((any DynSurface).self) is DynPlainSurface)
    let surface = try #require(try container.resolve((any DynSurface).self) as? DynInjectedSurface)
    #expect(surface.$repository.value != nil)
  }

  /// The same for disposal: a value first, then a ``Disposable`` object, both made in a scope.
  @Test func anExistentialWhoseFirstInstanceIsAValueStillDisposesALaterObject() async throws {
    let journal = DisposalJournal()
    let made = Locked(0)
    let app = Container()
    app.register(.unique) { () -> any DynSurface in
      let isFirst = made.withLock { count in
        defer { count += 1 }
        return count == 0
      }
      return isFirst ? DynPlainPart() : DynClosingPart(journal: journal)
    }
    let (first, second) = try await app.withScope { scope in
      (try scope.resolve((any DynSurface).self), try scope.resolve((any DynSurface).self))
    }
    #expect(first is DynPlainPart)
    #expect(second is DynClosingPart)
    #expect(journal.disposed == ["closing part"])
  }
}
