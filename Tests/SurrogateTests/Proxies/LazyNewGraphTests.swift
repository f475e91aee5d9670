import SuiteSupport
import Surrogate
import Testing

/// A `Lazy` resolves in a new graph when it is used (Modules.md, "Coming from Swinject"): a
/// `.shared` instance of the graph that injected it is not the one it gets; `resolvingProperties`
/// closes a cycle on the same instance.
struct LazyNewGraphTests {
  final class Parent {
    let child: Lazy<Child>
    init(child: Lazy<Child>) { self.child = child }
  }
  final class Child {
    let parent: Parent
    init(parent: Parent) { self.parent = parent }
  }
  final class Owner {
    let part: Part
    init(part: Part) { self.part = part }
  }
  final class Part {
    weak var owner: Owner?
  }

  @Test func aLazysChildGetsAnotherSharedParentThanTheOneHoldingIt() throws {
    let container = Container()
    container.register(.shared) { r in Parent(child: try r.resolve()) }
    container.register(.shared) { r in Child(parent: try r.resolve()) }
    let parent = try container.resolve(Parent.self)
    let child = try parent.child.value
    #expect(child.parent !== parent)
  }

  @Test func resolvingPropertiesClosesTheCycleOnTheSameInstance() throws {
    let container = Container()
    container.register(.shared) { r in Owner(part: try r.resolve()) }
    container.register(.shared) { Part() }.resolvingProperties { r, part in part.owner = try r.resolve() }
    let owner = try container.resolve(Owner.self)
    #expect(owner.part.owner === owner)
  }
}
