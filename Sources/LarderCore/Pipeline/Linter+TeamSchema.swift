import Foundation
import LarderJSON
import LarderSchema

extension Linter {
    /// Why a team's schema cannot be used: a short sentence for `larder.yml`'s `schema:`
    /// setting, and each problem at its own place in the schema file (or in a file it
    /// `$ref`s), so that an editor jumps to the schema, not to the config.
    struct TeamSchemaFailure: Error {
        /// For the config's `schema:` value: which schema, and where its problems are told
        /// (problems without a place in a file are told here).
        var summary: String
        /// One error per problem, at its line and column in a project file.
        var placed: [Diagnostic]
    }

    /// What a message about a `$ref` outside the project advises: lint and build read a
    /// team's schemas from the project alone (`larder validate`'s `--ref-map` is not theirs).
    static let outsideSchemaAdvice = "copy the schema into the project (lint and build read schemas from the project only, the same files on every machine)"

    /// Reads and compiles the schema file `path` (project-relative) of a team's kind.
    func compileTeamSchema(_ path: String, kind: String, options: SchemaOptions = SchemaOptions()) -> Result<JSONSchema, TeamSchemaFailure> {
        let named = "the schema of '\(kind)' (\(path))"
        let bytes: [UInt8]
        // A link that leads out of the project is not followed, as for content and images:
        // its target could be any file the run can read (and a file that is not JSON has
        // its first line quoted in the report).
        if reader.projectFiles.leavesProject(atPath: path) {
            return .failure(TeamSchemaFailure(summary: "cannot read the schema of '\(kind)' (\(path)): it is a symbolic link to a file outside the project, which Larder does not read; copy the schema into the project", placed: []))
        }
        do {
            bytes = try reader.read(path)
        } catch {
            // The path as written, and a file of a close name in its folder (a typo in
            // `schema:` said only "No such file or directory").
            let folder = path.split(separator: "/").dropLast().joined(separator: "/")
            let name = String(path.split(separator: "/").last ?? "")
            let nearby = reader.projectFiles.entries(inDirectory: folder).flatMap { Suggest.closest(to: name, in: $0.filter { $0.hasSuffix(".json") }) }
            let hint = nearby.map { "; did you mean '\(folder.isEmpty ? $0 : folder + "/" + $0)'?" } ?? ""
            return .failure(TeamSchemaFailure(summary: "cannot read the schema of '\(kind)' (\(path)): \(error.reason)\(hint)", placed: []))
        }
        let doc: JSONDocument
        do {
            doc = try JSONDocument(parsing: bytes)
        } catch {
            let problem = SchemaError.Problem(message: "the schema is not valid JSON: \(error.message)", position: error.position, file: path)
            return .failure(failure(named, problems: [problem], documents: [:]))
        }
        let registry = teamSchemaRegistry(for: doc, at: path)
        let url = URL(fileURLWithPath: projectRoot).appendingPathComponent(path)
        var options = options
        options.baseURI = url.absoluteString
        do throws(SchemaError) {
            return .success(try JSONSchema(doc, options: options, registry: registry))
        } catch {
            // The engine stops at the first document with problems: when that is this file,
            // the files it references have not been looked at yet. They are checked here
            // too, so that one run tells every problem, not this file's first and theirs
            // once these are fixed.
            var problems = error.problems.map { problem in
                var problem = problem
                if problem.file == nil, problem.position != nil { problem.file = path }
                return problem
            }
            // A file that fails its meta-schema (this one, or one it `$ref`s) stops the
            // compile before the `$ref`s after it are followed: compiled again without that
            // check, for the references that cannot be resolved (its other problems are the
            // meta-schema's again).
            func unresolved(_ problem: SchemaError.Problem) -> Bool { problem.message.hasPrefix("cannot resolve the reference") }
            if options.validateSchema {
                var unchecked = options
                unchecked.validateSchema = false
                do throws(SchemaError) {
                    _ = try JSONSchema(doc, options: unchecked, registry: registry)
                } catch {
                    let told = Set(problems.map(\.description))
                    problems += error.problems.filter(unresolved).map { problem in
                        var problem = problem
                        if problem.file == nil, problem.position != nil { problem.file = path }
                        return problem
                    }.filter { !told.contains($0.description) }
                }
            }
            if error.problems.contains(where: { $0.file == nil }) {
                problems += referencedFileProblems(of: doc, at: path, options: options, registry: registry)
            }
            return .failure(failure(named, problems: problems, documents: [path: doc]))
        }
    }

