import SurrogateMacrosPlugin
import SwiftSyntaxMacros
import SwiftSyntaxMacrosTestSupport
import XCTest

final class ProxyableExpansionTests: XCTestCase {
  let macros: [String: Macro.Type] = ["Proxyable": ProxyableMacro.self]

  func testVoidOptionalAndThrowingRequirementsFollowTheMissingSubjectPolicy() {
    assertMacroExpansion(
      """
      @Proxyable
      public protocol ListView: AnyObject {
        func display(_ items: [String], animated: Bool)
        func selectedItem() -> String?
        func reload() throws -> Int
      }
      """,
      expandedSource: """
        public protocol ListView: AnyObject {
          func display(_ items: [String], animated: Bool)
          func selectedItem() -> String?
          func reload() throws -> Int
        }

        extension ListView where Self: Surrogate.Proxy, Self.Subject: ListView {
          @inline(__always) public func display(_ items: [String], animated: Bool) {
            self.withSubject(for: Surrogate.ProxyAccess("display(_:animated:)")) {
                $0.display(items, animated: animated)
            }
          }

          @inline(__always) public func selectedItem() -> String? {
            var _$result: String? = nil
            self.withSubject(for: Surrogate.ProxyAccess("selectedItem()")) {
                _$result = $0.selectedItem()
            }
            return _$result
          }

          @inline(__always) public func reload() throws -> Int {
            return try self.forward(Surrogate.ProxyAccess("reload()")) {
                try $0.reload()
            }
          }
        }

        extension ListView where Self: Surrogate.Proxy, Self.Subject == any ListView {
          @inline(__always) public func display(_ items: [String], animated: Bool) {
            self.withSubject(for: Surrogate.ProxyAccess("display(_:animated:)")) {
                $0.display(items, animated: animated)
            }
          }

          @inline(__always) public func selectedItem() -> String? {
            var _$result: String? = nil
            self.withSubject(for: Surrogate.ProxyAccess("selectedItem()")) {
                _$result = $0.selectedItem()
            }
            return _$result
          }

          @inline(__always) public func reload() throws -> Int {
            return try self.forward(Surrogate.ProxyAccess("reload()")) {
                try $0.reload()
            }
          }
        }
        """,
      macros: macros)
  }

  func testAsyncGenericInoutPropertiesAndSubscripts() {
    assertMacroExpansion(
      """
      @Proxyable
      protocol Store: AnyObject {
        func load<T: Decodable>(_ type: T.Type, key: String) async throws -> T
        func refresh() async
        func update(_ value: inout Int)
        var name: String? { get }
        var count: Int? { get set }
        subscript(index: Int) -> String? { get }
      }
      """,
      expandedSource: """
        protocol Store: AnyObject {
          func load<T: Decodable>(_ type: T.Type, key: String) async throws -> T
          func refresh() async
          func update(_ value: inout Int)
          var name: String? { get }
          var count: Int? { get set }
          subscript(index: Int) -> String? { get }
        }

        extension Store where Self: Surrogate.Proxy, Self.Subject: Store {
          @inline(__always) func load<T: Decodable>(_ type: T.Type, key: String) async throws -> T {
            return try await self.forward(Surrogate.ProxyAccess("load(_:key:)")) {
                try await $0.load(type, key: key)
            }
          }

          @inline(__always) func refresh() async {
            _ = try? await self.forward(Surrogate.ProxyAccess("refresh()")) {
                await $0.refresh()
            }
          }

          @inline(__always) func update(_ value: inout Int) {
            self.withSubject(for: Surrogate.ProxyAccess("update(_:)")) {
                $0.update(&value)
            }
          }

          @inline(__always) var name: String? {
            get {
              var _$result: String? = nil
              self.withSubject(for: Surrogate.ProxyAccess("name", isMutating: false)) {
                  _$result = $0.name
              }
              return _$result
            }
          }

          @inline(__always) var count: Int? {
            get {
              var _$result: Int? = nil
              self.withSubject(for: Surrogate.ProxyAccess("count", isMutating: false)) {
                  _$result = $0.count
              }
              return _$result
            }
            set {
              self.withSubject(for: Surrogate.ProxyAccess("count")) {
                  $0.count = newValue
              }
            }
          }

          @inline(__always) subscript(index: Int) -> String? {
            var _$result: String? = nil
            self.withSubject(for: Surrogate.ProxyAccess("subscript(_:)", isMutating: false)) {
                _$result = $0 [index]
            }
            return _$result
          }
        }

        extension Store where Self: Surrogate.Proxy, Self.Subject == any Store {
          @inline(__always) func load<T: Decodable>(_ type: T.Type, key: String) async throws -> T {
            return try await self.forward(Surrogate.ProxyAccess("load(_:key:)")) {
                try await $0.load(type, key: key)
            }
          }

          @inline(__always) func refresh() async {
            _ = try? await self.forward(Surrogate.ProxyAccess("refresh()")) {
                await $0.refresh()
            }
          }

          @inline(__always) func update(_ value: inout Int) {
            self.withSubject(for: Surrogate.ProxyAccess("update(_:)")) {
                $0.update(&value)
            }
          }

          @inline(__always) var name: String? {
            get {
              var _$result: String? = nil
              self.withSubject(for: Surrogate.ProxyAccess("name", isMutating: false)) {
                  _$result = $0.name
              }
              return _$result
            }
          }

          @inline(__always) var count: Int? {
            get {
              var _$result: Int? = nil
              self.withSubject(for: Surrogate.ProxyAccess("count", isMutating: false)) {
                  _$result = $0.count
              }
              return _$result
            }
            set {
              self.withSubject(for: Surrogate.ProxyAccess("count")) {
                  $0.count = newValue
              }
            }
          }

          @inline(__always) subscript(index: Int) -> String? {
            var _$result: String? = nil
            self.withSubject(for: Surrogate.ProxyAccess("subscript(_:)", isMutating: false)) {
                _$result = $0 [index]
            }
            return _$result
          }
        }
        """,
      macros: macros)
  }

