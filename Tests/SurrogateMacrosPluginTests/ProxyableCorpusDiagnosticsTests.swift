import SurrogateMacrosPlugin
import SwiftSyntaxMacros
import SwiftSyntaxMacrosTestSupport
import XCTest

/// Requirements that used to fail inside generated code: each forwards, or gets a diagnostic on
/// the requirement with the reason.
final class ProxyableCorpusDiagnosticsTests: XCTestCase {
  let macros: [String: Macro.Type] = ["Proxyable": ProxyableMacro.self]

  func testOperatorsAreAnErrorThatSaysWhy() {
    assertMacroExpansion(
      """
      @Proxyable
      protocol Ranked {
        static func < (lhs: Self, rhs: Self) -> Bool
      }
      """,
      expandedSource: """
        protocol Ranked {
          static func < (lhs: Self, rhs: Self) -> Bool
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Proxyable' cannot forward operator '<': an operator is called on the conforming type's values, which for a proxy are proxies, not subjects; declare it outside the protocol or as a named method",
          line: 3, column: 3)
      ],
      macros: macros)
  }

  func testMutatingRequirementsOfValueProtocolsAreAnErrorWithAFixIt() {
    assertMacroExpansion(
      """
      @Proxyable
      protocol Counter {
        mutating func increment()
      }
      """,
      expandedSource: """
        protocol Counter {
          mutating func increment()
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Proxyable' cannot forward mutating requirement 'increment()': the subject of a protocol that is not class-bound is a value, which the proxy would mutate a copy of; make the protocol class-bound with ': AnyObject' and drop 'mutating'",
          line: 3, column: 3,
          fixIts: [FixItSpec(message: "Make the protocol class-bound with ': AnyObject' and drop 'mutating'")])
      ],
      macros: macros,
      // The fix compiles: `mutating` is not allowed in a class-bound protocol (outside client 18).
      applyFixIts: ["Make the protocol class-bound with ': AnyObject' and drop 'mutating'"],
      fixedSource: """
        @Proxyable
        protocol Counter: AnyObject {
          func increment()
        }
        """)
  }

  func testSelfTypedParametersAreAnErrorOnTheParameter() {
    assertMacroExpansion(
      """
      @Proxyable
      protocol Mergeable: AnyObject {
        func merge(with other: Self)
      }
      """,
      expandedSource: """
        protocol Mergeable: AnyObject {
          func merge(with other: Self)
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Proxyable' cannot forward 'merge(with:)': a parameter of type 'Self' is a proxy when called through one, and the subject takes its own type; take the protocol's existential ('any P') or a concrete type instead",
          line: 3, column: 14)
      ],
      macros: macros)
  }

  func testTypedThrowsWithoutAFallbackGivesTheTrueReason() {
    assertMacroExpansion(
      """
      @Proxyable
      protocol Loader: AnyObject {
        func load() throws(LoadError) -> Int
      }
      """,
      expandedSource: """
        protocol Loader: AnyObject {
          func load() throws(LoadError) -> Int
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Proxyable' cannot forward 'load()': it throws only the error type it declares ('throws(E)' or 'rethrows'), so the proxy cannot throw its 'ProxyError' when it has no subject; make the result Optional, or declare plain 'throws'",
          line: 3, column: 3, fixIts: [FixItSpec(message: "Make the result Optional")])
      ],
      macros: macros)
  }

  func testAutoclosureAndConsumingParametersForward() {
    assertMacroExpansion(
      """
      @Proxyable
      protocol Journal: AnyObject {
        func log(_ message: @autoclosure () -> String)
        func keep(_ entry: consuming String)
      }
      """,
      expandedSource: """
        protocol Journal: AnyObject {
          func log(_ message: @autoclosure () -> String)
          func keep(_ entry: consuming String)
        }

        extension Journal where Self: Surrogate.Proxy, Self.Subject: Journal {
          @inline(__always) func log(_ message: @autoclosure () -> String) {
            self.withSubject(for: Surrogate.ProxyAccess("log(_:)")) {
                $0.log(message())
            }
          }

          @inline(__always) func keep(_ entry: consuming String) {
            guard let _$subject = try? self.requireSubject(for: Surrogate.ProxyAccess("keep(_:)")) else {
                return
            }
            _$subject.keep(entry)
          }
        }

        extension Journal where Self: Surrogate.Proxy, Self.Subject == any Journal {
          @inline(__always) func log(_ message: @autoclosure () -> String) {
            self.withSubject(for: Surrogate.ProxyAccess("log(_:)")) {
                $0.log(message())
            }
          }

          @inline(__always) func keep(_ entry: consuming String) {
            guard let _$subject = try? self.requireSubject(for: Surrogate.ProxyAccess("keep(_:)")) else {
                return
            }
            _$subject.keep(entry)
          }
        }
        """,
      macros: macros)
  }
}

final class ProxyableInheritanceNoteTests: XCTestCase {
  func testAnInheritedProtocolGetsANoteThatItMustBeProxyableToo() {
    assertMacroExpansion(
      """
      @Proxyable
      protocol Detail: Summary, AnyObject {
        func expand()
      }
      """,
      expandedSource: """
        protocol Detail: Summary, AnyObject {
          func expand()
        }

        extension Detail where Self: Surrogate.Proxy, Self.Subject: Detail {
          @inline(__always) func expand() {
            self.withSubject(for: Surrogate.ProxyAccess("expand()")) {
                $0.expand()
            }
          }
        }

        extension Detail where Self: Surrogate.Proxy, Self.Subject == any Detail {
          @inline(__always) func expand() {
            self.withSubject(for: Surrogate.ProxyAccess("expand()")) {
                $0.expand()
            }
          }
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Proxyable' forwards the requirements 'Detail' declares; those it inherits from 'Summary' are forwarded only if 'Summary' is '@Proxyable' too (otherwise a proxy's conformance to 'Detail' misses them)",
          line: 2, column: 18, severity: .note)
      ],
      macros: ["Proxyable": ProxyableMacro.self])
  }
}
