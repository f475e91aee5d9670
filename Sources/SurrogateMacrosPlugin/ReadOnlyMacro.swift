import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@ReadOnly`: a marker `@Proxyable` reads on a method requirement; it expands to nothing.
///
/// ```swift
/// @ReadOnly func contains(_ name: String) -> Bool?
/// ```
public struct ReadOnlyMacro: PeerMacro {
  /// Checks that the marker is on a method; adds nothing.
  ///
  /// ```swift
  /// // @ReadOnly var count: Int { get }  → error: getters are read-only already
  /// ```
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    if !declaration.is(FunctionDeclSyntax.self) {
      context.diagnose(Diagnostic(node: node, message: ProxyableDiagnostic.readOnlyOnNonMethod))
    }
    return []
  }
}
