import Foundation
import LarderJSON

/// Where a run reads the project's files from: the working tree, or (for `--staged`) the
/// git index, so a commit is judged by what it commits.
///
/// Paths are relative to the project root and `/`-separated. A reader never gives access
/// outside the project.
public protocol ProjectReader: Sendable {
    /// Every file under `folder` (a project-relative folder; `""` for the root), recursively,
    /// skipping hidden entries (`.git`, `.build`) and folders that hold Larder's output
    /// marker (``OutputWriter/marker``): a build's output is never content, also when an
    /// `include` such as `**/*.json` covers it (the next lint read the bundle's recipes as
    /// duplicates of their sources, and every build after the first failed). Sorted.
    func files(under folder: String) -> [String]
    /// ``files(under:)`` and, beside them, the symbolic links met on the way that lead to
    /// something other than a folder (each with where it leads, when known), which are
    /// never read: a link may lead outside the project, and git keeps the link, not the
    /// file. One walk; by default the files alone.
    func filesAndLinks(under folder: String) -> (files: [String], links: [SymbolicLink])
    /// ``filesAndLinks(under:)`` and, from the same walk, the folders skipped as a build's
    /// output (each holds ``OutputWriter/marker``), project-relative and sorted, so that a
    /// run can say so when one holds what an include takes in (an old `larder import --out`
    /// folder, which was marked so). None by default.
    func walk(under folder: String) -> (files: [String], links: [SymbolicLink], outputs: [String])
    /// Every file in the output folder `folder` (one ``files(under:)`` skips), recursively,
    /// hidden entries left out, sorted; read only to explain a skipped folder. None by
    /// default.
    func filesInOutput(_ folder: String) -> [String]
    /// The bytes of a project-relative file.
    func read(_ path: String) throws(FileReadError) -> [UInt8]
    /// The project's files as rules see them (image references), matching what `read`
    /// reads: the working tree, or the git index.
    var projectFiles: any ProjectFiles { get }
    /// The stat data of a file whose bytes ``read(_:)`` takes from the working tree, for the
    /// lint cache (``FactCache``); nil when there is none or the bytes come from elsewhere.
    /// Nil by default (no cache entry is then trusted by its stat data).
    func statKey(_ path: String) -> FileStatKey?
    /// ``statKey(_:)`` of many files at once (a reader may do it faster than one by one).
    func statKeys(_ paths: [String]) -> [FileStatKey?]
    /// A reader ready to read `paths` soon (it may fetch them in one go, as the git index
    /// reader does); itself by default. Reading works without it.
    func preparing(_ paths: [String]) -> any ProjectReader
    /// The git blob id of what ``read(_:)`` gives for a file, when known without reading it
    /// (the index's id, for `--staged`); nil by default.
    func blobID(_ path: String) -> String?
}

/// A symbolic link in the project that Larder does not follow.
public struct SymbolicLink: Sendable, Hashable {
    /// The link, project-relative.
    public var path: String
    /// What the link holds (`../shared/ext.json`), when known.
    public var destination: String?
    /// True when it leads to a folder (whose files an include such as `content/**/*.json`
    /// would take in), false for a file or a link that leads nowhere.
    public var isFolder: Bool

    public init(path: String, destination: String?, isFolder: Bool = false) {
        self.path = path
        self.destination = destination
        self.isFolder = isFolder
    }
}

extension ProjectReader {
    public func filesAndLinks(under folder: String) -> (files: [String], links: [SymbolicLink]) { (files(under: folder), []) }
    public func walk(under folder: String) -> (files: [String], links: [SymbolicLink], outputs: [String]) {
        let (files, links) = filesAndLinks(under: folder)
        return (files, links, [])
    }
    public func filesInOutput(_ folder: String) -> [String] { [] }
    public func statKey(_ path: String) -> FileStatKey? { nil }
    public func statKeys(_ paths: [String]) -> [FileStatKey?] { paths.map(statKey) }
    public func preparing(_ paths: [String]) -> any ProjectReader { self }
    public func blobID(_ path: String) -> String? { nil }
}

/// Reads the working tree under `root`.
public struct WorkingTreeReader: ProjectReader {
    public let root: String

    public init(root: String) {
        self.root = root
    }

    private func absolute(_ path: String) -> String {
        path.isEmpty ? root : (root.hasSuffix("/") ? root + path : root + "/" + path)
    }

    public func files(under folder: String) -> [String] {
        filesAndLinks(under: folder).files
    }

    public func filesAndLinks(under folder: String) -> (files: [String], links: [SymbolicLink]) {
        let found = walk(under: folder)
        return (found.files, found.links)
    }

    public func walk(under folder: String) -> (files: [String], links: [SymbolicLink], outputs: [String]) {
        walk(under: folder, readingOutputs: false)
    }

    public func filesInOutput(_ folder: String) -> [String] {
        guard ProjectPath.isInside(folder) else { return [] }
        return walk(under: folder, readingOutputs: true).files
    }

