import Surrogate
import Testing

private protocol Meter: AnyObject {}

/// What the decorated definition makes.
private final class Odometer: Meter {}

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
}
