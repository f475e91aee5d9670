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
      }
    return MessageID(domain: "Surrogate.Proxyable", id: id)
  }

  var severity: DiagnosticSeverity { .error }
}

/// The fix-its `@Proxyable` offers.
enum ProxyableFixIt: FixItMessage {
  case arrayParameter, optionalResult, classBound, removeRequirement

  var message: String {
    switch self {
    case .arrayParameter: "Take an array instead"
    case .optionalResult: "Make the result Optional"
    case .classBound: "Make the protocol class-bound with ': AnyObject'"
    case .removeRequirement: "Remove the requirement"
    }
  }

  var fixItID: MessageID { MessageID(domain: "Surrogate.Proxyable", id: "\(self)") }
}
