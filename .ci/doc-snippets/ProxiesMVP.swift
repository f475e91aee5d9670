// The screen of the Proxies article's MVP example.
import SurrogateMacros

@Proxyable
protocol ScreenViewProtocol: AnyObject {
  func show(_ title: String)
}
extension WeakRefProxy: ScreenViewProtocol where T: ScreenViewProtocol {}

final class ScreenViewController: ScreenViewProtocol {
  var presenter: ScreenViewPresenter?
  func show(_ title: String) {}
}
