import ArgumentParser
import Foundation
import LarderCore
import LarderImport
import LarderJSON

/// `larder import off|schema-org FILE... --out DIR | --stdout | --jsonl`.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import Open Food Facts products or schema.org recipes as Larder content.",
        discussion: """
            off reads Open Food Facts products (API v2): a product object, the API's answer \
            {"code", "product", "status"}, a search answer {"products": [...]}, an array of \
            these, or JSON Lines, and makes products. schema-org reads schema.org Recipe \
            JSON-LD: a Recipe node, an array of nodes, a @graph (as WordPress recipe plugins \
            write it), JSON Lines, or a saved recipe page (HTML: its <script \
            type="application/ld+json"> blocks; line breaks and tabs typed inside their \
            strings, which JSON does not allow but browsers read, are read as they are, with \
            a note), and makes recipes. Docs/importers.md has the field \
            mapping. Every document made matches Larder's built-in schema of its kind. The \
            file - is standard input (curl … | larder import off - --jsonl).

            --out writes one file per document, <id>.json (a product's code, a recipe's id), \
            pretty and deterministic. File names are made safe (no '/', no '..'); two records \
            with the same name are an error, and the first is kept. The folder is written \
            atomically and replaced as a whole: it must be new, empty, or an earlier import \
            (it holds a .larder-import marker, or the .larder-output earlier imports wrote \
            and only <id>.json files; a build's output is refused), and must not hold an \
            input file. The folder gets a .larder-import marker, which lets the next import \
            replace it; its files are content that lint and build read. (Imports before \
            this one wrote .larder-output, which hides a folder from lint and build; the \
            next import into that folder removes it, and says so.)

            A record that cannot be imported (not an object, a required field missing, an \
            unreadable duration, ...) is reported with its file:line:column and left out; \
            the other records are still imported and written. Values that are dropped get a \
            warning, values that were changed (a barcode padded with zeros, an id made a slug) \
            a note. The report goes to standard error.

            Exit status: 0 when every record was imported (warnings and notes do not fail), \
            1 when one or more records were not (the others are written all the same), 2 for \
            a usage error, an unreadable file or an output folder that cannot be written.
            """
    )

    @Argument(help: "The importer: off (Open Food Facts products) or schema-org (schema.org recipes); `larder plugins` lists the sources.")
    var importer: String

    @Argument(help: "The files to import: JSON, JSON Lines (.jsonl, .ndjson), or for schema-org an HTML page; - reads standard input.")
    var files: [String] = []

    @Option(name: .long, help: ArgumentHelp("Write one file per document, <id>.json, into this folder.", valueName: "DIR"))
    var out: String?

    @Flag(name: .customLong("stdout"), help: "Print the documents to standard output as one JSON array.")
    var toStandardOutput = false

    @Flag(name: .long, help: "Print the documents to standard output as JSON Lines, one per line.")
    var jsonl = false

    @Option(name: .long, help: "Colour in the report on standard error: auto, always or never.")
    var color: OutputOptions.Color = .auto

    mutating func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one file to import") }
        if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input (-) can be read once; give - once") }
        let outputs = [out != nil, toStandardOutput, jsonl].filter { $0 }.count
        if outputs == 0 { throw ValidationError("give --out DIR, --stdout or --jsonl") }
        if outputs > 1 { throw ValidationError("give only one of --out, --stdout and --jsonl") }
    }

    func run() async throws {
        let registry = try CLIRegistry.make()
        let importers = registry.sources.compactMap { $0 as? any Importer }
        guard let importer = importers.first(where: { $0.id == self.importer }) else {
            let known = importers.map(\.id).joined(separator: ", ")
            if registry.ids(of: .source).contains(self.importer) {
                throw ValidationError("'\(self.importer)' is a source but not an importer; use one of: \(known)")
            }
            let guess = Suggest.closest(to: self.importer, in: importers.map(\.id)).map { " (did you mean '\($0)'?)" } ?? ""
            throw ValidationError("unknown importer '\(self.importer)'; use one of: \(known)\(guess)")
        }
        let cwd = FileManager.default.currentDirectoryPath
        var diagnostics: [Diagnostic] = []
        let documents: [ImportedDocument]
        // `-` is standard input (`curl … | larder import off -`), read whole before the import.
        // Read in blocks up to one byte past the importers' limit (which then says it is too
        // large): a stream of gigabytes is not held whole first.
        var standardInput: [UInt8]?
        if files.contains("-") {
            var bytes: [UInt8] = []
            let limit = importMaxFileSize + 1
            while bytes.count < limit {
                let block = FileHandle.standardInput.readData(ofLength: min(1 << 20, limit - bytes.count))
                if block.isEmpty { break }
                bytes += block
            }
            standardInput = bytes
        }
        do {
            documents = try importer.importFiles(files, workingDirectory: cwd, standardInput: standardInput, diagnostics: &diagnostics)
        } catch {
            throw ValidationError("cannot read \(error.path): \(error.reason)")
        }
        let kept = ImportOutput.kept(documents, diagnostics: &diagnostics)
        let failed = diagnostics.contains { $0.severity == .error }

        let summary: String
        if let out {
            let artifacts = try kept.map { try Artifact(path: $0.name, bytes: $0.document.bytes) }
            if artifacts.isEmpty {
                summary = "Nothing to import; \(out) was left as it was."
            } else {
                let hadBuildMarker = try write(artifacts, to: out, cwd: cwd)
                summary = "Imported \(count(artifacts.count)) into \(out)."
                    + (hadBuildMarker
                        ? "\nRemoved \(OutputWriter.marker) from \(out): an earlier import left it there, and it hid the folder from lint and build; its files are read as content now."
                        : "")
            }
        } else if jsonl {
            var bytes: [UInt8] = []
            for item in kept { bytes += JSONWriter.compact.bytes(item.document.value) + [0x0A] }
            writeStandardOutput(bytes)
            summary = "Imported \(count(kept.count))."
        } else {
            writeStandardOutput(JSONWriter.pretty.bytes(.array(kept.map(\.document.value))) + [0x0A])
            summary = "Imported \(count(kept.count))."
        }
        report(diagnostics.sorted(), files: files.count, cwd: cwd)
        FileHandle.standardError.write(Data((summary + "\n").utf8))
        if failed { throw ExitCode(1) }
    }

    func count(_ n: Int) -> String {
        "\(n) \(n == 1 ? kindName : kindName + "s")"
    }

    var kindName: String {
        switch importer {
        case "off": "product"
        case "schema-org": "recipe"
        default: "document"
        }
    }

    /// Writes the files into `out` through Larder's atomic output writer: staged, then
    /// renamed into place. The folder gets the import marker (``OutputWriter/importMarker``),
    /// not a build's (``OutputWriter/marker``): imported documents are content, and a
    /// folder with a build's marker is never read as content. True when the folder it
    /// replaced held a build's marker (an earlier import wrote one), which is now gone.
    @discardableResult
    func write(_ artifacts: [Artifact], to out: String, cwd: String) throws -> Bool {
        let target = absolutePath(out, cwd: cwd)
        let url = URL(fileURLWithPath: target)
        let name = url.lastPathComponent
        let base = url.deletingLastPathComponent().path
        guard target != "/", !name.isEmpty, name != ".", name != "..", !out.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ValidationError("--out must name a folder, not '\(out)'")
        }
        // Compared as written and with links resolved (`plink/mine.json` where plink leads
        // into --out): replacing the folder would delete the input.
        func resolved(_ path: String) -> String {
            guard let real = realpath(path, nil) else { return path }
            defer { free(real) }
            return String(cString: real)
        }
        let realTarget = resolved(target)
        for file in files where file != "-" {
            let input = absolutePath(file, cwd: cwd)
            for (i, t) in [(input, target), (resolved(input), realTarget)]
            where i == t || i.hasPrefix(t.hasSuffix("/") ? t : t + "/") {
                throw ValidationError("--out \(out) holds the input file \(file); the import replaces that folder, so choose another one")
            }
        }
        var info = stat()
        // A file is no folder to import into (the writer's words were a build's: "the
        // export writes a folder there").
        if lstat(target, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR, (info.st_mode & S_IFMT) != S_IFLNK {
            throw ValidationError("--out '\(out)' is a file; give --out a folder, a new one or an earlier import's")
        }
        let hadBuildMarker = lstat(target + "/" + OutputWriter.marker, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        // A build's output holds the build's marker too: an earlier import's folder is one
        // of `<id>.json` files and nothing else, and any other folder with the marker is a
        // build's, which the import would replace (and the next build would then refuse).
        if hadBuildMarker, let other = Self.notImported(in: target) {
            throw ValidationError("--out \(out) is the output of `larder build` (it holds \(OutputWriter.marker) and '\(other)', which an import does not write); the import replaces its folder, so choose another one")
        }
        if let refusal = Self.notLarders(target, out: out, kind: kindName, cwd: cwd) { throw ValidationError(refusal) }
        // An earlier import's folder is replaced whole: a file or folder the import did not
        // write in it (notes, downloaded images) was deleted without a word.
        if lstat(target + "/" + OutputWriter.importMarker, &info) == 0, let other = Self.notImported(in: target) {
            throw ValidationError("--out '\(out)' is an earlier import's folder, but it also holds '\(other)', which an import does not write: the import replaces the folder whole, which would delete it; move '\(other)' out of the folder, or give --out a new folder")
        }
        // Nor the folder the command runs in (or one that holds it), even an import's: the
        // shell would be left in a folder that was removed.
        let here = resolvedPath(cwd, cwd: cwd), folder = resolvedPath(target, cwd: cwd)
        if here == folder || here.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") {
            throw ValidationError("--out '\(out)' \(here == folder ? "is" : "holds") the folder you are in: the import replaces its --out folder whole, which would leave you in a folder that was removed; run the import from outside it (from its parent, with --out naming it)")
        }
        do {
            try OutputWriter(base: base).write([
                OutputWriter.Output(path: name, isFile: false, artifacts: artifacts, marker: OutputWriter.importMarker)
            ])
        } catch {
            throw ValidationError("\(error)")
        }
        return hadBuildMarker
    }

    /// Why `--out` may not be replaced when it is a folder (a real one, not a link) that
    /// holds something and no marker of Larder's (``OutputWriter`` refuses it too): said with
    /// the flag's name and a new folder to give it. (`--out .` said "'im' exists and was not
    /// written by Larder …; remove it or choose another `out`", advising the removal of
    /// the project.)
    static func notLarders(_ target: String, out: String, kind: String, cwd: String) -> String? {
        var info = stat()
        guard lstat(target, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR,
              let names = try? FileManager.default.contentsOfDirectory(atPath: target), !names.isEmpty,
              !names.contains(OutputWriter.marker), !names.contains(OutputWriter.importMarker) else { return nil }
        let here = resolvedPath(cwd, cwd: cwd), folder = resolvedPath(target, cwd: cwd)
        let what = here == folder ? "is the folder you are in, and Larder did not write it"
            : here.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") ? "holds the folder you are in, and Larder did not write it"
            : "is a folder Larder did not write"
        // A new folder in it, named for what is imported (`products`).
        let new = (out == "." || out == "./" ? "" : out.hasSuffix("/") ? out : out + "/") + kind + "s"
        let example = FileManager.default.fileExists(atPath: absolutePath(new, cwd: cwd)) ? "" : ", such as '\(new)'"
        return "--out '\(out)' \(what) (no \(OutputWriter.importMarker) in it): the import replaces its --out folder whole, so give --out a new folder\(example)"
    }

    /// The first entry of `folder` an import does not write (a folder, a file that is not
    /// `<id>.json`, a build's `manifest.json`), or nil.
    static func notImported(in folder: String) -> String? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        for name in names.sorted() where name != OutputWriter.marker && name != OutputWriter.importMarker {
            var info = stat()
            guard lstat(folder + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
                  name.hasSuffix(".json"), name != "manifest.json" else { return name }
        }
        return nil
    }

    func report(_ diagnostics: [Diagnostic], files: Int, cwd: String) {
        guard !diagnostics.isEmpty else { return }
        let enabled: Bool
        switch color {
        case .always: enabled = true
        case .never: enabled = false
        case .auto:
            let noColor = ProcessInfo.processInfo.environment["NO_COLOR"] ?? ""
            enabled = noColor.isEmpty && isatty(STDERR_FILENO) == 1
        }
        let context = ReportContext(
            colorEnabled: enabled, workingDirectory: cwd, sources: .files(relativeTo: cwd), toolVersion: larderVersion)
        let bytes = HumanReporter().report(diagnostics, summary: DiagnosticSummary(diagnostics, filesChecked: files), context: context)
        FileHandle.standardError.write(Data(bytes))
    }
}
