import Surrogate
import Testing

private final class CollaboratingAnalytics {}
private final class CollaboratingCheckout {
  let analytics: CollaboratingAnalytics
  init(analytics: CollaboratingAnalytics) { self.analytics = analytics }
}

/// Collaborating containers beyond Dip's own cases: loops, ownership, validation and lifetime.
struct CollaborationTests {
  @Test func aCollaborationLoopAnswersAMissingDefinitionWithDefinitionNotFound() {
    let a = Container()
    let b = Container()
    let c = Container()
    a.collaborate(with: b)
    b.collaborate(with: c)
    c.collaborate(with: a)
    do {
      _ = try a.resolve(CollaboratingAnalytics.self)
      Issue.record("resolved what nobody registered")
    } catch {
      #expect(error.code == .definitionNotFound)
    }
  }

  @Test func aSingletonBelongsToTheContainerThatRegisteredIt() throws {
    let app = Container()
    app.register(.singleton) { CollaboratingAnalytics() }
    let first = Container()
    let second = Container()
    first.collaborate(with: app)
    second.collaborate(with: app)
    let fromFirst = try first.resolve(CollaboratingAnalytics.self)
    #expect(try second.resolve(CollaboratingAnalytics.self) === fromFirst)
    #expect(try app.resolve(CollaboratingAnalytics.self) === fromFirst)
  }

  @Test func aCollaboratorsDefinitionResolvesItsDependenciesFromTheOtherSide() throws {
    let app = Container()
    app.register(.singleton) { CollaboratingAnalytics() }
    let checkout = Container()
    checkout.register { r in CollaboratingCheckout(analytics: try r.resolve()) }
    app.collaborate(with: checkout)
    #expect(try app.resolve(CollaboratingCheckout.self).analytics === (try app.resolve(CollaboratingAnalytics.self)))
  }

  @Test func validateCountsWhatACollaboratorProvides() {
    let app = Container()
    let checkout = Container()
    checkout.register { r in CollaboratingCheckout(analytics: try r.resolve()) }
    #expect(checkout.validate().problems.map(\.code) == [.definitionNotFound])
    app.register(.singleton) { CollaboratingAnalytics() }
    app.collaborate(with: checkout)
    let report = checkout.validate()
    #expect(report.problems.isEmpty, "\(report)")
  }

  @Test func aReleasedCollaboratorNoLongerAnswers() {
    let checkout = Container()
    checkout.register { r in CollaboratingCheckout(analytics: try r.resolve()) }
    do {
      let app = Container()
      app.register { CollaboratingAnalytics() }
      checkout.collaborate(with: app)
      #expect(throws: Never.self) { try checkout.resolve(CollaboratingCheckout.self) }
    }
    #expect(checkout.collaborators.isEmpty)
    #expect(throws: ResolutionError.self) { try checkout.resolve(CollaboratingCheckout.self) }
  }

  @Test func collaboratingTwiceAddsTheCollaboratorOnce() {
    let a = Container()
    let b = Container()
    a.collaborate(with: b, b)
    b.collaborate(with: a)
    #expect(a.collaborators.count == 1)
    #expect(b.collaborators.count == 1)
  }
}
