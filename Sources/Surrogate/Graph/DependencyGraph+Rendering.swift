extension DependencyGraph {
  /// The graph in Graphviz DOT: boxes are definitions (type, scope, forwarded types), arrows are
  /// "asked for while building", dashed arrows are weak, red arrows lie on a strong cycle.
  ///
  /// ```swift
  /// try container.dependencyGraph().dot().write(toFile: "graph.dot", atomically: true, encoding: .utf8)
  /// // dot -Tpng graph.dot > graph.png
  /// ```
  public func dot() -> String {
    var lines = ["digraph Surrogate {", "  rankdir=LR;", "  node [shape=box, fontname=\"Helvetica\"];"]
    for node in nodes {
      var label = [node.key.description, node.scope.description]
      if !node.forwardedTypes.isEmpty {
        label.append("implements " + node.forwardedTypes.map { typeName($0.type) }.joined(separator: ", "))
      }
      let text = label.map(Self.escapeDOT).joined(separator: "\\n")
      lines.append("  \(Self.quoteDOT(node.key.description)) [label=\"\(text)\"];")
    }
    for edge in edges {
      var attributes: [String] = []
      if let requested = edge.requested { attributes.append("label=\"as \(Self.escapeDOT(requested.description))\"") }
      if edge.isWeak { attributes.append("style=dashed") }
      if isOnCycle(edge) { attributes.append("color=red, penwidth=2") }
      let suffix = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
      lines.append("  \(Self.quoteDOT(edge.from.description)) -> \(Self.quoteDOT(edge.to.description))\(suffix);")
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
      var label = [node.key.description, node.scope.description]
      if !node.forwardedTypes.isEmpty {
        label.append("implements " + node.forwardedTypes.map { typeName($0.type) }.joined(separator: ", "))
      }
      lines.append("  \(ids[node.key]!)[\"\(label.map(Self.escapeMermaid).joined(separator: "<br/>"))\"]")
    }
    var cycleLinks: [Int] = []
    for (index, edge) in edges.enumerated() {
      let from = ids[edge.from] ?? "missing"
      let to = ids[edge.to] ?? "missing"
      let arrow = edge.isWeak ? "-.->" : "-->"
      let label = edge.requested.map { "|\"as \(Self.escapeMermaid($0.description))\"|" } ?? ""
      lines.append("  \(from) \(arrow)\(label) \(to)")
      if isOnCycle(edge) { cycleLinks.append(index) }
    }
    if !cycleLinks.isEmpty {
      lines.append("  linkStyle \(cycleLinks.map(String.init).joined(separator: ",")) stroke:red,stroke-width:2px")
    }
    return lines.joined(separator: "\n") + "\n"
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
