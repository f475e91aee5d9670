import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The remote proxy's `URLSession` delegate: collects each request's body, up to a size limit,
/// and ends the request at its deadline, whatever the server is doing.
///
/// `URLSession.data(for:)` keeps every byte a server sends and, in swift-corelibs-foundation,
/// may go on reading after its task is cancelled, so a body that never ends grew without bound
/// (12 GB in 45 s with a 5 s timeout). Here the first byte past the limit, or the deadline, ends
/// the request at once: the waiting caller is answered and the transfer is cancelled.
///
/// ```swift
/// let collector = ResponseCollector(limit: 8 << 20)
/// let session = URLSession(configuration: .ephemeral, delegate: collector, delegateQueue: nil)
/// let (data, response) = try await collector.perform(request, in: session, timeout: .seconds(10))
/// ```
final class ResponseCollector: NSObject, URLSessionDataDelegate, Sendable {
  /// The body grew past the limit, or the server declared a longer one.
  struct TooLarge: Error {}

  /// One request in flight.
  private struct Transfer {
    var body = Data()
    var response: URLResponse?
    let continuation: CheckedContinuation<(Data, URLResponse), any Error>
    let deadline: Task<Void, Never>
  }

  /// The most bytes of body kept per request.
  let limit: Int
  private let transfers = Mutex<[Int: Transfer]>([:])

  init(limit: Int) { self.limit = limit }

  /// Performs `request` on `session` (whose delegate must be this collector) and returns its body
  /// and response.
  ///
  /// - Throws: `URLError(.timedOut)` once `timeout` has passed; ``TooLarge`` past the limit;
  ///   the transfer's own error; `CancellationError` when the calling task is cancelled.
  func perform(_ request: URLRequest, in session: URLSession, timeout: Duration) async throws -> (Data, URLResponse) {
    let task = session.dataTask(with: request)
    let id = task.taskIdentifier
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let deadline = Task { [weak self] in
          try? await Task.sleep(for: timeout)
          guard !Task.isCancelled else { return }
          self?.finish(id, with: .failure(URLError(.timedOut)))
          task.cancel()
        }
        transfers.withLock(owner: self) { $0[id] = Transfer(continuation: continuation, deadline: deadline) }
        // A cancellation that came before the transfer was stored found nothing to finish.
        if Task.isCancelled { finish(id, with: .failure(CancellationError())) } else { task.resume() }
      }
    } onCancel: {
      finish(id, with: .failure(CancellationError()))
      task.cancel()
    }
  }

  /// Answers the caller waiting for transfer `id`, once; later calls do nothing.
  private func finish(_ id: Int, with result: Result<(Data, URLResponse), any Error>) {
    guard let transfer = transfers.withLock(owner: self, { $0.removeValue(forKey: id) }) else { return }
    transfer.deadline.cancel()
    transfer.continuation.resume(with: result)
  }

  // MARK: - URLSessionDataDelegate

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    if response.expectedContentLength > Int64(limit) {
      finish(dataTask.taskIdentifier, with: .failure(TooLarge()))
      completionHandler(.cancel)
      return
    }
    transfers.withLock(owner: self) { $0[dataTask.taskIdentifier]?.response = response }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let limit = limit
    let isTooLarge = transfers.withLock(owner: self) { transfers in
      guard transfers[dataTask.taskIdentifier] != nil else { return false }
      if transfers[dataTask.taskIdentifier]!.body.count + data.count > limit { return true }
      transfers[dataTask.taskIdentifier]!.body.append(data)
      return false
    }
    if isTooLarge {
      finish(dataTask.taskIdentifier, with: .failure(TooLarge()))
      dataTask.cancel()
    }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    let id = task.taskIdentifier
    if let error {
      finish(id, with: .failure(error))
      return
    }
    let answer = transfers.withLock(owner: self) { $0[id].map { ($0.body, $0.response) } }
    guard let (body, response) = answer else { return }
    finish(id, with: response.map { .success((body, $0)) } ?? .failure(URLError(.badServerResponse)))
  }
}
