import Foundation
import Testing
import LarderJSON

@Suite struct FileBytesTests {
    @Test func readsAFileWhole() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("larder-filebytes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("a.json")
        let content = Array(#"{"name": "Negroni"}"#.utf8)
        try Data(content).write(to: file)
        #expect(try FileBytes.read(file.path) == content)
        let empty = dir.appendingPathComponent("empty.json")
        try Data().write(to: empty)
        #expect(try FileBytes.read(empty.path) == [])
        #expect(throws: FileReadError(path: dir.path, reason: "it is a directory")) { try FileBytes.read(dir.path) }
        #expect(throws: FileReadError.self) { try FileBytes.read(dir.appendingPathComponent("missing.json").path) }
    }

    /// A named pipe is refused at once: opening one to read waited for a writer for ever
    /// (`larder lint pipe.json` hung).
    @Test func aNamedPipeIsRefusedWithoutWaiting() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("larder-filebytes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("pipe.json").path
        try #require(mkfifo(fifo, 0o644) == 0)
        #expect(throws: FileReadError(path: fifo, reason: "it is not a regular file")) { try FileBytes.read(fifo) }
    }
}
