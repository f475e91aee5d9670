extension Registration {
  /// The dynamic type of `instance`, as auto-injection and disposal compare it (see
  /// ``InstanceType``): with no look at the instance once this registration is known to make a
  /// value type.
  ///
  /// ```swift
  /// if injectionWord.isMarked(ObjectIdentifier(dynamicType(of: instance)).address) { return nil }
  /// ```
  ///
  /// NB: a value type is learned from its first instance, not asked: the first instance whose
  /// dynamic type is `Instance` itself publishes `Instance`'s auto-injection mark (``injectionWord``,
  /// "needs no plan", which a value type never needs), and the mark of `Instance` answers every
  /// later instance with no look at it. Only a value type's instance has the type it is made as for
  /// its dynamic type: a class is handled first, and an existential's instance is always of the
  /// type it holds, never the existential. (A class's metatype, once marked, answers its static
  /// type for a subclass's too, as the hand-read layout always did: it is never an object or
  /// ``Disposable``, so nothing differs.) Without it, `type(of: instance as Any)`
  /// cost a value about 470 instructions an instance (a `RequestInfo` with a `String`, callgrind).
  @inlinable @inline(__always)
  func dynamicType(of instance: Instance) -> Any.Type {
    if Instance.self is AnyObject.Type { return type(of: trustedObject(instance)) }
    let instanceType = ObjectIdentifier(Instance.self).address
    if injectionWord.isMarked(instanceType) { return Instance.self }
    let type = type(of: instance as Any)
    if ObjectIdentifier(type).address == instanceType { injectionWord.publish(nil, orMark: instanceType) }
    return type
  }

  /// The object `instance` is or holds, or `nil` for a value (see ``InstanceType/object(of:)``).
  ///
  /// ```swift
  /// guard let object = object(of: instance) else { return }
  /// ```
  @inlinable @inline(__always)
  func object(of instance: Instance) -> AnyObject? {
    InstanceType.object(of: instance)
  }
}
