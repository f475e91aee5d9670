import SuiteSupport
import Surrogate
import Testing

private protocol Meter: AnyObject {}

/// What the decorated definition makes.
private class Odometer: Meter {}

/// A decorator of the concrete type.
private final class RecalibratedOdometer: Odometer {
  let inner: Odometer
  init(_ inner: Odometer) { self.inner = inner }
}

/// The parent's decorator.
private final class CalibratedMeter: Meter {
  let inner: any Meter
  init(_ inner: any Meter) { self.inner = inner }
}

/// A child's (or collaborator's) decorator.
private final class AuditedMeter: Meter {
  let inner: any Meter
  init(_ inner: any Meter) { self.inner = inner }
}

/// A decoration in one container leaves what other containers registered as it was: a parent's
/// or a collaborator's definitions and the types they forward, decorated or not, whichever of
/// them decorates first.
struct DecorationAcrossContainersTests {
  /// The chain of decorators in front of `meter`, outermost first, ending with what it wraps.
  private func chain(of meter: any Meter) -> [String] {
    switch meter {
    case let audited as AuditedMeter: ["AuditedMeter"] + chain(of: audited.inner)
    case let calibrated as CalibratedMeter: ["CalibratedMeter"] + chain(of: calibrated.inner)
    case let recalibrated as RecalibratedOdometer: ["RecalibratedOdometer"] + chain(of: recalibrated.inner)
    default: ["\(type(of: meter))"]
    }
  }

  // MARK: - Both decorate

  @Test(arguments: [Scope.shared, .unique], 0..<4)
  func aChildDecoratingWhatItsParentDecoratedWrapsTheParentsDecorator(scope: Scope, earlierRegistrations: Int)
    throws
  {
    let app = Container()
    app.register(scope, type: (any Meter).self) { Odometer() }
    app.decorate((any Meter).self) { _, inner in CalibratedMeter(inner) }
    let feature = Container(parent: app)
    // The child's own registrations before it decorates number its decoration like the parent's.
    for index in 0..<earlierRegistrations { feature.register(tag: index) { "unrelated \(index)" } }
    feature.decorate((any Meter).self) { _, inner in AuditedMeter(inner) }
    #expect(chain(of: try feature.resolve((any Meter).self)) == ["AuditedMeter", "CalibratedMeter", "Odometer"])
    #expect(chain(of: try app.resolve((any Meter).self)) == ["CalibratedMeter", "Odometer"])
    #expect(feature.validate().isValid, "\(feature.validate())")
    #expect(app.validate().isValid)
  }

  // MARK: - Forwarded types of another container

  enum Decorated: CaseIterable, Sendable { case concreteType, forwardedType }

  /// Decorates `Odometer` (whose forwarded types then hand out the undecorated instance) or the
  /// type `Meter` forwarded from it.
  private func decorate(_ container: Container, _ decorated: Decorated) {
    switch decorated {
    case .concreteType: container.decorate(Odometer.self) { _, inner in RecalibratedOdometer(inner) }
    case .forwardedType: container.decorate((any Meter).self) { _, inner in AuditedMeter(inner) }
    }
  }

  /// What a request for `Meter` gets from a container that decorated as `decorated`.
  private func decoratedMeter(_ decorated: Decorated) -> [String] {
    decorated == .concreteType ? ["Odometer"] : ["AuditedMeter", "Odometer"]
  }

  @Test(arguments: Decorated.allCases, [Scope.singleton, .shared])
  func aChildDecoratingLeavesTheTypesItsParentForwardsAsTheyWere(decorated: Decorated, scope: Scope) throws {
    let app = Container()
    let odometer = app.register(scope) { Odometer() }.implements((any Meter).self)
    let feature = Container(parent: app)
    decorate(feature, decorated)
    #expect(chain(of: try app.resolve((any Meter).self)) == ["Odometer"])
    #expect(chain(of: try app.resolve(Odometer.self)) == ["Odometer"])
    #expect(chain(of: try feature.resolve((any Meter).self)) == decoratedMeter(decorated))
    if decorated == .concreteType {
      #expect(chain(of: try feature.resolve(Odometer.self)) == ["RecalibratedOdometer", "Odometer"])
    }
    #expect(app.validate().isValid)
    #expect(feature.validate().isValid)
    // The parent removes its definition: its types go, and the child's decoration names what it
    // lost; a singleton the child's decorator made before the removal is the child's, and stays
    // (as `remove(_:)` says).
    app.remove(odometer)
    #expect(throws: ResolutionError.self) { try app.resolve((any Meter).self) }
    if decorated == .forwardedType, scope == .shared {
      let error = #expect(throws: ResolutionError.self) { try feature.resolve((any Meter).self) }
      #expect(error?.code == .definitionNotFound)
      #expect(error?.key == DefinitionKey(type: (any Meter).self))
      #expect(feature.validate().problems.map(\.code) == [.definitionNotFound])
    }
    if decorated == .forwardedType, scope == .singleton {
      #expect(chain(of: try feature.resolve((any Meter).self)) == ["AuditedMeter", "Odometer"])
    }
  }

