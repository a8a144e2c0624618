import Foundation
import Testing
@testable import LarderCore

/// The sink a streamed export writes through keeps few files open: an export of a file per
/// document (jsonld: 300,000 files for 100,000 recipes in 3 locales) must neither run out of
/// descriptors nor hold every file's bytes, and a file used again after it was closed goes
/// on where it stopped.
@Suite struct ExportSinkTests {
    /// A new empty folder for one test's outputs.
    static func scratch() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("larder-sink-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// A file the sink cannot write is named as the export gave it, in the output larder.yml
    /// names: the message showed the staging folder's path (`…/.larder-staging-…/0/x/y.txt`).
    @Test func aFileThatCannotBeWrittenIsNamedAsTheExportGaveIt() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var staging = try OutputWriter(base: dir.path).begin()
        defer { staging.discard() }
        var sink = try staging.stream(path: "dist/json", isFile: false)
        try sink.append(Array("a file".utf8), to: "x")
        // `x` is a file: no folder can be made there (refused before the system is asked,
        // as the whole-content path refuses it).
        let folder = #expect(throws: OutputWriter.WriteError.self) { try sink.append(Array("b".utf8), to: "x/y.txt") }
        #expect(folder?.description == "the files 'x' and 'x/y.txt' of the output 'dist/json' clash: 'x' cannot be both a file and a folder")
        var file = try staging.stream(path: "dist/Content.xcstrings", isFile: true)
        try file.append(Array("{}".utf8), to: "Content.xcstrings")
        let second = #expect(throws: OutputWriter.WriteError.self) { try file.append(Array("b".utf8), to: "other.txt") }
        #expect(second?.description == "the output 'dist/Content.xcstrings' is a file, but the export writes more than one file (Content.xcstrings, other.txt); give a folder")
    }

