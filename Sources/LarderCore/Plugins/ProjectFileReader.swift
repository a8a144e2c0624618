import Foundation
import LarderJSON

/// Reads the bytes of a project's files, for exporters that copy files into a bundle
/// (the `images` exporter).
///
/// Paths are relative to the project root, `/`-separated, with no `.` or `..` segments,
/// exactly as ``ProjectFiles`` takes them; a reader refuses any other path, so content can
/// never make Larder read outside the project.
///
///     let files: any ProjectFileReader = WorkingTreeFiles(root: "/path/to/project")
///     let png = try files.contents(atPath: "images/drinks/negroni-1.png")
public protocol ProjectFileReader: Sendable {
    /// The bytes of the file at `path`; throws when it cannot be read or the path could leave
    /// the project.
    func contents(atPath path: String) throws -> [UInt8]
    /// The bytes of the file at `path`, which lies in `folder` (project-relative; `""` for
    /// the project): throws as ``contents(atPath:)`` does, and also when the file is reached
    /// through a symbolic link that leads out of `folder` or into a hidden file or folder
    /// (`.git`, `.env`). The images exporter reads each image so.
    func contents(atPath path: String, within folder: String) throws -> [UInt8]
}

extension ProjectFileReader {
    /// A reader with no links (the git index): ``contents(atPath:)``.
    public func contents(atPath path: String, within folder: String) throws -> [UInt8] {
        try contents(atPath: path)
    }
}

/// A file a ``ProjectFileReader`` could not read, and why.
public struct ProjectFileReadError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot read '\(path)': \(reason)" }
}

extension WorkingTreeFiles: ProjectFileReader {
    public func contents(atPath path: String) throws -> [UInt8] {
        try checkReadable(path)
        return try read(path)
    }

    public func contents(atPath path: String, within folder: String) throws -> [UInt8] {
        try checkReadable(path)
        guard !linkLeaves(folder, atPath: path) else {
            throw ProjectFileReadError(path: path, reason: "it is a symbolic link to a file outside \(folder.isEmpty ? "the project" : "'\(folder)'") or in a hidden folder, which Larder does not read")
        }
        return try read(path)
    }

    /// Throws unless `path` is a clean path to a file of the project, spelled with its
    /// exact case, that is no link to a file outside the project.
    private func checkReadable(_ path: String) throws {
        guard ProjectFileSnapshot.isClean(path, allowEmpty: false) else {
            throw ProjectFileReadError(path: path, reason: "the path is not a clean relative path inside the project")
        }
        guard fileExists(atPath: path) else {
            throw ProjectFileReadError(path: path, reason: "no such file (names compare with their exact case)")
        }
        guard !leavesProject(atPath: path) else {
            throw ProjectFileReadError(path: path, reason: "it is a symbolic link to a file outside the project, which Larder does not read")
        }
    }

    private func read(_ path: String) throws -> [UInt8] {
        do {
            return try FileBytes.read(absolute(path))
        } catch {
            throw ProjectFileReadError(path: path, reason: error.reason)
        }
    }
}