  func testATypedThrowsCallRethrowsItsErrorTypedAndFallsBackWithoutASubject() {
    assertMacroExpansion(
      """
      @Proxyable
      protocol Scale: AnyObject {
        func weigh(_ item: String) throws(ScaleError) -> Int?
      }
      """,
      expandedSource: """
        protocol Scale: AnyObject {
          func weigh(_ item: String) throws(ScaleError) -> Int?
        }

        extension Scale where Self: Surrogate.Proxy, Self.Subject: Scale {
          @inline(__always) func weigh(_ item: String) throws(ScaleError) -> Int? {
            do {
              return try self.forward(Surrogate.ProxyAccess("weigh(_:)")) {
                  try $0.weigh(item)
              }
            } catch let _$error as ScaleError {
              throw _$error
            } catch {
              return nil
            }
          }
        }

        extension Scale where Self: Surrogate.Proxy, Self.Subject == any Scale {
          @inline(__always) func weigh(_ item: String) throws(ScaleError) -> Int? {
            do {
              return try self.forward(Surrogate.ProxyAccess("weigh(_:)")) {
                  try $0.weigh(item)
              }
            } catch let _$error as ScaleError {
              throw _$error
            } catch {
              return nil
            }
          }
        }
        """,
      macros: macros)
  }

  /// A requirement that throws `ProxyError` typed calls the subject through `requireSubject(for:)`,
  /// which throws that type (outside client 18: `forward` threw `any Error`, which did not compile).
  func testARequirementThrowingProxyErrorTypedCallsTheSubjectDirectly() {
    assertMacroExpansion(
      """
      @Proxyable
      protocol Vault: AnyObject {
        func open() throws(ProxyError) -> Int
      }
      """,
      expandedSource: """
        protocol Vault: AnyObject {
          func open() throws(ProxyError) -> Int
        }

        extension Vault where Self: Surrogate.Proxy, Self.Subject: Vault {
          @inline(__always) func open() throws(ProxyError) -> Int {
            return try self.requireSubject(for: Surrogate.ProxyAccess("open()")).open()
          }
        }

        extension Vault where Self: Surrogate.Proxy, Self.Subject == any Vault {
          @inline(__always) func open() throws(ProxyError) -> Int {
            return try self.requireSubject(for: Surrogate.ProxyAccess("open()")).open()
          }
        }
        """,
      macros: macros)
  }

  // A protection proxy's policy belongs to an instance, and a static call has none to ask: static
  // forwarding is written only for proxy kinds that say they forward static requirements, so a
  // `ProtectionProxy` conformance does not compile until the static requirement is written by hand.
  func testStaticRequirementsAreForwardedOnlyByProxiesThatForwardStaticRequirements() {
    assertMacroExpansion(
      """
      @Proxyable
      protocol Settings: AnyObject {
        static func wipeAll() throws
        static var defaults: [String] { get }
        func value(for key: String) -> String?
      }
      """,
      expandedSource: """
        protocol Settings: AnyObject {
          static func wipeAll() throws
          static var defaults: [String] { get }
          func value(for key: String) -> String?
        }

        extension Settings where Self: Surrogate.Proxy, Self.Subject: Settings {
          @inline(__always) func value(for key: String) -> String? {
            var _$result: String? = nil
            self.withSubject(for: Surrogate.ProxyAccess("value(for:)")) {
                _$result = $0.value(for: key)
            }
            return _$result
          }
        }

        extension Settings where Self: Surrogate.ForwardsStaticRequirements, Self.Subject: Settings {
          static func wipeAll() throws {
            try Self.Subject.wipeAll()
          }

          static var defaults: [String] {
            get {
              Self.Subject.defaults
            }
          }
        }
        """,
      macros: macros)
  }
}

