import Foundation
import LarderCore
import LarderExport
import LarderJSON
import Testing

/// Ids and field names come from content, which is untrusted: no exporter may turn one into
/// a path outside its output folder, a Windows device name, or two files with one name.
@Suite struct SafetyTests {
    static let hostileIDs = [
        "../../etc/passwd", "a/b", "CON", "con.txt", "Aux", "LPT1", "", ".", "..", ".hidden", "-rf", "a\\b", "C:", "日本語",
        "emoji 🍝", "nul\u{0}byte", "line\nbreak", String(repeating: "x", count: 300), "ok-id",
    ]

    @Test(arguments: hostileIDs)
    func fileNamesAreSafe(_ id: String) throws {
        let name = SafeName.fileName(id)
        #expect(!name.isEmpty && name.count <= 120)
        #expect(name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" })
        #expect(!name.hasPrefix("-") && !name.hasPrefix("."))
        let device = name.split(separator: ".").first.map { $0.lowercased() } ?? ""
        #expect(!["con", "prn", "aux", "nul", "lpt1", "com1"].contains(device))
        try Artifact.validate(path: "jsonld/en/recipe/\(name).json")
    }

    @Test func safeNamesAreKeptAndUnsafeOnesDoNotCollide() {
        #expect(SafeName.fileName("negroni") == "negroni")
        #expect(SafeName.fileName("42") == "42")
        #expect(SafeName.fileName("old-fashioned") == "old-fashioned")
        #expect(SafeName.keySegment("en:milk") == "en:milk")
        let names = Self.hostileIDs.map(SafeName.fileName)
        #expect(Set(names).count == names.count, "\(names)")
        // "a/b" and "a_b" must not share a name.
        #expect(SafeName.fileName("a/b") != SafeName.fileName("a_b"))
        #expect(SafeName.fileName("../../etc/passwd").hasPrefix("etc_passwd-"))
    }

    /// Every exporter over documents with hostile ids and field names: all artifact paths
    /// are valid (Artifact checks them), distinct, and free of the hostile text.
    @Test(arguments: BuiltInExporters.all.map(\.id))
    func exportersNeverLeaveTheOutputFolder(_ exporterID: String) throws {
        var documents: [Document] = []
        var places: [JSONValue] = []
        for (i, id) in Self.hostileIDs.enumerated() {
            places.append([
                "id": .string(id), "name": ["en": .string("Place \(i)"), "fr": .string("Lieu \(i)")],
                "coordinates": ["latitude": 1, "longitude": 2],
            ])
        }
        documents += Document.split(file: "places.json", kind: "location", json: try JSONDocument(parsing: JSONWriter.compact.bytes(.array(places))))
        let custom: JSONValue = [
            "id": "../../x", "../../evil": ["en": "Evil", "fr": "Mal"], "a/b": ["en": "Slash", "fr": "Barre"],
            "CON": ["en": "Device", "fr": "Appareil"],
        ]
        documents += Document.split(file: "custom.json", kind: "widget", json: try JSONDocument(parsing: JSONWriter.compact.bytes(custom)))
        let exporter = try #require(BuiltInExporters.all.first { $0.id == exporterID })
        let context = ExportContext(exporterID: exporterID, locales: ["en", "fr"])
        let result = try exporter.exportWithDiagnostics(documents, context: context)
        let paths = result.artifacts.map(\.path)
        #expect(Set(paths).count == paths.count)
        for path in paths {
            try Artifact.validate(path: path)
            #expect(!path.contains("..") && !path.contains("etc/") && !path.contains("\n"), "\(path)")
            for segment in path.split(separator: "/") {
                let device = segment.split(separator: ".").first.map { $0.lowercased() } ?? ""
                #expect(!["con", "aux", "nul", "lpt1"].contains(device), "\(path)")
            }
        }
    }

    @Test func duplicateIDsAreAnErrorNotAnOverwrite() throws {
        let json = try JSONDocument(parsing: #"[{"id": "a", "name": "A", "ingredients": ["x"]}, {"id": "a", "name": "B", "ingredients": ["y"]}]"#)
        let documents = Document.split(file: "r.json", kind: "recipe", json: json)
        #expect(throws: ExportError.self) {
            try JSONLDExporter().exportWithDiagnostics(documents, context: ExportContext(exporterID: "jsonld", locales: ["en"]))
        }
    }

    @Test func imageReferencesCannotLeaveTheImagesFolder() throws {
        let json = try JSONDocument(parsing: #"{"id": "a", "name": "A", "ingredients": ["x"], "images": ["../../../etc/passwd"]}"#)
        let documents = Document.split(file: "r.json", kind: "recipe", json: json)
        let context = ExportContext(exporterID: "images", locales: ["en"], files: WorkingTreeFiles(root: ReferenceProject.inputRoot), imageFolders: ["recipe": "images"])
        do {
            _ = try ImagesExporter().exportWithDiagnostics(documents, context: context)
            Issue.record("a reference with '..' was accepted")
        } catch let error as ExportError {
            #expect(error.message.contains("not a clean relative path"), "\(error)")
        }
    }

    @Test func readerRefusesPathsOutsideTheProject() {
        let files = WorkingTreeFiles(root: ReferenceProject.inputRoot)
        #expect(throws: ProjectFileReadError.self) { try files.contents(atPath: "../project.json") }
        #expect(throws: ProjectFileReadError.self) { try files.contents(atPath: "/etc/passwd") }
        #expect(throws: ProjectFileReadError.self) { try files.contents(atPath: "images/dishes/PESTO.png") }
        #expect((try? files.contents(atPath: "images/dishes/pesto.png"))?.count == 69)
    }
}
