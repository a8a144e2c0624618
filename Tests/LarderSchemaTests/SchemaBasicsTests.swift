import Foundation
import LarderJSON
import Testing
import LarderSchema

func errors(_ schema: String, _ instance: String, options: SchemaOptions = SchemaOptions()) throws -> [ValidationError] {
    let s = try JSONSchema(json: schema, options: options)
    let doc = try JSONDocument(parsing: instance)
    let result = s.validate(doc)
    #expect(result.isValid == s.isValid(doc), "isValid and validate disagree")
    return result.errors
}

@Suite struct ErrorMessageTests {
    @Test func minimum() throws {
        let e = try errors(#"{"properties": {"q": {"minimum": 1}}}"#, #"{"q": -2}"#)
        #expect(e.map(\.message) == ["-2 is less than the minimum 1"])
        #expect(e.first?.instanceLocation == "/q")
        #expect(e.first?.keywordLocation == "/properties/q/minimum")
        #expect(e.first?.keyword == "minimum")
        #expect(e.first?.absoluteKeywordLocation == nil)
    }

    /// Alternatives that all fail on the value itself are named together: naming the first
    /// ("expected a string" for 1.5 against string-or-integer) sent the writer the wrong way.
    /// A branch that got past the type is still the one reported.
    @Test func alternativesThatAllFailOnTheValueAreNamedTogether() throws {
        let e = try errors(#"{"anyOf": [{"type": "string"}, {"type": "integer"}]}"#, "1.5")
        #expect(e.map(\.message) == ["expected a string or an integer, found 1.5"])
        #expect(e.map(\.keyword) == ["anyOf"])
        #expect(e.map(\.keywordLocation) == ["/anyOf"])
        #expect(try errors(#"{"oneOf": [{"type": "string", "minLength": 2}, {"type": ["integer", "null"]}]}"#, "true").map(\.message)
                == ["expected a string, an integer or null, found a boolean"])
        // Branches of the value's type that want other values are the closer ones.
        #expect(try errors(#"{"anyOf": [{"const": "a"}, {"enum": ["b", "c"]}, {"type": "object"}]}"#, #""x""#).map(\.message)
                == [#""x" matches none of the 2 alternatives of anyOf: expected "a", found "x"; or "x" is not one of "b", "c""#])
        #expect(try errors(#"{"anyOf": [{"enum": ["error", "off"]}, {"type": "object"}]}"#, #""no""#).map(\.message)
                == [#""no" is not one of "error", "off""#])
        #expect(try errors(#"{"anyOf": [{"type": "string", "minLength": 3}, {"type": "integer"}]}"#, #""x""#).map(\.keyword) == ["minLength"])
    }

    /// The errors of a large array have the locations and messages they had when each was
    /// found from the array's first element.
    @Test func errorsOfALargeArrayKeepTheirPlaces() throws {
        let items = (0..<500).map { i in i % 7 == 0 ? #"{"id": "x\#(i)"}"# : #"{"id": \#(i)}"# }
        let doc = try JSONDocument(parsing: "[" + items.joined(separator: ",") + "]")
        let schema = try JSONSchema(json: #"{"items": {"properties": {"id": {"type": "integer"}}}}"#)
        let found = schema.validate(doc).errors
        #expect(found.map(\.instanceLocation.description) == stride(from: 0, to: 500, by: 7).map { "/\($0)/id" })
        var cursor = ElementCursor()
        for e in found {
            #expect(e.message(in: doc, cursor: &cursor) == e.message(in: doc))
            #expect(doc.node(at: e.instanceLocation) == e.node)
        }
    }

    /// One error in each member of a 64,000-member object (a taxonomy with every label
    /// empty): each location and message is found without walking the members before it
    /// (16 seconds when each was), and names its member. Keys that repeat keep the last.
    @Test func errorsOfALargeObjectAreFoundWithoutWalkingIt() throws {
        let size = 64_000
        let members = (0..<size).map { #""t\#($0)": {"en": ""}"# } + [#""t5": {"en": 7}"#]
        let doc = try JSONDocument(parsing: "{" + members.joined(separator: ",") + "}")
        let schema = try JSONSchema(json: #"{"additionalProperties": {"properties": {"en": {"type": "string", "minLength": 1}}}}"#)
        let started = Date()
        let found = schema.validate(doc).errors
        let messages = found.map { $0.message(in: doc) }
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(found.count == size)
        // In document order: the repeated key is the last member.
        #expect(found[size - 2].instanceLocation.description == "/t\(size - 1)/en")
        #expect(messages[size - 2] == "\"en\": " + found[size - 2].message)
        let t5 = try #require(found.first { $0.instanceLocation.description == "/t5/en" })
        #expect(t5.message(in: doc).hasPrefix(#""en": expected a string"#))
        #expect(doc.node(at: t5.instanceLocation) == t5.node)
    }

    /// Draft 4's integer is "a JSON number without a fraction or exponent part"; later
    /// drafts take any number with a zero fractional part.
    @Test func draft4IntegersHaveNoExponent() throws {
        let draft4 = #"{"$schema": "http://json-schema.org/draft-04/schema#", "type": "integer"}"#
        for literal in ["1e2", "1E+2", "1.0", "100.0e0"] { #expect(try !errors(draft4, literal).isEmpty, "\(literal)") }
        for literal in ["100", "-3", "0"] { #expect(try errors(draft4, literal).isEmpty, "\(literal)") }
        for literal in ["1e2", "1.0"] { #expect(try errors(#"{"type": "integer"}"#, literal).isEmpty, "\(literal)") }
    }

    @Test func requiredAndAdditional() throws {
        let schema = #"{"type": "object", "required": ["name", "quantity"], "properties": {"name": {"type": "string"}, "quantity": {}}, "additionalProperties": false}"#
        let e = try errors(schema, #"{"name": "flour", "ingredeints": []}"#)
        #expect(e.map(\.message).sorted() == [#""ingredeints" is not allowed (additional property)"#, #""quantity" is required"#])
        let extra = e.first { $0.keyword == "additionalProperties" }
        #expect(extra?.instanceLocation == "/ingredeints")
        #expect(extra?.keywordLocation == "/additionalProperties")
        // The properties the schema names there, for a reporter's "did you mean".
        #expect(extra?.alternatives == ["name", "quantity"])
        #expect(e.first { $0.keyword == "required" }?.alternatives == [])
    }

    @Test func typeAndEnum() throws {
        #expect(try errors(#"{"type": "string"}"#, "3").map(\.message) == ["expected a string, found a number"])
        #expect(try errors(#"{"type": ["string", "null"]}"#, "{}").map(\.message) == ["expected a string or null, found an object"])
        #expect(try errors(#"{"type": "integer"}"#, "1.5").map(\.message) == ["expected an integer, found 1.5"])
        #expect(try errors(#"{"enum": ["easy", "medium", "hard"]}"#, #""xl""#).map(\.message) == [#""xl" is not one of "easy", "medium", "hard""#])
        #expect(try errors(#"{"const": 2}"#, "3").map(\.message) == ["expected 2, found 3"])
    }

    /// Every failing value repeats its message, so a message quoting the schema must stay
    /// short: an enum of 10,000 values against 10,000 wrong ones printed 591 MB. A long enum
    /// names its first ten values and its size; ten values are still all named. A large
    /// `const` and a long pattern are cut short, and compiling a `const` object of many keys
    /// no longer compares each key with every earlier one.
    @Test func messagesQuotingTheSchemaStayShort() throws {
        let numbers = "[" + (0..<10_000).map(String.init).joined(separator: ", ") + "]"
        let e = try errors(#"{"items": {"enum": \#(numbers)}}"#, "[10000, 10001]")
        #expect(e.map(\.message) == ["10000 is not one of 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, … (10000 values)",
                                      "10001 is not one of 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, … (10000 values)"])
        #expect(try errors(#"{"enum": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]}"#, "10").map(\.message) == ["10 is not one of 0, 1, 2, 3, 4, 5, 6, 7, 8, 9"])
        #expect(try errors(#"{"enum": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}"#, "11").map(\.message)
                == ["11 is not one of 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, … (11 values)"])
        // A long enum still accepts its last value, and in an anyOf its message is the same.
        #expect(try errors(#"{"enum": \#(numbers)}"#, "9999").isEmpty)
        #expect(try errors(#"{"anyOf": [{"enum": \#(numbers)}, {"type": "object"}]}"#, "-1").map(\.message)
                == ["-1 is not one of 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, … (10000 values)"])

        let members = (0..<20_000).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ")
        let clock = ContinuousClock()
        var constErrors: [ValidationError] = []
        let took = try clock.measure { constErrors = try errors(#"{"const": {\#(members)}}"#, "{}") }
        #expect(constErrors.map(\.message) == [#"expected {"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":..., found an empty object"#])
        #expect(took < .seconds(5), "compiling a const of 20,000 keys took \(took)")  // comparing each key with every earlier one: ~20 s
        #expect(try errors(#"{"const": {\#(members)}}"#, "{" + members + "}").isEmpty)

        let long = "^(" + (0..<100).map { "word\($0)" }.joined(separator: "|") + ")$"
        let p = try errors(#"{"pattern": "\#(long)"}"#, #""x""#)
        #expect(p.map(\.message) == [#""x" does not match the pattern \#(long.prefix(197))..."#])
        #expect(p.first?.keywordLocation == "/pattern")
    }

    @Test func stringsArraysNumbers() throws {
        #expect(try errors(#"{"minLength": 3}"#, #""ab""#).map(\.message) == [#""ab" is shorter than the minimum length 3 (it has 2 characters)"#])
        #expect(try errors(#"{"maxLength": 2}"#, #""héé""#).map(\.message) == [#""héé" is longer than the maximum length 2 (it has 3 characters)"#])
        #expect(try errors(#"{"pattern": "^[a-z]+$"}"#, #""ABC""#).map(\.message) == [#""ABC" does not match the pattern ^[a-z]+$"#])
        #expect(try errors(#"{"minItems": 1}"#, "[]").map(\.message) == ["expected at least 1 item, found 0"])
        #expect(try errors(#"{"uniqueItems": true}"#, "[1, 2, 1.0]").map(\.message) == ["items 0 and 2 are equal; expected unique items"])
        #expect(try errors(#"{"multipleOf": 0.01}"#, "1.005").map(\.message) == ["1.005 is not a multiple of 0.01"])
        #expect(try errors(#"{"multipleOf": 0.01}"#, "19.99").isEmpty)
        #expect(try errors(#"{"exclusiveMaximum": 5}"#, "5").map(\.message) == ["5 is not less than the exclusive maximum 5"])
    }

    @Test func refPathAndAbsoluteLocation() throws {
        let schema = ##"{"$id": "https://example.com/recipe.json", "type": "array", "items": {"$ref": "#/$defs/ingredient"}, "$defs": {"ingredient": {"properties": {"quantity": {"exclusiveMinimum": 0}}}}}"##
        let e = try errors(schema, #"[{"quantity": 1}, {"quantity": 0}]"#)
        #expect(e.count == 1)
        #expect(e.first?.instanceLocation == "/1/quantity")
        #expect(e.first?.keywordLocation == "/items/$ref/properties/quantity/exclusiveMinimum")
        #expect(e.first?.absoluteKeywordLocation == "https://example.com/recipe.json#/$defs/ingredient/properties/quantity/exclusiveMinimum")
        #expect(e.first?.message == "0 is not greater than the exclusive minimum 0")
    }

    @Test func unevaluatedAndPropertyNames() throws {
        let schema = #"{"allOf": [{"properties": {"a": true}}], "unevaluatedProperties": false, "propertyNames": {"maxLength": 3}}"#
        let e = try errors(schema, #"{"a": 1, "bb": 2, "long": 3}"#)
        #expect(e.map(\.message).sorted() == [
            #""bb" is not allowed (unevaluated property)"#,
            #""long" is longer than the maximum length 3 (it has 4 characters)"#,
            #""long" is not allowed (unevaluated property)"#,
        ])
        let name = try #require(e.first { $0.keyword == "maxLength" })
        #expect(name.keywordLocation == "/propertyNames/maxLength")
        #expect(name.instanceLocation == "/long")
    }

    @Test func errorNodeGivesLineAndColumn() throws {
        let schema = try JSONSchema(json: #"{"properties": {"servings": {"type": "integer"}}}"#)
        let doc = try JSONDocument(parsing: "{\n  \"servings\": \"four\"\n}")
        let e = try #require(schema.validate(doc).errors.first)
        #expect(doc.position(of: e.node) == SourcePosition(line: 2, column: 15))
    }
}

/// An enum of many strings is looked up in a hash table (``EnumSet/hashedFrom`` strings and
/// up) rather than scanned: it must accept and refuse exactly what a scan does, for strings
/// written with escapes, the empty string, a value listed twice, strings that share their
/// first eight bytes and length, and non-string members beside the strings.
@Suite struct LargeEnumTests {
    /// The enum's strings, as JSON: 40 ids that share a prefix, plus the odd ones.
    static let strings = (0..<40).map { #""ingredient-\#(String(format: "%03d", $0))""# }
        + [#""""#, #""tab\there""#, #""ação""#, #""ingredient-007""#, #""😀 emoji""#]
    static let schema = #"{"items": {"enum": [\#(strings.joined(separator: ", ")), 1, null, {"a": [1]}]}}"#

    @Test func membersAreFoundWhateverTheirSpelling() throws {
        // Each member, once as written and once with escapes (decoded before the lookup).
        let members = [#""ingredient-000""#, #""ingredient-039""#, #""ingredient-\u0030\u0031\u0037""#, #""""#,
                       #""tab\there""#, #""tab\u0009here""#, #""ação""#, #""a\u00e7\u00e3o""#, #""😀 emoji""#,
                       #""\ud83d\ude00 emoji""#, "1", "1.0", "null", #"{"a": [1.0]}"#]
        #expect(try errors(Self.schema, "[" + members.joined(separator: ", ") + "]").isEmpty)
    }

    @Test func nonMembersAreRefused() throws {
        // Same length and first eight bytes as members; a prefix; a longer string; other types.
        let others = [#""ingredient-040""#, #""ingredient-0""#, #""ingredient-0000""#, #""tab here""#, #""acao""#,
                      #""ingredient-\u0034\u0030\u0030""#, #"" ""#, "2", "true", #"{"a": [2]}"#, "[]"]
        let found = try errors(Self.schema, "[" + others.joined(separator: ", ") + "]")
        #expect(found.map(\.instanceLocation.description) == (0..<others.count).map { "/\($0)" })
        #expect(found.allSatisfy { $0.keyword == "enum" })
    }

    /// Below the table's threshold the scan decides; both agree at the edge.
    @Test func smallAndLargeEnumsAgree() throws {
        for count in [EnumSizes.below, EnumSizes.at] {
            let values = (0..<count).map { #""v\#($0)""# }.joined(separator: ", ")
            let schema = #"{"items": {"enum": [\#(values)]}}"#
            #expect(try errors(schema, #"["v0", "v\#(count - 1)"]"#).isEmpty)
            #expect(try errors(schema, #"["v\#(count)", "v"]"#).count == 2)
        }
    }

    enum EnumSizes {
        static let below = 15
        static let at = 16
    }
}

/// JSON Schema compares strings by code point: spellings Swift's `String` takes as equal
/// (an accent composed or combining, the Ångström sign and Å) are different values, for
/// `uniqueItems` and so for the meta-schemas' unique `required` and `enum` lists.
@Suite struct CodePointEqualityTests {
    @Test func uniqueItemsTellsCanonicallyEquivalentStringsApart() throws {
        for instance in [#"["\u00e9", "e\u0301"]"#, #"["\u00c5", "\u212b"]"#, #"[{"k": "\u00e9"}, {"k": "e\u0301"}]"#, #"[{"\u00e9": 1}, {"e\u0301": 1}]"#] {
            #expect(try errors(#"{"uniqueItems": true}"#, instance).isEmpty, "\(instance)")
        }
        // The same code points, one escaped: equal.
        #expect(try errors(#"{"uniqueItems": true}"#, #"["\u00e9", "é"]"#).map(\.message) == ["items 0 and 1 are equal; expected unique items"])
    }

    @Test func schemasListingBothSpellingsAreValid() throws {
        _ = try JSONSchema(json: #"{"$schema": "https://json-schema.org/draft/2020-12/schema", "required": ["\u00e9", "e\u0301"]}"#)
        _ = try JSONSchema(json: #"{"$schema": "http://json-schema.org/draft-04/schema#", "enum": ["\u00c5", "\u212b"]}"#)
    }
}

/// `multipleOf` is exact whatever the size of the numbers: a divisor of more than 18
/// digits, or a value whose exponent is far above the divisor's, was computed in floating
/// point (2 passed `multipleOf: 1.000000000000000000001`; 1e100001 failed `multipleOf: 2`).
@Suite struct ExactMultipleTests {
    @Test(arguments: [
        ("1.000000000000000000001", "2", false), ("123456789012345678901234", "123456789012345678901235", false),
        ("123456789012345678901234", "246913578024691357802468", true), ("123456789012345678901234", "1e308", false),
        ("2", "1e100001", true), ("1024", "1e100001", true), ("3", "1e100001", false), ("1180591620717411303424", "3541774862152233910272", true),
        ("1180591620717411303424", "1e21", false), ("1180591620717411303424", "1e70", true), ("0.1180591620717411303424", "1e69", true),
        ("1180591620717411303424e-3", "5e1", false), ("28421709430404007434844970703125", "1e45", true),
    ])
    func exactWhateverTheSize(_ divisor: String, _ value: String, _ valid: Bool) throws {
        #expect(try errors(#"{"multipleOf": \#(divisor)}"#, value).isEmpty == valid, "\(value) multipleOf \(divisor)")
    }
}

@Suite struct ClosestBranchTests {
    let servings = #"{"properties": {"servings": {"anyOf": [{"type": "integer", "minimum": 1}, {"type": "object", "required": ["amount", "unit"], "properties": {"amount": {"type": "number"}, "unit": {"enum": ["glasses", "cups"]}}}]}}}"#

    @Test func reportsTheBranchWhoseTypeMatched() throws {
        let e = try errors(servings, #"{"servings": {"amount": 2, "unit": "buckets"}}"#)
        #expect(e.map(\.message) == [#""buckets" is not one of "glasses", "cups""#])
        #expect(e.first?.keywordLocation == "/properties/servings/anyOf/1/properties/unit/enum")
        let n = try errors(servings, #"{"servings": -1}"#)
        #expect(n.map(\.message) == ["-1 is less than the minimum 1"])
    }

    @Test func oneOfWithConstDiscriminator() throws {
        let schema = #"{"oneOf": [{"properties": {"kind": {"const": "a"}, "x": {"type": "string"}}, "required": ["kind"]}, {"properties": {"kind": {"const": "b"}, "y": {"type": "number"}}, "required": ["kind", "y"]}]}"#
        let e = try errors(schema, #"{"kind": "b"}"#)
        #expect(e.map(\.message) == [#""y" is required"#])
        #expect(e.first?.keywordLocation == "/oneOf/1/required")
    }

    @Test func oneOfMatchingTwice() throws {
        let e = try errors(#"{"oneOf": [{"type": "number"}, {"minimum": 0}]}"#, "3")
        #expect(e.map(\.message) == ["3 matches 2 of the oneOf schemas (0, 1); expected exactly one"])
    }
}

@Suite struct OutputFormatTests {
    let schema = #"{"$id": "https://example.com/s", "properties": {"a": {"type": "string"}, "b": {"minimum": 3}}}"#

    @Test func flag() throws {
        let s = try JSONSchema(json: schema)
        #expect(s.output(try JSONDocument(parsing: #"{"a": "x"}"#), format: .flag) == ["valid": true])
        #expect(s.output(try JSONDocument(parsing: #"{"a": 1}"#), format: .flag) == ["valid": false])
    }

    @Test func basic() throws {
        let s = try JSONSchema(json: schema)
        let out = s.output(try JSONDocument(parsing: #"{"a": 1, "b": 1}"#), format: .basic)
        #expect(out["valid"] == false)
        let units = try #require(out["errors"]?.arrayValue)
        #expect(units.count == 2)
        #expect(units[0]["keywordLocation"] == "/properties/a/type")
        #expect(units[0]["absoluteKeywordLocation"] == "https://example.com/s#/properties/a/type")
        #expect(units[0]["instanceLocation"] == "/a")
        #expect(units[0]["error"] == "expected a string, found a number")
        #expect(units[1]["instanceLocation"] == "/b")
        // The root unit, at the root of the schema and of the instance.
        #expect(out["keywordLocation"] == "")
        #expect(out["instanceLocation"] == "")
        #expect(s.output(try JSONDocument(parsing: "{}"), format: .basic)
                == ["valid": true, "keywordLocation": "", "absoluteKeywordLocation": "https://example.com/s#", "instanceLocation": ""])
    }

    /// `detailed` nests a unit for each keyword and subschema on the way to a failure, as
    /// the schema is nested (2020-12 Core 12.4.3), a unit with a single child replaced by
    /// it; the root unit stays, at `""`. A `$ref` unit's absolute location is the schema
    /// it refers to. It was a flat list under the one `/properties` unit, made the root.
    @Test func detailedFollowsTheSchema() throws {
        let s = try JSONSchema(json: """
            {"$id": "https://example.com/s", "properties": {"a": {"$ref": "#/$defs/pos"}, "b": {"type": "string"}},
             "$defs": {"pos": {"minimum": 1, "multipleOf": 2}}}
            """)
        let out = s.output(try JSONDocument(parsing: #"{"a": -1, "b": 1}"#), format: .detailed)
        let expected = try JSONDocument(parsing: """
            {"valid": false, "keywordLocation": "", "absoluteKeywordLocation": "https://example.com/s#", "instanceLocation": "",
             "errors": [{"valid": false, "keywordLocation": "/properties", "absoluteKeywordLocation": "https://example.com/s#/properties",
               "instanceLocation": "",
               "errors": [
                 {"valid": false, "keywordLocation": "/properties/a/$ref", "absoluteKeywordLocation": "https://example.com/s#/$defs/pos",
                  "instanceLocation": "/a",
                  "errors": [
                    {"valid": false, "keywordLocation": "/properties/a/$ref/multipleOf",
                     "absoluteKeywordLocation": "https://example.com/s#/$defs/pos/multipleOf", "instanceLocation": "/a",
                     "error": "-1 is not a multiple of 2"},
                    {"valid": false, "keywordLocation": "/properties/a/$ref/minimum",
                     "absoluteKeywordLocation": "https://example.com/s#/$defs/pos/minimum", "instanceLocation": "/a",
                     "error": "-1 is less than the minimum 1"}]},
                 {"valid": false, "keywordLocation": "/properties/b/type", "absoluteKeywordLocation": "https://example.com/s#/properties/b/type",
                  "instanceLocation": "/b", "error": "expected a string, found a number"}]}]}
            """).value
        #expect(out == expected, "\(JSONWriter.compact.string(out))")
        // One failure: the root unit and the failing keyword's unit, what was between collapsed.
        let one = s.output(try JSONDocument(parsing: #"{"a": 3}"#), format: .detailed)
        #expect(one["keywordLocation"] == "")
        #expect(one["errors"]?.arrayValue?.map { $0["keywordLocation"] } == ["/properties/a/$ref/multipleOf"])
    }

    /// A keyword that applies its subschema to several values (`items`) has one unit at the
    /// array, and the units below it are each at their own item.
    @Test func detailedSeparatesTheValuesOfOneKeyword() throws {
        let s = try JSONSchema(json: #"{"properties": {"tags": {"items": {"minLength": 2, "pattern": "^[a-z]+$"}}}}"#)
        let out = s.output(try JSONDocument(parsing: #"{"tags": ["a", "ok", "B"]}"#), format: .detailed)
        let items = try #require(out["errors"]?[0])
        #expect(items["keywordLocation"] == "/properties/tags/items")
        #expect(items["instanceLocation"] == "/tags")
        let units = try #require(items["errors"]?.arrayValue)
        #expect(units.map { $0["instanceLocation"] } == ["/tags/0", "/tags/2"])
        #expect(units.map { $0["keywordLocation"] } == ["/properties/tags/items/minLength", "/properties/tags/items"])
        #expect(units[1]["errors"]?.arrayValue?.map { $0["keywordLocation"] }
                == ["/properties/tags/items/minLength", "/properties/tags/items/pattern"])
    }

    /// A failing `anyOf`/`oneOf` gives a unit for the keyword with every branch's units under
    /// it (basic lists them all), not only the branch that came closest, which `validate`
    /// (and the text reports) still name.
    @Test func everyBranchOfAnAlternativeIsInTheOutput() throws {
        let s = try JSONSchema(json: #"{"properties": {"d": {"anyOf": [{"type": "string"}, {"type": "integer", "minimum": 3}]}, "e": {"oneOf": [{"type": "string", "minLength": 3}, {"type": "integer"}]}}}"#)
        let doc = try JSONDocument(parsing: #"{"d": 1, "e": "x"}"#)
        #expect(s.validate(doc).errors.map(\.keywordLocation) == ["/properties/d/anyOf/1/minimum", "/properties/e/oneOf/0/minLength"])
        let basic = s.output(doc, format: .basic)
        #expect(basic["errors"]?.arrayValue?.map { $0["keywordLocation"] } == [
            "/properties/d/anyOf", "/properties/d/anyOf/0/type", "/properties/d/anyOf/1/minimum",
            "/properties/e/oneOf", "/properties/e/oneOf/0/minLength", "/properties/e/oneOf/1/type",
        ])
        #expect(basic["errors"]?[0]?["error"] == "1 matches none of the 2 anyOf schemas")
        let detailed = s.output(doc, format: .detailed)
        let alternatives = try #require(detailed["errors"]?[0]?["errors"]?.arrayValue)
        #expect(alternatives.map { $0["keywordLocation"] } == ["/properties/d/anyOf", "/properties/e/oneOf"])
        #expect(alternatives[0]["errors"]?.arrayValue?.map { $0["keywordLocation"] } == ["/properties/d/anyOf/0/type", "/properties/d/anyOf/1/minimum"])
        #expect(alternatives[1]["error"] == #""x" matches none of the 2 oneOf schemas"#)
        #expect(alternatives[1]["errors"]?.arrayValue?.map { $0["keywordLocation"] } == ["/properties/e/oneOf/0/minLength", "/properties/e/oneOf/1/type"])
    }

    /// A `false` subschema's unit is the subschema itself, not a `/false` keyword that is
    /// nowhere in the schema.
    @Test func aFalseSubschemaIsItsOwnUnit() throws {
        let s = try JSONSchema(json: #"{"$id": "https://example.com/f", "properties": {"x": false}, "allOf": [false]}"#)
        let basic = s.output(try JSONDocument(parsing: #"{"x": 1}"#), format: .basic)
        #expect(basic["errors"]?.arrayValue?.map { $0["keywordLocation"] } == ["/properties/x", "/allOf/0"])
        #expect(basic["errors"]?.arrayValue?.map { $0["absoluteKeywordLocation"] }
                == ["https://example.com/f#/properties/x", "https://example.com/f#/allOf/0"])
    }
}

@Suite struct SchemaErrorTests {
    @Test func invalidAgainstMetaSchemaHasLineAndColumn() throws {
        let doc = try JSONDocument(parsing: "{\n  \"type\": \"object\",\n  \"properties\": {\n    \"age\": {\"minimum\": \"ten\"},\n    \"name\": {\"type\": \"text\"}\n  }\n}")
        do {
            _ = try JSONSchema(doc)
            Issue.record("an invalid schema compiled")
        } catch {
            #expect(error.problems.count >= 2)
            let age = error.problems.first { $0.schemaLocation == "/properties/age/minimum" }
            #expect(age?.position == SourcePosition(line: 4, column: 24))
            #expect(age?.message == "expected a number, found a string")
            let name = error.problems.first { $0.schemaLocation == "/properties/name/type" }
            #expect(name?.position == SourcePosition(line: 5, column: 22))
            #expect(error.description.contains("4:24: /properties/age/minimum"))
        }
    }

    /// A reference that cannot be resolved is placed at the `$ref`'s value (column 21), not
    /// at the schema object holding it.
    @Test func compileErrorsNameTheirPlace() throws {
        let cases: [(String, String, SourcePosition)] = [
            ("{\n  \"properties\": {\"a\": {\"pattern\": \"([a-z\"}}\n}", "is not a valid regular expression", SourcePosition(line: 2, column: 35)),
            ("{\n  \"items\": {\"$ref\": \"#/$defs/missing\"}\n}", "nothing at /$defs/missing", SourcePosition(line: 2, column: 21)),
            ("{\n  \"items\": {\"$ref\": \"#nowhere\"}\n}", "no anchor \"nowhere\"", SourcePosition(line: 2, column: 21)),
        ]
        for (json, fragment, position) in cases {
            do {
                _ = try JSONSchema(JSONDocument(parsing: json))
                Issue.record("compiled: \(json)")
            } catch let error as SchemaError {
                #expect(error.message.contains(fragment), "\(error)")
                #expect(error.problems.first?.position == position, "\(error)")
            }
        }
        // Not JSON at all.
        #expect(throws: SchemaError.self) { try JSONSchema(json: "{\"type\": ") }
        // Not a schema: the meta-schema says so.
        #expect(throws: SchemaError.self) { try JSONSchema(json: "3") }
    }

    @Test func remoteReferenceIsNotFetched() throws {
        let doc = try JSONDocument(parsing: #"{"properties": {"a": {"$ref": "https://schemas.example.com/common/name.json"}}}"#)
        do {
            _ = try JSONSchema(doc)
            Issue.record("a remote reference compiled")
        } catch {
            #expect(error.message.contains("https://schemas.example.com/common/name.json"))
            #expect(error.message.contains("--ref-map URI-PREFIX=DIR"))
            #expect(error.message.contains("--ref-map https://schemas.example.com/common/=./schemas"))
            #expect(error.problems.first?.schemaLocation == "/properties/a/$ref")
        }
    }

    @Test func refMapLoadsFromDisk() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("larder-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("common"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(#"{"type": "string", "minLength": 1}"#.utf8).write(to: dir.appendingPathComponent("common/name.json"))
        var registry = SchemaRegistry()
        registry.map(prefix: "https://schemas.example.com/", to: dir.path)
        let s = try JSONSchema(json: #"{"properties": {"a": {"$ref": "https://schemas.example.com/common/name.json"}}}"#, registry: registry)
        #expect(s.isValid(try JSONDocument(parsing: #"{"a": "x"}"#)))
        #expect(!s.isValid(try JSONDocument(parsing: #"{"a": ""}"#)))
        // A mapped URI may not climb out of its folder.
        #expect(throws: SchemaError.self) {
            try JSONSchema(json: #"{"$ref": "https://schemas.example.com/common/%2E%2E/%2E%2E/etc/passwd"}"#, registry: registry)
        }
    }

    @Test func fileReferencesResolveBesideTheSchema() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("larder-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(#"{"type": "integer"}"#.utf8).write(to: dir.appendingPathComponent("count.json"))
        var registry = SchemaRegistry()
        registry.allowFiles(under: dir.path)
        let base = dir.appendingPathComponent("main.json").absoluteString
        let s = try JSONSchema(json: #"{"items": {"$ref": "count.json"}}"#, options: SchemaOptions(baseURI: base), registry: registry)
        #expect(s.isValid(try JSONDocument(parsing: "[1, 2]")))
        #expect(!s.isValid(try JSONDocument(parsing: "[1, 2.5]")))
    }

    @Test func schemaFileResolvesSiblingsAndStaysInsideItsRoot() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("larder-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("schemas"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(#"{"type": "string", "pattern": "^[a-z-]+$"}"#.utf8).write(to: dir.appendingPathComponent("schemas/slug.json"))
        try Data(#"{"properties": {"slug": {"$ref": "slug.json"}}}"#.utf8).write(to: dir.appendingPathComponent("schemas/recipe.json"))
        try Data(#"{"properties": {"slug": {"$ref": "../outside.json"}}}"#.utf8).write(to: dir.appendingPathComponent("schemas/escape.json"))
        try Data(#"{}"#.utf8).write(to: dir.appendingPathComponent("outside.json"))
        let schema = try JSONSchema(contentsOfFile: dir.appendingPathComponent("schemas/recipe.json").path)
        #expect(schema.isValid(try JSONDocument(parsing: #"{"slug": "pancakes"}"#)))
        #expect(!schema.isValid(try JSONDocument(parsing: #"{"slug": "Pancakes!"}"#)))
        // Outside the schema's folder: not loaded unless the root allows it.
        #expect(throws: SchemaError.self) { try JSONSchema(contentsOfFile: dir.appendingPathComponent("schemas/escape.json").path) }
        _ = try JSONSchema(contentsOfFile: dir.appendingPathComponent("schemas/escape.json").path, root: dir.path)
    }

    @Test func refMapArgument() {
        let m = SchemaRegistry.Mapping(argument: "https://example.com/schemas/=./vendor/schemas")
        #expect(m == SchemaRegistry.Mapping(prefix: "https://example.com/schemas/", directory: "./vendor/schemas"))
        #expect(SchemaRegistry.Mapping(argument: "no-equals") == nil)
        #expect(SchemaRegistry.Mapping(argument: "=dir") == nil)
    }

    /// A mapping's scheme and host match in any case (RFC 3986), its path and user
    /// information exactly, and it still covers whole path segments only.
    @Test func aMappingsSchemeAndHostMatchInAnyCase() {
        let m = SchemaRegistry.Mapping(prefix: "HTTPS://Example.COM/Schemas/", directory: "d")
        #expect(m.relativePath(of: "https://example.com/Schemas/a/B.json") == "a/B.json")
        #expect(m.relativePath(of: "hTTps://EXAMPLE.com/Schemas") == "")
        #expect(m.relativePath(of: "https://example.com/schemas/a.json") == nil)
        #expect(m.relativePath(of: "https://example.com/SchemasX/a.json") == nil)
        #expect(m.relativePath(of: "https://example.com.evil/Schemas/a.json") == nil)
        let host = SchemaRegistry.Mapping(prefix: "https://Example.com", directory: "d")
        #expect(host.relativePath(of: "https://example.com/a.json") == "a.json")
        #expect(host.relativePath(of: "https://example.community/a.json") == nil)
        let user = SchemaRegistry.Mapping(prefix: "https://Me@Example.com/s/", directory: "d")
        #expect(user.relativePath(of: "https://Me@example.com/s/a.json") == "a.json")
        #expect(user.relativePath(of: "https://me@example.com/s/a.json") == nil)
    }

    @Test func infiniteRefCycleIsACompileError() throws {
        for schema in [##"{"$ref": "#"}"##, ##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"allOf": [{"$ref": "#/$defs/a"}]}}, "$ref": "#/$defs/a"}"##] {
            do {
                _ = try JSONSchema(json: schema)
                Issue.record("\(schema) compiled")
            } catch {
                #expect(error.message.contains("infinite recursion"))
            }
        }
        // Recursion that moves into the instance is fine.
        let tree = try JSONSchema(json: ##"{"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#"}}}}"##)
        #expect(tree.isValid(try JSONDocument(parsing: #"{"children": [{"children": []}]}"#)))
        #expect(!tree.isValid(try JSONDocument(parsing: #"{"children": [{"children": [3]}]}"#)))
    }

    /// `maxDepth` bounds the steps applied to one value in place; moving into the instance
    /// starts the count again (see EvaluationDepthTests).
    @Test func depthCountsStepsInPlace() throws {
        let schema = try JSONSchema(json: ##"{"items": {"$ref": "#"}}"##, options: SchemaOptions(maxDepth: 50))
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        let doc = try JSONDocument(parsing: deep)
        #expect(schema.isValid(doc))
        #expect(schema.validate(doc).isValid)
    }

    @Test func deepInstancesAreSafeOnATaskThread() async throws {
        let schema = try JSONSchema(json: ##"{"type": "array", "items": {"$ref": "#"}}"##)
        func nested(_ n: Int) throws -> JSONDocument {
            try JSONDocument(parsing: String(repeating: "[", count: n) + String(repeating: "]", count: n), options: .init(maxDepth: .max))
        }
        // Each level is one evaluation step (the array schema; its $ref-only child is skipped).
        // 100,000 levels need more stack than any thread has: an error, not a crash.
        let within = try nested(900), beyond = try nested(100_000)
        let results = await Task.detached {
            (schema.isValid(within) && schema.validate(within).isValid, schema.isValid(beyond), schema.validate(beyond).errors.map(\.message))
        }.value
        #expect(results.0)
        #expect(!results.1)
        let messages = results.2
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("the instance nests too deeply for the stack of this thread") == true)
    }
}

/// Compiling grows with the schema, not with (references × definitions).
@Suite struct CompileScalingTests {
    /// Seconds to compile `schema`, the best of `runs` (the fastest run has the least noise
    /// from other work on the machine).
    func compileSeconds(_ schema: String, runs: Int) throws -> Double {
        let clock = ContinuousClock()
        var best = Double.infinity
        for _ in 0..<runs {
            let d = try clock.measure { _ = try JSONSchema(json: schema) }
            best = min(best, Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18)
        }
        return best
    }

    /// A chain of `n` definitions, each only a `$ref` to the next.
    func chain(_ n: Int) -> String {
        let defs = (0..<n).map { ##""d\##($0)": {"$ref": "#/$defs/d\##($0 + 1)"}"## } + [##""d\##(n)": {"type": "integer"}"##]
        return ##"{"$ref": "#/$defs/d0", "$defs": {\##(defs.joined(separator: ", "))}}"##
    }

    /// An `allOf` of `n` references, each to another definition.
    func fanOut(_ n: Int) -> String {
        let defs = (0..<n).map { ##""d\##($0)": {"type": "integer"}"## }
        let refs = (0..<n).map { ##"{"$ref": "#/$defs/d\##($0)"}"## }
        return ##"{"allOf": [\##(refs.joined(separator: ", "))], "$defs": {\##(defs.joined(separator: ", "))}}"##
    }

    /// Guards two quadratic steps: resolving each `#/$defs/…` reference read the members of
    /// `$defs` in turn (twice: for the name and for an `$id`), and pointing each `$ref`-only
    /// node at the end of its chain walked the rest of the chain again for every node. A 10x
    /// schema took ~100x as long (a 40,000-reference schema, 12 s); now ~10x. The bound is
    /// generous (30x) so that a loaded machine does not fail it.
    @Test func manyReferencesCompileInLinearTime() throws {
        for (name, make) in [("chain", chain), ("allOf", fanOut)] as [(String, (Int) -> String)] {
            let small = try compileSeconds(make(400), runs: 3)
            // The best of two: one run on a loaded machine can lose its core for a while
            // (ten times the references, in linear time, is ten times the time).
            let large = try compileSeconds(make(4_000), runs: 2)
            #expect(large < 30 * small, "\(name): 400 references \(small) s, 4,000 references \(large) s")
            let schema = try JSONSchema(json: make(4_000))
            #expect(schema.isValid(try JSONDocument(parsing: "1")))
            #expect(!schema.isValid(try JSONDocument(parsing: "1.5")))
        }
    }
}

@Suite struct ConcurrencyTests {
    @Test func oneValidatorManyTasks() async throws {
        let schema = try JSONSchema(json: #"{"type": "array", "items": {"type": "integer", "minimum": 0}}"#)
        let good = try JSONDocument(parsing: "[1, 2, 3]")
        let bad = try JSONDocument(parsing: "[1, -2, 3]")
        let results = await withTaskGroup(of: (Bool, Bool).self) { group in
            for _ in 0..<32 {
                group.addTask { (schema.isValid(good), schema.validate(bad).errors.count == 1) }
            }
            var all: [(Bool, Bool)] = []
            for await r in group { all.append(r) }
            return all
        }
        #expect(results.count == 32)
        #expect(results.allSatisfy { $0.0 && $0.1 })
    }
}
