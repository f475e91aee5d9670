extension Graph {
  /// The tag a definition requested with `requested` passes on to its dependencies: `requested`'s,
  /// except for a decoration's hidden key (the decorated definition, or an inner decorator of a
  /// chain), which passes on the tag of the request the decoration serves, as the definition did
  /// before it was decorated. So a decorated service's dependencies are the graph's own (a
  /// `.shared` one is not made again for the hidden tag) and a tagged request reaches them.
  ///
  /// NB: an untagged request, or one tagged with a string or an integer, costs a comparison.
  @inlinable @inline(__always)
  func tagPassedOn(by requested: DefinitionKey) -> TagSlot {
    guard case .value = requested.tagSlot else { return requested.tagSlot }
    return tagPassedOn(byValueTagged: requested)
  }

  /// ``tagPassedOn(by:)`` for a request tagged with a value: the tag of the nearest request on the
  /// path that is not a decoration's hidden one.
  @usableFromInline @inline(never)
  func tagPassedOn(byValueTagged requested: DefinitionKey) -> TagSlot {
    guard DecorationTag.isDecoration(requested.tag) else { return requested.tagSlot }
    var index = frameCount - 1
    while index >= 0 {
      let key = frames[index].key
      if !DecorationTag.isDecoration(key.tag) { return key.tagSlot }
      index -= 1
    }
    return .none
  }
}