final class ProxyableDiagnosticsTests: XCTestCase {
  let macros: [String: Macro.Type] = ["Proxyable": ProxyableMacro.self]

  func testAttachingToANonProtocolIsAnError() {
    assertMacroExpansion(
      "@Proxyable struct View {}",
      expandedSource: "struct View {}",
      diagnostics: [DiagnosticSpec(message: "'@Proxyable' can only be attached to a protocol", line: 1, column: 1)],
      macros: macros)
  }

  func testVariadicParametersAreAnErrorWithAnArrayFixIt() {
    assertMacroExpansion(
      """
      @Proxyable
      protocol Logger: AnyObject {
        func log(_ items: Any...)
      }
      """,
      expandedSource: """
        protocol Logger: AnyObject {
          func log(_ items: Any...)
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'@Proxyable' cannot forward variadic parameters: Swift cannot pass them on", line: 3, column: 12,
          fixIts: [FixItSpec(message: "Take an array instead")])
      ],
      macros: macros,
      applyFixIts: ["Take an array instead"],
      fixedSource: """
        @Proxyable
        protocol Logger: AnyObject {
          func log(_ items: [Any])
        }
        """)
  }

  func testInitAndStaticRequirementsAreErrors() {
    assertMacroExpansion(
      """
      @Proxyable
      protocol Factory {
        init(name: String)
        static func make() -> Self?
      }
      """,
      expandedSource: """
        protocol Factory {
          init(name: String)
          static func make() -> Self?
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'@Proxyable' cannot forward an 'init' requirement: a proxy forwards calls to an existing subject",
          line: 3, column: 3, fixIts: [FixItSpec(message: "Remove the requirement")]),
        DiagnosticSpec(
          message:
            "'@Proxyable' cannot forward static requirement 'make': it returns 'Self', which the subject's type cannot make for the proxy",
          line: 4, column: 3),
      ],
      macros: macros)
  }

  /// A result of type `Self` is the subject when called on it, never the proxy (outside client
  /// 18: the generated forwarding did not compile, with a compiler crash note among its errors).
  func testAResultOfTypeSelfIsAnError() {
    assertMacroExpansion(
      """
      @Proxyable
      protocol Document: AnyObject {
        func copy() throws -> Self
        func draft() -> Self?
      }
      """,
      expandedSource: """
        protocol Document: AnyObject {
          func copy() throws -> Self
          func draft() -> Self?
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Proxyable' cannot forward 'copy()': its result of type 'Self' is the subject, not the proxy a caller through one expects; return the protocol's existential ('any P') or a concrete type instead",
          line: 3, column: 3),
        DiagnosticSpec(
          message:
            "'@Proxyable' cannot forward 'draft()': its result of type 'Self' is the subject, not the proxy a caller through one expects; return the protocol's existential ('any P') or a concrete type instead",
          line: 4, column: 3),
      ],
      macros: macros)
  }

  func testAResultWithNoFallbackIsAnErrorWithAnOptionalFixIt() {
    assertMacroExpansion(
      """
      @Proxyable
      protocol Counter: AnyObject {
        func count() -> Int
      }
      """,
      expandedSource: """
        protocol Counter: AnyObject {
          func count() -> Int
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Proxyable' cannot forward 'count()': when the proxy has no subject (a weak reference was released, access was denied) it has no result to return; make the result Optional or the requirement 'throws'",
          line: 3, column: 3, fixIts: [FixItSpec(message: "Make the result Optional")])
      ],
      macros: macros,
      applyFixIts: ["Make the result Optional"],
      fixedSource: """
        @Proxyable
        protocol Counter: AnyObject {
          func count() -> Int?
        }
        """)
  }

  func testSettersOnValueProtocolsAreReported() {
    assertMacroExpansion(
      """
      @Proxyable
      protocol Source {
        associatedtype Item
        var title: String? { get set }
      }
      """,
      expandedSource: """
        protocol Source {
          associatedtype Item
          var title: String? { get set }
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Proxyable' can forward the setter of 'title' only for a class-bound protocol: a value subject would be set on a copy",
          line: 4, column: 3, fixIts: [FixItSpec(message: "Make the protocol class-bound with ': AnyObject'")])
      ],
      macros: macros)
  }
}
