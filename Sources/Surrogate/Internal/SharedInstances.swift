/// The instances a graph keeps for reuse (`.shared` ones and new singletons), by registration.
///
/// A graph rarely holds more than a handful, so they live in one small array searched linearly:
/// no hashing and one allocation per graph, where a dictionary allocated on first insert and
/// again on each growth. Past `indexThreshold` instances an index keeps lookups O(1). A class
/// instance is stored as itself, anything else in a `Shared` box.
@usableFromInline
struct SharedInstances {
  @usableFromInline
  struct Element {
    @usableFromInline let id: RegistrationID
    @usableFromInline var object: AnyObject

    @inlinable
    init(id: RegistrationID, object: AnyObject) {
      self.id = id
      self.object = object
    }
  }

  @usableFromInline var elements: ContiguousArray<Element> = []
  @usableFromInline var index: [RegistrationID: Int]?

  @usableFromInline static var indexThreshold: Int { 16 }

  @inlinable init() {}

  @inlinable
  func position(of id: RegistrationID) -> Int? {
    if let index { return index[id] }
    var position = 0
    while position < elements.count {
      if elements[position].id == id { return position }
      position += 1
    }
    return nil
  }

  /// The instance kept for `id`; setting `nil` forgets it.
  @inlinable
  subscript(id: RegistrationID) -> AnyObject? {
    get { position(of: id).map { elements[$0].object } }
    set {
      if let position = position(of: id) {
        if let newValue {
          elements[position].object = newValue
        } else {
          elements.remove(at: position)
          rebuildIndex()
        }
      } else if let newValue {
        if elements.isEmpty { elements.reserveCapacity(4) }
        elements.append(Element(id: id, object: newValue))
        if index != nil {
          index?[id] = elements.count - 1
        } else if elements.count > Self.indexThreshold {
          rebuildIndex()
        }
      }
    }
  }

  @usableFromInline
  mutating func rebuildIndex() {
    guard elements.count > Self.indexThreshold else {
      index = nil
      return
    }
    index = Dictionary(uniqueKeysWithValues: elements.indices.map { (elements[$0].id, $0) })
  }
}
