import LarderCore
import LarderJSON
import LarderRules
import Testing

/// Every example of every built-in rule: must-trigger examples fire at exactly their
/// pointers, must-pass examples stay silent. A failure points at the example's own line.
@Suite struct RuleExamplesTests {
    static let cases: [(rule: any Rule, example: RuleExample)] = PluginRegistry.withBuiltInRules().ruleExamples

    @Test(arguments: cases)
    func example(_ rule: any Rule, _ example: RuleExample) {
        if let failure = example.failure(of: rule) {
            Issue.record(
                Comment(rawValue: failure),
                sourceLocation: SourceLocation(
                    fileID: example.fileID, filePath: example.filePath, line: example.line, column: example.column))
        }
    }

    @Test func everyRuleDocumentsItselfWithExamplesThatTriggerAndPass() {
        for rule in BuiltInRules.all {
            #expect(rule.examples.contains { $0.triggers }, "\(rule.id) has no example that triggers")
            #expect(rule.examples.contains { !$0.triggers }, "\(rule.id) has no example that passes")
            #expect(rule.examples.filter(\.triggers).allSatisfy { !$0.pointers.isEmpty }, "\(rule.id)")
            #expect(!(rule.details ?? "").isEmpty, "\(rule.id) has no details")
            #expect(rule.summary.hasSuffix("."), "\(rule.id)")
        }
    }

    @Test func idsAreUniqueSortedKebabCaseAndAllRegistered() {
        let ids = BuiltInRules.all.map(\.id)
        #expect(ids == ids.sorted())
        #expect(Set(ids).count == ids.count)
        for id in ids { #expect(id.allSatisfy { $0.isLowercase || $0 == "-" }, "\(id)") }
        let registry = PluginRegistry.withBuiltInRules()
        #expect(registry.ids(of: .rule) == ids)
        #expect(registry.ids(of: .reporter) == PluginRegistry.builtIn.ids(of: .reporter))
    }

    @Test func registeringTwiceKeepsTheFirstRule() {
        var registry = PluginRegistry.withBuiltInRules()
        registry.registerBuiltInRules()
        #expect(registry.ids(of: .rule).count == BuiltInRules.all.count)
    }

    @Test func declaredOptionsAreChecked() throws {
        for rule in BuiltInRules.all {
            guard let configurable = rule as? any ConfigurableRule else { continue }
            #expect(configurable.optionProblems(.null).isEmpty)
            #expect(configurable.optionProblems(["severity": "error", "kinds": ["recipe"]]).isEmpty, "\(rule.id)")
            let problems = configurable.optionProblems(["nonsense": 1])
            #expect(problems.count == 1 && problems[0].contains("unknown"), "\(rule.id)")
            for option in configurable.options {
                let wrong: JSONValue = option.type == .boolean ? 3 : true
                #expect(configurable.optionProblems([option.name: wrong]).count == 1, "\(rule.id).\(option.name)")
            }
        }
    }

    /// A second name of an option names a declared one of the same type; bounds are for
    /// numbers, and the default lies within them; the numeric options of the built-in rules
    /// all have bounds (`meters: -5` was taken, and the rule then never fired).
    @Test func aliasesAndBoundsOfTheBuiltInRulesHold() throws {
        for rule in BuiltInRules.all {
            guard let configurable = rule as? any ConfigurableRule else { continue }
            let byName = Dictionary(uniqueKeysWithValues: configurable.options.map { ($0.name, $0) })
            for option in configurable.options {
                if let main = option.aliasOf {
                    let target = try #require(byName[main], "\(rule.id).\(option.name) names \(main)")
                    #expect(target.type == option.type && target.aliasOf == nil, "\(rule.id).\(option.name)")
                    #expect(option.bounds == nil && option.defaultValue == nil, "\(rule.id).\(option.name): the main option holds them")
                    continue
                }
                if option.type == .number {
                    let bounds = try #require(option.bounds, "\(rule.id).\(option.name) has no bounds")
                    if let text = option.defaultValue { #expect(Double(text).map(bounds.contains) == true, "\(rule.id).\(option.name)") }
                } else {
                    #expect(option.bounds == nil, "\(rule.id).\(option.name)")
                }
            }
        }
        let near = NearDuplicateLocationRule()
        #expect(near.optionProblems(["meters": -5]).count == 1)
        #expect(near.optionProblems(["meters": 10, "distance": 30]).count == 1)
        #expect(near.optionProblems(["distance": 10]).isEmpty)
        let nutrition = NutritionConsistencyRule()
        #expect(nutrition.optionProblems(["saltTolerance": 5, "energyTolerance": 1, "macroTolerance": 3, "maxPer100g": 101, "energyToleranceKj": -1]).count == 4)
        #expect(nutrition.optionProblems(["saltTolerance": 0, "energyTolerance": 0.5, "maxPer100g": 100, "macroToleranceKcal": 0]).isEmpty)
    }
}
