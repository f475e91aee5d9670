// INVARIANT: a `Storage` owns `control` and `buckets` (allocated in `init`, freed in `deinit`);
// bucket `i` is initialized exactly when `control[i] != 0`. A table is written only through a
// registry under its container's `registry` mutex, and only storage no snapshot has ever held
// (`makeUnique`: `isShared`, set under that mutex when a snapshot is made, and never cleared): so
// readers of a snapshot, which they took under that mutex, read it without the lock (see
// Container.swift, snapshot reading), and no write depends on the order of their releases.
// `bits(at:)` returns an entry's address unretained: valid while the table is held (`bits(of:)`,
// while the registry that keeps the entry outside a table is). `count` is
// `@exclusivity(unchecked)` for the same reason (written under that mutex only). A tagged
// bucket's tag is never `nil` (only tagged keys go in the tagged table), so its hash reads it
// with `unsafelyUnwrapped`.

/// A hash table of registry entries: a control byte and a small bucket per entry, where a
/// `Dictionary` of key and slot took 80 bytes per bucket and grew at 75% load.
///
/// Open addressing with linear probing, at most 80% full. A control byte is 0 for an empty
/// bucket, else `0x80`, a flag for a forwarding (`0x40`) and six bits of the entry's hash, so
/// that a probe compares a key only when those bits match. A bucket keeps what a lookup compares
/// (the type key, and the tag in the tagged table) next to the entry: comparing through the
/// entry's protocol would copy the existential, a retain and release of the registration per
/// lookup. Removal shifts the entries after the hole back (no tombstones). Copy on write, like
/// the `Dictionary` it replaces: a registry copied into a snapshot shares the storage until the
/// next write.
///
/// ```swift
/// var table = EntryTable<UntaggedBucket>()
/// table.insert(UntaggedBucket(entry, key: key), hash: Registry.hash(typeKey))
/// let index = table.find(hash: Registry.hash(typeKey)) { $0.typeKey == typeKey }
/// ```
@usableFromInline
struct EntryTable<Bucket: EntryBucket>: Sendable {
  /// The buckets; `nil` until the first insert.
  ///
  /// NB: a table made empty allocates nothing: a scope's container (its registry's two tables, made
  /// again empty when it ends) allocated and freed four storages of eight buckets a request,
  /// about 2,900 instructions of a scope's ~45,000 (server-scope, callgrind).
  @usableFromInline var storage: Storage?

  init() { storage = nil }

  @usableFromInline var count: Int { storage?.count ?? 0 }

  /// The index of the bucket for which `matches` is true, probing from `hash`.
  @inlinable @inline(__always)
  func find(hash: Int, _ matches: (borrowing Bucket) -> Bool) -> Int? {
    storage?.find(hash: hash, matches)
  }

  /// The bucket at `index` (from ``find(hash:_:)``).
  @inlinable @inline(__always)
  func bucket(at index: Int) -> Bucket { storage!.buckets[index] }

  /// The entry's address at `index` with the low bit set for a forwarding, unretained (the
  /// table holds the entry): objects are at least 16-byte aligned, so the low bit is free.
  @inlinable @inline(__always)
  func bits(at index: Int) -> UInt {
    let storage = storage!
    let address = UInt(bitPattern: Unmanaged.passUnretained(storage.buckets[index].entry as AnyObject).toOpaque())
    return address | (storage.control[index] & Storage.forwardingFlag != 0 ? 1 : 0)
  }

  /// The bits ``bits(at:)`` gives `entry` when it is kept outside any table (a registry's sole
  /// entry, `Registry.soleEntry`): its address, unretained, with the low bit set for a forwarding.
  /// Valid while its holder keeps the entry.
  static func bits(of entry: any Entry) -> UInt {
    UInt(bitPattern: Unmanaged.passUnretained(entry as AnyObject).toOpaque()) | (entry.isForwarding ? 1 : 0)
  }

  /// Stores `bucket`, whose key must not be stored yet, under `hash`.
  mutating func insert(_ bucket: Bucket, hash: Int) {
    makeUnique(growingFor: count + 1).insert(bucket, hash: hash)
  }

