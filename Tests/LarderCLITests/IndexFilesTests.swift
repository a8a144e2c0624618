import Foundation
import LarderCore
import Testing
@testable import LarderCLI

/// The git index's files as `image-exists` sees them with `--staged`.
@Suite struct IndexFilesTests {
    /// A folder of the index is indexed for other spellings once per run, not once for each
    /// missing image (each listed the folder again from the sorted paths and lowercased every
    /// name in it: missing images × files in the folder).
    @Test func aFolderIsIndexedOncePerRun() {
        let paths = (0..<500).map { "images/Photo-\($0).png" }.sorted()
        var blobs: [PathKey: String] = [:]
        for p in paths { blobs[PathKey(p)] = "0" }
        let files = GitIndexReader.IndexFiles(paths: paths, blobs: blobs, workingTree: WorkingTreeFiles(root: NSTemporaryDirectory()))
        let first = files.folderNames(inDirectory: "images")
        #expect(first != nil && first === files.folderNames(inDirectory: "images"))
        #expect(first?.match("photo-7.png") == .otherCase(entry: "Photo-7.png", alsoNormalization: false))
        #expect(files.folderNames(inDirectory: "none") == nil)
        #expect(files.folderNames(inDirectory: "images/Photo-1.png") == nil)
    }
}
