/// The instances a graph keeps for reuse (`.shared` ones and new singletons), by registration.
///
/// A graph rarely holds more than a handful, so they live in one small array searched linearly:
/// no hashing and one allocation per graph, where a dictionary allocated on first insert and
/// again on each growth. Past `indexThreshold` instances an index keeps lookups O(1).
@usableFromInline
struct SharedInstances {
  @usableFromInline var ids: ContiguousArray<RegistrationID> = []
  @usableFromInline var objects: ContiguousArray<AnyObject> = []
  @usableFromInline var index: [RegistrationID: Int]?

  @usableFromInline static var indexThreshold: Int { 16 }

  @inlinable init() {}

  @inlinable
  func position(of id: RegistrationID) -> Int? {
    if let index { return index[id] }
    var position = 0
    while position < ids.count {
      if ids[position] == id { return position }
      position += 1
    }
    return nil
  }

  /// The instance kept for `id`; setting `nil` forgets it.
  @inlinable
  subscript(id: RegistrationID) -> AnyObject? {
    get { position(of: id).map { objects[$0] } }
    set {
      if let position = position(of: id) {
        if let newValue {
          objects[position] = newValue
        } else {
          ids.remove(at: position)
          objects.remove(at: position)
          rebuildIndex()
        }
      } else if let newValue {
        if ids.isEmpty {
          ids.reserveCapacity(4)
          objects.reserveCapacity(4)
        }
        ids.append(id)
        objects.append(newValue)
        if index != nil || ids.count > Self.indexThreshold { index?[id] = ids.count - 1 }
        if index == nil, ids.count > Self.indexThreshold { rebuildIndex() }
      }
    }
  }

  @usableFromInline
  mutating func rebuildIndex() {
    guard ids.count > Self.indexThreshold else {
      index = nil
      return
    }
    index = Dictionary(uniqueKeysWithValues: zip(ids, ids.indices))
  }
}