  /// Replaces the bucket at `index` with one of the same key.
  mutating func replace(at index: Int, with bucket: Bucket) {
    let storage = makeUnique(growingFor: count)
    storage.buckets[index] = bucket
    storage.control[index] = Storage.control(hash: bucket.hash, isForwarding: bucket.entry.isForwarding)
  }

  /// Removes the bucket at `index`.
  mutating func remove(at index: Int) {
    makeUnique(growingFor: count).remove(at: index)
  }

  /// Marks the storage as held by a snapshot: a later write copies it (see ``Storage/isShared``).
  func share() { storage?.isShared = true }

  /// Every stored entry, in no particular order.
  var entries: [any Entry] {
    var result: [any Entry] = []
    guard let storage else { return result }
    result.reserveCapacity(count)
    for index in 0..<storage.capacity where storage.control[index] != 0 { result.append(storage.buckets[index].entry) }
    return result
  }

  /// Gives this table storage of its own (a snapshot may share it), with room for `count`
  /// entries at most 80% full, and returns it.
  private mutating func makeUnique(growingFor count: Int) -> Storage {
    guard let capacity = storage?.capacity else {
      let made = Storage(capacity: 8)
      storage = made
      return made
    }
    let needed = count * 5 > capacity * 4 ? capacity * 2 : capacity
    let isUnique = !storage!.isShared && isKnownUniquelyReferenced(&storage)
    if needed == capacity, isUnique { return storage! }
    let made = isUnique ? storage!.moving(capacity: needed) : storage!.copy(capacity: needed)
    storage = made
    return made
  }

  /// The buckets.
  ///
  /// NB: `@unchecked Sendable` because it holds raw pointers: a table is written only through a
  /// registry inside its container's `registry` mutex, and storage that a snapshot shares is never
  /// written again (a write copies it first, see `makeUnique`), so every thread reads it after
  /// that mutex published it.
  @usableFromInline
  final class Storage: @unchecked Sendable {  // written only under the registry mutex (see above)
    @usableFromInline let capacity: Int
    @usableFromInline let control: UnsafeMutablePointer<UInt8>
    @usableFromInline let buckets: UnsafeMutablePointer<Bucket>
    // NB: written only under the registry's mutex (see above): no dynamic exclusivity checks.
    @usableFromInline @exclusivity(unchecked) var count = 0
    /// Whether a snapshot has held this storage: then it is never written again.
    ///
    /// NB: not the reference count alone. A reader's last lookup and a later write in place of
    /// storage whose snapshot the reader has released were ordered only by that count, kept by the
    /// Swift runtime, which ThreadSanitizer does not see: it reported a data race (CI, the
    /// multi-binding stress test). Read and written under the registry's mutex only.
    @exclusivity(unchecked) var isShared = false

    /// See ``EntryTable/find(hash:_:)``. NB: a method of the storage, which borrows it: binding
    /// the table's optional storage to a local retained and released it at every lookup.
    @inlinable @inline(__always)
    func find(hash: Int, _ matches: (borrowing Bucket) -> Bool) -> Int? {
      let mask = capacity &- 1
      let fingerprint = Self.fingerprint(hash)
      var index = hash & mask
      while true {
        let byte = control[index]
        if byte == 0 { return nil }
        if byte & Self.fingerprintMask == fingerprint, matches(buckets[index]) { return index }
        index = (index &+ 1) & mask
      }
    }

    @usableFromInline static var occupied: UInt8 { 0x80 }
    @usableFromInline static var forwardingFlag: UInt8 { 0x40 }
    @usableFromInline static var fingerprintMask: UInt8 { 0xBF }

    init(capacity: Int) {
      self.capacity = capacity
      control = .allocate(capacity: capacity)
      control.initialize(repeating: 0, count: capacity)
      buckets = .allocate(capacity: capacity)
    }

    deinit {
      for index in 0..<capacity where control[index] != 0 { (buckets + index).deinitialize(count: 1) }
      control.deallocate()
      buckets.deallocate()
    }

