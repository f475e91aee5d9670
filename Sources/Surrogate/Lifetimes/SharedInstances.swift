/// The instances a graph keeps for reuse (`.shared` ones and new singletons), by registration.
///
/// A graph rarely holds more than a handful: the first four live inline, in the graph object
/// itself, so a typical graph allocates nothing for them (an array here was one allocation and
/// one free per graph that shared anything). More go to an array searched linearly, and past
/// `indexThreshold` of those an index keeps lookups O(1). A class instance is stored as itself,
/// anything else in a `Shared` box.
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

  // NB: the inline slots' ids apart from their objects: comparing an id copies no reference. An
  // `Element?` slot was copied to compare its id, its object retained and released, about 12 times
  // a request (server-flat, callgrind: 18,961 to 18,866 instructions a request).
  @usableFromInline var id0: RegistrationID?
  @usableFromInline var id1: RegistrationID?
  @usableFromInline var id2: RegistrationID?
  @usableFromInline var id3: RegistrationID?
  @usableFromInline var object0: AnyObject?
  @usableFromInline var object1: AnyObject?
  @usableFromInline var object2: AnyObject?
  @usableFromInline var object3: AnyObject?
  @usableFromInline var overflow: ContiguousArray<Element> = []
  @usableFromInline var index: [RegistrationID: Int]?

  @usableFromInline static var indexThreshold: Int { 16 }

  @inlinable init() {}

  /// The instance kept for `id`; setting `nil` forgets it.
  @inlinable
  subscript(id: RegistrationID) -> AnyObject? {
    get {
      if id0 == id { return object0 }
      if id1 == id { return object1 }
      if id2 == id { return object2 }
      if id3 == id { return object3 }
      if overflow.isEmpty { return nil }
      return overflowPosition(of: id).map { overflow[$0].object }
    }
    set { set(newValue, for: id) }
  }

  @usableFromInline
  mutating func set(_ object: AnyObject?, for id: RegistrationID) {
    // An existing element is replaced or removed in place.
    if id0 == id { (id0, object0) = object == nil ? (nil, nil) : (id, object); return }
    if id1 == id { (id1, object1) = object == nil ? (nil, nil) : (id, object); return }
    if id2 == id { (id2, object2) = object == nil ? (nil, nil) : (id, object); return }
    if id3 == id { (id3, object3) = object == nil ? (nil, nil) : (id, object); return }
    if !overflow.isEmpty, let position = overflowPosition(of: id) {
      if let object {
        overflow[position].object = object
      } else {
        overflow.remove(at: position)
        rebuildIndex()
      }
      return
    }
    guard let object else { return }
    if id0 == nil {
      (id0, object0) = (id, object)
    } else if id1 == nil {
      (id1, object1) = (id, object)
    } else if id2 == nil {
      (id2, object2) = (id, object)
    } else if id3 == nil {
      (id3, object3) = (id, object)
    } else {
      // NB: room for twelve more at once: grown from empty, the array was allocated three times in
      // a graph sharing eight instances (server-flat, ~1,000 instructions a request).
      if overflow.isEmpty { overflow.reserveCapacity(12) }
      overflow.append(Element(id: id, object: object))
      if index != nil {
        index?[id] = overflow.count - 1
      } else if overflow.count > Self.indexThreshold {
        rebuildIndex()
      }
    }
  }

  @usableFromInline
  func overflowPosition(of id: RegistrationID) -> Int? {
    if let index { return index[id] }
    return overflow.firstIndex { $0.id == id }
  }

  mutating func rebuildIndex() {
    guard overflow.count > Self.indexThreshold else {
      index = nil
      return
    }
    index = Dictionary(uniqueKeysWithValues: overflow.indices.map { (overflow[$0].id, $0) })
  }
}
