import SurrogateMacrosPlugin
import SwiftSyntaxMacros
import SwiftSyntaxMacrosTestSupport
import XCTest

/// What `@Proxyable` tells a protection policy: read-only requirements, and overloads apart.
final class ReadOnlyExpansionTests: XCTestCase {
  let macros: [String: Macro.Type] = ["Proxyable": ProxyableMacro.self, "ReadOnly": ReadOnlyMacro.self]

  func testOnlyAReadOnlyMethodIsNotMutatingAndOverloadsSpellTheirSignatures() {
    assertMacroExpansion(
      """
      @Proxyable
      protocol Store: AnyObject {
        func add(_ name: String) throws
        @ReadOnly func contains(_ name: String) throws -> Bool
        func show(_ id: Int) -> String?
        func show(_ name: String) -> String?
      }
      """,
      expandedSource: """
        protocol Store: AnyObject {
          func add(_ name: String) throws
          func contains(_ name: String) throws -> Bool
          func show(_ id: Int) -> String?
          func show(_ name: String) -> String?
        }

        extension Store where Self: Surrogate.Proxy, Self.Subject: Store {
          @inline(__always) func add(_ name: String) throws {
            try self.forward(Surrogate.ProxyAccess("add(_:)")) {
                try $0.add(name)
            }
          }

          @inline(__always) func contains(_ name: String) throws -> Bool {
            return try self.forward(Surrogate.ProxyAccess("contains(_:)", isMutating: false)) {
                try $0.contains(name)
            }
          }

          @inline(__always) func show(_ id: Int) -> String? {
            var _$result: String? = nil
            self.withSubject(for: Surrogate.ProxyAccess("show(_:)", signature: "show(_: Int)")) {
                _$result = $0.show(id)
            }
            return _$result
          }

          @inline(__always) func show(_ name: String) -> String? {
            var _$result: String? = nil
            self.withSubject(for: Surrogate.ProxyAccess("show(_:)", signature: "show(_: String)")) {
                _$result = $0.show(name)
            }
            return _$result
          }
        }

        extension Store where Self: Surrogate.Proxy, Self.Subject == any Store {
          @inline(__always) func add(_ name: String) throws {
            try self.forward(Surrogate.ProxyAccess("add(_:)")) {
                try $0.add(name)
            }
          }

          @inline(__always) func contains(_ name: String) throws -> Bool {
            return try self.forward(Surrogate.ProxyAccess("contains(_:)", isMutating: false)) {
                try $0.contains(name)
            }
          }

          @inline(__always) func show(_ id: Int) -> String? {
            var _$result: String? = nil
            self.withSubject(for: Surrogate.ProxyAccess("show(_:)", signature: "show(_: Int)")) {
                _$result = $0.show(id)
            }
            return _$result
          }

          @inline(__always) func show(_ name: String) -> String? {
            var _$result: String? = nil
            self.withSubject(for: Surrogate.ProxyAccess("show(_:)", signature: "show(_: String)")) {
                _$result = $0.show(name)
            }
            return _$result
          }
        }
        """,
      macros: macros)
  }

  func testReadOnlyOnAPropertyIsAnErrorThatSaysWhy() {
    assertMacroExpansion(
      """
      @ReadOnly var count: Int
      """,
      expandedSource: """
        var count: Int
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@ReadOnly' marks a method requirement that only reads; a property's or subscript's getter is read-only already, and its setter always mutates",
          line: 1, column: 1)
      ],
      macros: macros)
  }
}
