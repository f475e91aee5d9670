extension DependencyGraph {
  /// The graph in Graphviz DOT: boxes are definitions (type, scope, forwarded types, what a
  /// decorator decorates), arrows are "asked for while building", dashed arrows are weak, dotted
  /// arrows reading "later" are taken as a `Lazy` or `Provider` (or their `async` forms), red
  /// arrows lie on a strong cycle, a decorator's arrow to what it decorates reads "decorates", and
  /// a definition that could not be built whole is an orange dashed box that says why.
  ///
  /// ```swift
  /// try container.dependencyGraph().dot().write(toFile: "graph.dot", atomically: true, encoding: .utf8)
  /// // dot -Tpng graph.dot > graph.png
  /// ```
  public func dot() -> String {
    var lines = ["digraph Surrogate {", "  rankdir=LR;", "  node [shape=box, fontname=\"Helvetica\"];"]
    let names = nodeNames
    for node in nodes {
      let text = label(of: node).map(Self.escapeDOT).joined(separator: "\\n")
      let style = node.incomplete == nil ? "" : ", style=dashed, color=orange"
      lines.append("  \(Self.quoteDOT(node.name)) [label=\"\(text)\"\(style)];")
    }
    for edge in edges {
      var attributes: [String] = []
      if let label = Self.label(of: edge) { attributes.append("label=\"\(Self.escapeDOT(label))\"") }
      if edge.isWeak { attributes.append("style=dashed") }
      if edge.isDeferred { attributes.append("style=dotted") }
      if isOnCycle(edge) { attributes.append("color=red, penwidth=2") }
      let suffix = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
      let (from, to) = (names[edge.from] ?? edge.from.description, names[edge.to] ?? edge.to.description)
      lines.append("  \(Self.quoteDOT(from)) -> \(Self.quoteDOT(to))\(suffix);")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The graph as a Mermaid flowchart, for Markdown that renders Mermaid.
  ///
  /// ```swift
  /// print("```mermaid\n\(container.dependencyGraph().mermaid())```")
  /// ```
  public func mermaid() -> String {
    var ids: [DefinitionKey: String] = [:]
    for (index, node) in nodes.enumerated() { ids[node.key] = "n\(index)" }
    var lines = ["graph LR"]
    for node in nodes {
      lines.append("  \(ids[node.key]!)[\"\(label(of: node).map(Self.escapeMermaid).joined(separator: "<br/>"))\"]")
    }
    var cycleLinks: [Int] = []
    for (index, edge) in edges.enumerated() {
      let from = ids[edge.from] ?? "missing"
      let to = ids[edge.to] ?? "missing"
      let arrow = edge.isWeak || edge.isDeferred ? "-.->" : "-->"
      // Mermaid has one dotted arrow: a weak edge says so in its text (DOT dashes it instead).
      let text =
        edge.isWeak ? ["weak", Self.label(of: edge)].compactMap { $0 }.joined(separator: ", ") : Self.label(of: edge)
      let label = text.map { "|\"\(Self.escapeMermaid($0))\"|" } ?? ""
      lines.append("  \(from) \(arrow)\(label) \(to)")
      if isOnCycle(edge) { cycleLinks.append(index) }
    }
    if !cycleLinks.isEmpty {
      lines.append("  linkStyle \(cycleLinks.map(String.init).joined(separator: ",")) stroke:red,stroke-width:2px")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A node's lines: its name, its scope, what it decorates and implements, and why it is
  /// incomplete.
  private func label(of node: Node) -> [String] {
    var label = [node.name, node.scope.description]
    if let decorated = node.decorates { label.append("decorates \(decorated)") }
    let implemented = node.forwardedTypes.filter { $0 != node.decorates }
    if !implemented.isEmpty {
      label.append("implements " + implemented.map { typeName($0.type) }.joined(separator: ", "))
    }
    if let incomplete = node.incomplete { label.append("not drawn whole: \(incomplete)") }
    return label
  }

  /// An edge's text: `decorates`; `later` for a deferred edge; and the key asked for when it is
  /// not the definition's own.
  private static func label(of edge: Edge) -> String? {
    if edge.isDecoration { return "decorates" }
    let requested = edge.requested.map { "as \($0)" }
    guard edge.isDeferred else { return requested }
    return requested.map { "later, \($0)" } ?? "later"
  }

  private var nodeNames: [DefinitionKey: String] {
    Dictionary(nodes.map { ($0.key, $0.name) }, uniquingKeysWith: { first, _ in first })
  }

  private static func quoteDOT(_ text: String) -> String { "\"\(escapeDOT(text))\"" }

  private static func escapeDOT(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
  }

  private static func escapeMermaid(_ text: String) -> String {
    text.replacingOccurrences(of: "\"", with: "#quot;").replacingOccurrences(of: "<", with: "#lt;")
      .replacingOccurrences(of: ">", with: "#gt;")
  }
}

extension String {
  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
