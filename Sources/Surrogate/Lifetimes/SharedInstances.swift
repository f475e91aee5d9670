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

  @usableFromInline var first: Element?
  @usableFromInline var second: Element?
  @usableFromInline var third: Element?
  @usableFromInline var fourth: Element?
  @usableFromInline var overflow: ContiguousArray<Element> = []
  @usableFromInline var index: [RegistrationID: Int]?

  @usableFromInline static var indexThreshold: Int { 16 }

  @inlinable init() {}

  /// The instance kept for `id`; setting `nil` forgets it.
  @inlinable
  subscript(id: RegistrationID) -> AnyObject? {
    get {
      if let first, first.id == id { return first.object }
      if let second, second.id == id { return second.object }
      if let third, third.id == id { return third.object }
      if let fourth, fourth.id == id { return fourth.object }
      if overflow.isEmpty { return nil }
      return overflowPosition(of: id).map { overflow[$0].object }
    }
    set { set(newValue, for: id) }
  }

  @usableFromInline
  mutating func set(_ object: AnyObject?, for id: RegistrationID) {
    // An existing element is replaced or removed in place.
    if first?.id == id { first = object.map { Element(id: id, object: $0) }; return }
    if second?.id == id { second = object.map { Element(id: id, object: $0) }; return }
    if third?.id == id { third = object.map { Element(id: id, object: $0) }; return }
    if fourth?.id == id { fourth = object.map { Element(id: id, object: $0) }; return }
    if let position = overflowPosition(of: id) {
      if let object {
        overflow[position].object = object
      } else {
        overflow.remove(at: position)
        rebuildIndex()
      }
      return
    }
    guard let object else { return }
    let element = Element(id: id, object: object)
    if first == nil {
      first = element
    } else if second == nil {
      second = element
    } else if third == nil {
      third = element
    } else if fourth == nil {
      fourth = element
    } else {
      // NB: room for twelve more at once: grown from empty, the array was allocated three times in
      // a graph sharing eight instances (server-flat, ~1,000 instructions a request).
      if overflow.isEmpty { overflow.reserveCapacity(12) }
      overflow.append(element)
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
