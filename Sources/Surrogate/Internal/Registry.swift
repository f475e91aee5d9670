/// One container's registrations, guarded by the container's mutex.
///
/// Lookups hash only a ``TypeKey`` (two pointers); tags are then compared in a short list, so a
/// tagged lookup costs what an untagged one does until a type has many tags.
@usableFromInline
struct Registry: Sendable {
  /// Untagged entries, apart from the tagged ones so that the common lookup copies one reference.
  @usableFromInline private(set) var untagged: [TypeKey: Slot] = [:]
  @usableFromInline private(set) var tagged: [TaggedKey: Slot] = [:]

  /// An entry with what the hot path asks of it, read without calling its witnesses: a call
  /// through a witness makes Swift retain the entry around it, two atomic operations per lookup.
  ///
  /// NB: the hot path reads only `bits`, a plain integer, so that looking a slot up copies nothing
  /// that needs retaining; reading `entry` there retained the registration (measured on tagged
  /// lookups), a write to memory every resolving thread shares.
  @usableFromInline
  struct Slot: Sendable {
    @usableFromInline let entry: any Entry
    /// The entry's address, unretained (`entry` holds it), with the low bit set for a forwarding.
    @usableFromInline let bits: UInt
    @usableFromInline let producer: ErasedProducer?

    init(_ entry: any Entry) {
      self.entry = entry
      // NB: objects are at least 16-byte aligned, so the low bit of their address is free.
      self.bits = UInt(bitPattern: Unmanaged.passUnretained(entry as AnyObject).toOpaque()) | (entry.isForwarding ? 1 : 0)
      self.producer = entry.producer
    }

    @usableFromInline var isForwarding: Bool { bits & 1 != 0 }

