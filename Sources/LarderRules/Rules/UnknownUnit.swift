import LarderCore
import LarderJSON
import LarderUnits

/// `unknown-unit`: the unit of a structured ingredient (and of a product's quantity) is one
/// Larder knows, so it can be scaled, converted and sorted.
public struct UnknownUnitRule: ConfigurableRule {
    public let id = "unknown-unit"
    public let summary = "Ingredient and product quantity units are units Larder knows."
    public let defaultSeverity = Severity.warning
    public var details: String? {
        """
        A unit Larder does not know cannot be scaled, converted or compared, and an app \
        that sorts ingredients by amount cannot place it. Known: metric and US/imperial \
        mass and volume (g, kg, oz, lb, ml, cl, l, tsp, tbsp, cup, fl oz, pint ...), with \
        plurals and abbreviations (`tablespoons`, `Tbsp.`); counted units (piece, clove, \
        slice, pinch, dash, barspoon, can, sprig, leaf, bunch, drop, splash, wedge, twist \
        ...; a product's pcs, ct, count, capsules, tablets, pods, sachets, tea bags, \
        portions, bars); temperatures, times and energies. Add a project's own units with \
        `units: [glug, knob]`.

        Checked: the `unit` of recipes' structured ingredients and of products' `quantity` \
        and `serving`. A kind of your own has no unit fields until `fields` names them \
        (`fields: [/reward/unit]` on its content entry); `fields` replaces the built-in \
        ones on any kind.
        """
    }
    public var options: [RuleOption] {
        [
            RuleOption("units", .strings, "more unit spellings the project accepts (compared without case)"),
            RuleOption("fields", .pointers, "the unit fields of a kind of your own, as JSON Pointers (`*` for every element)",
                       default: "recipe ingredients' unit, product quantity and serving units"),
            RuleOption("pointers", .pointers, "the same as `fields`", aliasOf: "fields"),
        ]
    }

    /// The table units are looked up in.
    public var table: UnitTable

    public init(table: UnitTable = .standard) {
        self.table = table
    }

    public var examples: [RuleExample] {
        [
            .passes(#"{"id": "negroni", "ingredients": [{"name": "Gin", "quantity": 30, "unit": "ml"}, {"name": "Bitters", "quantity": 2, "unit": "dashes"}, {"name": "Orange peel", "quantity": 1, "unit": "twist"}, "2 glugs of love"]}"#,
                    kind: "recipe"),
            .triggers(#"{"id": "negroni", "ingredients": [{"name": "Gin", "quantity": 30, "unit": "ml"}, {"name": "Oil", "quantity": 1, "unit": "glug"}]}"#,
                      at: "/ingredients/1/unit", kind: "recipe"),
            .passes(#"{"id": "x", "ingredients": [{"name": "Oil", "quantity": 1, "unit": "Glug"}]}"#, kind: "recipe",
                    options: ["units": ["glug"]]),
            .triggers(#"{"code": "1", "quantity": {"value": 400, "unit": "grms"}}"#, at: "/quantity/unit", kind: "product"),
            .triggers(#"{"id": "gold", "reward": {"amount": 5, "unit": "zorks"}}"#, at: "/reward/unit", kind: "prize",
                      options: ["fields": ["/reward/unit"]]),
        ]
    }

    public func check(_ document: Document, context: RuleContext) -> [Diagnostic] {
        let options = Options(context.options)
        guard applies(to: document.kind, options: options) else { return [] }
        let json = document.json
        var units: [Int] = []
        if let paths = options.fieldPaths("fields") {
            units = paths.flatMap { $0.nodes(in: json, from: document.node) }
        } else if document.kind == ContentFields.recipe {
            if let list = json.member(document.node, "ingredients"), json.kind(list) == .array {
                for item in json.elements(list) where Localized.isStructuredIngredient(json, item) {
                    if let unit = json.member(item, "unit") { units.append(unit) }
                }
            }
        } else if document.kind == ContentFields.product {
            for key in ["quantity", "serving"] {
                if let measure = json.member(document.node, key), let unit = json.member(measure, "unit") { units.append(unit) }
            }
        }
        guard !units.isEmpty else { return [] }
        let extra = Set((options.strings("units") ?? []).map { $0.lowercased() })
        var sink = DiagnosticSink(document: document, context: context)
        for node in units {
            guard let text = json.string(node) else { continue }
            if table.contains(text) || extra.contains(text.lowercased()) { continue }
            if VisibleText.isBlank(text) {
                sink.report(node, "the unit is empty; write a unit (g, ml, piece ...) or remove the field")
                continue
            }
            var message = "unit \(Text.quoted(text)) is not a unit Larder knows"
            if let guess = Suggest.closest(to: text, in: table.spellings) { message += " (did you mean '\(guess)'?)" }
            message += "; use a known unit such as g, ml, tbsp or piece, or add it to `units` of rule 'unknown-unit' in larder.yml"
            sink.report(node, message)
        }
        return sink.diagnostics
    }
}
