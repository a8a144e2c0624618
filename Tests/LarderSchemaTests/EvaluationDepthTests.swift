import Foundation
import LarderJSON
import LarderSchema
import Testing

/// Schema evaluation follows an instance as deep as the parser accepts it, bounds only the
/// schema steps applied to one value in place, and stops with an error, never a crash, when
/// the thread's stack runs low.
@Suite struct EvaluationDepthTests {
    static let deepest = 512  // JSONParser.Options().maxDepth
    static func arrays(_ depth: Int, leaf: String) -> String {
        String(repeating: "[", count: depth - 1) + "[" + leaf + "]" + String(repeating: "]", count: depth - 1)
    }
    static func objects(_ depth: Int, leaf: String) -> String {
        String(repeating: #"{"c": "#, count: depth - 1) + "{" + leaf + "}" + String(repeating: "}", count: depth - 1)
    }

    /// A tree schema takes two evaluation steps per level (the `anyOf` and the node): a
    /// 300-deep instance used to fail with "nests deeper than 600 levels".
    @Test func instancesAsDeepAsTheParserAcceptsAreValidated() async throws {
        let cases: [(schema: String, valid: String, invalid: String, message: String)] = [
            (
                ##"{"$ref": "#/$defs/node", "$defs": {"node": {"anyOf": [{"type": "integer"}, {"type": "array", "items": {"$ref": "#/$defs/node"}}]}}}"##,
                Self.arrays(Self.deepest, leaf: "1"), Self.arrays(Self.deepest, leaf: #""x""#), "expected an integer or an array"
            ),
            (
                ##"{"$ref": "#/$defs/node", "$defs": {"node": {"type": "object", "properties": {"c": {"anyOf": [{"type": "null"}, {"$ref": "#/$defs/node"}]}}, "required": ["c"]}}}"##,
                Self.objects(Self.deepest, leaf: #""c": null"#), Self.objects(Self.deepest, leaf: ""), "\"c\""
            ),
            (
                ##"{"$id": "https://example.com/tree", "$dynamicAnchor": "node", "type": "array", "items": {"$dynamicRef": "#node"}}"##,
                Self.arrays(Self.deepest, leaf: ""), Self.arrays(Self.deepest, leaf: "1"), "expected an array"
            ),
        ]
        for (text, valid, invalid, message) in cases {
            let schema = try JSONSchema(json: text)
            // The parser's default options: these are the deepest instances it accepts.
            let good = try JSONDocument(parsing: valid), bad = try JSONDocument(parsing: invalid)
            let (quiet, collected, badQuiet, badErrors) = await Task.detached {
                (schema.isValid(good), schema.validate(good).errors.map(\.message), schema.isValid(bad), schema.validate(bad).errors)
            }.value
            #expect(quiet, "\(text)")
            #expect(collected == [], "\(text)")
            #expect(!badQuiet, "\(text)")
            #expect(badErrors.count == 1, "\(text): \(badErrors.map(\.message))")
            #expect(badErrors.first?.message.contains(message) == true, "\(text): \(badErrors.map(\.message))")
            #expect(badErrors.first?.instanceLocation.tokens.count ?? 0 >= Self.deepest - 1, "\(text)")
        }
    }

    /// A `$dynamicRef` that comes back to the same value without moving into the instance
    /// (which the compiler cannot see) is stopped by `maxDepth`, with a clear error.
    @Test func recursionInPlaceStopsWithAClearError() async throws {
        let schema = try JSONSchema(json: ##"""
            {"$id": "https://example.com/root", "$dynamicAnchor": "a", "$ref": "b",
             "$defs": {"b": {"$id": "b", "$dynamicRef": "#a", "$defs": {"leaf": {"$dynamicAnchor": "a"}}}}}
            """##)
        let doc = try JSONDocument(parsing: "[1, 2]")
        let (quiet, errors) = await Task.detached { (schema.isValid(doc), schema.validate(doc).errors) }.value
        #expect(!quiet)
        #expect(errors.map(\.message) == [
            "the schema applies more than 600 subschemas to this value without moving into it (a $dynamicRef cycle?); validation stopped"
        ])
        #expect(errors.first?.instanceLocation == .root)

        // The bound is an option, and counts steps in place only.
        let chain = try JSONSchema(
            json: #"{"items": {"allOf": [{"allOf": [{"allOf": [{"type": "integer"}]}]}]}}"#, options: SchemaOptions(maxDepth: 3))
        let two = try JSONDocument(parsing: "[1, 2]")
        #expect(!chain.isValid(two))
        #expect(chain.validate(two).errors.first?.message.contains("more than 3 subschemas") == true)
        let roomy = try JSONSchema(
            json: #"{"items": {"allOf": [{"allOf": [{"allOf": [{"type": "integer"}]}]}]}}"#, options: SchemaOptions(maxDepth: 4))
        #expect(roomy.isValid(two))
    }

    /// Alternatives that both go down the same subtree are evaluated once for each value,
    /// not once for each branch at each level: a tree of "folder or group" nodes took twice
    /// as long for each level (a 24-level tree took seconds, 26 levels minutes), quiet or
    /// collecting errors, valid or not.
    @Test func recursiveAlternativesTakeTimeInProportionToTheDepth() async throws {
        let levels = 26
        let tree = try JSONSchema(json: ##"""
            {"$defs": {"node": {"oneOf": [
              {"type": "object", "required": ["folder"], "properties": {"folder": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#/$defs/node"}}}},
              {"type": "object", "required": ["group"], "properties": {"group": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}
            ]}}, "$ref": "#/$defs/node"}
            """##)
        func folders(_ leaf: String) -> String {
            String(repeating: #"{"folder": "f", "children": ["#, count: levels) + leaf + String(repeating: "]}", count: levels)
        }
        let good = try JSONDocument(parsing: folders(#"{"folder": "leaf"}"#))
        let bad = try JSONDocument(parsing: folders(#"{"folder": 5}"#))
        let nested = try JSONSchema(json: ##"""
            {"$defs": {"a": {"anyOf": [{"type": "array", "items": {"$ref": "#/$defs/a"}},
                                       {"type": "array", "items": {"$ref": "#/$defs/a"}, "minItems": 0}, {"type": "integer"}]}},
             "$ref": "#/$defs/a"}
            """##)
        let strings = try JSONDocument(parsing: Self.arrays(levels, leaf: #""x""#))

        // Timed inside the task: in a full test run the task can wait long for a thread of
        // the shared pool, which is not the evaluator's time.
        let (results, took) = await Task.detached {
            let clock = ContinuousClock()
            let start = clock.now
            let results = (tree.isValid(good), tree.validate(good).errors, tree.isValid(bad), tree.validate(bad).errors, nested.validate(strings).errors)
            return (results, clock.now - start)
        }.value
        let (goodQuiet, goodErrors, badQuiet, badErrors, nestedErrors) = results
        #expect(goodQuiet)
        #expect(goodErrors.isEmpty)
        #expect(!badQuiet)
        let step = "/oneOf/0/properties/children/items/$ref"
        #expect(badErrors.map(\.message) == ["expected a string, found a number"])
        #expect(badErrors.first?.keywordLocation == "/$ref" + String(repeating: step, count: levels) + "/oneOf/0/properties/folder/type")
        #expect(badErrors.first?.instanceLocation.tokens == Array(repeating: ["children", "0"], count: levels).flatMap { $0 } + ["folder"])
        #expect(nestedErrors.map(\.message) == ["expected an array or an integer, found a string"])
        #expect(nestedErrors.first?.instanceLocation.tokens == Array(repeating: "0", count: levels))
        #expect(took < .seconds(5), "validating \(levels)-level trees took \(took)")  // minutes in a debug build
    }

    /// A thread with a small stack (512 KB, as Apple platforms give the threads of the
    /// Swift concurrency pool) gets an error for the deepest instance, not a crash.
    @Test func aSmallStackStopsValidationWithAnError() async throws {
        let schema = try JSONSchema(
            json: ##"{"$ref": "#/$defs/node", "$defs": {"node": {"anyOf": [{"type": "integer"}, {"type": "array", "items": {"$ref": "#/$defs/node"}}]}}}"##)
        let bad = try JSONDocument(parsing: Self.arrays(Self.deepest, leaf: #""x""#))
        let (quiet, errors) = await withCheckedContinuation { (done: CheckedContinuation<(Bool, [ValidationError]), Never>) in
            let thread = Thread { done.resume(returning: (schema.isValid(bad), schema.validate(bad).errors)) }
            thread.stackSize = 512 << 10
            thread.start()
        }
        #expect(!quiet)
        #expect(errors.count == 1)
        #expect(errors.first?.message.hasPrefix("the instance nests too deeply for the stack of this thread") == true, "\(errors.map(\.message))")
    }
}
