// The app and checkout module of the Collaboration article.
import Surrogate

final class Analytics {}

final class CheckoutScreen {
  let analytics: Analytics
  init(analytics: Analytics) { self.analytics = analytics }
}

final class HomeScreen {
  let checkout: CheckoutScreen
  init(checkout: CheckoutScreen) { self.checkout = checkout }
}
