import Dispatch
import Foundation
import SuiteSupport
import Surrogate
import Synchronization
import Testing

private final class SignedInUser: Sendable {}
private final class Basket: Sendable {
  let user: SignedInUser
  init(user: SignedInUser) { self.user = user }
}
private final class ProductList: Sendable {}
private struct CheckoutScreen: Sendable {
  let basket: Basket
}

/// A reset of the app's session while a feature container's graph, which reached the app's
/// registry before the reset, asks a collaborating child of the app for a session object after
/// it (outside client 21: 28 to 44 of 100 logouts left the cart bound to an earlier session).
@Suite(.hangGuard)
struct ResetAcrossCollaboratorsTests {
  private static let session = Scope.custom("collaborators-session")

  @Test func aGraphThatReadTheAppBeforeAResetDoesNotLeaveTheNewSessionWithTheOldUser() async throws {
    let app = Container()
    app.register(Self.session) { SignedInUser() }
    app.register(.singleton) { ProductList() }
    let cart = Container(parent: app)
    cart.register(Self.session) { r in Basket(user: try r.resolve()) }
    let checkout = Container(parent: app)
    checkout.collaborate(with: cart)
    let reachedTheApp = DispatchSemaphore(value: 0)
    let resume = DispatchSemaphore(value: 0)
    let pauses = Locked(true)
    checkout.register(.unique) { r -> CheckoutScreen in
      let _: ProductList = try r.resolve()  // the app's registry, read before the reset
      if pauses.withLock({ $0 }) {
        reachedTheApp.signal()
        resume.wait()
      }
      return CheckoutScreen(basket: try r.resolve())  // the cart's, read after it
    }
    let before = try resolveSynchronously(app, SignedInUser.self)
    let finished = DispatchSemaphore(value: 0)
    let failure = Locked<String?>(nil)
    Thread {
      do {
        _ = try checkout.resolve(CheckoutScreen.self)
      } catch {
        failure.withLock { $0 = "\(error)" }
        reachedTheApp.signal()
      }
      finished.signal()
    }.start()
    await Task.detached { reachedTheApp.wait() }.value
    app.reset(Self.session)  // logout, and the next user signs in
    resume.signal()
    await Task.detached { finished.wait() }.value
    pauses.withLock { $0 = false }
    #expect(failure.withLock { $0 } == nil)

    let user = try resolveSynchronously(app, SignedInUser.self)
    let basket = try resolveSynchronously(cart, Basket.self)
    #expect(user !== before)
    #expect(basket.user === user, "the new session's basket holds the user from before the reset")
    #expect(try resolveSynchronously(checkout, CheckoutScreen.self).basket === basket)
  }
}

private func resolveSynchronously<T>(_ container: Container, _ type: T.Type) throws -> T {
  try container.resolve(type)
}

/// Resets racing graphs of every layout a session object is reached through (its own child, a
/// collaborator, a screen of a collaborator), seeded and bounded; run in release, under
/// ThreadSanitizer and AddressSanitizer by `.ci/run`. After each reset, the resetting thread's
/// own next resolves must agree: the basket it gets holds the user it gets.
@Suite(.hangGuard)
struct ResetAcrossCollaboratorsStressTests {
  private static let session = Scope.custom("collaborators-stress-session")

  // NB: one seed of 120 resets: on the code before the reset numbering, 28 to 42 of them failed
  // in each of three runs (debug); more seeds cost CI time under the sanitizers.
  @Test(arguments: [UInt64(7)])
  func everyResetLeavesTheBasketWithTheNewUser(seed: UInt64) {
    let app = Container()
    app.register(Self.session) { SignedInUser() }
    let cart = Container(parent: app)
    cart.register(Self.session) { r in Basket(user: try r.resolve()) }
    let checkout = Container(parent: app)
    checkout.collaborate(with: cart)
    checkout.register(.unique) { r in CheckoutScreen(basket: try r.resolve()) }
    let resets = 120
    let finished = Locked(false)
    let results = outcomes(onThreads: 3, within: 120) { index -> String in
      guard index == 0 else {
        // Racers: through the collaborator, a screen of it, and the cart itself.
        var resolves = 0
        while resolves < 200_000 {
          switch (index + resolves) % 3 {
          case 0: _ = try? checkout.resolve(CheckoutScreen.self)
          case 1: _ = try? Container(parent: checkout).resolve(Basket.self)
          default: _ = try? cart.resolve(Basket.self)
          }
          resolves += 1
          if resolves % 64 == 0, finished.withLock({ $0 }) { break }
        }
        return "ok"
      }
      var generator = SeededGenerator(seed: seed)
      var mismatches = 0
      for _ in 0..<resets {
        app.reset(Self.session)
        for _ in 0..<(generator.next() % 200) { _ = try? checkout.resolve(CheckoutScreen.self) }
        guard let user = try? app.resolve(SignedInUser.self), let basket = try? cart.resolve(Basket.self) else {
          return "the resetting thread could not resolve"
        }
        if basket.user !== user { mismatches += 1 }
      }
      finished.withLock { $0 = true }
      return mismatches == 0 ? "ok" : "\(mismatches) of \(resets) resets left the basket with another user"
    }
    #expect(results == ["ok", "ok", "ok"], "seed \(seed)")
  }
}
