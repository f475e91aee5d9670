// The VIPER-style list module of the Scopes article.
import Surrogate

protocol ListInteractorOutput: AnyObject {}
final class ListPresenter: ListInteractorOutput {}
final class ListInteractor {
  let output: any ListInteractorOutput
  init(output: any ListInteractorOutput) { self.output = output }
}
final class ListViewController {
  var presenter: ListPresenter?
  var interactor: ListInteractor?
}
