// INVARIANT: see Container.swift (snapshot reading). The entries and entry bits returned here are
// unretained: use them only while the registry they came from is held, through a retained snapshot
// (a read section holds one). Bit 0 of an entry's address marks a
// forwarding (objects are at least 16-byte aligned); `soleBits` holds the bits of `soleEntry`, which
// the registry retains.

/// One container's registrations, guarded by the container's mutex.
///
/// Untagged definitions are found by their ``TypeKey`` (two pointers), tagged ones by the type
/// key and the tag, each in an ``EntryTable`` of its own.
@usableFromInline
struct Registry: Sendable {
  /// Untagged entries, apart from the tagged ones so that the common lookup compares no tag.
  ///
  /// NB: ``EntryTable``s of 49- and 57-byte buckets at most 80% full; `Dictionary`s of key and
  /// slot took 80 bytes per bucket at most 75% full (a registry of 100,000 tagged definitions
  /// spent 210 of its 421 bytes per definition there).
  @usableFromInline private(set) var untagged = EntryTable<UntaggedBucket>()
  /// The key of the only untagged entry of a registry whose table is empty, kept in place
  /// (``soleEntry``, at ``soleIndex``): a scope that registers its request's value allocates no
  /// table; `nil` when there is none.
  ///
  /// NB: a scope's container registers a value or two; the table's storage took three
  /// allocations to make and three frees to end, and each lookup through the scope hashed and
  /// probed it (issue #36). When a second untagged entry comes, both go in the table. The key and
  /// the bits are plain values that a lookup compares and reads without copying the entry; an
  /// optional bucket (in this registry, or in ``EntryTable``) made every registry's lookups
  /// dearer: its fields loaded up front, or copied, or the registry copied to the stack for an
  /// out-of-line test (server-flat, callgrind: 150 to 400 instructions a request).
  @usableFromInline private(set) var soleKey: TypeKey?
  /// The entry under ``soleKey``.
  @usableFromInline private(set) var soleEntry: (any Entry)?
  /// ``soleEntry``'s address with the low bit set for a forwarding (see ``untaggedBits(_:)``).
  @usableFromInline private(set) var soleBits: UInt = 0
  @usableFromInline private(set) var tagged = EntryTable<TaggedBucket>()

  private var nextSerial = 0
  /// Whether a definition whose instances the container keeps (a singleton or a custom scope) was
  /// ever registered here (see ``Container/joinParentIfNeeded()``).
  private(set) var keepsInstances = false
  /// Whether `bootstrap()` froze the definitions, and what was turned away since.
  private(set) var freeze = RegistryFreeze()
  /// What only some registries use (tags, runtime arguments, contributions, scope provisions,
  /// ineffective changes): empty, or one element that holds them.
  ///
  /// NB: one copy-on-write reference instead of five: a snapshot copies the registry, retaining
  /// each of its references, and releases them when it goes; a scope's or a child's container,
  /// which registers a value or two, paid that for every collection it never used.
  private var rare: [RareParts] = []

  /// The parts of ``rare``.
  private struct RareParts: Sendable {
    var tagCounts: [TypeKey: Int] = [:]
    var argumentVariants: [ObjectIdentifier: [ObjectIdentifier: Any.Type]] = [:]
    var contributions = Contributions()
    var scopeProvisions: [DefinitionKey: ScopeProvision] = [:]
    var ineffectiveChanges: [IneffectiveChange] = []
    /// The entries that may need `await` (``Entry/mayNeedAwait``), by key.
    var mayAwait: [DefinitionKey: any Entry] = [:]
    /// The keys the registry had when its container was shut down (see ``endForShutdown(keepingKeys:)``).
    var keysAtShutdown: Set<DefinitionKey> = []
  }

  /// ``rare``'s element, made on first write.
  private var rareParts: RareParts {
    get { rare.first ?? RareParts() }
    _modify {
      if rare.isEmpty { rare.append(RareParts()) }
      yield &rare[0]
    }
  }

