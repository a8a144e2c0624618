import Foundation
import LarderCore
import LarderJSON
import LarderSchema
import LarderTransforms
import Testing

/// The repository's root, from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// One parsed document from text.
func document(_ text: String, file: String = "recipe.json") throws -> Document {
    Document(file: file, json: try JSONDocument(parsing: text))
}

/// Every document of a file's text with the outcome of `transform` applied, and the
/// diagnostics.
func transformed(_ text: String, file: String = "recipe.json", _ transform: (Document) -> TransformOutcome) throws -> (text: String, value: JSONValue, diagnostics: [Diagnostic]) {
    let json = try JSONDocument(parsing: text)
    var edits: [JSONEdit] = []
    var diagnostics: [Diagnostic] = []
    for doc in Document.split(file: file, json: json) {
        let outcome = transform(doc)
        edits += outcome.edits
        diagnostics += outcome.diagnostics
    }
    let bytes = JSONEditor.apply(edits, to: json.bytes, range: 0..<json.bytes.count)
    let out = String(decoding: bytes, as: UTF8.self)
    return (out, try JSONValue(parsing: bytes), diagnostics)
}

/// The recipe schema Larder ships, compiled once.
let recipeSchema: JSONSchema = {
    do {
        guard let schema = try BuiltInSchemas.compile("recipe") else { fatalError("no built-in recipe schema") }
        return schema
    } catch {
        fatalError("the built-in recipe schema does not compile: \(error)")
    }
}()

let productSchema: JSONSchema = {
    do {
        guard let schema = try BuiltInSchemas.compile("product") else { fatalError("no built-in product schema") }
        return schema
    } catch {
        fatalError("the built-in product schema does not compile: \(error)")
    }
}()

/// Schema errors of each document of a file's text (empty when all are valid).
func schemaErrors(_ text: String, schema: JSONSchema = recipeSchema) throws -> [String] {
    let json = try JSONDocument(parsing: text)
    var errors: [String] = []
    for doc in Document.split(file: "x.json", json: json) {
        errors += schema.validate(json, at: doc.node).errors.map { "\($0.instanceLocation): \($0.message)" }
    }
    return errors
}

extension JSONValue {
    /// The value at a slash path of keys and indices: `ingredients/0/quantity`.
    func at(_ path: String) -> JSONValue? {
        var v: JSONValue? = self
        for part in path.split(separator: "/") {
            if let i = Int(part) { v = v?[i] } else { v = v?[String(part)] }
        }
        return v
    }
}
