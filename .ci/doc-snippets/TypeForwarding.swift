// The presenter and clients of the Type Forwarding article.
import Surrogate

protocol ListInteractorOutput: AnyObject {}
protocol ListModuleInterface: AnyObject {}
protocol AddModuleDelegate: AnyObject {}
final class ListPresenter: ListInteractorOutput, ListModuleInterface, AddModuleDelegate {}

protocol HTTPClient: Sendable {}
struct URLSessionClient: HTTPClient {}
struct StubClient: HTTPClient {}
