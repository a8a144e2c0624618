import Foundation
import Testing
@testable import LarderCore

/// An interrupt and a commit are ordered: an interrupt that came while a commit was moving
/// outputs into place removed the staging folder under it, and tore outputs apart (a
/// folder without its files or its marker, which every later build refused).
@Suite struct ActiveStagingTests {
    @Test func anInterruptWaitsForACommitUnderWayThenNoneBegins() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("larder-staging-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/0/en", withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: folder + "/0/en/recipe.json"))
        let staging = ActiveStaging()
        staging.add(folder)
        #expect(staging.beginCommit())
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            staging.discardAll()
            done.signal()
        }
        // The interrupt has begun (on a busy machine the thread may start late) ...
        let deadline = Date().addingTimeInterval(30)
        while !staging.isInterrupted && Date() < deadline { usleep(5_000) }
        #expect(staging.isInterrupted)
        // ... and waits: the commit is under way, so nothing is removed yet.
        #expect(done.wait(timeout: .now() + 0.3) == .timedOut)
        #expect(FileManager.default.fileExists(atPath: folder + "/0/en/recipe.json"))
        staging.endCommit()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(!FileManager.default.fileExists(atPath: folder))
        // After the interrupt, no commit begins.
        #expect(!staging.beginCommit())
    }
}
