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

protocol TransferObserver: AnyObject {}

final class TransferPresenter: TransferObserver {}

final class TransferService {
  let observer: any TransferObserver
  init(observer: any TransferObserver) { self.observer = observer }
}

final class TransferScreen {
  let presenter: TransferPresenter
  let transfers: TransferService
  init(presenter: TransferPresenter, transfers: TransferService) {
    self.presenter = presenter
    self.transfers = transfers
  }
}
