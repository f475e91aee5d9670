@_exported import Surrogate

/// Generates, for a protocol, the forwarding every proxy kind needs to conform to it.
///
/// Attach it to a protocol, then make each proxy kind conform with one line:
///
/// ```swift
/// import SurrogateMacros
///
/// @Proxyable
/// protocol ListView: AnyObject {
///   func display(_ items: [String])
///   func selectedItem() -> String?
///   func reload() async throws
/// }
///
/// extension WeakRefProxy: ListView where T: ListView {}
/// extension LazyProxy: ListView where Subject: ListView {}
/// ```
///
/// The macro writes defaults on `extension ListView where Self: Proxy, Self.Subject: ListView`
/// that hand each call to the proxy's subject (not a generated proxy class, which Swift 6.3.1
/// miscompiles under `-O -wmo`). When there is no subject to call (a weak proxy's object is gone,
/// access is denied):
/// - a `Void` requirement does nothing;
/// - an `Optional` result is `nil`;
/// - a `throws` requirement throws `ProxyError`;
/// - any other result has no value to return, so the macro rejects it with a fix-it: make it
///   `throws` or `Optional`.
///
/// Associated types become the subject's (`Self.Item == Self.Subject.Item`), so the one-line
/// conformance needs no typealias. Static requirements forward to the subject's type, for proxy
/// kinds that adopt `ForwardsStaticRequirements` (not `ProtectionProxy`, whose policy a static
/// call cannot ask: its conformance writes them).
///
/// Requirements it cannot forward are diagnosed, with a fix-it where one exists: `init`
/// requirements and static requirements returning `Self` (a proxy cannot make itself from its
/// subject's type), a result of type `Self` (the subject's, not the proxy's), variadic
/// parameters, setters of non-class protocols, subscript setters.
@attached(extension, names: arbitrary)
public macro Proxyable() = #externalMacro(module: "SurrogateMacrosPlugin", type: "ProxyableMacro")

/// Marks a method requirement of a `@Proxyable` protocol as one that only reads: its forwarded
/// calls reach a protection policy with `isMutating == false`.
///
/// Every other method counts as mutating, so a policy that denies mutating calls denies what
/// nobody declared read-only (it fails closed). Getters are read-only already.
///
/// ```swift
/// @Proxyable
/// protocol FavouritesStore: AnyObject {
///   func add(_ name: String) throws
///   @ReadOnly func contains(_ name: String) -> Bool?
/// }
/// ```
@attached(peer)
public macro ReadOnly() = #externalMacro(module: "SurrogateMacrosPlugin", type: "ReadOnlyMacro")
