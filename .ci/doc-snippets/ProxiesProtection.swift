// The store of the Proxies article's access-control example, forwarded by `@Proxyable`.
import Surrogate
import SurrogateMacros

@Proxyable
protocol FavouritesStore: AnyObject {
  func add(_ name: String) throws
  @ReadOnly func contains(_ name: String) throws -> Bool
}

extension ProtectionProxy: FavouritesStore where Subject: FavouritesStore {}

final class LocalFavourites: FavouritesStore {
  private var names: [String] = []
  func add(_ name: String) throws { names.append(name) }
  func contains(_ name: String) throws -> Bool { names.contains(name) }
}

struct Session {
  var isCurator = false
}
