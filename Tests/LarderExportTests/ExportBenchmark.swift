import Foundation
import LarderCore
import LarderExport
import LarderJSON
import Testing

/// How long each exporter takes over a large synthetic project (2,000 recipes in 4 locales
/// with 8 ingredients and 6 steps each, plus a taxonomy). Runs only with
/// `LARDER_EXPORT_BENCH=1` (use `-c release` for meaningful numbers); prints one line per
/// exporter.
@Suite struct ExportBenchmark {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["LARDER_EXPORT_BENCH"] == "1"))
    func timings() throws {
        let locales = ["en", "pt-BR", "es-MX", "zh-Hant-TW"]
        func text(_ s: String) -> JSONValue {
            .object(JSONObject(locales.map { ($0, .string("\(s) (\($0)) it's 100% \"fresh\" & <good>")) }))
        }
        var recipes: [JSONValue] = []
        for i in 0..<2000 {
            recipes.append([
                "id": .string("recipe-\(i)"), "name": text("Recipe \(i)"), "description": text("Description \(i)"),
                "category": "sauce", "tags": ["quick"],
                "ingredients": .array((0..<8).map { j in ["name": text("Ingredient \(j)"), "quantity": .number(JSONNumber(j + 1)), "unit": "g"] }),
                "steps": .array((0..<6).map { j in text("Step \(j)") }),
                "time": ["prep": 10, "total": 25], "rating": 4.5,
            ])
        }
        var documents = Document.split(file: "recipes.json", kind: "recipe", json: try JSONDocument(parsing: JSONWriter.compact.bytes(.array(recipes))))
        documents += Document.split(file: "taxonomy.json", kind: "taxonomy", json: try JSONDocument(parsing: JSONWriter.compact.bytes(["sauce": text("Sauces"), "quick": text("Quick")])))
        let texts = 2000 * (2 + 8 + 6) + 2
        print("export benchmark: 2000 recipes, \(texts) texts, \(locales.count) locales")
        let catalogTime = try ContinuousClock().measure { _ = try ContentCatalog(documents: documents, locales: locales) }
        print("export benchmark: reading the content (ContentCatalog): \(catalogTime)")
        for exporter in BuiltInExporters.all where exporter.id != "images" {
            let clock = ContinuousClock()
            var bytes = 0
            let elapsed = try clock.measure {
                let result = try exporter.exportWithDiagnostics(documents, context: ExportContext(exporterID: exporter.id, locales: locales))
                bytes = result.artifacts.reduce(0) { $0 + $1.bytes.count }
            }
            print("export benchmark: \(exporter.id): \(elapsed) for \(bytes / 1024) KiB")
        }
        var big = [UInt8](repeating: 0x61, count: 16 << 20)
        big[0] = 1
        let elapsed = ContinuousClock().measure { _ = SHA256.hash(big) }
        print("export benchmark: SHA-256 of 16 MiB: \(elapsed)")
    }
}
