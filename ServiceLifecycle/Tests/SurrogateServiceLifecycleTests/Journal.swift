// The journal and the journaling service stub are the root tests' own (ServiceSupport.swift, linked
// here, as Benchmarks/ links the benchmark graphs): this file adds what only these tests need.
import Logging
import ServiceLifecycle
import Surrogate
import Testing

/// A swift-service-lifecycle service that stops on graceful shutdown by itself (as a server
/// does, finishing its requests), not by cancellation.
final class GracefulServer: Service {
  let journal: ServiceJournal
  let dependencies: [JournalingService]

  init(journal: ServiceJournal, dependencies: [JournalingService]) {
    self.journal = journal
    self.dependencies = dependencies
  }

  func run() async throws {
    journal.note("start server")
    try await gracefulShutdown()
    #expect(!Task.isCancelled)
    journal.note("stop server")
  }
}

var quietLogger: Logger {
  var logger = Logger(label: "SurrogateServiceLifecycleTests")
  logger.logLevel = .critical
  return logger
}
