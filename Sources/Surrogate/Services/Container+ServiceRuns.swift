extension Container {
  /// Claims the container's one run of its services for a call of ``runServices()``: its events,
  /// to hand back to ``endServiceRun(_:)`` when the call returns.
  func claimServiceRun() throws(ServiceError) -> ServiceRunEvents {
    switch serviceRuns.withLock(owner: self, { $0.claim() }) {
    case .run(let events):
      return events
    case .alreadyRunning:
      throw .alreadyRunning(currentServiceDeclarations().map(\.key))
    }
  }

  /// The call of ``runServices()`` that claimed `events` is returning: every service it started
  /// has stopped; another call may run them again.
  func endServiceRun(_ events: ServiceRunEvents) {
    serviceRuns.withLock(owner: self) { $0.release(events) }
  }
}
