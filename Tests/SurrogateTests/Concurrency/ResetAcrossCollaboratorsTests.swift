import Dispatch
import Foundation
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
    let pauses = Mutex(true)
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
    let failure = Mutex<String?>(nil)
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
