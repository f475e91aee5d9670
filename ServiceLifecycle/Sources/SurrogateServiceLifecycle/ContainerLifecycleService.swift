import ServiceLifecycle
import Surrogate

/// A container's service as a swift-service-lifecycle `Service`, stopped on graceful shutdown.
struct ContainerLifecycleService: Service, CustomStringConvertible {
  let service: ContainerService

  var description: String { service.description }

  func run() async throws {
    if service.instance(as: (any Service).self) != nil {
      try await service.run()
      return
    }
    do {
      try await cancelWhenGracefulShutdown { try await service.run() }
    } catch is CancellationError where Task.isShuttingDownGracefully {
      // Stopped by the graceful shutdown, as asked.
    }
  }
}
