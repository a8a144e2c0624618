/// A file an exporter produced: a path relative to the output folder, and its bytes.
///
///     let a = try Artifact(path: "en/recipes.json", string: "{}\n")
///
/// Paths are checked when the artifact is made (see ``validate(path:)``), so an exporter
/// cannot make the runner write outside the output folder.
public struct Artifact: Sendable, Hashable {
    /// The path relative to the output folder, `/`-separated.
    public let path: String
    /// The file's content.
    public var bytes: [UInt8]

    /// An artifact; throws when `path` could leave the output folder.
    public init(path: String, bytes: [UInt8]) throws(ArtifactPathError) {
        try Self.validate(path: path)
        self.path = path
        self.bytes = bytes
    }

    /// An artifact holding `string` as UTF-8.
    public init(path: String, string: String) throws(ArtifactPathError) {
        try self.init(path: path, bytes: Array(string.utf8))
    }

    /// Checks that `path` names a file inside the output folder.
    ///
    /// Rejected: an empty path; an absolute path (`/…`) or a Windows drive (`C:…`); a
    /// backslash; a NUL or other control character; `..`, `.` or empty segments (`a//b`,
    /// a trailing `/`).
    ///
    ///     try Artifact.validate(path: "en/recipes.json")   // fine
    ///     try Artifact.validate(path: "../etc/passwd")     // throws
    public static func validate(path: String) throws(ArtifactPathError) {
        func fail(_ reason: String) -> ArtifactPathError { ArtifactPathError(path: path, reason: reason) }
        if path.isEmpty { throw fail("the path is empty") }
        if path.hasPrefix("/") { throw fail("the path is absolute; it must be relative to the output folder") }
        for scalar in path.unicodeScalars {
            if scalar == "\\" { throw fail("the path holds a backslash; use '/' to separate folders") }
            if scalar == "\0" { throw fail("the path holds a NUL character") }
            // C0 and C1 controls, DEL, and the line and paragraph separators (a line break
            // in a listing of the files).
            if scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0) || scalar == "\u{2028}" || scalar == "\u{2029}" {
                throw fail("the path holds a control character")
            }
        }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        // `C:/x`, and `C:x`, which Windows reads relative to the current folder of drive C.
        if let first = segments.first, first.count >= 2, first.dropFirst().first == ":", first.first!.isASCII, first.first!.isLetter {
            throw fail("the path starts with a drive letter; it must be relative to the output folder")
        }
        for segment in segments {
            if segment == ".." { throw fail("the path holds '..', which could leave the output folder") }
            if segment == "." { throw fail("the path holds a '.' segment") }
            if segment.isEmpty { throw fail("the path holds an empty segment ('//' or a trailing '/')") }
        }
    }
}

/// An artifact path that could leave the output folder, and why.
public struct ArtifactPathError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "invalid artifact path '\(path)': \(reason)" }
}