    /// The walk: with `readingOutputs`, output folders are walked like any other.
    private func walk(under folder: String, readingOutputs: Bool) -> (files: [String], links: [SymbolicLink], outputs: [String]) {
        var out: [String] = []
        var links: [SymbolicLink] = []
        var outputs: [String] = []
        var pending = [folder]
        while let dir = pending.popLast() {
            // readdir gives each entry's type without a stat call per file.
            guard let handle = opendir(absolute(dir)) else { continue }
            defer { closedir(handle) }
            var files: [String] = [], folders: [String] = [], linked: [SymbolicLink] = []
            var isOutput = false
            while let entry = readdir(handle) {
                let name = withUnsafePointer(to: &entry.pointee.d_name) {
                    String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
                }
                if name.hasPrefix(".") {
                    if name == OutputWriter.marker, !dir.isEmpty, !readingOutputs { isOutput = true }
                    continue
                }
                let rel = dir.isEmpty ? name : dir + "/" + name
                var type = Int32(entry.pointee.d_type)
                if type == Int32(DT_UNKNOWN) {
                    var info = stat()
                    guard lstat(absolute(rel), &info) == 0 else { continue }
                    type = (info.st_mode & S_IFMT) == S_IFDIR ? Int32(DT_DIR) : (info.st_mode & S_IFMT) == S_IFREG ? Int32(DT_REG) : Int32(DT_LNK)
                }
                // Symbolic links are not followed: they may leave the project. Each is told
                // of, a link to a folder too (shared content is often linked in so).
                if type == Int32(DT_DIR) {
                    folders.append(rel)
                } else if type == Int32(DT_REG) {
                    files.append(rel)
                } else if type == Int32(DT_LNK) {
                    var info = stat()
                    let isFolder = stat(absolute(rel), &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
                    linked.append(SymbolicLink(path: rel, destination: try? FileManager.default.destinationOfSymbolicLink(atPath: absolute(rel)), isFolder: isFolder))
                }
            }
            if isOutput {
                outputs.append(dir)
                continue
            }
            out += files
            links += linked
            pending += folders
        }
        return (out.sorted(), links.sorted { $0.path < $1.path }, outputs.sorted())
    }

    public func read(_ path: String) throws(FileReadError) -> [UInt8] {
        guard ProjectPath.isInside(path) else { throw FileReadError(path: path, reason: ProjectPath.whyNotInside(path)) }
        return try FileBytes.read(absolute(path))
    }

    public var projectFiles: any ProjectFiles { WorkingTreeFiles(root: root) }

    public func statKey(_ path: String) -> FileStatKey? {
        guard ProjectPath.isInside(path) else { return nil }
        return FileStatKey(path: absolute(path))
    }

    /// Opens each folder once and asks for its files' stat data relative to it, which spares
    /// the kernel walking the whole path for each file (paths in folder order are fastest).
    public func statKeys(_ paths: [String]) -> [FileStatKey?] {
        var out = [FileStatKey?](repeating: nil, count: paths.count)
        var i = 0
        while i < paths.count {
            let folder = Self.folder(of: paths[i])
            var j = i + 1
            while j < paths.count && Self.folder(of: paths[j]) == folder { j += 1 }
            let descriptor = open(absolute(String(folder)), O_RDONLY | O_DIRECTORY)
            if descriptor >= 0 {
                for k in i..<j where ProjectPath.isInside(paths[k]) {
                    var info = stat()
                    let name = paths[k].utf8.lastIndex(of: UInt8(ascii: "/")).map { String(paths[k][paths[k].utf8.index(after: $0)...]) } ?? paths[k]
                    if fstatat(descriptor, name, &info, 0) == 0, (info.st_mode & S_IFMT) == S_IFREG {
                        out[k] = FileStatKey(info)
                    }
                }
                close(descriptor)
            }
            i = j
        }
        return out
    }

    private static func folder(of path: String) -> Substring {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return path[..<slash]
    }
}

/// Checks on project-relative paths that come from content or config.
public enum ProjectPath {
    /// Why ``isInside(_:)`` refuses `path`, for a message: a backslash is a folder
    /// separator on Windows, so a file whose name holds one is refused though it is inside
    /// the project (it was said to leave it).
    public static func whyNotInside(_ path: String) -> String {
        if path.utf8.contains(UInt8(ascii: "\\")) {
            return "the name holds a backslash, which Windows reads as a folder separator, so Larder does not read it; rename the file"
        }
        if path.utf8.contains(0) { return "the name holds a NUL character" }
        return "the path leaves the project"
    }

    /// True for a relative `/`-separated path that stays inside the project: no leading `/`,
    /// no `..` segment, no backslash, no NUL.
    public static func isInside(_ path: String) -> Bool {
        guard let first = path.utf8.first, first != UInt8(ascii: "/") else { return false }
        // One pass over the bytes: no backslash or NUL, no segment that is exactly "..".
        var segmentLength = 0
        var dots = 0
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "\\"), 0: return false
            case UInt8(ascii: "/"):
                if segmentLength == 2 && dots == 2 { return false }
                segmentLength = 0
                dots = 0
            default:
                segmentLength += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return !(segmentLength == 2 && dots == 2)
    }

    /// `a/b/../c` made plain (`a/c`), or nil when it climbs above the start.
    public static func normalize(_ path: String) -> String? {
        var out: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if out.isEmpty { return nil }
                out.removeLast()
            } else {
                out.append(part)
            }
        }
        return out.joined(separator: "/")
    }
}
