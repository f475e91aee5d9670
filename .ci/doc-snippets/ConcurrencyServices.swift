// The service the Concurrency article's main-actor presenter needs.
import Surrogate

final class Service2: Sendable {}
