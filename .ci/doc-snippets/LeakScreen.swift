// The screen of the Leak Checking article.
import Surrogate
import SurrogateTesting  // the block runs the leak check

protocol ScreenView: AnyObject {}

final class ScreenController: ScreenView {
  var presenter: ScreenPresenter?
}

final class ScreenPresenter {
  var view: (any ScreenView)?
}