  /// How many tags each type key has, so that removing the last one is noticed.
  private var tagCounts: [TypeKey: Int] {
    get { rareParts.tagCounts }
    _modify { yield &rareParts.tagCounts }
  }
  /// For auto-wiring: the argument lists each type is registered with.
  private(set) var argumentVariants: [ObjectIdentifier: [ObjectIdentifier: Any.Type]] {
    get { rareParts.argumentVariants }
    _modify { yield &rareParts.argumentVariants }
  }
  /// The members this container contributed to collections (see `register(into:)`).
  var contributions: Contributions {
    get { rareParts.contributions }
    _modify { yield &rareParts.contributions }
  }
  /// The types declared provided by each scope (see `declareScopeProvided(_:tag:)`).
  var scopeProvisions: [DefinitionKey: ScopeProvision] {
    get { rareParts.scopeProvisions }
    _modify { yield &rareParts.scopeProvisions }
  }
  /// Changes that did nothing, oldest first (see ``IneffectiveChange``).
  private(set) var ineffectiveChanges: [IneffectiveChange] {
    get { rareParts.ineffectiveChanges }
    _modify { yield &rareParts.ineffectiveChanges }
  }

  /// Freezes the definitions: from now on ``admits(_:)`` turns changes away.
  mutating func freezeDefinitions() { freeze.freeze() }

  /// Empties a container that is shut down and turns every later change away.
  /// With `keepingKeys`, it remembers the keys it had, for ``hadAtShutdown(_:)``.
  ///
  /// NB: not for a scope's container (nothing else resolves through one): making the set cost
  /// every scope's end about 2,400 instructions (server-scope, callgrind).
  mutating func endForShutdown(keepingKeys: Bool) {
    let keys = keepingKeys ? Set(entries.map(\.key)) : []
    removeAll()
    freeze.freezeForShutdown()
    if !keys.isEmpty { rareParts.keysAtShutdown = keys }
  }

  /// Whether the registry had a definition for `key`, or for its type untagged, when its
  /// container was shut down: what a request for it meets is the shutdown, not a missing
  /// registration.
  func hadAtShutdown(_ key: DefinitionKey) -> Bool {
    guard let keys = rare.first?.keysAtShutdown, !keys.isEmpty else { return false }
    return keys.contains(key) || keys.contains(key.with(tag: nil))
  }

  /// Whether `change` may be applied: not once the container is bootstrapped, and then it is
  /// noted for ``Container/rejectedChanges``.
  mutating func admits(_ change: @autoclosure () -> RejectedChange) -> Bool {
    freeze.admits(change())
  }

  /// Keeps `change` for ``Container/validate()``, once.
  mutating func noteIneffective(_ change: IneffectiveChange) {
    if !ineffectiveChanges.contains(change) { ineffectiveChanges.append(change) }
  }

  mutating func makeSerial() -> Int {
    nextSerial += 1
    return nextSerial
  }

  // MARK: - Hashing

  /// The hash of an untagged key: two pointers mixed (see ``TypeKey/_rawHashValue(seed:)``).
  @inlinable @inline(__always)
  static func hash(_ typeKey: TypeKey) -> Int { typeKey._rawHashValue(seed: 0) }

  /// The hash of a tagged key: the type key's, seeded with the tag's ``DefinitionTag/cheapHash``.
  @inlinable @inline(__always)
  static func hash(_ typeKey: TypeKey, tag: DefinitionTag) -> Int {
    typeKey._rawHashValue(seed: tag.cheapHash)
  }

  /// The hash a key is stored under, in the table its tag picks.
  static func hash(of key: DefinitionKey) -> Int {
    guard let tag = key.tag else { return hash(key.typeKey) }
    return hash(key.typeKey, tag: tag)
  }

  // MARK: - The hot path

  /// The index ``untaggedIndex(_:)`` gives ``soleEntry``.
  @usableFromInline static var soleIndex: Int { -1 }

