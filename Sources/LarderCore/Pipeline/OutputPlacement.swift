import Foundation

/// Where the folder a build's outputs are relative to (`larder build --out`) lies against
/// the project, compared by real paths (links resolved): so that an output is checked
/// against the project's content, config, schemas, `.git` and `.larder-cache` wherever the
/// base is. `--out .` is the project itself, `--out content` a folder in it, `--out ..` a
/// folder that holds it, and `--out /elsewhere` neither.
public struct OutputPlacement: Sendable, Equatable {
    /// The base folder relative to the project when it lies in it (`""`: the project itself).
    public let baseInProject: String?
    /// The project folder relative to the base when the base holds it (`""`: the project itself).
    public let projectInBase: String?

    /// The outputs are relative to the project (no `--out`).
    public static let project = OutputPlacement(baseInProject: "", projectInBase: "")

    init(baseInProject: String?, projectInBase: String?) {
        self.baseInProject = baseInProject
        self.projectInBase = projectInBase
    }

    /// The placement of the absolute folder `base` against the absolute folder `projectRoot`.
    public init(base: String, projectRoot: String) {
        let base = Self.realPath(base), root = Self.realPath(projectRoot)
        baseInProject = Self.relative(base, to: root)
        projectInBase = Self.relative(root, to: base)
    }

    /// The project-relative path of the output at `normalized` (relative to the base); nil
    /// when it lies outside the project.
    public func inProject(_ normalized: String) -> String? {
        if let baseInProject {
            return baseInProject.isEmpty ? normalized : baseInProject + "/" + normalized
        }
        guard let projectInBase else { return nil }
        if normalized == projectInBase { return "" }
        return normalized.hasPrefix(projectInBase + "/") ? String(normalized.dropFirst(projectInBase.count + 1)) : nil
    }

    /// The path relative to the base of the project file at `path`; nil when it lies outside
    /// the base (no output can then replace it).
    public func inBase(_ path: String) -> String? {
        if let projectInBase {
            return projectInBase.isEmpty ? path : projectInBase + "/" + path
        }
        guard let baseInProject else { return nil }
        return path.hasPrefix(baseInProject + "/") ? String(path.dropFirst(baseInProject.count + 1)) : nil
    }

    /// Whether the output at `normalized` (relative to the base) is the project folder or a
    /// folder that holds it.
    public func coversProject(_ normalized: String) -> Bool {
        guard let projectInBase, !projectInBase.isEmpty else { return false }
        return projectInBase == normalized || projectInBase.hasPrefix(normalized + "/")
    }

    /// `path` relative to `folder` when it is the folder or lies in it, else nil.
    static func relative(_ path: String, to folder: String) -> String? {
        if path == folder { return "" }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }

    /// The absolute `path` with its links resolved, as far as it exists (a base the build
    /// makes need not exist yet): the existing part resolved, the rest appended.
    static func realPath(_ path: String) -> String {
        let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
        var existing = standardized
        var rest: [String] = []
        while !existing.isEmpty, existing != "/" {
            if let resolved = realpath(existing, nil) {
                defer { free(resolved) }
                let real = String(cString: resolved)
                return rest.isEmpty ? real : (real.hasSuffix("/") ? real : real + "/") + rest.reversed().joined(separator: "/")
            }
            rest.append((existing as NSString).lastPathComponent)
            existing = (existing as NSString).deletingLastPathComponent
        }
        return "/" + rest.reversed().joined(separator: "/")
    }
}
