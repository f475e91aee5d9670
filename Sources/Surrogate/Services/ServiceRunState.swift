/// Whether a container's services are running (``Container/runServices()``): the decision, made
/// under the container's lock; ``Container`` carries it out.
struct ServiceRunState {
  /// What a call of `runServices()` may do.
  enum Claim: Sendable {
    /// Run the services; report the run's progress to these events.
    case run(ServiceRunEvents)
    /// An earlier call is running them.
    case alreadyRunning
  }

  /// The events of the call of `runServices()` that runs the services, if one does.
  private var current: ServiceRunEvents?

  /// A call of `runServices()` asks to run the services.
  mutating func claim() -> Claim {
    if current != nil { return .alreadyRunning }
    let events = ServiceRunEvents()
    current = events
    return .run(events)
  }

  /// The run of `events` has returned: another may start.
  mutating func release(_ events: ServiceRunEvents) {
    if current === events { current = nil }
  }
}
