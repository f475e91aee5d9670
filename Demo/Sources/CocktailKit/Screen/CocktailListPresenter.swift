import Foundation
import Surrogate

/// The screen's presenter: turns a ``ScreenRequest`` into calls on the catalogue, the favourites
/// and the ingredient index, and tells its view what to show.
///
/// It holds every collaborator through an abstraction and with a plain strong `let`, including
/// the view: the composition root decides what stands behind each (a weak proxy, a cache, a
/// protection proxy, a lazy proxy).
///
/// ```swift
/// container.autowire(CocktailListPresenter.init)
/// let view: TerminalCocktailView = try container.resolve()
/// await view.open(.search("sour"))
/// ```
public final class CocktailListPresenter {
  /// The view, as the composition root handed it over.
  public let view: any CocktailListView
  let service: any CocktailService
  let favourites: any Favourites
  let editor: any FavouritesEditor
  let index: any IngredientIndex

  /// Creates a presenter.
  ///
  /// ```swift
  /// let presenter = CocktailListPresenter(
  ///   view: WeakRefProxy(view), service: service, favourites: store, editor: store, index: index)
  /// ```
  public init(
    view: any CocktailListView, service: any CocktailService, favourites: any Favourites,
    editor: any FavouritesEditor, index: any IngredientIndex
  ) {
    self.view = view
    self.service = service
    self.favourites = favourites
    self.editor = editor
    self.index = index
  }

  /// Answers one request on the view; failures go to `displayFailure`, never thrown.
  ///
  /// ```swift
  /// await presenter.present(.show(id: "90003"))
  /// ```
  public func present(_ request: ScreenRequest) async {
    do {
      try await answer(request)
    } catch let failure as ScreenFailure {
      view.displayFailure(failure)
    } catch let error as CocktailServiceError {
      view.displayFailure(ScreenFailure(message: Self.sentence(error), hint: error.remedy))
    } catch let error as FavouritesFileError {
      view.displayFailure(ScreenFailure(message: error.message + ".", hint: error.remedy))
    } catch let error as ProxyError where error.code == .accessDenied {
      view.displayFailure(
        ScreenFailure(message: "Not allowed: \(error.message).", hint: "Ask a curator, or run the command as one."))
    } catch {
      view.displayFailure(ScreenFailure(message: "\(error)", hint: "Run the command again; if it persists, report it."))
    }
  }

  private func answer(_ request: ScreenRequest) async throws {
    switch request {
    case .featured(let count):
      try await featured(count: count)
    case .search(let text):
      let name = try Self.required(text, what: "a name to search for")
      let found = try await service.cocktails(named: name)
      try showList(found, title: "Cocktails matching '\(name)'", none: "No cocktail name contains '\(name)'.")
    case .letter(let letter):
      guard letter.isLetter || letter.isNumber else {
        throw ScreenFailure(message: "'\(letter)' is not a letter or digit.", hint: "Give one letter, like m.")
      }
      let found = try await service.cocktails(startingWith: letter)
      try showList(
        found, title: "Cocktails starting with \(letter.uppercased())",
        none: "No cocktail starts with \(letter.uppercased()).")
    case .ingredient(let text):
      try await ingredient(try Self.required(text, what: "an ingredient"))
    case .pantry(let terms):
      let terms = terms.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
      guard !terms.isEmpty else {
        throw ScreenFailure(message: "No ingredients given.", hint: "List what you have, like: gin lime.")
      }
      let found = try index.cocktails(using: terms)
      guard !found.isEmpty else {
        throw ScreenFailure(
          message: "Nothing in the catalogue uses all of: \(terms.joined(separator: ", ")).",
          hint: "Try fewer ingredients.")
      }
      view.display(
        .list(
          title: "You can make, with \(terms.joined(separator: " + ")):",
          rows: found.map { CocktailRow(id: $0.id, name: $0.name) }, note: nil))
    case .show(let id):
      view.display(.card(CocktailCard(try await cocktail(id: id))))
    case .favourites:
      try await listFavourites()
    case .addFavourite(let id):
      let cocktail = try await cocktail(id: id)
      let added = try editor.add(cocktail.id)
      view.display(
        .note(added ? "Added \(cocktail.name) to the favourites." : "\(cocktail.name) is already a favourite."))
    case .removeFavourite(let id):
      let removed = try editor.remove(id)
      view.display(.note(removed ? "Removed #\(id) from the favourites." : "#\(id) was not a favourite."))
    }
  }

