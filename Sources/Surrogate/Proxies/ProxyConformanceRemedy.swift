/// The fix for an `invalidType` error whose instance is a proxy that does not conform to the
/// forwarded protocol: the one-line conformance to add, written out for the actual types.
///
/// ```swift
/// ProxyConformanceRemedy.text(proxy: WeakRefProxy<ListViewController>.self,
///                             forwarded: (any ListView).self, source: "ListViewController")
/// // Mark ListView `@Proxyable` (product SurrogateMacros) and add
/// // `extension WeakRefProxy: ListView where T: ListView {}` ...
/// ```
enum ProxyConformanceRemedy {
  /// The remedy, or `nil` when `proxy` is not a proxy.
  ///
  /// - Parameters:
  ///   - proxy: The type of the object the forwarding handed out.
  ///   - forwarded: The type it was forwarded as.
  ///   - source: The definition the type is forwarded to, as the error names it.
  /// - Returns: The remedy, one sentence per fix.
  static func text(proxy: Any.Type, forwarded: Any.Type, source: String) -> String? {
    guard proxy is any Proxy.Type else { return nil }
    let proxyName = typeName(proxy)
    let kind = String(proxyName.prefix { $0 != "<" })
    // The generic parameter's name in the package's proxies; `Subject` (the associated type)
    // also works for a proxy of one's own.
    let parameter = kind == "WeakRefProxy" ? "T" : "Subject"
    var forwardedName = typeName(forwarded)
    if forwardedName.hasPrefix("any ") { forwardedName.removeFirst(4) }
    let protocols = forwardedName.split(separator: " & ").map(String.init).filter { $0 != "Sendable" }
    let constraint = protocols.isEmpty ? forwardedName : protocols.joined(separator: " & ")
    // A proxy of the existential (what a decorator wraps) conforms where its subject *is* it.
    let subject = proxyName.drop { $0 != "<" }.dropFirst().dropLast()
    let isExistential = subject == constraint || subject == "any \(constraint)"
    let line = "extension \(kind): \(constraint) where \(parameter)\(isExistential ? " == any " : ": ")\(constraint) {}"
    let conformance =
      "\(proxyName) does not conform to \(constraint): mark \(constraint) `@Proxyable` (product SurrogateMacros) "
      + "and add `\(line)`, or write that forwarding by hand (see the Proxies article)"
    guard isExistential else {
      return conformance + "; \(source) must conform to \(constraint) too. Or remove \(typeName(forwarded)) from "
        + "`.implements(..., through:)` of \(source)."
    }
    // A proxy of the existential is what a decorator makes; `@Proxyable` writes its forwarding
    // only for a protocol without static requirements or associated types.
    return conformance + ". For a protocol with static requirements or associated types the macro writes no "
      + "forwarding for `any \(constraint)`: decorate the type that implements it instead "
      + "(`container.decorate(Impl.self) { _, inner in \(kind)(inner) }`, with "
      + "`extension \(kind): \(constraint) where \(parameter): \(constraint) {}`), or remove the decorator of \(constraint)."
  }
}