  /// The bucket of the untagged entry under `key`, or ``soleIndex``.
  @inlinable @inline(__always)
  func untaggedIndex(_ key: TypeKey) -> Int? {
    // NB: the table first: a registry with a table has no sole entry, and a hit there (every
    // lookup of a flat graph) tests nothing more.
    if let index = untagged.find(hash: Self.hash(key), { $0.typeKey == key }) { return index }
    return soleKey == key ? Self.soleIndex : nil
  }

  /// The entry's address at `index` (from ``untaggedIndex(_:)``) with the low bit set for a
  /// forwarding, unretained (see `EntryTable.bits(at:)`).
  @inlinable @inline(__always)
  func untaggedBits(at index: Int) -> UInt {
    index == Self.soleIndex ? soleBits : untagged.bits(at: index)
  }

  /// The untagged entry at `index` (from ``untaggedIndex(_:)``).
  func untaggedEntry(at index: Int) -> any Entry {
    index == Self.soleIndex ? soleEntry! : untagged.bucket(at: index).entry
  }

  /// Keeps `entry`, under `key`, as ``soleEntry``, or none with `nil`.
  private mutating func setSole(_ entry: (any Entry)?, key: TypeKey?) {
    soleKey = entry == nil ? nil : key
    soleBits =
      entry.map { EntryTable<UntaggedBucket>.bits(of: $0) }
      ?? 0
    soleEntry = entry
  }

  /// The untagged entry's address under `key` with the low bit set for a forwarding, or `nil`
  /// when nothing is stored there: the hot path reads this plain integer, so that a lookup
  /// retains nothing (objects are at least 16-byte aligned, so the low bit is free).
  ///
  /// A hot path reads it through ``RegistrySnapshot/untaggedBits(_:)``, which tests the sole
  /// entry out of line.
  @inlinable @inline(__always)
  func untaggedBits(_ key: TypeKey) -> UInt? {
    tableBits(key) ?? soleBits(matching: key)
  }

  /// ``untaggedBits(_:)`` with the key's hash (`Registry.hash(_:)`) computed by the
  /// caller: a lookup that probes two registries for one key hashes it once.
  @inlinable @inline(__always)
  func untaggedBits(_ key: TypeKey, hash: Int) -> UInt? {
    tableBits(key, hash: hash) ?? soleBits(matching: key)
  }

  /// ``untaggedBits(_:)`` from the table only, not ``soleEntry``.
  @inlinable @inline(__always)
  func tableBits(_ key: TypeKey) -> UInt? {
    tableBits(key, hash: Self.hash(key))
  }

  /// ``untaggedBits(_:hash:)`` from the table only, not ``soleEntry``.
  @inlinable @inline(__always)
  func tableBits(_ key: TypeKey, hash: Int) -> UInt? {
    guard let index = untagged.find(hash: hash, { $0.typeKey == key }) else { return nil }
    return untagged.bits(at: index)
  }

  /// ``soleBits`` when ``soleEntry`` is stored under `key`, else `nil`.
  @inlinable @inline(__always)
  func soleBits(matching key: TypeKey) -> UInt? {
    soleKey == key ? soleBits : nil
  }

  /// The bits of the entry under exactly `key` and `tag` in the tagged table, if any.
  @inlinable @inline(__always)
  func taggedBits(_ key: TypeKey, tag: DefinitionTag) -> UInt? {
    guard let index = tagged.find(hash: Self.hash(key, tag: tag), { $0.typeKey == key && $0.tag.matches(tag) }) else {
      return nil
    }
    return tagged.bits(at: index)
  }

  /// Whether an untagged entry (a registration or a forwarding) is stored under `key`.
  @inlinable @inline(__always)
  func containsUntagged(_ key: TypeKey) -> Bool {
    untaggedIndex(key) != nil
  }