    /// Paths that differ only in case are one file on macOS and Windows: the streamed build
    /// wrote both on Linux (and on a Mac one recipe's file would have replaced the other's),
    /// where the whole-content path refuses them. A file and a folder of one name in
    /// another case clash too, in either order.
    @Test func pathsThatDifferOnlyInCaseAreRefused() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var staging = try OutputWriter(base: dir.path).begin()
        defer { staging.discard() }
        var sink = try staging.stream(path: "dist/jsonld", isFile: false)
        try sink.append(Array("{}".utf8), to: "en/recipe/Negroni.json")
        try sink.append(Array("{}".utf8), to: "en/recipe/Negroni.json")  // the same file again
        let twice = #expect(throws: OutputWriter.WriteError.self) { try sink.append(Array("{}".utf8), to: "en/recipe/negroni.json") }
        #expect(twice?.description == "the files 'en/recipe/Negroni.json' and 'en/recipe/negroni.json' of the output 'dist/jsonld' differ only in case: on macOS and Windows they are one file, and one would replace the other")
        let folder = #expect(throws: OutputWriter.WriteError.self) { try sink.append(Array("{}".utf8), to: "EN") }
        #expect(folder?.description == "the files 'en/recipe/Negroni.json' and 'EN' of the output 'dist/jsonld' clash: on macOS and Windows 'EN' and 'en' are one name, which cannot be both a file and a folder")
        try sink.append(Array("{}".utf8), to: "A")
        let under = #expect(throws: OutputWriter.WriteError.self) { try sink.append(Array("{}".utf8), to: "a/x.json") }
        #expect(under?.description == "the files 'A' and 'a/x.json' of the output 'dist/jsonld' clash: on macOS and Windows 'A' and 'a' are one name, which cannot be both a file and a folder")
    }

    /// Windows drops the dots and spaces that end a name: `en/a.json.` is its `en/a.json`,
    /// and a file `b.` is where a folder `b` goes. An export that gave both wrote two files
    /// on Linux, and on Windows one replaced the other.
    @Test func pathsThatWindowsTakesForOneAreRefused() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var staging = try OutputWriter(base: dir.path).begin()
        defer { staging.discard() }
        var sink = try staging.stream(path: "dist/x", isFile: false)
        try sink.append(Array("{}".utf8), to: "en/a.json")
        let dot = #expect(throws: OutputWriter.WriteError.self) { try sink.append(Array("{}".utf8), to: "en/a.json.") }
        #expect(dot?.description == "the files 'en/a.json' and 'en/a.json.' of the output 'dist/x' differ only in the dots and spaces that end a name: on Windows, which drops those, they are one file, and one would replace the other")
        let both = #expect(throws: OutputWriter.WriteError.self) { try sink.append(Array("{}".utf8), to: "EN/A.json ") }
        #expect(both?.description == "the files 'en/a.json' and 'EN/A.json ' of the output 'dist/x' differ only in case and in the dots and spaces that end a name: on Windows, which ignores case and drops those, they are one file, and one would replace the other")
        let folder = #expect(throws: OutputWriter.WriteError.self) { try sink.append(Array("{}".utf8), to: "en. ") }
        #expect(folder?.description == "the files 'en/a.json' and 'en. ' of the output 'dist/x' clash: on Windows 'en. ' and 'en' are one name, which cannot be both a file and a folder")
        try sink.append(Array("{}".utf8), to: "b.")
        let under = #expect(throws: OutputWriter.WriteError.self) { try sink.append(Array("{}".utf8), to: "B/x.json") }
        #expect(under?.description == "the files 'b.' and 'B/x.json' of the output 'dist/x' clash: on Windows 'b.' and 'B' are one name, which cannot be both a file and a folder")
        // A name of dots alone is no other name's: `...` is not `.` (nor ``).
        try sink.append(Array("{}".utf8), to: "c/.../x.json")
        try sink.append(Array("{}".utf8), to: "c/x.json")
    }

    @Test func manyFilesFewDescriptorsEveryByteInPlace() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var staging = try OutputWriter(base: dir.path).begin()
        defer { staging.discard() }
        var sink = try staging.stream(path: "out", isFile: false)
        let count = ExportSink.maxOpen * 4
        var expected = [String](repeating: "", count: count)
        // Three rounds over every file: each is parked between its appends.
        for round in 0..<3 {
            for i in 0..<count {
                let text = "<\(round):\(i)>"
                try sink.append(Array(text.utf8), to: "f/\(i).txt")
                expected[i] += text
                #expect(sink.size(of: "f/\(i).txt") == expected[i].utf8.count)
            }
            #expect(sink.openFiles == ExportSink.maxOpen)
        }
        // A parked file put in another order, then appended to.
        let first = "f/0.txt"
        try sink.reorder(first, keepingFirst: 0, ranges: [10..<15, 0..<5, 5..<10], separator: Array("|".utf8))
        try sink.append(Array("end".utf8), to: first)
        let zero = Array(expected[0].utf8)
        var reordered: [UInt8] = Array(zero[10..<15])
        reordered += Array("|".utf8)
        reordered += zero[0..<5]
        reordered += Array("|".utf8)
        reordered += zero[5..<10]
        reordered += Array("end".utf8)
        expected[0] = String(decoding: reordered, as: UTF8.self)
        try sink.closeAll()
        #expect(sink.openFiles == 0)
        try staging.commit()
        for i in 0..<count {
            let written = try String(contentsOf: dir.appendingPathComponent("out/f/\(i).txt"), encoding: .utf8)
            #expect(written == expected[i], "file \(i)")
        }
    }

    /// A file named once (``ExportSink/file(_:)``) and then appended to by its handle is the
    /// file its path names: the handle holds through parking and a reorder, and the paths
    /// keep the order of first use.
    @Test func aFileHandleAndItsPathAreOneFile() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var staging = try OutputWriter(base: dir.path).begin()
        defer { staging.discard() }
        var sink = try staging.stream(path: "out", isFile: false)
        let kept = try sink.file("pt/recipe.json")
        #expect(try sink.file("pt/recipe.json") == kept)
        #expect(sink.size(of: kept) == 0)
        try sink.append(Array("ab".utf8), to: kept)
        try sink.append(Array("cd".utf8), to: "pt/recipe.json")
        // Parked behind more files than stay open, then used again by its handle.
        for i in 0..<ExportSink.maxOpen { try sink.append(Array("x".utf8), to: "f/\(i).txt") }
        try sink.append(Array("ef".utf8), to: kept)
        try sink.reorder("pt/recipe.json", keepingFirst: 0, ranges: [4..<6, 0..<4])
        try sink.append(Array("!".utf8), to: kept)
        #expect(sink.size(of: kept) == 7)
        #expect(sink.size(of: "pt/recipe.json") == 7)
        #expect(sink.paths.first == "pt/recipe.json")
        #expect(sink.paths.count == ExportSink.maxOpen + 1)
        try sink.closeAll()
        try staging.commit()
        #expect(try String(contentsOf: dir.appendingPathComponent("out/pt/recipe.json"), encoding: .utf8) == "efabcd!")
    }
}