    /// The entry, unretained.
    @inlinable @inline(__always)
    var object: Unmanaged<AnyObject> {
      Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits & ~1).unsafelyUnwrapped)
    }
  }
  /// How many tags each type key has, so that removing the last one is noticed.
  private var tagCounts: [TypeKey: Int] = [:]
  /// For auto-wiring: the argument lists each type is registered with.
  private(set) var argumentVariants: [ObjectIdentifier: [ObjectIdentifier: Any.Type]] = [:]
  private var nextSerial = 0

  mutating func makeSerial() -> Int {
    nextSerial += 1
    return nextSerial
  }

  /// The untagged entry under `key` as an unretained reference, for a caller that holds this
  /// registry (through a snapshot) for as long as it uses the entry: spares two atomic
  /// operations per lookup.
  ///
  /// Only registrations are returned: a forwarding answers `nil`, for the caller's general path.
  /// A registration under a key always has the key's instance and argument types.
  ///
  /// NB: the check is the entry's own witness, not a comparison with `Registration<T, Arguments>`:
  /// in unspecialized code (auto-wiring's parameter packs) naming that type instantiates its
  /// metadata, a hash-table lookup in the runtime, on every call.
  @inlinable @inline(__always)
  func unretainedUntagged(_ key: TypeKey) -> Unmanaged<AnyObject>? {
    guard let bits = untagged[key]?.bits, bits & 1 == 0 else { return nil }
    return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
  }

  /// The untagged entry's address under `key` with the low bit set for a forwarding (see
  /// ``Slot/bits``), or `nil` when nothing is stored there.
  @inlinable @inline(__always)
  func untaggedBits(_ key: TypeKey) -> UInt? {
    untagged[key]?.bits
  }

  /// Whether an untagged entry (a registration or a forwarding) is stored under `key`.
  @inlinable @inline(__always)
  func containsUntagged(_ key: TypeKey) -> Bool {
    untagged[key]?.bits != nil
  }

  /// The untagged registration under `key`, unretained, with its specialized producer; `nil` for a
  /// forwarding or a registration without one.
  ///
  /// NB: a struct, not a tuple: a tuple holding a closure, returned through a generic function
  /// such as `_withUnsafeGuaranteedRef` in unspecialized code (auto-wiring), is re-abstracted,
  /// which allocates a thunk per call (measured: 24 allocations per S2 graph).
  @inlinable @inline(__always)
  func unretainedProducer(_ key: TypeKey) -> FoundProducer? {
    guard let slot = untagged[key], let producer = slot.producer else { return nil }
    return FoundProducer(entry: slot.object, producer: producer)
  }

  /// A registration found unretained, with its specialized producer.
  @usableFromInline
  struct FoundProducer {
    @usableFromInline let entry: Unmanaged<AnyObject>
    @usableFromInline let producer: ErasedProducer

    @inlinable
    init(entry: Unmanaged<AnyObject>, producer: @escaping ErasedProducer) {
      self.entry = entry
      self.producer = producer
    }
  }

  /// The registration under the exact tag, else the untagged one, unretained (see
  /// `unretainedUntagged`); `nil` when the entry found is a forwarding.
  @inlinable @inline(__always)
  func unretainedEntry(_ key: TypeKey, tag: DefinitionTag?) -> Unmanaged<AnyObject>? {
    if let tag, let bits = tagged[TaggedKey(typeKey: key, tag: tag)]?.bits {
      return bits & 1 != 0 ? nil : Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
    }
    return unretainedUntagged(key)
  }

  func entry(for key: DefinitionKey) -> (any Entry)? {
    guard let tag = key.tag else { return untagged[key.typeKey]?.entry }
    return tagged[TaggedKey(typeKey: key.typeKey, tag: tag)]?.entry
  }

  /// The entry under the exact tag, else the untagged one: a single-container lookup in one step.
  @inline(__always)
  func entryOrUntagged(for key: DefinitionKey) -> (any Entry)? {
    if let tag = key.tag, let slot = tagged[TaggedKey(typeKey: key.typeKey, tag: tag)] { return slot.entry }
    return untagged[key.typeKey]?.entry
  }

  mutating func insert(_ entry: any Entry) {
    let key = entry.key
    set(entry, for: key)
    if key.hasArguments {
      argumentVariants[ObjectIdentifier(key.type), default: [:]][ObjectIdentifier(key.argumentsType)] = key.argumentsType
    }
  }

  private mutating func set(_ entry: (any Entry)?, for key: DefinitionKey) {
    if let tag = key.tag {
      let taggedKey = TaggedKey(typeKey: key.typeKey, tag: tag)
      let existed =
        if let entry { tagged.updateValue(Slot(entry), forKey: taggedKey) != nil } else {
          tagged.removeValue(forKey: taggedKey) != nil
        }
      let change = (entry != nil ? 1 : 0) - (existed ? 1 : 0)
      if change != 0 {
        let count = tagCounts[key.typeKey, default: 0] + change
        tagCounts[key.typeKey] = count == 0 ? nil : count
      }
    } else {
      untagged[key.typeKey] = entry.map(Slot.init)
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
    if key.hasArguments, untagged[key.typeKey] == nil, tagCounts[key.typeKey] == nil {
      argumentVariants[ObjectIdentifier(key.type)]?[ObjectIdentifier(key.argumentsType)] = nil
    }
    return true
  }

  mutating func removeAll() {
    untagged = [:]
    tagged = [:]
    tagCounts = [:]
    argumentVariants = [:]
  }

  var entries: [any Entry] { untagged.values.map(\.entry) + tagged.values.map(\.entry) }
}

/// A type key and a tag: the key of a tagged definition.
@usableFromInline
struct TaggedKey: Hashable, Sendable {
  @usableFromInline let typeKey: TypeKey
  @usableFromInline let tag: DefinitionTag

  @usableFromInline
  init(typeKey: TypeKey, tag: DefinitionTag) {
    self.typeKey = typeKey
    self.tag = tag
  }

  /// NB: a tag hashes with a short FNV-1a over a string tag's UTF-8 (tags are short literals) or
  /// an integer's bits, not with SipHash; the dictionary's per-instance seed is mixed in.
  @usableFromInline
  func _rawHashValue(seed: Int) -> Int {
    typeKey._rawHashValue(seed: seed ^ tag.cheapHash)
  }
}
