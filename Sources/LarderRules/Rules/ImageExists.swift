import LarderCore
import LarderJSON

/// `image-exists`: every image the content names is a file in the kind's images folder,
/// spelled with its exact case and with an image extension.
///
/// The images folder is the `images` option (set by the config loader from the content
/// entry's `images:`), relative to the project root; without it, the project root. Files
/// are looked up through ``RuleContext/projectFiles``: the working tree, or the git index
/// for `--staged`, where an image that is not staged does not pass.
public struct ImageExistsRule: ConfigurableRule {
    public let id = "image-exists"
    public let summary = "Every image the content names exists in the images folder, with its exact case."
    public let defaultSeverity = Severity.error
    public var details: String? {
        """
        Image references are paths relative to the images folder of the kind (`images:` \
        of the content entry in larder.yml): recipe and location `images` entries (a \
        location's written in place in a recipe's `shops` too), and \
        product `images.front`, `images.ingredients` and `images.nutrition` (each an image \
        or an object of language -> image). An image is a path or `{ "src", "alt" }`. \
        The fields the `images` export names with its option `imageFields` are checked too, \
        since it copies the images there.

        The file must exist with exactly the case written: `Negroni.PNG` on disk does not \
        answer for `negroni.png`, because a case-insensitive Mac would hide a mistake that \
        breaks the app on a phone or a Linux server. With `larder lint --staged` the file \
        must be staged too (one in the working tree only is said to be not staged). A path that leaves the images folder (`../x.png`, `/x.png`, \
        `C:\\x.png`) or uses backslashes is an error, and so is an extension not in \
        `extensions`. So is a symbolic link that leads out of the images folder, or into a \
        hidden file or folder (`negroni.png -> ../.git/config`): it would ship that file, \
        which is no image of the folder (and the images exporter does not copy it).
        """
    }
    public var options: [RuleOption] {
        [
            RuleOption("extensions", .strings, "the file extensions allowed for images, without the dot (any case)",
                       default: Self.defaultExtensions.joined(separator: ", "),
                       emptyList: "which allows no extension, so every image would be an error"),
            RuleOption("fields", .pointers, "the image fields of a kind of your own, as JSON Pointers (`*` for every element; a list means each of its images)",
                       default: "the image fields of the built-in kinds"),
            RuleOption("pointers", .pointers, "the same as `fields`", aliasOf: "fields"),
        ]
    }

    /// The extensions allowed when the options name none.
    public static let defaultExtensions = ["png", "jpg", "jpeg", "webp", "heic", "gif", "svg"]

    public init() {}

