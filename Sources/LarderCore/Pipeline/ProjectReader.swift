import Foundation
import LarderJSON

/// Where a run reads the project's files from: the working tree, or (for `--staged`) the
/// git index, so a commit is judged by what it commits.
///
/// Paths are relative to the project root and `/`-separated. A reader never gives access
/// outside the project.
public protocol ProjectReader: Sendable {
    /// Every file under `folder` (a project-relative folder; `""` for the root), recursively,
    /// skipping hidden entries (`.git`, `.build`). Sorted.
    func files(under folder: String) -> [String]
    /// The bytes of a project-relative file.
    func read(_ path: String) throws(FileReadError) -> [UInt8]
    /// The project's files as rules see them (image references), matching what `read`
    /// reads: the working tree, or the git index.
    var projectFiles: any ProjectFiles { get }
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
        var out: [String] = []
        var pending = [folder]
        let fm = FileManager.default
        while let dir = pending.popLast() {
            guard let names = try? fm.contentsOfDirectory(atPath: absolute(dir)) else { continue }
            for name in names where !name.hasPrefix(".") {
                let rel = dir.isEmpty ? name : dir + "/" + name
                var isDirectory: ObjCBool = false
                guard fm.fileExists(atPath: absolute(rel), isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    // Symbolic links to folders are not followed (they may leave the project).
                    if (try? fm.destinationOfSymbolicLink(atPath: absolute(rel))) != nil { continue }
                    pending.append(rel)
                } else {
                    out.append(rel)
                }
            }
        }
        return out.sorted()
    }

    public func read(_ path: String) throws(FileReadError) -> [UInt8] {
        guard ProjectPath.isInside(path) else { throw FileReadError(path: path, reason: "the path leaves the project") }
        return try FileBytes.read(absolute(path))
    }

    public var projectFiles: any ProjectFiles { WorkingTreeFiles(root: root) }
}

/// Checks on project-relative paths that come from content or config.
public enum ProjectPath {
    /// True for a relative `/`-separated path that stays inside the project: no leading `/`,
    /// no `..` segment, no backslash, no NUL.
    public static func isInside(_ path: String) -> Bool {
        if path.isEmpty || path.hasPrefix("/") || path.contains("\\") || path.contains("\u{0}") { return false }
        return !path.split(separator: "/", omittingEmptySubsequences: false).contains("..")
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
