import Foundation
import SurrogateMacros

// A corpus of real-world-shaped protocols: each expansion of @Proxyable must compile, and each
// proxy kind must conform in one line. This file compiling is the test; ProxyableCorpusTests
// counts the corpus and runs a few of them.

struct Cocktail: Codable, Hashable, Sendable { var id: Int; var name: String }
struct Page<T: Sendable>: Sendable { var items: [T]; var next: Int? }
enum SortOrder: Sendable { case name, popularity }
struct CorpusError: Error, Equatable {}

@Proxyable protocol TableDataSource: AnyObject {
  func numberOfSections() -> Int?
  func numberOfRows(inSection section: Int) -> Int?
  func title(forHeaderInSection section: Int) -> String?
}
@Proxyable protocol TableDelegate: AnyObject {
  func didSelectRow(at indexPath: IndexPath)
  func willDisplay(_ cell: AnyObject, forRowAt indexPath: IndexPath)
  func heightForRow(at indexPath: IndexPath) -> Double?
}
@Proxyable protocol URLSessionEvents: AnyObject, Sendable {
  func didReceive(_ data: Data, for task: Int)
  func didComplete(task: Int, error: (any Error)?)
}
@Proxyable protocol CocktailService: AnyObject {
  func search(name: String) async throws -> [Cocktail]
  func cocktail(id: Int) async throws -> Cocktail?
  func random() async throws -> Cocktail
}
@Proxyable protocol CocktailRepository: AnyObject {
  func all(sortedBy order: SortOrder) throws -> [Cocktail]
  func save(_ cocktail: Cocktail) throws
  func delete(id: Int) throws(CorpusError)
}
@Proxyable protocol Paginator: AnyObject {
  func page<T: Decodable & Sendable>(_ number: Int, of type: T.Type) async throws -> Page<T>
}
@Proxyable protocol AnalyticsTracker: AnyObject {
  func track(_ event: String, properties: [String: String])
  func flush() async
}
@Proxyable protocol FeatureFlags: AnyObject {
  func isEnabled(_ flag: String) -> Bool?
  subscript(flag: String) -> Bool? { get }
}
@Proxyable protocol KeyValueStore: AnyObject {
  subscript(key: String) -> Data? { get }
  func set(_ data: Data?, forKey key: String)
  var keys: [String]? { get }
}
@Proxyable protocol ImageCache: AnyObject {
  func image(for url: URL) -> Data?
  func store(_ image: Data, for url: URL, cost: Int)
  func removeAll()
}
@Proxyable protocol Router: AnyObject {
  func push(_ screen: String, animated: Bool)
  func pop(animated: Bool)
  func present(_ screen: String, completion: (@Sendable () -> Void)?)
}
@Proxyable protocol Reducer: AnyObject {
  func reduce(_ state: inout [String: Int], action: String)
}
@Proxyable protocol Validator: AnyObject {
  func validate<Value: Comparable>(_ value: Value, in range: ClosedRange<Value>) throws -> Bool
}
@Proxyable protocol Transformer: AnyObject {
  func transform(_ values: [Int], using body: (Int) throws -> Int) rethrows -> [Int]?
}
@Proxyable protocol Formatter: AnyObject {
  func format(_ value: some BinaryInteger) -> String?
  func describe(_ value: any CustomStringConvertible) -> String?
}
@Proxyable protocol Clock: AnyObject {
  var now: Date? { get }
  func sleep(for seconds: Double) async throws
}
@Proxyable protocol Settings: AnyObject {
  var username: String? { get set }
  var isDarkMode: Bool? { get set }
}
@Proxyable protocol Downloader: AnyObject {
  func download(_ url: URL, progress: @escaping @Sendable (Double) -> Void) async throws -> Data
  func cancel(_ url: URL)
}
@Proxyable protocol Authenticator: AnyObject {
  var token: String? { get async throws }
  func signIn(user: String, password: String) async throws -> Bool
  func signOut() async
}
@Proxyable @MainActor protocol CocktailListView: AnyObject {
  func display(_ cocktails: [Cocktail])
  func showError(_ message: String)
  var isLoading: Bool? { get set }
}
@Proxyable protocol ListInteractorOutput: AnyObject {
  func didLoad(_ cocktails: [Cocktail])
  func didFail(_ error: any Error)
}
@Proxyable protocol ListModuleInterface: AnyObject {
  func refresh()
  func select(_ cocktail: Cocktail)
}
@Proxyable protocol AddModuleDelegate: AnyObject {
  func addModuleDidCancel()
  func addModuleDidSave(_ cocktail: Cocktail)
}
@Proxyable protocol Overloads: AnyObject {
  func find(_ id: Int) -> Cocktail?
  func find(_ name: String) -> Cocktail?
  func find(_ id: Int, in page: Int) -> Cocktail?
}
@Proxyable protocol LabelledSubscripts: AnyObject {
  subscript(row row: Int, column column: Int) -> String? { get }
  subscript(_ index: Int) -> String? { get }
}
@Proxyable protocol GenericWhere: AnyObject {
  func first<C: Collection>(of collection: C) -> C.Element? where C.Element: Sendable
}
@Proxyable protocol Collection2: AnyObject {
  associatedtype Element
  associatedtype Index: Comparable
  func element(at index: Index) -> Element?
  var startIndex: Index? { get }
}
@Proxyable protocol TypedProxyErrorVault: AnyObject {
  func open() throws(ProxyError) -> Int
}
@Proxyable protocol StaticConfig: AnyObject {
  static var identifier: String { get }
  static func defaultValue() -> Int
  func current() -> Int?
}
@Proxyable public protocol PublicService: AnyObject {
  func ping() async -> Bool?
}
@Proxyable package protocol PackageService: AnyObject {
  func ping() -> Bool?
}
@Proxyable protocol ParentFeature: AnyObject { func start() }
@Proxyable protocol ChildFeature: ParentFeature { func stop() }
@Proxyable protocol AvailabilityMarked: AnyObject {
  @available(*, deprecated, message: "use load()")
  func fetch()
  func load()
}
@Proxyable protocol EmptyMarker: AnyObject {}

