import Hummingbird
import NIOCore

/// The notes endpoints of one request, over that request's unit of work: each method commits
/// when it succeeds and throws before committing when it fails, so the unit of work's disposal
/// rolls the failure back.
///
/// ```swift
/// app.register { r in NotesHandler(unitOfWork: try r.resolve(), request: try r.resolve()) }
/// ```
public struct NotesHandler: Sendable {
  let unitOfWork: UnitOfWork
  let request: Request

  /// A handler for `request`, working in `unitOfWork`.
  ///
  /// ```swift
  /// let handler = NotesHandler(unitOfWork: work, request: request)
  /// ```
  ///
  /// - Parameters:
  ///   - unitOfWork: The request's transaction.
  ///   - request: The request, whose body ``create()`` reads.
  public init(unitOfWork: UnitOfWork, request: Request) {
    self.unitOfWork = unitOfWork
    self.request = request
  }

  /// `GET /notes/:id`: the note's text, or 404.
  ///
  /// ```swift
  /// let text = try handler.show(id: 1)
  /// ```
  ///
  /// - Parameter id: The note's id.
  /// - Returns: The note's text.
  /// - Throws: `HTTPError(.notFound)` (the unit of work rolls back).
  public func show(id: Int) throws -> String {
    guard let note = unitOfWork.note(id) else { throw HTTPError(.notFound, message: "No note \(id).") }
    try unitOfWork.commit()
    return note.text
  }

  /// `GET /notes`: how many notes there are.
  ///
  /// ```swift
  /// let count = try handler.count()
  /// ```
  ///
  /// - Returns: The count, as text.
  /// - Throws: ``PoolError`` when the unit of work already ended.
  public func count() throws -> String {
    let count = unitOfWork.noteCount
    try unitOfWork.commit()
    return "\(count)"
  }

  /// `POST /notes`: adds the body as a note and answers its id. A body that starts with `fail`
  /// is rejected after the note was added to the unit of work, which then rolls back.
  ///
  /// ```swift
  /// let id = try await handler.create()
  /// ```
  ///
  /// - Parameter delay: How long to work before committing (`POST /notes/slow`), to keep
  ///   requests in flight during a shutdown.
  /// - Returns: The new note's id, as text.
  /// - Throws: `HTTPError(.badRequest)` for a rejected note; the body's read errors.
  public func create(after delay: Duration = .zero) async throws -> String {
    let body = try await request.body.collect(upTo: 64 * 1024)
    let text = String(buffer: body)
    unitOfWork.add(text)
    if delay > .zero { try await Task.sleep(for: delay) }
    if text.hasPrefix("fail") { throw HTTPError(.badRequest, message: "Rejected note: \(text)") }
    let ids = try unitOfWork.commit()
    return "\(ids[0])"
  }
}
