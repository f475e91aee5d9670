import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct SurrogateMacrosPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [ProxyableMacro.self, ReadOnlyMacro.self]
}
