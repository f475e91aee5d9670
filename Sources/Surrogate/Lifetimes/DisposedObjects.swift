/// The objects a run of disposals has disposed, so that an object two definitions handed out is
/// disposed once.
///
/// NB: a list while it is short, a set past that: most runs (a scope's end) dispose a handful of
/// instances, and the set's allocation and hashing cost a scope with three disposals about 1,000
/// instructions of its end (scope-end-disposals); a container's shutdown may dispose thousands.
struct DisposedObjects {
  private var few: [ObjectIdentifier] = []
  private var many: Set<ObjectIdentifier>?

  init(expected count: Int) {
    if count > 16 { many = Set(minimumCapacity: count) } else { few.reserveCapacity(count) }
  }

  /// Adds `object`; `false` when it was there already.
  mutating func insert(_ object: ObjectIdentifier) -> Bool {
    if many != nil { return many!.insert(object).inserted }
    if few.contains(object) { return false }
    few.append(object)
    return true
  }
}