    public var examples: [RuleExample] {
        [
            .passes(#"{"id": "negroni", "name": "Negroni", "images": []}"#, kind: "recipe"),
            .triggers(#"{"id": "negroni", "images": ["larder-examples/no-such-image.png"]}"#, at: "/images/0", kind: "recipe"),
            .triggers(#"{"id": "negroni", "images": [{"src": "../../secret.png", "alt": "x"}]}"#,
                      at: "/images/0/src", kind: "recipe"),
            .triggers(#"{"id": "spot", "images": ["/etc/spot.png", "spots\\saigon.png"]}"#,
                      at: "/images/0", "/images/1", kind: "location"),
            // A location written in place in a recipe's shops: its images are shipped too.
            .triggers(#"{"id": "pho", "shops": [{"id": "pop-up", "images": [{"src": "larder-examples/no-such-shop.png", "alt": "x"}]}]}"#,
                      at: "/shops/0/images/0/src", kind: "recipe"),
            .triggers(#"{"code": "3017620422003", "images": {"front": {"en": "front.txt"}}}"#,
                      at: "/images/front/en", kind: "product"),
            .passes(#"{"id": "x", "images": ["no-such.png"]}"#, kind: "achievement"),
        ]
    }

    public func check(_ document: Document, context: RuleContext) -> [Diagnostic] {
        let options = Options(context.options)
        guard applies(to: document.kind, options: options) else { return [] }
        let json = document.json
        // The images of fields named by pointers. A field that holds a list (`/gallery`) means
        // each image in it, as the images export's `imageFields` reads it: its images went
        // unchecked.
        func imagesNamed(_ paths: [FieldPath]) -> [Int] {
            paths.flatMap { $0.nodes(in: json, from: document.node) }
                .flatMap { json.kind($0) == .array ? Array(json.elements($0)) : [$0] }
                .flatMap { Localized.roleImages(json, $0) }
        }
        var images = options.fieldPaths("fields").map(imagesNamed) ?? ContentFields.images(kind: document.kind, json: json, node: document.node)
        // The fields the images export copies from (its option `imageFields`): lint passed a
        // missing image there, and the build then stopped on it.
        if let named = options.fieldPaths(Linter.exportImageFieldsOption) { images += imagesNamed(named) }
        images = images.compactMap { Localized.imageSource(json, $0) }
        guard !images.isEmpty else { return [] }
        if options[Linter.exportImageFieldsOption] != nil {
            // A field named twice (by `fields` and by an export) is reported once.
            var seen = Set<Int>()
            images = images.filter { seen.insert($0).inserted }.sorted()
        }

        let extensions = Set((options.strings("extensions") ?? Self.defaultExtensions).map { $0.lowercased().trimmingDot })
        let rootText = options.string("images") ?? ""
        let root = ImagePath.resolve(rootText, under: [])
        let folder = rootText.isEmpty ? "the project root" : "the images folder '\(rootText)'"
        var sink = DiagnosticSink(document: document, context: context)
        for node in images {
            guard let reference = json.string(node) else { continue }
            let shown = Text.quoted(reference)
            guard case .inside(let rootSegments) = root else {
                sink.report(node, "\(folder) leaves the project root; set `images:` in larder.yml to a folder inside the project")
                continue
            }
            switch reference.isEmpty ? .empty : ImagePath.resolve(reference, under: rootSegments) {
            case .empty:
                sink.report(node, "the image path is empty; write the path of the image, relative to \(folder)")
            case .backslash:
                sink.report(node, "image \(shown) uses a backslash; separate folders with '/'")
            case .absolute:
                sink.report(node, "image \(shown) is an absolute path; write it relative to \(folder)")
            case .url:
                sink.report(node, "image \(shown) is a URL; images must be files in \(folder), so save it there and write its path")
            case .leaves:
                sink.report(node, "image \(shown) leaves \(folder) with '..'; images must be inside it")
            case .inside(let segments):
                let name = segments.last ?? ""
                let ext = name.split(separator: ".", omittingEmptySubsequences: false).count > 1
                    ? String(name.split(separator: ".", omittingEmptySubsequences: false).last!) : ""
                if !extensions.contains(ext.lowercased()) {
                    let allowed = extensions.sorted().joined(separator: ", ")
                    let what = ext.isEmpty ? "has no file extension" : "has the extension '.\(ext)'"
                    sink.report(node, "image \(shown) \(what); allowed extensions: \(allowed)")
                    continue
                }
                let path = segments.joined(separator: "/")
                if context.projectFiles.fileExists(atPath: path) {
                    if context.projectFiles.leavesProject(atPath: path) {
                        sink.report(node, "image \(shown) is a symbolic link to a file outside the project, which would ship that file; copy the image into \(folder) instead of linking it")
                    } else if context.projectFiles.linkLeaves(rootSegments.joined(separator: "/"), atPath: path) {
                        sink.report(node, "image \(shown) is a symbolic link to a file outside \(folder) or in a hidden folder, which would ship that file; copy the image into \(folder) instead of linking it")
                    }
                    continue
                }
                sink.report(node, missingMessage(shown, segments: segments, rootCount: rootSegments.count,
                                                 folder: folder, files: context.projectFiles))
            }
        }
        return sink.diagnostics
    }

    private func missingMessage(
        _ shown: String, segments: [String], rootCount: Int, folder: String, files: any ProjectFiles
    ) -> String {
        let rootPath = segments.prefix(rootCount).joined(separator: "/")
        if rootCount > 0, files.folderNames(inDirectory: rootPath) == nil {
            // A file where the folder should be is no folder, but not missing either.
            if files.fileExists(atPath: rootPath) {
                return "image \(shown) does not exist: \(folder) is a file, not a folder; fix `images:` in larder.yml to name the folder the images are in"
            }
            if files.isOnlyInWorkingTree(rootPath) {
                return "image \(shown) does not exist: \(folder) is not staged (it is in the working tree, but git's index holds no file in it); stage the images with `git add`, or fix `images:` in larder.yml"
            }
            return "image \(shown) does not exist: \(folder) itself is missing; create it, or fix `images:` in larder.yml"
        }
        if files.isOnlyInWorkingTree(segments.joined(separator: "/")) {
            return "image \(shown) is not staged (it is in the working tree, but not in git's index); stage it with `git add`, or fix the path"
        }
        // Look for the same path in another case or another Unicode normalization, one
        // folder at a time. (Names are compared by their bytes: Swift's `==` takes `é` as
        // one character and as `e` and a combining accent for one name, and phones and
        // servers do not.)
        var actual: [String] = []
        var otherCase = false, otherNormalization = false
        for segment in segments {
            let parent = actual.joined(separator: "/")
            switch files.folderNames(inDirectory: parent)?.match(segment) {
            case .exact:
                actual.append(segment)
            case .otherNormalization(let entry):
                actual.append(entry)
                otherNormalization = true
            case .otherCase(let entry, let alsoNormalization):
                actual.append(entry)
                otherCase = true
                if alsoNormalization { otherNormalization = true }
            case nil:
                actual = []
            }
            if actual.isEmpty { break }
        }
        let differs = otherCase || otherNormalization
        if differs, !actual.isEmpty, files.fileExists(atPath: actual.joined(separator: "/")) {
            let written = actual.dropFirst(rootCount).joined(separator: "/")
            if !otherCase {
                return "image \(shown) does not exist as written; the file is '\(written)', the same letters in another Unicode normalization (an accented letter written as one character in one name, as a letter and a combining accent in the other): rename the file or retype the path, since phones and servers compare names byte by byte"
            }
            if otherNormalization {
                return "image \(shown) does not exist with that case; the file is '\(written)', also in another Unicode normalization (an accented letter written as one character in one name, as a letter and a combining accent in the other): rename the file or fix the path, since case and bytes matter on phones and servers"
            }
            return "image \(shown) does not exist with that case; the file is '\(written)': rename the file or fix the path, since case matters on phones and servers"
        }
        // The path names a folder ("dir.png/" holding images): it exists, as no file.
        if !differs, !actual.isEmpty, files.entries(inDirectory: actual.joined(separator: "/")) != nil {
            return "image \(shown) is a folder in \(folder), not an image file; name the file inside it, or fix the path"
        }
        return "image \(shown) does not exist in \(folder); add the file (and stage it), or fix the path"
    }
}

/// Where an image path leads, relative to the project root.
enum ImagePath: Equatable {
    case empty, backslash, absolute, url, leaves
    /// The path's segments from the project root.
    case inside([String])

    /// Resolves `path` below the folder `base` (segments from the project root): `.`
    /// segments and empty segments are dropped, `..` climbs, and climbing out of `base` is
    /// `.leaves`.
    static func resolve(_ path: String, under base: [String]) -> ImagePath {
        if path.isEmpty { return .inside(base) }
        if path.contains("\\") { return .backslash }
        if path.hasPrefix("/") { return .absolute }
        let first = path.split(separator: "/", maxSplits: 1).first.map(String.init) ?? path
        if let colon = first.firstIndex(of: ":") {
            let scheme = first[..<colon]
            if scheme.count == 1, scheme.first!.isLetter { return .absolute }  // C:x.png
            return .url
        }
        var segments = base
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..":
                if segments.count <= base.count { return .leaves }
                segments.removeLast()
            default: segments.append(String(segment))
            }
        }
        return .inside(segments)
    }
}

extension String {
    fileprivate var trimmingDot: String { hasPrefix(".") ? String(dropFirst()) : self }
}