  // MARK: - Requests

  private func featured(count: Int) async throws {
    var picks: [Cocktail] = []
    // Random picks may repeat: ask a few more times than needed, then settle for what came.
    for _ in 0..<(count * 2) where picks.count < count {
      let pick = try await service.randomCocktail()
      if !picks.contains(where: { $0.id == pick.id }) { picks.append(pick) }
    }
    guard let first = picks.first else {
      throw ScreenFailure(message: "The catalogue is empty.", hint: "Check the base URL.")
    }
    view.display(.list(title: "Featured tonight", rows: picks.map(Self.row), note: nil))
    // Already fetched once: the caching proxy answers this one from memory.
    view.display(.card(CocktailCard(try await cocktail(id: first.id))))
  }

  private func ingredient(_ name: String) async throws {
    let found = try await service.cocktails(withIngredient: name)
    guard found.isEmpty else {
      view.display(
        .list(
          title: "Cocktails with \(name)", rows: found.map { CocktailRow(id: $0.id, name: $0.name) },
          note: "show <id> gives the recipe"))
      return
    }
    let similar = try index.ingredients(matching: name)
    guard !similar.isEmpty else {
      throw ScreenFailure(
        message: "No cocktail uses '\(name)'.", hint: "Check the spelling, or search by cocktail name instead.")
    }
    view.display(
      .note("No cocktail lists '\(name)' exactly. Ingredients with that word: \(similar.joined(separator: ", "))."))
  }

  private func listFavourites() async throws {
    let ids = try favourites.ids()
    guard !ids.isEmpty else {
      view.display(.note("No favourites yet. A curator can add one: favourites add <id>."))
      return
    }
    var rows: [CocktailRow] = []
    for id in ids {
      let cocktail = try await service.cocktail(id: id)
      rows.append(cocktail.map(Self.row) ?? CocktailRow(id: id, name: "(not in this catalogue)"))
    }
    view.display(.list(title: "Favourites", rows: rows, note: nil))
  }

  private func cocktail(id: String) async throws -> Cocktail {
    let id = try Self.required(id, what: "a cocktail id")
    guard let cocktail = try await service.cocktail(id: id) else {
      throw ScreenFailure(message: "No cocktail with id \(id).", hint: "Search by name to find ids, e.g. search sour.")
    }
    return cocktail
  }

  private func showList(_ cocktails: [Cocktail], title: String, none: String) throws {
    guard !cocktails.isEmpty else { throw ScreenFailure(message: none, hint: "Try a shorter name or another letter.") }
    let sorted = cocktails.sorted { $0.name < $1.name }
    view.display(.list(title: title, rows: sorted.map(Self.row), note: nil))
    if sorted.count == 1 { view.display(.card(CocktailCard(sorted[0]))) }
  }

  // MARK: - Wording

  private static func row(_ cocktail: Cocktail) -> CocktailRow {
    CocktailRow(id: cocktail.id, name: cocktail.name, category: cocktail.category ?? "", glass: cocktail.glass ?? "")
  }

  private static func required(_ text: String, what: String) throws(ScreenFailure) -> String {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw ScreenFailure(message: "Missing \(what).", hint: "Give \(what).") }
    return trimmed
  }

  private static func sentence(_ error: CocktailServiceError) -> String {
    let message = error.message.prefix(1).uppercased() + error.message.dropFirst()
    return message + (error.url.map { " (GET \($0))" } ?? "") + "."
  }
}
