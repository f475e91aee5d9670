import Surrogate
import Testing

/// Dip's `DefinitionTests`: what tells definitions apart. Dip keys a definition by its type, its
/// factory's type and its tag; Surrogate's ``DefinitionKey`` has the type, the runtime arguments'
/// type and the tag.
struct DefinitionTests {
  private typealias NoArguments = () -> any Service
  private typealias StringArgument = (String) -> any Service

  let tag1 = DefinitionTag("tag1")
  let tag2 = DefinitionTag("tag2")

  /// Dip: keys with the same type, factory type and tag are equal and hash alike.
  @Test func definitionKeyIsEqualByTypeFactoryTag() {
    let key1 = DefinitionKey(type: (any Service).self, argumentsType: NoArguments.self, tag: tag1)
    let key2 = DefinitionKey(type: (any Service).self, argumentsType: NoArguments.self, tag: tag1)
    #expect(key1 == key2)
    #expect(key1.hashValue == key2.hashValue)
  }

  /// Dip: keys of different types differ.
  @Test func definitionKeysWithDifferentTypesAreNotEqual() {
    let key1 = DefinitionKey(type: (any Service).self, argumentsType: NoArguments.self)
    let key2 = DefinitionKey(type: AnyObject.self, argumentsType: NoArguments.self)
    #expect(key1 != key2)
    #expect(key1.hashValue != key2.hashValue)
  }

  /// Dip: keys with different factory (argument) types differ.
  @Test func definitionKeysWithDifferentFactoriesAreNotEqual() {
    let key1 = DefinitionKey(type: (any Service).self, argumentsType: NoArguments.self)
    let key2 = DefinitionKey(type: (any Service).self, argumentsType: StringArgument.self)
    #expect(key1 != key2)
    #expect(key1.hashValue != key2.hashValue)
  }

  /// Dip: keys with different tags differ.
  @Test func definitionKeysWithDifferentTagsAreNotEqual() {
    let key1 = DefinitionKey(type: (any Service).self, argumentsType: NoArguments.self, tag: tag1)
    let key2 = DefinitionKey(type: (any Service).self, argumentsType: NoArguments.self, tag: tag2)
    #expect(key1 != key2)
    #expect(key1.hashValue != key2.hashValue)
  }

  /// Dip: a definition of `T` also answers requests for `T?` (Dip lists `T?` among the types it
  /// implements; Surrogate has no such list, so this checks the behaviour: `T?` resolves through it).
  @Test func registersOptionalTypesAsForwardedTypes() throws {
    let container = Container()
    let made = Recorder(0)
    container.register(.unique) {
      made.increment(); return ServiceImp1() as any Service
    }
    #expect(try container.resolve((any Service)?.self) is ServiceImp1)
    #expect(made.value == 1)
  }

  /// Dip: resolving the properties of an instance made elsewhere runs the definition's blocks.
  @Test func resolveDependenciesCallsResolveDependenciesBlock() throws {
    let container = Container()
    let blockCalled = Recorder(false)
    let definition = container.register(.unique) { ServiceImp1() as any Service }
      .resolvingProperties { _, _ in blockCalled.set() }
    try definition.resolveProperties(of: ServiceImp1())
    #expect(blockCalled.value)
  }

  /// Dip skipped the blocks for an instance of another type; here the compiler rejects one, so
  /// the case checks what is left to check: another definition's blocks never run, and a
  /// definition replaced since cannot inject.
  @Test func resolveDependenciesBlockIsNotCalledWhenPassedWrongInstance() throws {
    let container = Container()
    let otherBlockCalled = Recorder(false)
    let definition = container.register(.unique) { ServiceImp1() as any Service }
    container.register(.unique, tag: "other") { ServiceImp1() as any Service }
      .resolvingProperties { _, _ in otherBlockCalled.set() }
    try definition.resolveProperties(of: ServiceImp2())
    #expect(!otherBlockCalled.value)
    container.register(.unique) { ServiceImp2() as any Service }
    #expect(throws: ResolutionError.self) { try definition.resolveProperties(of: ServiceImp1()) }
  }
}