    /// Problems of the schema files `doc` (at `path`) references through `$ref`, and the
    /// files those reference, each compiled on its own as the engine would compile it, with
    /// `doc`'s registry (``teamSchemaRegistry(for:at:)``, which holds every file `doc`
    /// reaches, so every file each of them reaches too: not made again for each).
    func referencedFileProblems(of doc: JSONDocument, at path: String, options: SchemaOptions, registry: SchemaRegistry) -> [SchemaError.Problem] {
        // `doc` itself too, for a file that refers back to it.
        var registry = registry
        let url = URL(fileURLWithPath: projectRoot).appendingPathComponent(path)
        for uri in Set([url.absoluteString, url.standardizedFileURL.absoluteString]) { registry.add(uri: uri, document: doc) }
        var draft = options.draft
        if let s = doc.value["$schema"]?.stringValue, let d = SchemaDraft(metaSchemaURI: s) { draft = d }
        var problems: [SchemaError.Problem] = []
        var seen: Set<String> = [path]
        var queue = Self.referencedFiles(of: doc.value, from: path)
        while !queue.isEmpty {
            let file = queue.removeFirst()
            guard seen.insert(file).inserted, ProjectPath.isInside(file),
                  !reader.projectFiles.leavesProject(atPath: file), let bytes = try? reader.read(file)
            else { continue }  // a file that cannot be read is told by the engine at its `$ref`
            var fileOptions = options
            fileOptions.draft = draft
            fileOptions.baseURI = URL(fileURLWithPath: projectRoot).appendingPathComponent(file).absoluteString
            let referenced: JSONDocument
            do {
                referenced = try JSONDocument(parsing: bytes)
            } catch {
                problems.append(SchemaError.Problem(message: "the schema is not valid JSON: \(error.message)", position: error.position, file: file))
                continue
            }
            queue += Self.referencedFiles(of: referenced.value, from: file)
            do throws(SchemaError) {
                _ = try JSONSchema(referenced, options: fileOptions, registry: registry)
            } catch {
                for var problem in error.problems where problem.position != nil {
                    if problem.file == nil { problem.file = file }
                    problems.append(problem)
                }
            }
        }
        return problems
    }

    /// The registry a team's schema `doc` at `path` compiles with: the built-in schemas, the
    /// project's folder for `file://` references, and before it the project files the schema
    /// `$ref`s (and those files' own), read through ``reader`` as the content is. A `$ref`
    /// was read from the working tree on disk: `lint --staged` passed a commit whose staged
    /// `defs.json` failed its content, and an app linting content it holds in memory (a
    /// reader of its own, no project folder on disk) could not resolve `"$ref": "defs.json"`.
    /// A file the reader does not give, or that is no JSON, is left to the folder, whose
    /// messages say why.
    func teamSchemaRegistry(for doc: JSONDocument, at path: String) -> SchemaRegistry {
        var registry = BuiltInSchemas.registry()
        registry.allowFiles(under: projectRoot)
        registry.outsideAdvice = Self.outsideSchemaAdvice
        registry.draftAdvice = nil
        var seen: Set<String> = [path]
        var queue = Self.referencedFiles(of: doc.value, from: path)
        while !queue.isEmpty {
            let file = queue.removeFirst()
            guard seen.insert(file).inserted, ProjectPath.isInside(file), !reader.projectFiles.leavesProject(atPath: file),
                  let bytes = try? reader.read(file), let referenced = try? JSONDocument(parsing: bytes) else { continue }
            let url = URL(fileURLWithPath: projectRoot).appendingPathComponent(file)
            // As written and without `.` segments: the engine resolves a `$ref` against the
            // schema's URI, whose root may hold them.
            for uri in Set([url.absoluteString, url.standardizedFileURL.absoluteString]) { registry.add(uri: uri, document: referenced) }
            queue += Self.referencedFiles(of: referenced.value, from: file)
        }
        return registry
    }

