import SwiftDiagnostics

/// What `@Proxyable` cannot do, and why.
enum ProxyableDiagnostic: DiagnosticMessage {
  case notAProtocol
  case initializer
  case staticRequirement(String)
  case variadicParameter
  case resultWithoutFallback(String)
  case setterOnValueProtocol(String)
  case subscriptSetter
  case readOnlyOnNonMethod
  case operatorRequirement(String)
  case mutatingRequirement(String)
  case selfParameter(String)
  case selfResult(String)
  case typedThrowsWithoutFallback(String)
  case inheritedProtocol(String, String)

  var message: String {
    switch self {
    case .notAProtocol:
      "'@Proxyable' can only be attached to a protocol"
    case .initializer:
      "'@Proxyable' cannot forward an 'init' requirement: a proxy forwards calls to an existing subject"
    case .staticRequirement(let name):
      "'@Proxyable' cannot forward static requirement '\(name)': it returns 'Self', which the subject's type cannot make for the proxy"
    case .variadicParameter:
      "'@Proxyable' cannot forward variadic parameters: Swift cannot pass them on"
    case .resultWithoutFallback(let name):
      "'@Proxyable' cannot forward '\(name)': when the proxy has no subject (a weak reference was released, access was denied) it has no result to return; make the result Optional or the requirement 'throws'"
    case .setterOnValueProtocol(let name):
      "'@Proxyable' can forward the setter of '\(name)' only for a class-bound protocol: a value subject would be set on a copy"
    case .subscriptSetter:
      "'@Proxyable' does not forward subscript setters"
    case .readOnlyOnNonMethod:
      "'@ReadOnly' marks a method requirement that only reads; a property's or subscript's getter is read-only already, and its setter always mutates"
    case .operatorRequirement(let name):
      "'@Proxyable' cannot forward operator '\(name)': an operator is called on the conforming type's values, which for a proxy are proxies, not subjects; declare it outside the protocol or as a named method"
    case .mutatingRequirement(let name):
      "'@Proxyable' cannot forward mutating requirement '\(name)': the subject of a protocol that is not class-bound is a value, which the proxy would mutate a copy of; make the protocol class-bound with ': AnyObject' and drop 'mutating'"
    case .selfParameter(let name):
      "'@Proxyable' cannot forward '\(name)': a parameter of type 'Self' is a proxy when called through one, and the subject takes its own type; take the protocol's existential ('any P') or a concrete type instead"
    case .selfResult(let name):
      "'@Proxyable' cannot forward '\(name)': its result of type 'Self' is the subject, not the proxy a caller through one expects; return the protocol's existential ('any P') or a concrete type instead"
    case .inheritedProtocol(let proto, let inherited):
      "'@Proxyable' forwards the requirements '\(proto)' declares; those it inherits from '\(inherited)' are forwarded only if '\(inherited)' is '@Proxyable' too (otherwise a proxy's conformance to '\(proto)' misses them)"
    case .typedThrowsWithoutFallback(let name):
      "'@Proxyable' cannot forward '\(name)': it throws only the error type it declares ('throws(E)' or 'rethrows'), so the proxy cannot throw its 'ProxyError' when it has no subject; make the result Optional, or declare plain 'throws'"
    }
  }

  var diagnosticID: MessageID {
    let id =
      switch self {
      case .notAProtocol: "notAProtocol"
      case .initializer: "initializer"
      case .staticRequirement: "staticRequirement"
      case .variadicParameter: "variadicParameter"
      case .resultWithoutFallback: "resultWithoutFallback"
      case .setterOnValueProtocol: "setterOnValueProtocol"
      case .subscriptSetter: "subscriptSetter"
      case .readOnlyOnNonMethod: "readOnlyOnNonMethod"
      case .operatorRequirement: "operatorRequirement"
      case .mutatingRequirement: "mutatingRequirement"
      case .selfParameter: "selfParameter"
      case .selfResult: "selfResult"
      case .typedThrowsWithoutFallback: "typedThrowsWithoutFallback"
      case .inheritedProtocol: "inheritedProtocol"
      }
    return MessageID(domain: "Surrogate.Proxyable", id: id)
  }

  var severity: DiagnosticSeverity {
    if case .inheritedProtocol = self { return .note }
    return .error
  }
}

/// The fix-its `@Proxyable` offers.
enum ProxyableFixIt: FixItMessage {
  case arrayParameter, optionalResult, classBound, classBoundDroppingMutating, removeRequirement

  var message: String {
    switch self {
    case .arrayParameter: "Take an array instead"
    case .optionalResult: "Make the result Optional"
    case .classBound: "Make the protocol class-bound with ': AnyObject'"
    case .classBoundDroppingMutating: "Make the protocol class-bound with ': AnyObject' and drop 'mutating'"
    case .removeRequirement: "Remove the requirement"
    }
  }

  var fixItID: MessageID { MessageID(domain: "Surrogate.Proxyable", id: "\(self)") }
}
