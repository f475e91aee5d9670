/// A change to a container's definitions that did nothing, kept for ``Container/validate()``: a
/// decoration that found no definition to decorate, and a removal of a definition another
/// container registered. Both leave the container as it was without an error (they cannot
/// throw), so a composition root that decorates before registering, or removes from the wrong
/// container, would otherwise never hear of it.
struct IneffectiveChange: Equatable, Sendable {
  enum Kind: Equatable, Sendable {
    /// `decorate` found no definition of the key, here or in an ancestor.
    case decorationOfNothing
    /// `remove(_:)` was given a definition that another container registered.
    case removalOfAnotherContainersDefinition
  }

  let kind: Kind
  let key: DefinitionKey

  /// The warning ``Container/validate()`` reports for it.
  var warning: ValidationWarning {
    switch kind {
    case .decorationOfNothing:
      return ValidationWarning(
        kind: .ineffectiveChange, path: [key],
        message: "`decorate` found no definition of \(key) to decorate, in this container or its ancestors, so it "
          + "decorated nothing (a definition registered later is not decorated). Register \(key) before decorating "
          + "it.")
    case .removalOfAnotherContainersDefinition:
      return ValidationWarning(
        kind: .ineffectiveChange, path: [key],
        message: "`remove(_:)` was given a definition of \(key) that another container registered, so it removed "
          + "nothing (a container removes only its own definitions): \(key) still resolves from here if that container "
          + "is an ancestor. Remove it from the container that registered it, or register \(key) here to replace it "
          + "for this container.")
    }
  }
}
