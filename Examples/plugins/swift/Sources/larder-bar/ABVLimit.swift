import LarderCore
import LarderJSON

/// A cocktail's alcohol by volume (`x-abv`, in percent) stays under a limit
/// (`rules: { abv-limit: { limit: 30 } }` in larder.yml; 40 by default).
struct ABVLimit: Rule {
    let id = "abv-limit"
    let summary = "A drink's alcohol by volume (x-abv) stays under the limit."
    let defaultSeverity = Severity.error
    var kinds: [String]? { ["recipe"] }

    var examples: [RuleExample] {
        [.triggers(#"{"id": "zombie", "x-abv": 41}"#, at: "/x-abv"), .passes(#"{"id": "negroni", "x-abv": 24.4}"#)]
    }

    func check(_ document: Document, context: RuleContext) -> [Diagnostic] {
        let json = document.json
        let limit = context.options["limit"]?.doubleValue ?? 40
        guard let node = json.member(document.node, "x-abv"), let abv = json.double(node), abv > limit else { return [] }
        return [context.diagnostic(in: document, at: node, "alcohol by volume \(abv)% is above the limit \(limit)%")]
    }
}