  @Test(arguments: Decorated.allCases)
  func removingTheChildsOwnDecoratedDefinitionLeavesItTheParentsUndecorated(decorated: Decorated) throws {
    let app = Container()
    app.register(.singleton) { Odometer() }.implements((any Meter).self)
    let feature = Container(parent: app)
    let own = feature.register(.singleton) { Odometer() }.implements((any Meter).self)
    decorate(feature, decorated)
    let parents = try app.resolve((any Meter).self)
    #expect(chain(of: try feature.resolve((any Meter).self)) == decoratedMeter(decorated))
    feature.remove(own)
    let now = try feature.resolve((any Meter).self)
    #expect(chain(of: now) == ["Odometer"])
    #expect(ObjectIdentifier(now) == ObjectIdentifier(parents))
    #expect(ObjectIdentifier(try app.resolve((any Meter).self)) == ObjectIdentifier(parents))
    #expect(feature.validate().isValid)
    #expect(app.validate().isValid)
  }

  @Test(arguments: Decorated.allCases)
  func aCollaboratorsDecorationLeavesTheTypesTheOtherForwardsAsTheyWere(decorated: Decorated) throws {
    let app = Container()
    app.register(.singleton) { Odometer() }.implements((any Meter).self)
    let feature = Container()
    feature.register(.singleton) { Odometer() }.implements((any Meter).self)
    feature.collaborate(with: app)
    decorate(feature, decorated)
    #expect(chain(of: try app.resolve((any Meter).self)) == ["Odometer"])
    #expect(chain(of: try app.resolve(Odometer.self)) == ["Odometer"])
    #expect(chain(of: try feature.resolve((any Meter).self)) == decoratedMeter(decorated))
    #expect(app.validate().isValid)
    #expect(feature.validate().isValid)
  }

  enum Forwarder: CaseIterable, Sendable { case child, otherContainer }

  @Test(arguments: Forwarder.allCases)
  func aTypeAnotherContainerForwardsToADefinitionKeepsWorkingWhenItsOwnerDecoratesIt(forwarder: Forwarder) throws {
    let app = Container()
    let odometer = app.register(.singleton) { Odometer() }
    let feature = forwarder == .child ? Container(parent: app) : Container()
    feature.register(odometer, type: (any Meter).self)
    app.decorate(Odometer.self) { _, inner in RecalibratedOdometer(inner) }
    let decoratedOdometer = try #require(try app.resolve(Odometer.self) as? RecalibratedOdometer)
    // A type forwarded from a decorated definition hands out the undecorated instance, in the
    // container that decorated it or another.
    let meter = try feature.resolve((any Meter).self)
    #expect(ObjectIdentifier(meter) == ObjectIdentifier(decoratedOdometer.inner))
    #expect(feature.validate().isValid, "\(feature.validate())")
  }

  @Test func aChildDecoratesATypeItsParentForwardsToAnotherContainersDefinition() throws {
    let services = Container()
    let odometer = services.register(.singleton) { Odometer() }
    let app = Container()
    app.register(odometer, type: (any Meter).self)
    let feature = Container(parent: app)
    feature.decorate((any Meter).self) { _, inner in AuditedMeter(inner) }
    let shared = try services.resolve(Odometer.self)
    #expect(ObjectIdentifier(try app.resolve((any Meter).self)) == ObjectIdentifier(shared))
    let decorated = try #require(try feature.resolve((any Meter).self) as? AuditedMeter)
    #expect(ObjectIdentifier(decorated.inner) == ObjectIdentifier(shared))
    #expect(feature.validate().isValid, "\(feature.validate())")
  }

  // MARK: - What a child's decoration wraps

  /// A child's decoration of what it inherits wraps what its parent hands out for the key now.

  @Test(arguments: [Scope.shared, .unique])
  func aChildsDecorationWrapsTheOverrideOfItsParentsDefinition(scope: Scope) throws {
    let app = Container()
    app.register(scope, type: (any Meter).self) { Odometer() }
    let feature = Container(parent: app)
    feature.decorate((any Meter).self) { _, inner in AuditedMeter(inner) }
    try app.withOverrides { overrides in
      overrides.register(scope, type: (any Meter).self) { RecalibratedOdometer(Odometer()) }
    } operation: { () throws -> Void in
      #expect(chain(of: try app.resolve((any Meter).self)) == ["RecalibratedOdometer", "Odometer"])
      #expect(
        chain(of: try feature.resolve((any Meter).self)) == ["AuditedMeter", "RecalibratedOdometer", "Odometer"])
    }
    #expect(chain(of: try feature.resolve((any Meter).self)) == ["AuditedMeter", "Odometer"])
  }

  @Test(arguments: [Scope.singleton, .shared])
  func aChildsDecorationWrapsWhatItsParentDecoratesLater(scope: Scope) throws {
    let app = Container()
    app.register(scope, type: (any Meter).self) { Odometer() }
    let feature = Container(parent: app)
    feature.decorate((any Meter).self) { _, inner in AuditedMeter(inner) }
    app.decorate((any Meter).self) { _, inner in CalibratedMeter(inner) }
    #expect(chain(of: try app.resolve((any Meter).self)) == ["CalibratedMeter", "Odometer"])
    #expect(chain(of: try feature.resolve((any Meter).self)) == ["AuditedMeter", "CalibratedMeter", "Odometer"])
    #expect(feature.validate().isValid, "\(feature.validate())")
  }

  @Test func aChildsDecorationOfAForwardedTypeWrapsWhatItsParentRegistersInItsPlace() throws {
    let app = Container()
    app.register(.shared) { Odometer() }.implements((any Meter).self)
    let feature = Container(parent: app)
    feature.decorate((any Meter).self) { _, inner in AuditedMeter(inner) }
    app.register(.shared, type: (any Meter).self) { RecalibratedOdometer(Odometer()) }
    #expect(
      chain(of: try feature.resolve((any Meter).self)) == ["AuditedMeter", "RecalibratedOdometer", "Odometer"])
  }
}
