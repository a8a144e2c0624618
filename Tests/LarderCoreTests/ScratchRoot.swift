import Foundation
import Testing

/// A folder under the system's temporary folder for one test's files, removed with
/// everything in it when the last reference goes. Swift Testing makes a suite instance
/// per test, so a suite that holds one cleans up after each test, failed or not.
final class ScratchRoot: Sendable {
    let path: String

    init(_ prefix: String) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// A new empty folder inside this one.
    func folder() throws -> String {
        let dir = path + "/" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }
}

@Suite struct ScratchRootTests {
    @Test func goesWithEverythingInIt() throws {
        var root: ScratchRoot? = try ScratchRoot("larder-scratch")
        let path = root!.path
        let inner = try root!.folder()
        try Data("x".utf8).write(to: URL(fileURLWithPath: inner + "/f.json"))
        #expect(FileManager.default.fileExists(atPath: inner + "/f.json"))
        root = nil
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
