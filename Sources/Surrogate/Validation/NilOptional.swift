/// An optional request that validation saw come back `nil`.
struct NilOptional {
  /// How an auto-injected property that asked is declared, for the advice to name the property and
  /// spell its declaration with another tag.
  struct Property {
    /// `Owner.name`.
    let name: String
    /// The declaration with `tag` as its tag argument (a Swift literal).
    let declaring: (_ tag: String) -> String
  }

  let path: [DefinitionKey]
  /// The property that asked, `nil` for a factory's request.
  let property: Property?
}