  /// The untagged entry under `key` as an unretained reference, for a caller that holds this
  /// registry (through a snapshot) for as long as it uses the entry: spares two atomic
  /// operations per lookup.
  ///
  /// Only registrations are returned: a forwarding answers `nil`, for the caller's general path.
  /// A registration under a key always has the key's instance and argument types.
  @inlinable @inline(__always)
  func unretainedUntagged(_ key: TypeKey) -> Unretained<AnyObject>? {
    guard let bits = untaggedBits(key), bits & 1 == 0 else { return nil }
    return Self.entry(bits: bits)
  }

  /// The entry whose address `bits` (from ``untaggedBits(_:)`` or `EntryTable.bits(at:)`) holds,
  /// unretained.
  @inlinable @inline(__always)
  static func entry(bits: UInt) -> Unretained<AnyObject> {
    Unretained(address: bits & ~1)
  }

  /// The untagged registration under `key`, unretained, with its specialized producer; `nil` for a
  /// forwarding or a registration without one.
  ///
  /// NB: a struct, not a tuple: a tuple holding a closure, returned through a generic function
  /// such as `_withUnsafeGuaranteedRef` in unspecialized code (auto-wiring), is re-abstracted,
  /// which allocates a thunk per call (measured: 24 allocations per S2 graph).
  @inlinable @inline(__always)
  func unretainedProducer(_ key: TypeKey) -> FoundProducer? {
    guard let index = untaggedIndex(key) else { return nil }
    if index == Self.soleIndex {
      guard let producer = soleEntry!.producer else { return nil }
      return FoundProducer(entry: Self.entry(bits: soleBits), producer: producer)
    }
    guard let producer = untagged.storage!.buckets[index].producer else { return nil }
    return FoundProducer(entry: Self.entry(bits: untagged.bits(at: index)), producer: producer)
  }

  /// A registration found unretained, with its specialized producer.
  @usableFromInline
  struct FoundProducer {
    @usableFromInline let entry: Unretained<AnyObject>
    @usableFromInline let producer: ErasedProducer

    @inlinable
    init(entry: Unretained<AnyObject>, producer: @escaping ErasedProducer) {
      self.entry = entry
      self.producer = producer
    }
  }

  /// The registration under the exact tag, else the untagged one, unretained (see
  /// `unretainedUntagged`); `nil` when the entry found is a forwarding.
  @inlinable @inline(__always)
  func unretainedEntry(_ key: TypeKey, tag: DefinitionTag?) -> Unretained<AnyObject>? {
    if let tag, let bits = taggedBits(key, tag: tag) {
      return bits & 1 != 0 ? nil : Self.entry(bits: bits)
    }
    return unretainedUntagged(key)
  }

  /// Whether an entry may be stored under exactly `key`: `false`, after a count or one comparison,
  /// for a key that a registry of a value or two and no tag (a scope's, a child's) lacks.
  ///
  /// ```swift
  /// if snapshot.registry.mayHold(key), let entry = snapshot.entry(for: key) { return entry }
  /// ```
  @inlinable @inline(__always)
  func mayHold(_ key: DefinitionKey) -> Bool {
    if key.isTagged { return tagged.count != 0 }
    return untagged.count != 0 || soleKey == key.typeKey
  }

  // MARK: - The general path

  private func index(of key: DefinitionKey) -> Int? {
    let typeKey = key.typeKey
    guard let tag = key.tag else { return untaggedIndex(typeKey) }
    // NB: no tag hashed for an empty table: a scope's graph looks a decorated definition's hidden
    // tag up in the scope's registry, which has no tagged entry, before the app's.
    guard tagged.count != 0 else { return nil }
    return tagged.find(hash: Self.hash(typeKey, tag: tag)) { $0.typeKey == typeKey && $0.tag.matches(tag) }
  }

  func entry(for key: DefinitionKey) -> (any Entry)? {
    guard let index = index(of: key) else { return nil }
    return key.isTagged ? tagged.bucket(at: index).entry : untaggedEntry(at: index)
  }

