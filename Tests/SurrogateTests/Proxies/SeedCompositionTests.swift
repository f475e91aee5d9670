import SuiteSupport
import Surrogate
import Testing

// The seed compositions of the Proxies article, each with a test that its graph is released.

// MARK: - The "weakify adapter": a delegate held strongly by a downloader, weakly in fact

protocol DownloadDelegate: AnyObject {
  func downloadDidFinish(_ name: String)
}

extension DownloadDelegate where Self: Proxy, Self.Subject: DownloadDelegate {
  func downloadDidFinish(_ name: String) {
    withSubject(for: ProxyAccess("downloadDidFinish(_:)")) { $0.downloadDidFinish(name) }
  }
}

extension WeakRefProxy: DownloadDelegate where T: DownloadDelegate {}

final class Downloader {
  let delegate: any DownloadDelegate  // strong, plain, non-optional
  init(delegate: any DownloadDelegate) { self.delegate = delegate }
  func finish() { delegate.downloadDidFinish("menu.json") }
}

final class DownloadsScreen: DownloadDelegate {
  var downloader: Downloader?
  private(set) var finished: [String] = []
  func downloadDidFinish(_ name: String) { finished.append(name) }
}

// MARK: - A lazily created expensive service, and an access-controlled one

protocol IngredientIndex: AnyObject {
  func cocktails(with ingredient: String) -> [String]?
}

extension IngredientIndex where Self: Proxy, Self.Subject: IngredientIndex {
  func cocktails(with ingredient: String) -> [String]? {
    var result: [String]?
    withSubject(for: ProxyAccess("cocktails(with:)")) { result = $0.cocktails(with: ingredient) }
    return result
  }
}

extension LazyProxy: IngredientIndex where Subject: IngredientIndex {}

final class FullTextIndex: IngredientIndex {
  let entries = ["lime": ["Daiquiri", "Margarita"], "mint": ["Mojito"]]
  func cocktails(with ingredient: String) -> [String]? { entries[ingredient] }
}

protocol FavouritesStore: AnyObject {
  func favourites() -> [String]?
  func add(_ name: String) throws
}

extension FavouritesStore where Self: Proxy, Self.Subject: FavouritesStore {
  func favourites() -> [String]? {
    var result: [String]?
    withSubject(for: ProxyAccess("favourites()", isMutating: false)) { result = $0.favourites() }
    return result
  }
  func add(_ name: String) throws {
    try requireSubject(for: ProxyAccess("add(_:)")).add(name)
  }
}

extension ProtectionProxy: FavouritesStore where Subject: FavouritesStore {}

final class LocalFavourites: FavouritesStore {
  private var names: [String] = []
  func favourites() -> [String]? { names }
  func add(_ name: String) throws { names.append(name) }
}

struct Session: Sendable { var isCurator: Bool }

final class FavouritesScreen {
  let store: any FavouritesStore
  let index: any IngredientIndex
  init(store: any FavouritesStore, index: any IngredientIndex) {
    self.store = store
    self.index = index
  }
}

struct SeedCompositionTests {
  @Test func weakifiedDelegateIsCalledAndTheScreenIsReleased() throws {
    let container = Container()
    container.register(.shared) { DownloadsScreen() }
      .implements((any DownloadDelegate).self, through: WeakRefProxy.init)
      .resolvingProperties { r, screen in screen.downloader = try r.resolve() }
    container.autowire(Downloader.init)
    weak var released: DownloadsScreen?
    try {
      let screen = try container.resolve(DownloadsScreen.self)
      screen.downloader?.finish()
      #expect(screen.finished == ["menu.json"])
      released = screen
    }()
    #expect(released == nil)
  }

  func favouritesContainer(isCurator: Bool, built: Counter) -> Container {
    let container = Container()
    container.register { Session(isCurator: isCurator) }
    container.register(.singleton, type: (any IngredientIndex).self) {
      LazyProxy { built.increment(); return FullTextIndex() }
    }
    container.register(type: (any FavouritesStore).self) { r in
      let session: Session = try r.resolve()
      return ProtectionProxy(LocalFavourites(), policy: { access in
        access.isMutating && !session.isCurator ? .deny("only curators may edit favourites") : .allow
      })
    }
    container.autowire(FavouritesScreen.init)
    return container
  }

  @Test func theExpensiveIndexIsBuiltOnFirstUseOnly() throws {
    let built = Counter()
    let screen = try favouritesContainer(isCurator: true, built: built).resolve(FavouritesScreen.self)
    #expect(built.value == 0)
    #expect(screen.index.cocktails(with: "lime") == ["Daiquiri", "Margarita"])
    #expect(screen.index.cocktails(with: "mint") == ["Mojito"])
    #expect(built.value == 1)
  }

  @Test func onlyCuratorsMayEditFavourites() throws {
    let visitor = try favouritesContainer(isCurator: false, built: Counter()).resolve(FavouritesScreen.self)
    let error = #expect(throws: ProxyError.self) { try visitor.store.add("Mojito") }
    #expect(error?.code == .accessDenied)
    #expect(visitor.store.favourites() == [])
    let curator = try favouritesContainer(isCurator: true, built: Counter()).resolve(FavouritesScreen.self)
    try curator.store.add("Mojito")
    #expect(curator.store.favourites() == ["Mojito"])
  }

  @Test func theFavouritesScreenIsReleasedWhenDropped() throws {
    let container = favouritesContainer(isCurator: true, built: Counter())
    weak var screen: FavouritesScreen?
    weak var store: AnyObject?
    try {
      let resolved = try container.resolve(FavouritesScreen.self)
      screen = resolved
      store = resolved.store
    }()
    #expect(screen == nil)
    #expect(store == nil)
  }
}
