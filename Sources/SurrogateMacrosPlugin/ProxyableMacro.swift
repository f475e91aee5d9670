import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Proxyable`: forwarding defaults on `extension P where Self: Surrogate.Proxy, Self.Subject: P`.
///
/// The compiler runs it for `@Proxyable protocol P { ... }`; tests call it directly:
///
/// ```swift
/// assertMacroExpansion("@Proxyable protocol P: AnyObject { func f() }", expandedSource: ..., macros: ["Proxyable": ProxyableMacro.self])
/// ```
public struct ProxyableMacro: ExtensionMacro {
  /// Writes the forwarding extension for the protocol `@Proxyable` is attached to.
  ///
  /// ```swift
  /// // extension P where Self: Surrogate.Proxy, Self.Subject: P { func f() { ... } }
  /// ```
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard let proto = declaration.as(ProtocolDeclSyntax.self) else {
      context.diagnose(Diagnostic(node: node, message: ProxyableDiagnostic.notAProtocol))
      return []
    }
    // The macro sees only this protocol: it cannot tell whether an inherited one is @Proxyable,
    // so it says what it forwards and what it does not.
    for inherited in proto.inheritanceClause?.inheritedTypes ?? [] {
      let name = inherited.type.trimmedDescription
      guard !ProxyableMacro.standardProtocols.contains(name) else { continue }
      context.diagnose(
        Diagnostic(node: inherited.type, message: ProxyableDiagnostic.inheritedProtocol(proto.name.text, name)))
    }
    var generator = ForwardingGenerator(proto: proto, context: context)
    let members = proto.memberBlock.members.compactMap { member in
      generator.forward(member.decl).map { (text: $0, isStatic: ProxyableMacro.isStatic(member.decl)) }
    }
    guard !generator.failed else { return [] }
    let name = proto.name.text
    let body = members.filter { !$0.isStatic }.map(\.text).joined(separator: "\n\n")
    let staticBody = members.filter(\.isStatic).map(\.text).joined(separator: "\n\n")
    // Each associated type is the subject's: the one-line conformance then needs no typealias.
    let sameTypes = proto.memberBlock.members.compactMap { $0.decl.as(AssociatedTypeDeclSyntax.self) }
      .map { ", Self.\($0.name.text) == Self.Subject.\($0.name.text)" }.joined()
    var extensions: [ExtensionDeclSyntax] = []
    if !body.isEmpty || staticBody.isEmpty {
      let decl: DeclSyntax = """
        extension \(raw: name) where Self: Surrogate.Proxy, Self.Subject: \(raw: name)\(raw: sameTypes) {
        \(raw: body)
        }
        """
      extensions.append(decl.cast(ExtensionDeclSyntax.self))
    }
    if !staticBody.isEmpty {
      // A static call has no proxy instance: a protection policy could not be asked. Only proxy
      // kinds that say they forward static requirements get these defaults, so a
      // `ProtectionProxy` conformance fails to compile (closed) until they are written by hand.
      let decl: DeclSyntax = """
        extension \(raw: name) where Self: Surrogate.ForwardsStaticRequirements, Self.Subject: \(raw: name)\(raw: sameTypes) {
        \(raw: staticBody)
        }
        """
      extensions.append(decl.cast(ExtensionDeclSyntax.self))
    }
    guard sameTypes.isEmpty, !ProxyableMacro.hasStaticRequirement(proto) else { return extensions }
    // The same forwarding for a proxy of the existential, which does not conform to its own
    // protocol: what a decorator wraps (`container.decorate((any P).self) { _, inner in
    // InterceptingProxy(inner) }`), made to conform with `where Subject == any P`.
    let existential: DeclSyntax = """
      extension \(raw: name) where Self: Surrogate.Proxy, Self.Subject == any \(raw: name) {
      \(raw: body)
      }
      """
    return extensions + [existential.cast(ExtensionDeclSyntax.self)]
  }
}

extension ProxyableMacro {
  /// Whether the protocol has a static requirement, which an existential's metatype cannot be
  /// called with: then no forwarding for a proxy of `any P` is written.
  static func hasStaticRequirement(_ proto: ProtocolDeclSyntax) -> Bool {
    proto.memberBlock.members.contains { isStatic($0.decl) }
  }