    /// The project files (relative paths) named by the `$ref`s of a schema at `path`: every
    /// reference that is a relative path, without its fragment.
    static func referencedFiles(of value: JSONValue, from path: String) -> [String] {
        var refs: [String] = []
        func walk(_ value: JSONValue, depth: Int) {
            guard depth < 256 else { return }
            if let object = value.objectValue {
                for (key, member) in object {
                    if key == "$ref", let ref = member.stringValue { refs.append(ref) } else { walk(member, depth: depth + 1) }
                }
            } else if let array = value.arrayValue {
                for element in array { walk(element, depth: depth + 1) }
            }
        }
        walk(value, depth: 0)
        let folder = (path as NSString).deletingLastPathComponent
        var files: [String] = []
        for ref in refs {
            let target = String(ref.prefix { $0 != "#" })
            // Only relative paths: `https://larder.dev/...` ids are the built-in schemas.
            guard !target.isEmpty, !target.contains(":"), !target.hasPrefix("/") else { continue }
            let joined = folder.isEmpty ? target : folder + "/" + target
            guard let decoded = joined.removingPercentEncoding else { continue }
            let standardized = Self.standardized(decoded)
            if let standardized, !files.contains(standardized) { files.append(standardized) }
        }
        return files
    }

    /// `a/./b/../c` as `a/c`; nil when `..` leaves the project.
    static func standardized(_ path: String) -> String? {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    /// The failure of a team schema: each problem with a place in a project file as an error
    /// there (sorted by file and position, each told once), the rest in the summary.
    private func failure(_ named: String, problems: [SchemaError.Problem], documents: [String: JSONDocument]) -> TeamSchemaFailure {
        var placed: [Diagnostic] = []
        var unplaced: [String] = []
        var documents = documents
        var seen = Set<String>()
        for problem in problems {
            guard let position = problem.position, let file = problem.file.flatMap(projectFile) else {
                unplaced.append(problem.description)
                continue
            }
            guard seen.insert("\(file)\u{0}\(position.line):\(position.column)\u{0}\(problem.message)").inserted else { continue }
            var range = SourceRange(start: position, end: position)
            // The value's whole range when the file reads as JSON, so editors underline it.
            if documents[file] == nil, let bytes = try? reader.read(file), let json = try? JSONDocument(parsing: bytes) {
                documents[file] = json
            }
            if let location = problem.schemaLocation, let json = documents[file], let node = json.node(at: location) {
                let whole = json.sourceRange(of: node)
                if whole.start == position { range = whole }
            }
            var message = problem.message
            if let location = problem.schemaLocation {
                message = (location.tokens.isEmpty ? "(root)" : location.description) + ": " + message
            }
            placed.append(Diagnostic(
                ruleID: ConfigLoader.ruleID, severity: .error, message: message, file: file,
                start: range.start, end: range.end, pointer: problem.schemaLocation ?? .root,
                keywordLocation: problem.keywordLocation))
        }
        placed.sort()
        var files: [String] = []
        for d in placed where !files.contains(d.file) { files.append(d.file) }
        var summary = "\(named) is not valid"
        if !placed.isEmpty {
            let n = placed.count
            let places = files.count == 1 ? files[0] : files.dropLast().joined(separator: ", ") + " and " + files[files.count - 1]
            summary += ": \(n) problem\(n == 1 ? "" : "s"), reported at \(n == 1 ? "its place" : "their places") in \(places)"
        }
        if !unplaced.isEmpty { summary += (placed.isEmpty ? ": " : "; ") + unplaced.joined(separator: "; ") }
        return TeamSchemaFailure(summary: summary, placed: placed)
    }

    /// A problem's file as a project-relative path: as given when it is one, else an
    /// absolute path (the engine's name for a file a `$ref` loaded) inside the project.
    private func projectFile(_ file: String) -> String? {
        guard file.hasPrefix("/") else { return ProjectPath.isInside(file) ? file : nil }
        for root in [projectRoot, URL(fileURLWithPath: projectRoot).standardizedFileURL.path, URL(fileURLWithPath: projectRoot).resolvingSymlinksInPath().path] {
            let prefix = root.hasSuffix("/") ? root : root + "/"
            if file.hasPrefix(prefix) { return String(file.dropFirst(prefix.count)) }
        }
        return nil
    }
}
