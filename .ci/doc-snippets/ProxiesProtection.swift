// The store of the Proxies article's access-control example. The forwarding is written by hand:
// a call that edits must say so (`isMutating: true`) for the policy to tell it apart.
import Surrogate

protocol FavouritesStore: AnyObject {
  func add(_ name: String) throws
}
extension FavouritesStore where Self: Proxy, Self.Subject: FavouritesStore {
  func add(_ name: String) throws { try requireSubject(for: ProxyAccess("add(_:)", isMutating: true)).add(name) }
}
extension ProtectionProxy: FavouritesStore where Subject: FavouritesStore {}

final class LocalFavourites: FavouritesStore {
  func add(_ name: String) throws {}
}
struct Session {
  var isCurator = false
}