  /// Whether a requirement is `static` (or `class`).
  static func isStatic(_ decl: DeclSyntax) -> Bool {
    let modifiers =
      decl.as(FunctionDeclSyntax.self)?.modifiers ?? decl.as(VariableDeclSyntax.self)?.modifiers
      ?? decl.as(SubscriptDeclSyntax.self)?.modifiers ?? []
    return modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
  }

  /// Inherited protocols that have no requirements a proxy forwards: no note for them.
  static let standardProtocols: Set<String> = [
    "AnyObject", "class", "Sendable", "Swift.Sendable", "Actor", "SendableMetatype", "Copyable", "Escapable",
  ]
}

/// Writes the forwarding member for each requirement, or diagnoses why it cannot.
struct ForwardingGenerator<Context: MacroExpansionContext> {
  let proto: ProtocolDeclSyntax
  let context: Context
  private(set) var failed = false

  /// The names (`show(_:)`) of method requirements that more than one requirement has: their
  /// accesses spell out the signature so that a policy can tell them apart.
  let overloaded: Set<String>

  init(proto: ProtocolDeclSyntax, context: Context) {
    self.proto = proto
    self.context = context
    var seen: [String: Int] = [:]
    for member in proto.memberBlock.members {
      guard let function = member.decl.as(FunctionDeclSyntax.self) else { continue }
      seen[Self.requirementName(of: function), default: 0] += 1
    }
    self.overloaded = Set(seen.filter { $0.value > 1 }.keys)
  }

  /// `show(_:)`: how Swift spells a method requirement's name.
  static func requirementName(of function: FunctionDeclSyntax) -> String {
    let labels = function.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined()
    return "\(function.name.text)(\(labels))"
  }

  /// `show(_: Int)`: the name with the parameter types, which tells overloads apart.
  static func signature(of function: FunctionDeclSyntax) -> String {
    let parameters = function.signature.parameterClause.parameters.map {
      "\($0.firstName.text): \($0.type.trimmedDescription)"
    }
    return "\(function.name.text)(\(parameters.joined(separator: ", ")))"
  }

  /// Whether the protocol marks a method requirement `@ReadOnly`: it only reads, so a protection
  /// policy may treat it as such. Every other method may change state (fails closed).
  static func isReadOnly(_ function: FunctionDeclSyntax) -> Bool {
    function.attributes.contains { element in
      guard let name = element.as(AttributeSyntax.self)?.attributeName.trimmedDescription else { return false }
      return name == "ReadOnly" || name == "SurrogateMacros.ReadOnly"
    }
  }

  /// The requirement's attributes without `@ReadOnly`, which marks the requirement, not its
  /// forwarding.
  static func forwardedAttributes(of function: FunctionDeclSyntax) -> AttributeListSyntax {
    function.attributes.filter { element in
      guard let name = element.as(AttributeSyntax.self)?.attributeName.trimmedDescription else { return true }
      return name != "ReadOnly" && name != "SurrogateMacros.ReadOnly"
    }
  }

