import LarderCore
import LarderJSON
import LarderRules

/// Runs a rule over the documents of one or more files and returns its diagnostics,
/// sorted; content-wide rules run once over all of them.
func run(
    _ rule: any Rule,
    _ files: [(name: String, json: String)],
    kind: String?,
    options: JSONValue = .null,
    projectRoot: String = ".",
    projectFiles: (any ProjectFiles)? = nil,
    reportingOn: Set<String>? = nil
) throws -> [Diagnostic] {
    var documents: [Document] = []
    for file in files {
        documents += Document.split(file: file.name, kind: kind, json: try JSONDocument(parsing: file.json))
    }
    return try run(rule, documents, options: options, projectRoot: projectRoot, projectFiles: projectFiles, reportingOn: reportingOn)
}

func run(
    _ rule: any Rule,
    _ documents: [Document],
    options: JSONValue = .null,
    projectRoot: String = ".",
    projectFiles: (any ProjectFiles)? = nil,
    reportingOn: Set<String>? = nil
) throws -> [Diagnostic] {
    let context = RuleContext(
        ruleID: rule.id, options: options, severity: rule.defaultSeverity, content: ContentSet(documents),
        projectRoot: projectRoot, projectFiles: projectFiles)
    if let contentRule = rule as? any ContentRule {
        return contentRule.check(content: context.content, reportingOn: reportingOn, context: context).sorted()
    }
    return documents.filter { reportingOn?.contains($0.file) ?? true }
        .flatMap { rule.check($0, context: context) }.sorted()
}

/// One file named `file.json`.
func run(_ rule: any Rule, _ json: String, kind: String?, options: JSONValue = .null) throws -> [Diagnostic] {
    try run(rule, [("file.json", json)], kind: kind, options: options)
}
