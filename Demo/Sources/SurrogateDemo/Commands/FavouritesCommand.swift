import ArgumentParser
import CocktailKit

/// `favourites [list|add|remove]`: reading is open to all, editing is for curators.
struct FavouritesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "favourites", abstract: "The favourites list; curators may add and remove (--as curator).",
    subcommands: [List.self, Add.self, Remove.self], defaultSubcommand: List.self)

  struct List: ScreenCommand {
    static let configuration = CommandConfiguration(abstract: "List the favourites (the default).")
    @OptionGroup var options: DemoOptions
    func request() -> ScreenRequest { .favourites }
  }

  struct Add: ScreenCommand {
    static let configuration = CommandConfiguration(abstract: "Add a cocktail by id (curators only).")
    @Argument(help: "The cocktail's id.") var id: String
    @OptionGroup var options: DemoOptions
    func request() -> ScreenRequest { .addFavourite(id: id) }
  }

  struct Remove: ScreenCommand {
    static let configuration = CommandConfiguration(abstract: "Remove a cocktail by id (curators only).")
    @Argument(help: "The cocktail's id.") var id: String
    @OptionGroup var options: DemoOptions
    func request() -> ScreenRequest { .removeFavourite(id: id) }
  }
}
