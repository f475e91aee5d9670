extension Graph {
  /// What a validation checks and finds of lists and maps, made on first use.
  var collectionChecks: CollectionChecks {
    if let checks = extras.collectionChecks { return checks }
    let checks = CollectionChecks()
    extras.collectionChecks = checks
    return checks
  }

  /// What a validation checked and found of lists and maps, if it met any.
  var collectionChecksIfAny: CollectionChecks? { extrasStorage?.collectionChecks }

  /// Notes, in a validation, that the collection on top of the path resolved empty.
  func noteEmptyCollection(path: [DefinitionKey]) {
    if isValidation { collectionChecks.emptyCollections.append(path) }
  }

  /// The contributions a collection's factory builds: every one, or in a validation's check of one
  /// member of the collection it resolves (see `Container.membersToValidate(_:contributions:)`), that one, so that
  /// a member that fails does not hide the members after it.
  func toBuild(_ found: [(contribution: Contribution, owner: Container)])
    -> [(contribution: Contribution, owner: Container)]
  {
    guard isValidation, frameCount == 1, let index = extrasStorage?.collectionChecks?.validatedMember,
      found.indices.contains(index)
    else { return found }
    return [found[index]]
  }
}

/// What a validation graph checks and finds of lists and maps.
final class CollectionChecks {
  /// The paths of collections that resolved empty (nothing contributed), for the warning.
  var emptyCollections: [[DefinitionKey]] = []
  /// The one member of the collection the check resolves that it builds (see `Graph.toBuild(_:)`).
  var validatedMember: Int?
}
