import LarderJSON
import Testing
@testable import LarderCore

private struct OptionsRule: ConfigurableRule {
    let id = "near-places"
    let summary = "A rule for tests."
    let defaultSeverity = Severity.warning
    var options: [RuleOption] {
        [
            RuleOption("meters", .number, "how close", default: "25", bounds: .above(0).because("nothing is closer than 0 m")),
            RuleOption("distance", .number, "the same as `meters`", aliasOf: "meters"),
            RuleOption("units", .strings, "more units"),
            RuleOption("fields", .pointers, "fields"),
            RuleOption("pointers", .pointers, "the same as `fields`", aliasOf: "fields"),
            RuleOption("key", .pointer, "the id field"),
            RuleOption("share", .number, "a fraction", bounds: .atLeast(0).below(1)),
        ]
    }
    func check(_ document: Document, context: RuleContext) -> [Diagnostic] { [] }
}

/// A rule's options are checked against what it declares, and each problem says where it
/// is below the options, so the config check reports it at the value (or the item of a
/// list, or the key) instead of at the rule.
@Suite struct RuleOptionTests {
    private let rule = OptionsRule()

    @Test func aWrongItemOfAListIsNamedAndPlacedAtTheItem() {
        // Was "option 'units' of rule … must be a list of strings, not array", at the rule.
        let problems = rule.checkOptions(["units": ["glug", 5]])
        #expect(problems == [OptionProblem(
            "option 'units' of rule 'near-places': units[1] is the number 5; write each item as a string (\"5\")", at: ["units", "1"])])
        let pointers = rule.checkOptions(["fields": ["/title", "help"]])
        #expect(pointers.map(\.path) == [["fields", "1"]])
        #expect(pointers.first?.message.contains("fields[1] is 'help', which is not a JSON Pointer") == true)
        #expect(pointers.first?.message.contains("(write '/help')") == true)
    }

    @Test func aWrongValueIsDescribedByWhatItIs() {
        #expect(rule.checkOptions(["units": "glug"]).map(\.message)
            == ["option 'units' of rule 'near-places' must be a list of strings, not the string 'glug'; write [glug] for a list of one"])
        #expect(rule.checkOptions(["meters": ["a": 1]]).map(\.message) == ["option 'meters' of rule 'near-places' must be a number, not a mapping"])
        #expect(rule.checkOptions(["meters": "10"]).map(\.path) == [["meters"]])
        #expect(rule.checkOptions(["key": "username"]).map(\.message)
            == ["option 'key' of rule 'near-places' is 'username', which is not a JSON Pointer: pointers start with / and separate the names with / (write '/username')"])
        #expect(rule.checkOptions(["kinds": ["recipe", 3]]).map(\.path) == [["kinds", "1"]])
    }

    /// A pointer that starts with / but escapes `~` wrongly was told to start with / ("write
    /// '//a~2b'", no pointer either): the hint is about the escape, and what it suggests
    /// is a pointer.
    @Test func aPointerWithABadEscapeIsToldHowToEscape() {
        #expect(rule.checkOptions(["key": "/a~2b"]).map(\.message)
            == ["option 'key' of rule 'near-places' is '/a~2b', which is not a JSON Pointer: in a pointer, ~ starts an escape: ~0 stands for a ~ in a name and ~1 for a / (write '/a~02b')"])
        #expect(rule.checkOptions(["key": "/links/x~"]).map(\.message).first?.hasSuffix("(write '/links/x~0')") == true)
        #expect(rule.checkOptions(["key": "a.b~"]).map(\.message).first?.hasSuffix("pointers start with / and separate the names with / (write '/a/b~0')") == true)
        for text in ["/a~2b", "/links/x~", "a.b~", "~", "/~1~0~"] {
            let message = rule.checkOptions(["key": .string(text)]).first?.message ?? ""
            let suggested = message.split(separator: "'").dropLast().last.map(String.init) ?? ""
            #expect(JSONPointer(parsing: suggested) != nil, "\(text): \(message)")
        }
    }

    @Test func anUnknownOptionIsAtItsKeyWithTheClosestName() {
        #expect(rule.checkOptions(["metres": 10]) == [OptionProblem(
            "option 'metres' of rule 'near-places' is unknown; did you mean 'meters'?", at: ["metres"], isKey: true)])
        #expect(rule.checkOptions(["severty": "error"]).first?.message.hasSuffix("did you mean 'severity'?") == true)
        #expect(rule.checkOptions(["zzz": 1]).first?.message.hasSuffix("known options: distance, fields, key, meters, pointers, share, units") == true)
    }

    @Test func numbersOutsideTheDeclaredBoundsAreProblems() {
        // `meters: -5` was taken, and the rule then never reported anything.
        #expect(rule.checkOptions(["meters": -5]) == [OptionProblem(
            "option 'meters' of rule 'near-places' is -5; it must be more than 0 (nothing is closer than 0 m)", at: ["meters"])])
        #expect(rule.checkOptions(["meters": 0]).count == 1)
        #expect(rule.checkOptions(["meters": 0.5]).isEmpty)
        // An alias is held to the bounds of the option it names.
        #expect(rule.checkOptions(["distance": -1]).map(\.path) == [["distance"]])
        #expect(rule.checkOptions(["share": 1]).map(\.message) == ["option 'share' of rule 'near-places' is 1; it must be at least 0 and less than 1"])
        #expect(rule.checkOptions(["share": 0]).isEmpty)
    }

    @Test func twoNamesOfOneOptionAreAProblemAtTheSecond() {
        // `{ meters: 10, distance: 30 }` was taken, and `distance` silently ignored.
        #expect(rule.checkOptions(["meters": 10, "distance": 30]) == [OptionProblem(
            "options 'meters' and 'distance' of rule 'near-places' are one option ('distance' is another name for 'meters'), and the rule reads only one; keep one",
            at: ["distance"], isKey: true)])
        #expect(rule.checkOptions(["pointers": ["/a"], "fields": ["/b"]]).map(\.path) == [["fields"]])
        #expect(rule.checkOptions(["distance": 30]).isEmpty)
    }

    @Test func boundsDescribeThemselves() {
        #expect(RuleOption.Bounds.above(0).description == "more than 0")
        #expect(RuleOption.Bounds.atLeast(0).below(1).description == "at least 0 and less than 1")
        #expect(RuleOption.Bounds.above(0).atMost(100).description == "more than 0 and at most 100")
        #expect(RuleOption.Bounds.atLeast(0.5).description == "at least 0.5")
        #expect(!RuleOption.Bounds.atLeast(0).contains(.infinity))
    }

    @Test func suggestionsCountASwapOfNeighboursAsOneEdit() {
        // `scael` for `scale` got no did-you-mean: a swap counted two edits.
        #expect(Suggest.closest(to: "scael", in: ["convert", "scale"]) == "scale")
        #expect(Suggest.distance(Array("abcd"), Array("abdc"), limit: 3) == 1)
        #expect(Suggest.distance(Array("kitten"), Array("sitting"), limit: 5) == 3)
        #expect(Suggest.closest(to: "includes", in: ["include", "exclude"]) == "include")
    }
}