  /// The entry under the exact tag, else the untagged one: a single-container lookup in one step.
  @inline(__always)
  func entryOrUntagged(for key: DefinitionKey) -> (any Entry)? {
    if key.isTagged, let entry = entry(for: key) { return entry }
    return untaggedIndex(key.typeKey).map { untaggedEntry(at: $0) }
  }

  mutating func insert(_ entry: any Entry) {
    let key = entry.key
    set(entry, for: key)
    if key.hasArguments {
      argumentVariants[ObjectIdentifier(key.type), default: [:]][ObjectIdentifier(key.argumentsType)] =
        key.argumentsType
    }
  }

  private mutating func set(_ entry: (any Entry)?, for key: DefinitionKey) {
    let existing = index(of: key)
    switch (entry, existing) {
    case (let entry?, let index?):
      if key.isTagged {
        tagged.replace(at: index, with: TaggedBucket(entry, key: key))
      } else if index == Self.soleIndex {
        setSole(entry, key: key.typeKey)
      } else {
        untagged.replace(at: index, with: UntaggedBucket(entry, key: key))
      }
    case (let entry?, nil):
      if key.isTagged {
        tagged.insert(TaggedBucket(entry, key: key), hash: Self.hash(of: key))
      } else if soleEntry == nil, untagged.count == 0 {
        setSole(entry, key: key.typeKey)
      } else {
        // The second untagged entry: the sole one goes in the table first.
        if let sole = soleEntry {
          untagged.insert(UntaggedBucket(sole, key: sole.key), hash: Self.hash(of: sole.key))
          setSole(nil, key: nil)
        }
        untagged.insert(UntaggedBucket(entry, key: key), hash: Self.hash(of: key))
      }
    case (nil, let index?):
      if key.isTagged {
        tagged.remove(at: index)
      } else if index == Self.soleIndex {
        setSole(nil, key: nil)
      } else {
        untagged.remove(at: index)
      }
    case (nil, nil):
      break
    }
    if !keepsInstances, entry?.keepsInstances == true { keepsInstances = true }
    if entry?.mayNeedAwait == true {
      rareParts.mayAwait[key] = entry
    } else if rare.first?.mayAwait[key] != nil {
      rareParts.mayAwait[key] = nil
    }
    let change = (entry != nil ? 1 : 0) - (existing != nil ? 1 : 0)
    if key.isTagged, change != 0 {
      let count = tagCounts[key.typeKey, default: 0] + change
      tagCounts[key.typeKey] = count == 0 ? nil : count
    }
  }

  /// Replaces the entry at `key` if it is still the one with `id`.
  mutating func update(_ key: DefinitionKey, id: RegistrationID, _ transform: (any Entry) -> (any Entry)?) {
    guard let current = entry(for: key), current.id == id, let updated = transform(current) else { return }
    set(updated, for: key)
  }

  /// Removes the entry at `key` if it has `id`; returns whether it did.
  @discardableResult
  mutating func remove(_ key: DefinitionKey, id: RegistrationID) -> Bool {
    guard let current = entry(for: key), current.id == id else { return false }
    set(nil, for: key)
    if key.hasArguments, untaggedIndex(key.typeKey) == nil, tagCounts[key.typeKey] == nil {
      argumentVariants[ObjectIdentifier(key.type)]?[ObjectIdentifier(key.argumentsType)] = nil
    }
    return true
  }

  mutating func removeAll() {
    untagged = EntryTable()
    setSole(nil, key: nil)
    tagged = EntryTable()
    rare = []
    freeze = RegistryFreeze()
  }

  /// Whether a synchronous resolution can make whatever this registry holds, now: no entry needs an
  /// `async` or main-actor factory or block, but a strong singleton already made.
  var awaitsNothingNow: Bool {
    guard let awaiting = rare.first?.mayAwait, !awaiting.isEmpty else { return true }
    return awaiting.values.allSatisfy { !$0.needsAwaitNow }
  }

  var entries: [any Entry] { (soleEntry.map { [$0] } ?? []) + untagged.entries + tagged.entries }
}
