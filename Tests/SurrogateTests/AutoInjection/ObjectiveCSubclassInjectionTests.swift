import SuiteSupport
#if canImport(ObjectiveC)
  import Foundation
  import Surrogate
  import Testing

  private final class ObjectiveCInjectedRepository {}

  /// A Swift subclass of an Objective-C class, as a `UIViewController` subclass is.
  private final class ObjectiveCInjectedScreen: NSObject {
    @Injected var repository: ObjectiveCInjectedRepository
    @Injected var optionalRepository: ObjectiveCInjectedRepository?
  }

  /// Auto-injection of a Swift subclass of an Objective-C class registered under its Objective-C
  /// base type: the instance's own type must be read from the object (`NSObject.self is
  /// AnyObject.Type`, then `type(of:)`), not from the registered type's metadata, which for a pure
  /// Objective-C class is the runtime's wrapper (kind 0x305). The hand-read layout once took that
  /// kind for a value type: the screen got its base's empty plan and no property was injected.
  ///
  /// NB: compiled and run only where Objective-C exists (the macOS and iOS jobs of CI). It is not
  /// compiled on Linux, where `NSObject` is swift-corelibs-foundation's Swift class and the
  /// wrapper kind does not occur (`InstanceTypeTests` covers classes there).
  @Suite struct ObjectiveCSubclassInjectionTests {
    @Test func aSwiftSubclassOfAnObjectiveCClassRegisteredUnderItsBaseTypeIsInjected() throws {
      let container = Container()
      container.register(.singleton) { ObjectiveCInjectedRepository() }
      container.register(.unique) { () -> NSObject in ObjectiveCInjectedScreen() }
      let resolved = try container.resolve(NSObject.self)
      let screen = try #require(resolved as? ObjectiveCInjectedScreen)
      let repository = try container.resolve(ObjectiveCInjectedRepository.self)
      #expect(screen.$repository.value === repository)
      #expect(screen.optionalRepository === repository)
    }

    @Test func theSameSubclassRegisteredUnderItsOwnTypeIsInjectedToo() throws {
      let container = Container()
      container.register(.singleton) { ObjectiveCInjectedRepository() }
      container.register(.unique) { ObjectiveCInjectedScreen() }
      let screen = try container.resolve(ObjectiveCInjectedScreen.self)
      #expect(screen.$repository.value === (try container.resolve(ObjectiveCInjectedRepository.self)))
    }
  }
#endif