extension WeakRefProxy: TableDataSource where T: TableDataSource {}
extension WeakRefProxy: TableDelegate where T: TableDelegate {}
extension WeakRefProxy: URLSessionEvents where T: URLSessionEvents {}
extension WeakRefProxy: CocktailService where T: CocktailService {}
extension LazyProxy: CocktailService where Subject: CocktailService {}
extension ProtectionProxy: CocktailRepository where Subject: CocktailRepository {}
extension WeakRefProxy: Paginator where T: Paginator {}
extension WeakRefProxy: AnalyticsTracker where T: AnalyticsTracker {}
extension WeakRefProxy: FeatureFlags where T: FeatureFlags {}
extension WeakRefProxy: KeyValueStore where T: KeyValueStore {}
extension LazyProxy: ImageCache where Subject: ImageCache {}
extension WeakRefProxy: Router where T: Router {}
extension WeakRefProxy: Reducer where T: Reducer {}
extension WeakRefProxy: Validator where T: Validator {}
extension WeakRefProxy: Transformer where T: Transformer {}
extension WeakRefProxy: Formatter where T: Formatter {}
extension WeakRefProxy: Clock where T: Clock {}
extension WeakRefProxy: Settings where T: Settings {}
extension WeakRefProxy: Downloader where T: Downloader {}
extension ProtectionProxy: Authenticator where Subject: Authenticator {}
extension WeakRefProxy: CocktailListView where T: CocktailListView {}
extension WeakRefProxy: ListInteractorOutput where T: ListInteractorOutput {}
extension WeakRefProxy: ListModuleInterface where T: ListModuleInterface {}
extension WeakRefProxy: AddModuleDelegate where T: AddModuleDelegate {}
extension WeakRefProxy: Overloads where T: Overloads {}
extension WeakRefProxy: LabelledSubscripts where T: LabelledSubscripts {}
extension WeakRefProxy: GenericWhere where T: GenericWhere {}
extension WeakRefProxy: Collection2 where T: Collection2 {}
extension WeakRefProxy: StaticConfig where T: StaticConfig {}
extension WeakRefProxy: TypedProxyErrorVault where T: TypedProxyErrorVault {}
extension WeakRefProxy: PublicService where T: PublicService {}
extension WeakRefProxy: PackageService where T: PackageService {}
extension WeakRefProxy: ParentFeature where T: ParentFeature {}
extension WeakRefProxy: ChildFeature where T: ChildFeature {}
extension WeakRefProxy: AvailabilityMarked where T: AvailabilityMarked {}
extension WeakRefProxy: EmptyMarker where T: EmptyMarker {}

/// The number of protocols above, checked by a test so the corpus cannot shrink unnoticed.
let corpusProtocolCount = 34

@Proxyable
protocol Journal: AnyObject {
  func log(_ message: @autoclosure () -> String)
  func keep(_ entry: consuming String)
}

extension WeakRefProxy: Journal where T: Journal {}
