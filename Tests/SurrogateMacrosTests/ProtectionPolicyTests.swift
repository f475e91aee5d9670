import SurrogateMacros
import Synchronization
import Testing

// The Proxies article's protection policy, on a `@Proxyable` store: it must deny what it says.

@Proxyable
protocol GuardedFavourites: AnyObject {
  func add(_ name: String) throws
  @ReadOnly func contains(_ name: String) throws -> Bool
  func show(_ id: Int) -> String?
  func show(_ name: String) -> String?
  var count: Int? { get }
}

extension ProtectionProxy: GuardedFavourites where Subject: GuardedFavourites {}

final class GuardedFavouritesStore: GuardedFavourites {
  private(set) var names: [String] = []
  func add(_ name: String) throws { names.append(name) }
  func contains(_ name: String) throws -> Bool { names.contains(name) }
  func show(_ id: Int) -> String? { "#\(id)" }
  func show(_ name: String) -> String? { name }
  var count: Int? { names.count }
}

// A protocol with a static requirement: the proxy kinds that forward static requirements conform
// in one line; a protection proxy must write it (its one-line conformance does not compile).
@Proxyable
protocol WipeableSettings: AnyObject {
  static func wipeAll() throws -> String
  func value(for key: String) -> String?
}

final class StoredSettings: WipeableSettings {
  static func wipeAll() throws -> String { "wiped" }
  func value(for key: String) -> String? { key }
}

extension WeakRefProxy: WipeableSettings where T: WipeableSettings {}
extension LazyProxy: WipeableSettings where Subject: WipeableSettings {}
extension InterceptingProxy: WipeableSettings where Subject: WipeableSettings {}
extension ProtectionProxy: WipeableSettings where Subject: WipeableSettings {
  static func wipeAll() throws -> String {
    throw ProxyError(.accessDenied, access: ProxyAccess("wipeAll()"), message: "not through a protection proxy")
  }
}

struct GuardedSession {
  var isCurator = false
}

struct ProtectionPolicyTests {
  func store(for session: GuardedSession, backing: GuardedFavouritesStore = GuardedFavouritesStore())
    -> any GuardedFavourites
  {
    ProtectionProxy(
      backing,
      policy: { access in
        access.isMutating && !session.isCurator ? .deny("only curators may edit favourites") : .allow
      })
  }

  @Test func theArticlesPolicyDeniesAVisitorsAdd() {
    let backing = GuardedFavouritesStore()
    let store = store(for: GuardedSession(isCurator: false), backing: backing)
    let error = #expect(throws: ProxyError.self) { try store.add("Mojito") }
    #expect(error?.code == .accessDenied)
    #expect(error?.message == "only curators may edit favourites")
    #expect(error?.access.requirement == "add(_:)")
    #expect(backing.names.isEmpty)
  }

  @Test func aCuratorsAddGoesThrough() throws {
    let backing = GuardedFavouritesStore()
    try store(for: GuardedSession(isCurator: true), backing: backing).add("Mojito")
    #expect(backing.names == ["Mojito"])
  }

  @Test func whatTheProtocolDeclaresReadOnlyAndGettersReachAVisitor() throws {
    let store = store(for: GuardedSession(isCurator: false))
    #expect(try store.contains("Mojito") == false)
    #expect(store.count == 0)
  }

  @Test func aMethodNobodyDeclaredReadOnlyIsDeniedToAVisitor() {
    let store = store(for: GuardedSession(isCurator: false))
    // `show` only reads, but the protocol does not say so: the policy fails closed.
    #expect(store.show(7) == nil)
  }

  @Test func overloadsReachThePolicyAsDifferentSignatures() {
    let seen = Mutex<[String]>([])
    let store: any GuardedFavourites = ProtectionProxy(
      GuardedFavouritesStore(),
      policy: { access in
        seen.withLock { $0.append(access.signature) }
        return access.signature == "show(_: Int)" ? .allow : .deny("names are private")
      })
    #expect(store.show(7) == "#7")
    #expect(store.show("Mojito") == nil)
    #expect(seen.withLock { $0 } == ["show(_: Int)", "show(_: String)"])
  }

  @Test func aHandWrittenAccessCountsAsMutatingUnlessItSaysOtherwise() {
    #expect(ProxyAccess("delete(id:)").isMutating)
    #expect(!ProxyAccess("title", isMutating: false).isMutating)
    #expect(ProxyAccess("show(_:)", signature: "show(_: Int)").signature == "show(_: Int)")
    #expect(ProxyAccess("title").signature == "title")
  }

  @Test func aStaticRequirementReachesTheSubjectsTypeOnlyThroughProxiesThatForwardStaticRequirements() throws {
    func wipe<S: WipeableSettings>(_: S.Type) throws -> String { try S.wipeAll() }
    #expect(try wipe(WeakRefProxy<StoredSettings>.self) == "wiped")
    #expect(try wipe(LazyProxy<StoredSettings>.self) == "wiped")
    #expect(try wipe(InterceptingProxy<StoredSettings>.self) == "wiped")
    let denied = #expect(throws: ProxyError.self) { try wipe(ProtectionProxy<StoredSettings>.self) }
    #expect(denied?.code == .accessDenied)
    // Asked at run time, of the type as `Any.Type`: what a generic caller sees.
    func forwardsStaticRequirements(_ type: Any.Type) -> Bool { type is any ForwardsStaticRequirements.Type }
    #expect(!forwardsStaticRequirements(ProtectionProxy<StoredSettings>.self))
    #expect(forwardsStaticRequirements(WeakRefProxy<StoredSettings>.self))
  }
}
