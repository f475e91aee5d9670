/// What ``Container/validate()`` found.
///
/// ```swift
/// let report = container.validate()
/// if !report.isValid { print(report) }
/// ```
public struct ValidationReport: Sendable, CustomStringConvertible {
  /// Definitions that cannot be resolved, each with its path.
  public let problems: [ResolutionError]
  /// Configurations that resolve but are probably not what you meant.
  public let warnings: [ValidationWarning]
  /// The definitions that were resolved.
  public let checked: [DefinitionKey]
  /// The definitions that were not resolved because they need runtime arguments.
  public let skipped: [DefinitionKey]

  /// Whether there are no problems (warnings do not count).
  ///
  /// ```swift
  /// #expect(container.validate().isValid)
  /// ```
  public var isValid: Bool { problems.isEmpty }

  /// A summary line followed by one line per problem and warning.
  ///
  /// ```swift
  /// print(container.validate())
  /// ```
  public var description: String {
    var lines = [
      "\(checked.count) definitions checked, \(skipped.count) skipped (need runtime arguments): "
        + "\(problems.count) problems, \(warnings.count) warnings."
    ]
    lines += problems.map { "  error: \($0)" }
    lines += warnings.map { "  warning: \($0)" }
    return lines.joined(separator: "\n")
  }
}

/// A configuration that resolves but is probably a mistake.
///
/// ```swift
/// for warning in container.validate().warnings { print(warning.message) }
/// ```
public struct ValidationWarning: Sendable, CustomStringConvertible {
  /// What kind of warning.
  public let kind: Kind
  /// The resolution path that leads to it.
  public let path: [DefinitionKey]
  /// What was found and how to fix it.
  public let message: String

  /// The kinds of warnings.
  ///
  /// ```swift
  /// warning.kind == .optionalResolvedToNil
  /// ```
  public struct Kind: Hashable, Sendable, CustomStringConvertible {
    let name: String
    /// An optional dependency was resolved to `nil` because its type is not registered.
    public static let optionalResolvedToNil = Kind(name: "optionalResolvedToNil")
    /// A singleton captured an instance of a shorter-lived scope (`.unique` or `.shared`), which
    /// then lives as long as the singleton.
    public static let captiveDependency = Kind(name: "captiveDependency")
    /// The kind's name.
    public var description: String { name }
  }

  /// The warning as one line.
  public var description: String { "\(kind): \(message)" }

  static func captiveDependency(
    singleton: DefinitionKey, scope: Scope, captured: DefinitionKey, capturedScope: Scope
  ) -> ValidationWarning {
    ValidationWarning(
      kind: .captiveDependency, path: [singleton, captured],
      message: "\(singleton) (\(scope)) captures \(captured) (\(capturedScope)), which then lives as long as the singleton. "
        + "Give \(captured) a singleton scope, inject a `Provider<\(typeName(captured.type))>`, or make \(singleton) shorter-lived.")
  }

  static func optionalResolvedToNil(path: [DefinitionKey]) -> ValidationWarning {
    let names = path.map(\.description).joined(separator: " → ")
    let last = path.last.map(\.description) ?? "?"
    return ValidationWarning(
      kind: .optionalResolvedToNil, path: path,
      message: "\(last) resolved to nil because it is not registered (\(names)). Register it, or keep the nil on purpose.")
  }
}
