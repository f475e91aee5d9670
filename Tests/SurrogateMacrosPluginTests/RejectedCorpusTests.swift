import SurrogateMacrosPlugin
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import Testing

/// Protocols @Proxyable must reject: each must produce a diagnostic, and the expansion must still
/// be well-formed Swift (the plugin never crashes and never emits broken code).
let rejectedCorpus: [String] = [
  "@Proxyable struct NotAProtocol {}",
  "@Proxyable class AlsoNot {}",
  "@Proxyable enum StillNot {}",
  "@Proxyable protocol Counter: AnyObject { func count() -> Int }",
  "@Proxyable protocol Logger: AnyObject { func log(_ items: Any...) }",
  "@Proxyable protocol Factory { init(name: String) }",
  "@Proxyable protocol Cloning { static func make() -> Self }",
  "@Proxyable protocol Named { var name: String? { get set } }",
  "@Proxyable protocol Grid: AnyObject { subscript(i: Int) -> Int? { get set } }",
  "@Proxyable protocol Total: AnyObject { var total: Int { get } }",
  "@Proxyable protocol AsyncTotal: AnyObject { func total() async -> Int }",
  "@Proxyable protocol Typed: AnyObject { func parse() throws(ParseError) -> Int }",
  "@Proxyable protocol Ranked { static func < (lhs: Self, rhs: Self) -> Bool }",
  "@Proxyable protocol Matching { static func ~= (pattern: String, value: Int) -> Bool }",
  "@Proxyable protocol Counting { mutating func increment() }",
  "@Proxyable protocol Mergeable: AnyObject { func merge(with other: Self) }",
  "@Proxyable protocol Rethrowing: AnyObject { func map(_ f: () throws -> Int) rethrows -> Int }",
]

struct RejectedCorpusTests {
  @Test(arguments: rejectedCorpus)
  func everyRejectedProtocolGetsADiagnosticAndWellFormedOutput(source: String) {
    let file = SwiftParser.Parser.parse(source: source)
    let context = BasicMacroExpansionContext()
    let expanded = file.expand(macros: ["Proxyable": ProxyableMacro.self], contextGenerator: { _ in context })
    #expect(!context.diagnostics.isEmpty, "no diagnostic for: \(source)")
    #expect(context.diagnostics.allSatisfy { $0.message.hasPrefix("'@Proxyable'") })
    #expect(!SwiftParser.Parser.parse(source: expanded.description).hasError, "malformed expansion: \(expanded)")
  }

  @Test func aValidProtocolExpandsWithoutDiagnostics() {
    let source = "@Proxyable protocol Ping: AnyObject { func ping() -> Bool?; func reset() }"
    let context = BasicMacroExpansionContext()
    let expanded = SwiftParser.Parser.parse(source: source).expand(
      macros: ["Proxyable": ProxyableMacro.self], contextGenerator: { _ in context })
    #expect(context.diagnostics.isEmpty)
    #expect(expanded.description.contains("extension Ping where Self: Surrogate.Proxy, Self.Subject: Ping"))
  }
}