  /// `public ` for a public protocol, `package ` for a package one; nothing otherwise.
  var access: String {
    for modifier in proto.modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.public), .keyword(.open): return "public "
      case .keyword(.package): return "package "
      default: continue
      }
    }
    return ""
  }

  /// The attribute every forwarding member (not a static one) starts with.
  ///
  /// NB: inlining the forwarding default into the conformance's witness is what lets the compiler
  /// inline the proxy's `withSubject` and the forwarding closure; otherwise every call through an
  /// `any P` builds the closure's context, which asks the runtime for the proxy's `Proxy` witness
  /// table (measured with callgrind: a call through a created `LazyProxy` went from 285 to 75
  /// instructions, through a `WeakRefProxy` from 361 to 170).
  var inlineAttribute: String { "@inline(__always) " }

  var isClassBound: Bool {
    proto.inheritanceClause?.inheritedTypes.contains {
      let text = $0.type.trimmedDescription
      return text == "AnyObject" || text == "class"
    } ?? false
  }

  mutating func forward(_ decl: DeclSyntax) -> String? {
    if let function = decl.as(FunctionDeclSyntax.self) { return forward(function) }
    if let variable = decl.as(VariableDeclSyntax.self) { return forward(variable) }
    if let subscriptDecl = decl.as(SubscriptDeclSyntax.self) { return forward(subscriptDecl) }
    if let initializer = decl.as(InitializerDeclSyntax.self) {
      diagnose(initializer, .initializer, fixIt: removal(of: initializer))
    }
    return nil
  }

  // MARK: - Requirements

  mutating func forward(_ function: FunctionDeclSyntax) -> String? {
    let parameters = function.signature.parameterClause.parameters
    guard checkVariadics(parameters) else { return nil }
    switch function.name.tokenKind {
    case .binaryOperator, .prefixOperator, .postfixOperator:
      diagnose(function, .operatorRequirement(function.name.text))
      return nil
    default: break
    }
    if function.modifiers.contains(where: { $0.name.tokenKind == .keyword(.mutating) }) {
      diagnose(
        function, .mutatingRequirement(Self.requirementName(of: function)),
        fixIt: classBoundFixIt(droppingMutatingFrom: function))
      return nil
    }
    if let parameter = parameters.first(where: { Self.mentionsSelf($0.type) }) {
      diagnose(parameter, .selfParameter(Self.requirementName(of: function)))
      return nil
    }
    // A static requirement returning `Self` has its own diagnostic, below.
    if !isStatic(function.modifiers), let result = function.signature.returnClause?.type, Self.mentionsSelf(result) {
      diagnose(function, .selfResult(Self.requirementName(of: function)))
      return nil
    }
    let labels = parameters.map { "\($0.firstName.text):" }.joined()
    let access = "\(function.name.text)(\(labels))"
    let arguments = parameters.map { parameter -> String in
      let value = (parameter.secondName ?? parameter.firstName).text
      // NB: an `@autoclosure` argument is passed on as a call, which the subject's parameter wraps
      // in an autoclosure again: it is still evaluated only if the subject asks for it.
      let passed = isInout(parameter.type) ? "&\(value)" : isAutoclosure(parameter.type) ? "\(value)()" : value
      return parameter.firstName.tokenKind == .wildcard ? passed : "\(parameter.firstName.text): \(passed)"
    }
    // A `consuming` parameter cannot be captured by the forwarding closure: call the subject
    // directly, as an `async` requirement does.
    let consumes = parameters.contains { hasSpecifier($0.type, .consuming) }
    let call = "\(function.name.text)(\(arguments.joined(separator: ", ")))"
    let effects = function.signature.effectSpecifiers
    let signature = function.with(\.modifiers, keptModifiers(function.modifiers)).with(\.body, nil)
      .with(\.attributes, Self.forwardedAttributes(of: function)).with(\.leadingTrivia, []).trimmedDescription
    if isStatic(function.modifiers) {
      // A static requirement goes to the subject's type, which always exists: no fallback needed.
      if function.signature.returnClause?.type.trimmedDescription.contains("Self") == true {
        diagnose(function, .staticRequirement(function.name.text))
        return nil
      }
      let tryKeyword = effects?.throwsClause != nil ? "try " : ""
      let awaitKeyword = effects?.asyncSpecifier != nil ? "await " : ""
      return "  \(self.access)\(signature) {\n    \(tryKeyword)\(awaitKeyword)Self.Subject.\(call)\n  }"
    }
    let body = forwardingBody(
      call: call, access: access, isMutating: !Self.isReadOnly(function),
      signature: overloaded.contains(access) ? Self.signature(of: function) : nil,
      result: function.signature.returnClause?.type,
      isAsync: effects?.asyncSpecifier != nil, throwing: throwing(effects?.throwsClause),
      typedError: typedError(effects?.throwsClause), for: Syntax(function),
      callsDirectly: consumes || throwsProxyError(effects?.throwsClause))
    guard let body else { return nil }
    return "  \(inlineAttribute)\(self.access)\(signature) {\n\(body)\n  }"
  }

  mutating func forward(_ variable: VariableDeclSyntax) -> String? {
    guard let binding = variable.bindings.first, let name = binding.pattern.as(IdentifierPatternSyntax.self),
      let type = binding.typeAnnotation?.type
    else { return nil }
    let accessors = binding.accessorBlock?.accessors.as(AccessorDeclListSyntax.self).map(Array.init) ?? []
    let getter = accessors.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }
    let hasSetter = accessors.contains { $0.accessorSpecifier.tokenKind == .keyword(.set) }
    let property = name.identifier.text
    if isStatic(variable.modifiers) {
      guard !accessors.contains(where: { $0.accessorSpecifier.tokenKind == .keyword(.set) }) else {
        diagnose(variable, .staticRequirement(property))
        return nil
      }
      let effects = getter?.effectSpecifiers
      let tryKeyword = effects?.throwsClause != nil ? "try " : ""
      let awaitKeyword = effects?.asyncSpecifier != nil ? "await " : ""
      let effectText = effects.map { " \($0.trimmedDescription)" } ?? ""
      return "  \(access)static var \(property): \(type.trimmedDescription) {\n    get\(effectText) {\n      \(tryKeyword)\(awaitKeyword)Self.Subject.\(property)\n    }\n  }"
    }
    guard
      let getterBody = forwardingBody(
        call: property, access: property, isMutating: false, result: type,
        isAsync: getter?.effectSpecifiers?.asyncSpecifier != nil,
        throwing: throwing(getter?.effectSpecifiers?.throwsClause),
        typedError: typedError(getter?.effectSpecifiers?.throwsClause), for: Syntax(variable), indent: "      ")
    else { return nil }
    let getterEffects = getter?.effectSpecifiers.map { " \($0.trimmedDescription)" } ?? ""
    var text = "  \(inlineAttribute)\(access)var \(property): \(type.trimmedDescription) {\n    get\(getterEffects) {\n\(getterBody)\n    }"
    if hasSetter {
      guard isClassBound else {
        diagnose(variable, .setterOnValueProtocol(property), fixIt: classBoundFixIt())
        return nil
      }
      text += "\n    set {\n      self.withSubject(for: Surrogate.ProxyAccess(\"\(property)\")) { $0.\(property) = newValue }\n    }"
    }
    return text + "\n  }"
  }

  mutating func forward(_ subscriptDecl: SubscriptDeclSyntax) -> String? {
    if isStatic(subscriptDecl.modifiers) {
      diagnose(subscriptDecl, .staticRequirement("subscript"))
      return nil
    }
    let parameters = subscriptDecl.parameterClause.parameters
    guard checkVariadics(parameters) else { return nil }
    // A subscript parameter has an argument label only when it spells two names.
    let arguments = parameters.map { parameter -> String in
      let value = (parameter.secondName ?? parameter.firstName).text
      guard parameter.secondName != nil, parameter.firstName.tokenKind != .wildcard else { return value }
      return "\(parameter.firstName.text): \(value)"
    }
    let labels = parameters.map { parameter -> String in
      parameter.secondName != nil && parameter.firstName.tokenKind != .wildcard ? "\(parameter.firstName.text):" : "_:"
    }
    let accessors = subscriptDecl.accessorBlock?.accessors.as(AccessorDeclListSyntax.self).map(Array.init) ?? []
    if accessors.contains(where: { $0.accessorSpecifier.tokenKind == .keyword(.set) }) {
      diagnose(subscriptDecl, .subscriptSetter)
      return nil
    }
    let getter = accessors.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }
    guard
      let body = forwardingBody(
        call: "[\(arguments.joined(separator: ", "))]", access: "subscript(\(labels.joined()))", isMutating: false,
        result: subscriptDecl.returnClause.type, isAsync: getter?.effectSpecifiers?.asyncSpecifier != nil,
        throwing: throwing(getter?.effectSpecifiers?.throwsClause),
        typedError: typedError(getter?.effectSpecifiers?.throwsClause), for: Syntax(subscriptDecl), memberAccess: false)
    else { return nil }
    let signature = subscriptDecl.with(\.modifiers, keptModifiers(subscriptDecl.modifiers)).with(\.accessorBlock, nil)
      .with(\.leadingTrivia, []).trimmedDescription
    let effects = getter?.effectSpecifiers.map { " \($0.trimmedDescription)" } ?? ""
    if effects.isEmpty { return "  \(inlineAttribute)\(access)\(signature) {\n\(body)\n  }" }
    return "  \(inlineAttribute)\(access)\(signature) {\n    get\(effects) {\n\(body)\n    }\n  }"
  }

  // MARK: - Bodies

  enum Throwing { case none, untyped, typedOrRethrows }

  func throwing(_ clause: ThrowsClauseSyntax?) -> Throwing {
    guard let clause else { return .none }
    if clause.throwsSpecifier.tokenKind == .keyword(.rethrows) { return .typedOrRethrows }
    if let type = clause.type, !["any Error", "Error", "Surrogate.ProxyError", "ProxyError"].contains(type.trimmedDescription) {
      return .typedOrRethrows
    }
    return .untyped
  }

  /// Whether the clause is `throws(ProxyError)`: the call then goes to the subject directly
  /// (`requireSubject(for:)` throws that type; `forward`'s closure throws `any Error`).
  func throwsProxyError(_ clause: ThrowsClauseSyntax?) -> Bool {
    guard let type = clause?.type?.trimmedDescription else { return false }
    return type == "ProxyError" || type == "Surrogate.ProxyError"
  }

  /// `E` of a `throws(E)` clause that is not `any Error` or `ProxyError`; `nil` otherwise.
  func typedError(_ clause: ThrowsClauseSyntax?) -> String? {
    guard let clause, clause.throwsSpecifier.tokenKind != .keyword(.rethrows), throwing(clause) == .typedOrRethrows
    else { return nil }
    return clause.type?.trimmedDescription
  }

  /// The statements that forward one call, following the documented policy for a missing subject.
  mutating func forwardingBody(
    call: String, access: String, isMutating: Bool, signature: String? = nil, result: TypeSyntax?, isAsync: Bool,
    throwing: Throwing, typedError: String? = nil, for node: Syntax, indent: String = "    ", memberAccess: Bool = true, callsDirectly: Bool = false
  ) -> String? {
    // NB: an access counts as mutating unless it says otherwise: only what is known to read
    // (a getter, a `@ReadOnly` method) says so.
    let signatureText = signature.map { ", signature: \"\($0)\"" } ?? ""
    let proxyAccess = "Surrogate.ProxyAccess(\"\(access)\"\(signatureText)\(isMutating ? "" : ", isMutating: false"))"
    let member = memberAccess ? ".\(call)" : call
    let isVoid = result.map { ["Void", "()", "Swift.Void"].contains($0.trimmedDescription) } ?? true
    let isOptional = result.map(isOptionalType) ?? false
    let tryKeyword = throwing == .none ? "" : "try "
    let awaitKeyword = isAsync ? "await " : ""
    // NB: `throws`, `throws(E)` and `async` calls go through `forward`, which wraps the whole call
    // in a closure, so that a proxy sees it end (an `InterceptingProxy` times it and sees what it
    // threw). A `consuming` argument cannot be captured, and a `rethrows` call cannot rethrow
    // from a closure it did not get, so those calls still go to the subject directly.
    if throwing == .untyped, !callsDirectly {
      return "\(indent)\(isVoid ? "" : "return ")try \(awaitKeyword)self.forward(\(proxyAccess)) { try \(awaitKeyword)$0\(member) }"
    }
    if throwing == .untyped {
      return "\(indent)\(isVoid ? "" : "return ")try \(awaitKeyword)self.requireSubject(for: \(proxyAccess))\(member)"
    }
    guard isVoid || isOptional else {
      // A requirement that throws its own error type cannot throw the proxy's `ProxyError`.
      let message: ProxyableDiagnostic =
        throwing == .typedOrRethrows ? .typedThrowsWithoutFallback(access) : .resultWithoutFallback(access)
      diagnose(node, message, fixIt: result.map(optionalFixIt))
      return nil
    }
    if isAsync, throwing == .none, !callsDirectly {
      // The only error is the proxy's own (no subject): the fallback.
      return "\(indent)\(isVoid ? "_ = " : "return ")try? await self.forward(\(proxyAccess)) { await $0\(member) }"
    }
    if let typedError, !callsDirectly {
      // The subject's own error is rethrown as its type; the proxy's (no subject) is the fallback.
      let fallback = isVoid ? "return" : "return nil"
      return """
        \(indent)do {
        \(indent)  \(isVoid ? "" : "return ")try \(awaitKeyword)self.forward(\(proxyAccess)) { try \(awaitKeyword)$0\(member) }
        \(indent)} catch let _$error as \(typedError) {
        \(indent)  throw _$error
        \(indent)} catch {
        \(indent)  \(fallback)
        \(indent)}
        """
    }
    if isAsync || throwing == .typedOrRethrows || callsDirectly {
      let fallback = isVoid ? "return" : "return nil"
      return """
        \(indent)guard let _$subject = try? self.requireSubject(for: \(proxyAccess)) else { \(fallback) }
        \(indent)\(isVoid ? "" : "return ")\(tryKeyword)\(awaitKeyword)_$subject\(member)
        """
    }
    if isVoid {
      return "\(indent)self.withSubject(for: \(proxyAccess)) { $0\(member) }"
    }
    return """
      \(indent)var _$result: \(result!.trimmedDescription) = nil
      \(indent)self.withSubject(for: \(proxyAccess)) { _$result = $0\(member) }
      \(indent)return _$result
      """
  }

  // MARK: - Helpers

  func isOptionalType(_ type: TypeSyntax) -> Bool {
    if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return true }
    let text = type.trimmedDescription
    return text.hasPrefix("Optional<") || text.hasPrefix("Swift.Optional<")
  }

  /// Whether `type` mentions `Self` (a parameter the proxy would pass as itself).
  static func mentionsSelf(_ type: TypeSyntax) -> Bool {
    type.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.Self) }
  }

  func isAutoclosure(_ type: TypeSyntax) -> Bool {
    type.as(AttributedTypeSyntax.self)?.attributes.contains {
      $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "autoclosure"
    } ?? false
  }

  func hasSpecifier(_ type: TypeSyntax, _ keyword: Keyword) -> Bool {
    type.as(AttributedTypeSyntax.self)?.specifiers.contains {
      $0.as(SimpleTypeSpecifierSyntax.self)?.specifier.tokenKind == .keyword(keyword)
    } ?? false
  }

  func isInout(_ type: TypeSyntax) -> Bool {
    type.as(AttributedTypeSyntax.self)?.specifiers.contains {
      $0.as(SimpleTypeSpecifierSyntax.self)?.specifier.tokenKind == .keyword(.inout)
    } ?? false
  }

  func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
    modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
  }

  /// Drops `mutating`/`nonmutating`: the extension is on a class (every proxy is one).
  func keptModifiers(_ modifiers: DeclModifierListSyntax) -> DeclModifierListSyntax {
    modifiers.filter { $0.name.tokenKind != .keyword(.mutating) && $0.name.tokenKind != .keyword(.nonmutating) }
  }

  mutating func checkVariadics(_ parameters: FunctionParameterListSyntax) -> Bool {
    var ok = true
    for parameter in parameters where parameter.ellipsis != nil {
      let fixIt = FixIt(
        message: ProxyableFixIt.arrayParameter,
        changes: [
          .replace(
            oldNode: Syntax(parameter),
            newNode: Syntax(
              parameter.with(\.ellipsis, nil).with(\.type, TypeSyntax(ArrayTypeSyntax(element: parameter.type.trimmed)))))
        ])
      diagnose(parameter, .variadicParameter, fixIt: fixIt)
      ok = false
    }
    return ok
  }

  func optionalFixIt(_ type: TypeSyntax) -> FixIt {
    FixIt(
      message: ProxyableFixIt.optionalResult,
      changes: [.replace(oldNode: Syntax(type), newNode: Syntax(OptionalTypeSyntax(wrappedType: type.trimmed)))])
  }

  func classBoundFixIt() -> FixIt? {
    guard proto.inheritanceClause == nil else { return nil }
    let bound = TokenSyntax.identifier(proto.name.text + ": AnyObject", trailingTrivia: proto.name.trailingTrivia)
    return FixIt(message: ProxyableFixIt.classBound, changes: [.replace(oldNode: Syntax(proto.name), newNode: Syntax(bound))])
  }

  /// ``classBoundFixIt()`` that also drops `mutating` from `function`, which a class-bound
  /// protocol does not allow.
  func classBoundFixIt(droppingMutatingFrom function: FunctionDeclSyntax) -> FixIt? {
    guard let bound = classBoundFixIt() else { return nil }
    let modifiers = function.modifiers.filter { $0.name.tokenKind != .keyword(.mutating) }
    var changed = function.with(\.modifiers, modifiers)
    if modifiers.isEmpty {
      // The function keeps the leading trivia the dropped modifier had.
      changed = changed.with(\.funcKeyword, changed.funcKeyword.with(\.leadingTrivia, function.leadingTrivia))
    }
    return FixIt(
      message: ProxyableFixIt.classBoundDroppingMutating,
      changes: bound.changes + [.replace(oldNode: Syntax(function), newNode: Syntax(changed))])
  }

  func removal(of node: some SyntaxProtocol) -> FixIt {
    FixIt(message: ProxyableFixIt.removeRequirement, changes: [.replace(oldNode: Syntax(node), newNode: Syntax(MissingDeclSyntax(placeholder: .identifier(""))))])
  }

  mutating func diagnose(_ node: some SyntaxProtocol, _ message: ProxyableDiagnostic, fixIt: FixIt? = nil) {
    failed = true
    context.diagnose(Diagnostic(node: Syntax(node), message: message, fixIts: fixIt.map { [$0] } ?? []))
  }
}
