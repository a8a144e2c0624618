import Foundation
import LarderCore
import LarderJSON

/// Reads the project's files as they are staged in the git index (`--staged`), so a commit
/// is judged by what it commits: a partially staged file by its staged part, an untracked
/// file not at all.
struct GitIndexReader: ProjectReader {
    struct GitError: Error, CustomStringConvertible {
        var description: String
    }

    /// Project-relative path -> blob id, for every file in the index under the project.
    let blobs: [String: String]
    /// Blob contents read ahead of time in one `git cat-file --batch` call, for the files
    /// whose staged version differs from the working tree.
    let contents: [String: [UInt8]]
    let sortedPaths: [String]
    /// Files whose working-tree version differs from the staged one (or is missing).
    let differing: Set<String>
    /// Reads the files whose staged version is the working tree's (most of them).
    let workingTree: WorkingTreeReader

    /// Lists the index under `root` (paths relative to it) and reads the blobs of the files
    /// `wanted` selects.
    init(root: String, wanted: (String) -> Bool) throws {
        let listing = try Self.git(["ls-files", "-z", "--stage", "--", "."], in: root)
        var blobs: [String: String] = [:]
        // Each entry: "<mode> <oid> <stage>\t<path>\0"
        for entry in listing.split(separator: 0) {
            guard let tab = entry.firstIndex(of: 0x09) else { continue }
            let meta = String(decoding: entry[entry.startIndex..<tab], as: UTF8.self).split(separator: " ")
            let path = String(decoding: entry[(tab + 1)...], as: UTF8.self)
            guard meta.count == 3, meta[2] == "0" || blobs[path] == nil else { continue }
            if meta[0] == "160000" { continue }  // a submodule, not a file
            blobs[path] = String(meta[1])
        }
        self.blobs = blobs
        sortedPaths = blobs.keys.sorted()
        workingTree = WorkingTreeReader(root: root)
        // Only files that differ between the index and the working tree (changed after
        // staging, or deleted) need their staged bytes from git; the rest read from disk.
        let differing = try Self.git(["diff", "--name-only", "--relative", "-z", "--", "."], in: root)
        let changed = Set(differing.split(separator: 0).map { String(decoding: $0, as: UTF8.self) })
        self.differing = changed
        let needed = sortedPaths.filter { changed.contains($0) && wanted($0) }
        var contents: [String: [UInt8]] = [:]
        if !needed.isEmpty {
            let input = needed.map { blobs[$0]! + "\n" }.joined()
            let output = try Self.git(["cat-file", "--batch"], in: root, input: Array(input.utf8))
            // Each answer: "<oid> blob <size>\n<bytes>\n"
            var i = 0
            for path in needed {
                guard let newline = output[i...].firstIndex(of: 0x0A) else { break }
                let header = String(decoding: output[i..<newline], as: UTF8.self).split(separator: " ")
                guard header.count == 3, let size = Int(header[2]) else { throw GitError(description: "unexpected answer from git cat-file: \(header.joined(separator: " "))") }
                let start = newline + 1
                contents[path] = Array(output[start..<(start + size)])
                i = start + size + 1
            }
        }
        self.contents = contents
    }

    func files(under folder: String) -> [String] {
        let prefix = folder.isEmpty ? "" : folder + "/"
        // Hidden entries (`.git`, `.build`) are skipped, as in the working tree.
        return sortedPaths.filter { path in
            guard path.hasPrefix(prefix), path.utf8.first != UInt8(ascii: ".") else { return false }
            var previous: UInt8 = 0
            for byte in path.utf8 {
                if previous == UInt8(ascii: "/") && byte == UInt8(ascii: ".") { return false }
                previous = byte
            }
            return true
        }
    }

    func read(_ path: String) throws(FileReadError) -> [UInt8] {
        if let bytes = contents[path] { return bytes }
        guard blobs[path] != nil else { throw FileReadError(path: path, reason: "it is not staged") }
        return try workingTree.read(path)
    }

    var projectFiles: any ProjectFiles { IndexFiles(paths: sortedPaths, blobs: blobs) }

    /// The staged blob's id: what `read` gives (the lint cache checks the bytes against it
    /// before it keeps it).
    func blobID(_ path: String) -> String? { blobs[path] }

    /// The working tree's stat data, for a file whose staged version is the working tree's.
    func statKey(_ path: String) -> FileStatKey? {
        guard blobs[path] != nil, !differing.contains(path) else { return nil }
        return workingTree.statKey(path)
    }

    func statKeys(_ paths: [String]) -> [FileStatKey?] {
        let same = paths.map { blobs[$0] != nil && !differing.contains($0) }
        var keys = workingTree.statKeys(paths.enumerated().filter { same[$0.offset] }.map(\.element)).makeIterator()
        return same.map { $0 ? keys.next() ?? nil : nil }
    }

    /// The index's files for rules (images): existence is a hash look-up; a folder's
    /// entries are found by a binary search over the sorted paths, only when asked.
    struct IndexFiles: ProjectFiles {
        let paths: [String]
        let blobs: [String: String]

        func fileExists(atPath path: String) -> Bool { blobs[path] != nil }

        func entries(inDirectory directory: String) -> [String]? {
            let prefix = directory.isEmpty ? "" : directory + "/"
            var lo = 0, hi = paths.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if paths[mid] < prefix { lo = mid + 1 } else { hi = mid }
            }
            var names: [String] = []
            var i = lo
            while i < paths.count && paths[i].hasPrefix(prefix) {
                let rest = paths[i].dropFirst(prefix.count)
                let name = String(rest.prefix { $0 != "/" })
                if names.last != name { names.append(name) }
                i += 1
            }
            return names.isEmpty && !directory.isEmpty ? nil : names
        }
    }

    /// Runs git and returns its standard output; throws with git's message when it fails.
    static func git(_ arguments: [String], in directory: String, input: [UInt8]? = nil) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let out = Pipe(), err = Pipe(), inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inPipe
        do {
            try process.run()
        } catch {
            throw GitError(description: "cannot run git: \(error.localizedDescription)")
        }
        // Feed stdin from another thread so a large answer cannot dead-lock the pipes.
        let writer = inPipe.fileHandleForWriting
        let feed = Thread {
            if let input { writer.write(Data(input)) }
            try? writer.close()
        }
        feed.start()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw GitError(description: "git \(arguments.first ?? "") failed: \(message)")
        }
        return [UInt8](data)
    }
}
