/// A proxy kind whose static requirements go straight to its subject's type.
///
/// `@Proxyable` writes the forwarding of a protocol's static requirements only for proxy kinds
/// that adopt this protocol. ``WeakRefProxy``, ``LazyProxy``, ``MainActorLazyProxy`` and
/// ``InterceptingProxy`` do: a static call has no proxy instance, so there is no object to reach
/// or call to observe, and the call goes to the subject's type.
///
/// ``ProtectionProxy`` does not: its policy belongs to an instance, and a static call has none to
/// ask. Its conformance to a protocol with static requirements does not compile until you write
/// them, deciding what a call that no policy can check does:
///
/// ```swift
/// @Proxyable
/// protocol Settings: AnyObject {
///   static func wipeAll() throws
///   func value(for key: String) -> String?
/// }
///
/// extension WeakRefProxy: Settings where T: Settings {}   // wipeAll() goes to T.wipeAll()
/// extension ProtectionProxy: Settings where Subject: Settings {
///   static func wipeAll() throws {
///     throw ProxyError(.accessDenied, access: ProxyAccess("wipeAll()"), message: "not through a protection proxy")
///   }
/// }
/// ```
///
/// The compiler's note on that error ("candidate would match if 'ProtectionProxy<Subject>'
/// conformed to 'ForwardsStaticRequirements'") is not the fix: that conformance would let every
/// static call past every policy. Write the requirement instead.
///
/// A hand-written proxy kind adopts it to get the same static forwarding:
/// `extension MyProxy: ForwardsStaticRequirements {}`.
public protocol ForwardsStaticRequirements: Proxy {}

extension WeakRefProxy: ForwardsStaticRequirements {}
extension LazyProxy: ForwardsStaticRequirements {}
extension MainActorLazyProxy: @MainActor ForwardsStaticRequirements {}
extension InterceptingProxy: ForwardsStaticRequirements {}