    /// The control bits a lookup compares: occupied, and six bits of the hash.
    @inlinable @inline(__always)
    static func fingerprint(_ hash: Int) -> UInt8 { occupied | (UInt8(truncatingIfNeeded: hash &>> 58) & 0x3F) }

    static func control(hash: Int, isForwarding: Bool) -> UInt8 {
      fingerprint(hash) | (isForwarding ? forwardingFlag : 0)
    }

    func insert(_ bucket: Bucket, hash: Int) {
      let mask = capacity - 1
      var index = hash & mask
      while control[index] != 0 { index = (index + 1) & mask }
      control[index] = Self.control(hash: hash, isForwarding: bucket.entry.isForwarding)
      (buckets + index).initialize(to: bucket)
      count += 1
    }

    /// Empties bucket `hole`, then moves back each following bucket whose probe sequence passes
    /// through the hole, so that every entry stays reachable from its home bucket.
    func remove(at hole: Int) {
      let mask = capacity - 1
      (buckets + hole).deinitialize(count: 1)
      control[hole] = 0
      count -= 1
      var hole = hole
      var index = (hole + 1) & mask
      while control[index] != 0 {
        let home = buckets[index].hash & mask
        // The bucket may move into the hole when the hole lies between its home and its place.
        if (index - home) & mask >= (index - hole) & mask {
          (buckets + hole).moveInitialize(from: buckets + index, count: 1)
          control[hole] = control[index]
          control[index] = 0
          hole = index
        }
        index = (index + 1) & mask
      }
    }

    /// A larger storage with the buckets moved into it, leaving this one empty: growth of a table
    /// no snapshot shares retains and releases nothing.
    func moving(capacity newCapacity: Int) -> Storage {
      let moved = Storage(capacity: newCapacity)
      for index in 0..<capacity where control[index] != 0 {
        let bucket = (buckets + index).move()
        control[index] = 0
        moved.insert(bucket, hash: bucket.hash)
      }
      count = 0
      return moved
    }

    func copy(capacity newCapacity: Int) -> Storage {
      let copy = Storage(capacity: newCapacity)
      if newCapacity == capacity {
        copy.control.update(from: control, count: capacity)
        for index in 0..<capacity where control[index] != 0 { (copy.buckets + index).initialize(to: buckets[index]) }
        copy.count = count
        return copy
      }
      // NB: the control byte keeps six bits of the hash, not enough to place a bucket in a larger
      // table: its hash is recomputed from its key.
      for index in 0..<capacity where control[index] != 0 { copy.insert(buckets[index], hash: buckets[index].hash) }
      return copy
    }
  }
}

/// What an ``EntryTable`` stores per entry: the entry, and the key fields a lookup compares.
@usableFromInline
protocol EntryBucket: Sendable {
  var entry: any Entry { get }
  /// The hash the bucket is stored under, from its key.
  var hash: Int { get }
}

/// A bucket of the untagged table: the type key, the specialized producer (for auto-wiring's
/// erased path) and the entry.
@usableFromInline
struct UntaggedBucket: EntryBucket {
  @usableFromInline let typeKey: TypeKey
  @usableFromInline let producer: ErasedProducer?
  @usableFromInline let entry: any Entry

  init(_ entry: any Entry, key: DefinitionKey) {
    typeKey = key.typeKey
    producer = entry.producer
    self.entry = entry
  }

  @usableFromInline var hash: Int { Registry.hash(typeKey) }
}

/// A bucket of the tagged table: the type key, the tag and the entry.
@usableFromInline
struct TaggedBucket: EntryBucket {
  @usableFromInline let typeKey: TypeKey
  @usableFromInline let tag: TagSlot
  @usableFromInline let entry: any Entry

  init(_ entry: any Entry, key: DefinitionKey) {
    typeKey = key.typeKey
    tag = key.tagSlot
    self.entry = entry
  }

  @usableFromInline var hash: Int { Registry.hash(typeKey, tag: tag.tag.unsafelyUnwrapped) }
}
