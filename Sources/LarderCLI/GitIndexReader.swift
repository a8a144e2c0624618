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

    /// Project-relative path -> blob id, for every file in the index under the project
    /// (keyed by the path's bytes: two names that differ only in Unicode normalization are
    /// two files to git).
    let blobs: [PathKey: String]
    let sortedPaths: [String]
    /// The symbolic links staged under the project (mode 120000), sorted: never read as
    /// content, as in the working tree (their blob is the path they lead to).
    let links: [String]
    /// The blob of each staged link: the path it leads to.
    let linkBlobs: [PathKey: String]
    /// Staged bytes fetched from git (`git cat-file --batch`) for prepared files whose
    /// working-tree version differs from the staged one.
    let contents: [PathKey: [UInt8]]
    /// Prepared files whose working-tree version git found to be the staged one.
    let sameAsIndex: Set<PathKey>
    /// Files marked `assume-unchanged` or `skip-worktree` (`git update-index`, sparse
    /// checkouts): `git diff` does not compare them, so their working-tree version, if
    /// there is one, says nothing about the staged one. They are always read from git.
    let flagged: Set<PathKey>
    /// Reads the files whose staged version is the working tree's (most of them).
    let workingTree: WorkingTreeReader
    /// Files with a merge conflict open: the index holds their two sides and the base
    /// (stages 1 to 3), none of which a commit will hold. They are listed, so that a
    /// content file among them is named ("it is unmerged"), and never read: linting the
    /// base said "No problems" of a file both sides had broken.
    let unmerged: Set<PathKey>

    /// Lists the index under `root` (paths relative to it): one `git ls-files`, nothing read.
    init(root: String) throws {
        let listing = try Self.git(["ls-files", "-z", "-v", "--stage", "--", "."], in: root)
        var blobs: [PathKey: String] = [:]
        var paths: [String] = []
        var links: [String] = []
        var linkBlobs: [PathKey: String] = [:]
        var flagged = Set<PathKey>()
        var unmerged = Set<PathKey>()
        // Each entry: "<tag> <mode> <oid> <stage>\t<path>\0"; the tag is `H` for a file git
        // compares with the working tree, `S` for skip-worktree, lowercase for
        // assume-unchanged (`M` for an unmerged entry).
        blobs.reserveCapacity(listing.count / 64)
        for whole in listing.split(separator: 0) {
            guard let tagEnd = whole.firstIndex(of: 0x20) else { continue }
            let tag = whole[whole.startIndex..<tagEnd]
            let entry = whole[(tagEnd + 1)...]
            guard let tab = entry.firstIndex(of: 0x09),
                let space1 = entry[..<tab].firstIndex(of: 0x20),
                let space2 = entry[(space1 + 1)..<tab].firstIndex(of: 0x20)
            else { continue }
            let mode = entry[entry.startIndex..<space1], stage = entry[(space2 + 1)..<tab]
            if mode.elementsEqual("160000".utf8) { continue }  // a submodule, not a file
            let path = String(decoding: entry[(tab + 1)...], as: UTF8.self), key = PathKey(path)
            if mode.elementsEqual("120000".utf8) {
                if links.last.map(PathKey.init) != key { links.append(path) }  // an unmerged link: once
                if linkBlobs[key] == nil { linkBlobs[key] = String(decoding: entry[(space1 + 1)..<space2], as: UTF8.self) }
                continue
            }
            if tag.elementsEqual("S".utf8) || tag.contains(where: { (0x61...0x7A).contains($0) }) { flagged.insert(key) }
            // An unmerged file has stages 1 to 3 (and no stage 0): listed once, with no blob.
            guard stage.elementsEqual("0".utf8) else {
                if unmerged.insert(key).inserted { paths.append(path) }
                continue
            }
            if blobs.updateValue(String(decoding: entry[(space1 + 1)..<space2], as: UTF8.self), forKey: key) == nil {
                paths.append(path)
            }
        }
        // A file added with `git add -N` (intent to add) is listed with the empty blob, but
        // a commit does not hold it: it is not staged.
        let empty = paths.filter { blobs[PathKey($0)].map(Self.emptyBlobs.contains) ?? false }
        if !empty.isEmpty {
            let intended = try Self.intentToAdd(empty, in: root)
            if !intended.isEmpty {
                for path in intended { blobs[path] = nil }
                paths.removeAll { intended.contains(PathKey($0)) }
            }
        }
        self.blobs = blobs
        // git lists paths in byte order, which is the string order for most paths.
        sortedPaths = paths.indices.dropFirst().allSatisfy({ paths[$0 - 1] < paths[$0] }) ? paths : paths.sorted()
        self.links = links.sorted()
        self.linkBlobs = linkBlobs
        self.flagged = flagged
        self.unmerged = unmerged
        workingTree = WorkingTreeReader(root: root)
        contents = [:]
        sameAsIndex = []
    }

    private init(_ base: GitIndexReader, contents: [PathKey: [UInt8]], sameAsIndex: Set<PathKey>) {
        blobs = base.blobs
        sortedPaths = base.sortedPaths
        links = base.links
        linkBlobs = base.linkBlobs
        flagged = base.flagged
        unmerged = base.unmerged
        workingTree = base.workingTree
        self.contents = contents
        self.sameAsIndex = sameAsIndex
    }

    /// A reader that knows which of `paths` differ between the index and the working tree
    /// (`git diff`, limited to those paths when they are few) and holds the staged bytes of
    /// those (one `git cat-file --batch`); the rest are read from the working tree. Without
    /// this, ``read(_:)`` still gives the staged bytes, checking each file's hash.
    func preparing(_ paths: [String]) -> any ProjectReader {
        let wanted = paths.map(PathKey.init).filter { blobs[$0] != nil && contents[$0] == nil && !sameAsIndex.contains($0) }
        guard !wanted.isEmpty else { return self }
        let root = workingTree.root
        do {
            let arguments = wanted.count <= 256
                ? ["--literal-pathspecs", "diff", "--name-only", "--relative", "-z", "--"] + wanted.map(\.path)
                : ["diff", "--name-only", "--relative", "-z", "--", "."]
            let listing = try Self.git(arguments, in: root)
            let differing = Set(listing.split(separator: 0).map { PathKey(String(decoding: $0, as: UTF8.self)) }).union(flagged)
            var contents = self.contents, same = sameAsIndex
            let fetch = wanted.filter(differing.contains)
            for path in wanted where !differing.contains(path) { same.insert(path) }
            for (path, bytes) in zip(fetch, try Self.catFile(fetch.compactMap { blobs[$0] }, in: root)) { contents[path] = bytes }
            return GitIndexReader(self, contents: contents, sameAsIndex: same)
        } catch {
            return self  // `read` checks each file by its hash instead
        }
    }

    /// The id of the empty blob, in a repository of SHA-1 ids and of SHA-256 ids.
    static let emptyBlobs: Set<String> = [
        "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391", "473a0f4c3be8a93681a267e3b1e9a7dcda1185436fe141f7749120a303721813",
    ]

    /// Those of `paths` (index entries with the empty blob) that are there only as an
    /// intent to add (`git add -N`): `git status` shows them added in the working tree, not
    /// in the index (`.A`). Asked without taking git's optional locks: a pre-commit hook runs
    /// while git holds the index.
    static func intentToAdd(_ paths: [String], in root: String) throws -> Set<PathKey> {
        let output = try git(["--literal-pathspecs", "--no-optional-locks", "status", "--porcelain=v2", "-z", "--no-renames",
                              "--untracked-files=no", "--ignore-submodules=all", "--"] + paths, in: root)
        var found = Set<PathKey>()
        // Each changed entry: "1 <XY> <sub> <mH> <mI> <mW> <hH> <hI> <path>\0"
        for record in output.split(separator: 0) where record.starts(with: "1 .A ".utf8) {
            var fields = 0
            guard let start = record.indices.first(where: { i in
                if record[i] == 0x20 { fields += 1 }
                return fields == 8 && record[i] == 0x20
            }) else { continue }
            found.insert(PathKey(String(decoding: record[(start + 1)...], as: UTF8.self)))
        }
        return found
    }

    /// The path the staged link at `path` holds, as git keeps it (nil when it cannot be read).
    func linkDestination(_ path: String) -> String? {
        guard let blob = linkBlobs[PathKey(path)], let bytes = try? Self.catFile([blob], in: workingTree.root).first else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The contents of blobs, by id, from one `git cat-file --batch`.
    static func catFile(_ ids: [String], in root: String) throws -> [[UInt8]] {
        guard !ids.isEmpty else { return [] }
        let output = try git(["cat-file", "--batch"], in: root, input: Array(ids.map { $0 + "\n" }.joined().utf8))
        // Each answer: "<oid> blob <size>\n<bytes>\n"
        var out: [[UInt8]] = []
        var i = 0
        for _ in ids {
            guard i <= output.count, let newline = output[i...].firstIndex(of: 0x0A) else { break }
            let header = String(decoding: output[i..<newline], as: UTF8.self).split(separator: " ")
            let start = newline + 1
            guard header.count == 3, let size = Int(header[2]), size >= 0, size <= output.count - start else {
                throw GitError(description: "unexpected answer from git cat-file: \(header.joined(separator: " "))")
            }
            out.append(Array(output[start..<(start + size)]))
            i = start + size + 1
        }
        guard out.count == ids.count else { throw GitError(description: "git cat-file answered \(out.count) of \(ids.count) objects") }
        return out
    }

    func files(under folder: String) -> [String] {
        staged(sortedPaths, under: folder)
    }

    /// The files under `folder`, and the staged links there with the path each holds.
    func filesAndLinks(under folder: String) -> (files: [String], links: [SymbolicLink]) {
        let paths = staged(links, under: folder)
        // What each link holds in the index (one `git cat-file` for all of them); the
        // working tree's link only when git cannot say.
        let held = (try? Self.catFile(paths.compactMap { linkBlobs[PathKey($0)] }, in: workingTree.root)) ?? []
        let linked = paths.enumerated().map { i, path in
            SymbolicLink(path: path, destination: held.count == paths.count ? String(decoding: held[i], as: UTF8.self)
                                                  : try? FileManager.default.destinationOfSymbolicLink(atPath: workingTree.root + "/" + path))
        }
        return (files(under: folder), linked)
    }

    /// ``filesAndLinks(under:)`` and the staged output folders below `folder` (those with
    /// Larder's output marker staged, outside any other).
    func walk(under folder: String) -> (files: [String], links: [SymbolicLink], outputs: [String]) {
        let (files, links) = filesAndLinks(under: folder)
        let prefix = folder.isEmpty ? "" : folder + "/"
        let below = outputFolders.filter { ($0 + "/").hasPrefix(prefix) && !Self.isHidden($0 + "/", after: prefix) }
        let outermost = below.filter { f in !below.contains { f != $0 && f.hasPrefix($0 + "/") } }
        return (files, links, outermost.sorted())
    }

    /// The staged files in the output folder `folder`, hidden entries left out.
    func filesInOutput(_ folder: String) -> [String] {
        let prefix = folder + "/"
        return sortedPaths.filter { $0.hasPrefix(prefix) && !Self.isHidden($0, after: prefix) }
    }

    /// Folders with Larder's output marker staged: a build's output, never content.
    private var outputFolders: [String] {
        sortedPaths.compactMap { path -> String? in
            path.hasSuffix("/" + OutputWriter.marker) ? String(path.dropLast(OutputWriter.marker.utf8.count + 1)) : nil
        }
    }

    /// True when a segment of `path` after `prefix` starts with a dot.
    private static func isHidden(_ path: String, after prefix: String) -> Bool {
        var previous = UInt8(ascii: "/")
        for byte in path.utf8.dropFirst(prefix.utf8.count) {
            if previous == UInt8(ascii: "/") && byte == UInt8(ascii: ".") { return true }
            previous = byte
        }
        return false
    }

    /// Those of `paths` under `folder` that are content: not hidden below it, not in a
    /// build's output.
    private func staged(_ paths: [String], under folder: String) -> [String] {
        let prefix = folder.isEmpty ? "" : folder + "/"
        let outputs = outputFolders.map { $0 + "/" }
        // Hidden entries (`.git`, `.build`) below the folder are skipped, as in the working
        // tree; the folder itself may be hidden (`include: [".content/*.json"]`).
        return paths.filter { path in
            guard path.hasPrefix(prefix), !outputs.contains(where: { path.hasPrefix($0) }) else { return false }
            return !Self.isHidden(path, after: prefix)
        }
    }

    func read(_ path: String) throws(FileReadError) -> [UInt8] {
        let key = PathKey(path)
        if let bytes = contents[key] { return bytes }
        if unmerged.contains(key) {
            throw FileReadError(path: path, reason: "it is unmerged (a merge conflict is open in git's index): resolve the conflict and stage the file with `git add`")
        }
        guard let blob = blobs[key] else { throw FileReadError(path: path, reason: "it is not staged") }
        if sameAsIndex.contains(key) { return try workingTree.read(path) }
        // Not prepared: the working tree's bytes when they are the staged ones, else git's.
        if let bytes = try? workingTree.read(path), GitBlobID.matches(blob, bytes) { return bytes }
        do {
            return try Self.catFile([blob], in: workingTree.root)[0]
        } catch {
            throw FileReadError(path: path, reason: "cannot read the staged version: \(error)")
        }
    }

    var projectFiles: any ProjectFiles { IndexFiles(paths: sortedPaths, blobs: blobs, workingTree: WorkingTreeFiles(root: workingTree.root)) }

    /// The staged blob's id: what `read` gives (the lint cache checks the bytes against it
    /// before it keeps it).
    func blobID(_ path: String) -> String? { blobs[PathKey(path)] }

    /// The working tree's stat data, for a prepared file whose staged version is the
    /// working tree's.
    func statKey(_ path: String) -> FileStatKey? {
        guard sameAsIndex.contains(PathKey(path)) else { return nil }
        return workingTree.statKey(path)
    }

    func statKeys(_ paths: [String]) -> [FileStatKey?] {
        let same = paths.map { sameAsIndex.contains(PathKey($0)) }
        var keys = workingTree.statKeys(paths.enumerated().filter { same[$0.offset] }.map(\.element)).makeIterator()
        return same.map { $0 ? keys.next() ?? nil : nil }
    }

    /// The index's files for rules (images): existence is a hash look-up; a folder's
    /// entries are found by a binary search over the sorted paths, only when asked.
    struct IndexFiles: ProjectFiles {
        let paths: [String]
        let blobs: [PathKey: String]
        /// The working tree, asked only to tell "not staged" from "missing".
        let workingTree: WorkingTreeFiles
        /// The folders indexed so far (each missing image looks in its folder).
        let indexed = IndexedFolders()

        final class IndexedFolders: @unchecked Sendable {
            let lock = NSLock()
            var folders: [String: FolderNames?] = [:]
        }

        func folderNames(inDirectory directory: String) -> FolderNames? {
            if let known = indexed.lock.withLock({ indexed.folders[directory] }) { return known }
            let index = entries(inDirectory: directory).map(FolderNames.init)
            indexed.lock.withLock { indexed.folders[directory] = .some(index) }
            return index
        }

        func isOnlyInWorkingTree(_ path: String) -> Bool {
            if fileExists(atPath: path) || entries(inDirectory: path) != nil { return false }
            return workingTree.fileExists(atPath: path) || workingTree.entries(inDirectory: path) != nil
        }

        func fileExists(atPath path: String) -> Bool { blobs[PathKey(path)] != nil }

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

    /// The environment git is run in (nil: Larder's own), made once per run.
    ///
    /// Why: git runs a hook with `GIT_DIR` set and no `GIT_WORK_TREE` in a linked worktree
    /// (`git worktree add`), and with a relative `GIT_DIR` after `git --git-dir=.git
    /// commit`. git then takes the folder it runs in for the top of the work tree, and
    /// Larder runs git in the project's folder, which may be below the top: the index was
    /// listed as if the project were the top (no content found, a broken commit passed), or
    /// `.git` was looked for in the project's folder (every commit refused). So the work
    /// tree git meant, the one it names from the folder Larder was started in, and an
    /// absolute `GIT_DIR` are handed on.
    static let environment: [String: String]? = childEnvironment(
        ProcessInfo.processInfo.environment, cwd: FileManager.default.currentDirectoryPath)

    /// `environment` with `GIT_DIR` and `GIT_WORK_TREE` made absolute against `cwd`, and
    /// `GIT_WORK_TREE` set to the top git finds from `cwd` when only `GIT_DIR` is set; nil
    /// when `GIT_DIR` is not set (git finds the repository from the folder it runs in).
    static func childEnvironment(_ environment: [String: String], cwd: String) -> [String: String]? {
        guard let dir = environment["GIT_DIR"], !dir.isEmpty, !cwd.isEmpty else { return nil }
        var out = environment
        out["GIT_DIR"] = absolutePath(dir, cwd: cwd)
        if let tree = environment["GIT_WORK_TREE"], !tree.isEmpty {
            out["GIT_WORK_TREE"] = absolutePath(tree, cwd: cwd)
        } else if let top = try? run(["rev-parse", "--show-toplevel"], in: cwd, environment: environment) {
            // Asked of git, so that `core.worktree` is honoured; a bare repository has no top.
            let path = String(decoding: top, as: UTF8.self).trimmingCharacters(in: .newlines)
            if !path.isEmpty { out["GIT_WORK_TREE"] = path }
        }
        return out
    }

    /// Runs git and returns its standard output; throws with git's message when it fails.
    static func git(_ arguments: [String], in directory: String, input: [UInt8]? = nil) throws -> [UInt8] {
        try run(arguments, in: directory, input: input, environment: environment)
    }

    /// Runs git in `directory` with `environment` (nil: Larder's own).
    private static func run(_ arguments: [String], in directory: String, input: [UInt8]? = nil,
                            environment: [String: String]?) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        if let environment { process.environment = environment }
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
