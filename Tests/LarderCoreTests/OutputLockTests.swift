import Foundation
import Testing
@testable import LarderCore

/// Two builds of one project at once: each puts its outputs in place under a lock on the
/// output base folder, so one build's outputs land whole, before or after the other's (the
/// project could end with one export from each build, both exiting 0).
@Suite struct OutputLockTests {
    @Test func aCommitWaitsForAnotherBuildsCommit() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("larder-lock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var staging = try OutputWriter(base: dir.path).begin()
        defer { staging.discard() }
        try staging.stage(OutputWriter.Output(path: "dist/json", isFile: false, artifacts: [try Artifact(path: "en.json", string: "[]")]))

        // Another build in the middle of putting its outputs in place holds the lock.
        let other = open(dir.path, O_RDONLY | O_DIRECTORY)
        #expect(other >= 0)
        #expect(flock(other, LOCK_EX) == 0)
        let landed = DispatchSemaphore(value: 0)
        let committing = staging
        let thread = Thread {
            try? committing.commit()
            landed.signal()
        }
        thread.start()
        // While the lock is held, nothing lands.
        #expect(landed.wait(timeout: .now() + 1.5) == .timedOut)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("dist/json/en.json").path))
        // Released, the commit goes on.
        flock(other, LOCK_UN)
        close(other)
        #expect(landed.wait(timeout: .now() + 30) == .success)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("dist/json/en.json").path))
    }
}
