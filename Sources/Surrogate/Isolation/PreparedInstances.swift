/// The `.unique` instances an async resolution made for the runs of one synchronous factory or
/// block (see ``Graph/replaying(remaking:_:)``), by definition, and which of them the current run
/// took.
///
/// The n-th request of a definition in a run takes the n-th instance made for it: a factory that
/// asks twice for an `async` definition gets two instances, the second made after the run that
/// took the first stopped at the second request. A run that is abandoned gives back what it took,
/// since the next run asks again in the same order; unless what it took is kept anyway (a
/// `.shared` instance of that run holds it, or the body does not start again), and then the next
/// run does not ask for it again.
///
/// ```swift
/// var prepared = PreparedInstances()
/// prepared.append(first, for: id)
/// prepared.take(for: id, takenBy: { nil })?.instance  // first; the next request finds none
/// ```
struct PreparedInstances {
  /// The instances made for one definition.
  private struct Queue {
    /// Oldest first.
    var instances: [Any] = []
    /// The holder of each request of the current run that took one, in order: the run took the
    /// first `takers.count` instances.
    var takers: [Graph.Holder?] = []
  }

  private var queues: [RegistrationID: Queue] = [:]

  /// Whether no instance waits for a run, nor was taken by the current one.
  var isEmpty: Bool { queues.isEmpty }

  /// Keeps `instance`, made asynchronously, for a run's next request of definition `id` that finds
  /// no instance before it.
  mutating func append(_ instance: Any, for id: RegistrationID) {
    queues[id, default: Queue()].instances.append(instance)
  }

  /// The instance for the current run's next request of definition `id`, if one was made for it,
  /// and its holder: what `holder` says the request's instance goes into (asked only when there
  /// is an instance).
  mutating func take(for id: RegistrationID, takenBy holder: () -> Graph.Holder?)
    -> (instance: Any, holder: Graph.Holder?)?
  {
    guard let queue = queues[id], queue.takers.count < queue.instances.count else { return nil }
    let taken = (instance: queue.instances[queue.takers.count], holder: holder())
    queues[id]?.takers.append(taken.holder)
    return taken
  }

  /// The current run ended and keeps what it took: the next run's requests take what is left.
  mutating func keepTaken() {
    for (id, queue) in queues where !queue.takers.isEmpty {
      let left = queue.instances.dropFirst(queue.takers.count)
      queues[id] = left.isEmpty ? nil : Queue(instances: Array(left))
    }
  }

  /// The current run is abandoned: what it took goes back to the next run, in order, except what
  /// `isKept` says stays with the holder of the request that took it.
  ///
  /// - Returns: The instances given back.
  mutating func giveBackTaken(unlessKeptBy isKept: (Graph.Holder?) -> Bool) -> [Any] {
    var givenBack: [Any] = []
    for (id, queue) in queues where !queue.takers.isEmpty {
      var instances: [Any] = []
      for (index, instance) in queue.instances.enumerated() {
        if index < queue.takers.count, isKept(queue.takers[index]) { continue }
        if index < queue.takers.count { givenBack.append(instance) }
        instances.append(instance)
      }
      queues[id] = instances.isEmpty ? nil : Queue(instances: instances)
    }
    return givenBack
  }

  /// Ends the runs: the current one keeps what it took, and what no run took is returned, to be
  /// disposed as nobody's.
  mutating func finish() -> [Any] {
    keepTaken()
    defer { queues = [:] }
    return queues.values.flatMap(\.instances)
  }
}
