import Foundation
import LarderJSON
import LarderSchema

extension Linter {
    /// How a run used the lint cache (printed by `LARDER_TRACE=1`, read by tests).
    public struct CacheReport: Sendable, Hashable, CustomStringConvertible {
        /// False when the run parsed every file without the cache: no cache was given, or a
        /// content-wide rule in force is not a ``FactContentRule``.
        public var used = false
        /// True when a cache file was found whole and written for this run's rules.
        public var loaded = false
        /// Files whose facts came from the cache.
        public var reused = 0
        /// Files read and parsed.
        public var parsed = 0
        /// True when the cache file was rewritten.
        public var written = false
        /// Why the cache could not be written when it needed to be (a read-only folder, a
        /// file named `.larder-cache`); nil otherwise. The diagnostics are the same either way.
        public var writeFailure: String?

        public init() {}

        public var description: String {
            guard used else { return "cache not used" }
            return "cache \(loaded ? "loaded" : "missing or not valid"), \(reused) files from it, \(parsed) parsed"
                + (written ? ", written" : "") + (writeFailure.map { ", not written: \($0)" } ?? "")
        }
    }

    /// What ``lint(files:loader:reportingOn:cache:)`` found.
    public struct Outcome: Sendable {
        public var diagnostics: [Diagnostic]
        /// The files read and parsed (the reported ones among them): their documents,
        /// problems and texts.
        public var content: LoadedContent
        public var cache: CacheReport
    }

    /// Reads, parses and lints `files` (project-relative, with their entry index, sorted as
    /// ``ContentLoader/includedFiles()`` gives them); diagnostics only for files in
    /// `reportingOn` (all when nil).
    ///
    /// With a `cache`, and when every content-wide rule in force is a ``FactContentRule``,
    /// only the reported files and the files whose cache entry is missing or stale are
    /// parsed; the facts of the others come from the cache, which is brought up to date.
    /// The diagnostics are the same as without the cache. Per-document rules then see in
    /// ``RuleContext/content`` the parsed documents only: a rule that looks across files
    /// must be a ``ContentRule``.
    public func lint(
        files: [(path: String, entry: Int)], loader: ContentLoader, reportingOn: Set<String>?, cache: FactCache?
    ) async -> Outcome {
        await lint(files: files, loader: loader, reportingOn: reportingOn.map { Set($0.map(PathKey.init)) }, cache: cache)
    }

    /// ``lint(files:loader:reportingOn:cache:)`` with the reported files told apart by
    /// their bytes: two names that differ only in Unicode normalization are two files (to
    /// git and to Linux), and a `Set<String>` holds them as one.
    public func lint(
        files: [(path: String, entry: Int)], loader: ContentLoader, reportingOn: Set<PathKey>?, cache: FactCache?
    ) async -> Outcome {
        let jobs = contentJobs(content: ContentSet(), projectFiles: reader.projectFiles)
        let factJobs = jobs.compactMap(FactJob.init)
        guard let cache, factJobs.count == jobs.count else {
            return await lintEverything(files, loader: loader, reportingOn: reportingOn)
        }
        let fingerprint = ([cache.salt] + factJobs.map(\.description)).joined(separator: "\n")
        // Side by side: reading the cache, the stat data of the files a blob id does not
        // name (all of them in the working tree), and the schemas.
        async let loaded = cache.load(fingerprint: fingerprint, jobCount: factJobs.count)
        let blobs = files.map { reader.blobID($0.path) }
        let unnamed = files.indices.filter { blobs[$0] == nil }
        async let stats = Self.statKeys(of: unnamed.map { files[$0].path }, reader: reader)
        async let compiled = compileSchemas()
        let snapshot = await loaded
        var statKeys = [FileStatKey??](repeating: nil, count: files.count)
        for (i, key) in zip(unnamed, await stats) { statKeys[i] = .some(key) }
        let schemas = await compiled
        if let outcome = await lint(files, blobs, loader, reportingOn, cache, factJobs, fingerprint, snapshot, statKeys, schemas) {
            return outcome
        }
        // Facts in the cache that do not read back: parse everything and write it anew.
        if let outcome = await lint(files, blobs, loader, reportingOn, cache, factJobs, fingerprint, nil, statKeys, schemas) {
            return outcome
        }
        return await lintEverything(files, loader: loader, reportingOn: reportingOn)
    }

    /// The stat data of `paths`, on every core.
    static func statKeys(of paths: [String], reader: any ProjectReader) async -> [FileStatKey?] {
        let width = max(1, min(4, ProcessInfo.processInfo.activeProcessorCount))
        guard paths.count > 256, width > 1 else { return reader.statKeys(paths) }
        let chunk = (paths.count + width - 1) / width
        return await withTaskGroup(of: (Int, [FileStatKey?]).self) { group in
            for start in stride(from: 0, to: paths.count, by: chunk) {
                let part = Array(paths[start..<min(start + chunk, paths.count)])
                group.addTask { (start, reader.statKeys(part)) }
            }
            var out = [FileStatKey?](repeating: nil, count: paths.count)
            for await (start, keys) in group {
                for (offset, key) in keys.enumerated() { out[start + offset] = key }
            }
            return out
        }
    }

    /// The run with the cache's `snapshot` (nil: none); nil when some facts do not decode.
    /// `known` holds stat data taken before any file was read (`.some(nil)`: the file has
    /// none), aligned with `files`.
    private func lint(
        _ files: [(path: String, entry: Int)], _ blobs: [String?], _ loader: ContentLoader, _ reportingOn: Set<PathKey>?,
        _ cache: FactCache, _ factJobs: [FactJob], _ fingerprint: String, _ snapshot: FactCache.Snapshot?,
        _ known: [FileStatKey??], _ compiled: (schemas: [Int: JSONSchema], diagnostics: [Diagnostic])
    ) async -> Outcome? {
        var report = CacheReport()
        report.used = true
        report.loaded = snapshot != nil
        let kinds = files.map { config.content[$0.entry].kind }

        // Each file's entry, if it is still valid: same kind, and the blob id or the stat
        // data the entry was written with.
        var snapshot = snapshot
        var refs = [Int?](repeating: nil, count: files.count)
        var valid = [Bool](repeating: false, count: files.count)
        var statKeys = [FileStatKey?](repeating: nil, count: files.count)
        var needStat: [Int] = []
        if var s = snapshot {
            var cursor = 0
            for i in files.indices {
                refs[i] = s.find(files[i].path, cursor: &cursor)
            }
            snapshot = s
        }
        for i in files.indices {
            if let s = snapshot, let r = refs[i], let id = blobs[i], s.blobEquals(s.entries[r], id) {
                valid[i] = true
            }
        }
        // The reader gets ready for the files it may read (for `--staged`: which of them the
        // working tree has as staged, so their stat data tells).
        let reader = self.reader.preparing(files.indices.filter { i in
            !valid[i] || (reportingOn?.contains(PathKey(files[i].path)) ?? true)
        }.map { files[$0].path })
        for i in files.indices where !valid[i] {
            if let key = known[i] { statKeys[i] = key } else { needStat.append(i) }
        }
        // Stat data is taken before any file is read.
        for (i, key) in zip(needStat, reader.statKeys(needStat.map { files[$0].path })) { statKeys[i] = key }
        // Entries found by their stat data that can now carry the staged blob id too.
        var upgrade = [Bool](repeating: false, count: files.count)
        if let s = snapshot {
            for i in files.indices where !valid[i] {
                if let key = statKeys[i], let r = refs[i], s.entries[r].stat == key {
                    valid[i] = true
                    upgrade[i] = blobs[i] != nil
                }
            }
            // An entry of another kind (the config changed) is not valid.
            for i in files.indices where valid[i] {
                if let r = refs[i], s.kinds[s.entries[r].kind] != kinds[i] {
                    valid[i] = false
                    upgrade[i] = false
                }
            }
        }

        // Parse the reported files and those without a valid entry.
        var parse: [(path: String, entry: Int)] = []
        for i in files.indices where !valid[i] || (reportingOn?.contains(PathKey(files[i].path)) ?? true) {
            parse.append(files[i])
        }
        let matched = refs.reduce(0) { $0 + ($1 == nil ? 0 : 1) }
        let needsWrite = snapshot == nil || (snapshot?.entries.count ?? 0) > matched || valid.contains(false)
            || upgrade.contains(true)
        // The stamp racy entries are judged by is taken before any file is read.
        var pending: FactCache.PendingWrite?
        if needsWrite {
            do { pending = try cache.startWrite() } catch { report.writeFailure = error.reason }
        }

        let content = await ContentLoader(config: loader.config, reader: reader).load(parse, reporting: reportingOn)
        report.parsed = parse.count
        report.reused = files.count - parse.count

        // Each file's documents and facts: from this run for the parsed files (encoded as
        // the cache keeps them), else from the cache.
        let encoded = await Self.encodeFacts(content.documents, factJobs)
        // Keyed by the paths' bytes: names that differ only in Unicode normalization are
        // two files.
        var fresh: [PathKey: [(index: Int?, facts: [[UInt8]?])]] = [:]
        for (document, facts) in zip(content.documents, encoded) {
            fresh[PathKey(document.file), default: []].append((document.index, facts))
        }
        var sections = [FactCache.Documents?](repeating: nil, count: files.count)
        var parsedSet = Set<PathKey>()
        for file in parse { parsedSet.insert(PathKey(file.path)) }
        for i in files.indices {
            if parsedSet.contains(PathKey(files[i].path)) {
                sections[i] = FactCache.Documents.encode(fresh[PathKey(files[i].path)] ?? [])
            } else if let s = snapshot, let r = refs[i] {
                sections[i] = FactCache.Documents(bytes: s.bytes, range: s.entries[r].documents)
            }
        }

        // Every fact rule's facts in load order, read back; then the lint itself.
        let paths = files.map(\.path)
        let frozen = sections
        let prepared = await withTaskGroup(of: (Int, FactJob.Check?).self) { group in
            for (k, job) in factJobs.enumerated() {
                group.addTask {
                    (k, job.prepare(job: k, jobCount: factJobs.count, files: paths, kinds: kinds, sections: frozen))
                }
            }
            var out = [FactJob.Check?](repeating: nil, count: factJobs.count)
            for await (k, check) in group { out[k] = check }
            return out
        }
        let checks = prepared.compactMap { $0 }
        guard checks.count == factJobs.count else {
            if let pending { cache.abandon(pending) }
            return nil
        }
        let documents = content.documents
        let names = reportingOn.map { Set($0.map(\.path)) }
        let diagnostics = await lint(content, reporting: reportingOn, compiled: compiled) { k, job in
            checks[k].run(documents, names, job.context)
        }

        if let pending {
            var bytesOf: [PathKey: [UInt8]] = [:]
            for document in content.documents { bytesOf[PathKey(document.file)] = document.json.bytes }
            for (path, locator) in content.locators { bytesOf[path] = locator.bytes }  // files that do not parse
            var entries: [FactCache.Entry] = []
            entries.reserveCapacity(files.count)
            for i in files.indices {
                let path = files[i].path
                if valid[i], let s = snapshot, let r = refs[i] {
                    // Still valid: as it was, with the staged blob id when the stat data
                    // showed the working tree (which is what is staged) unchanged.
                    let e = s.entries[r]
                    entries.append(FactCache.Entry(
                        path: path, kind: kinds[i], stat: e.stat, blob: upgrade[i] ? blobs[i] : s.blob(e),
                        documents: FactCache.Documents(bytes: s.bytes, range: e.documents)))
                    continue
                }
                // A file that could not be read has no entry: it is read again next time.
                guard let bytes = bytesOf[PathKey(path)], let documents = sections[i] else { continue }
                let stat = statKeys[i].flatMap { $0.isRacy(stamp: pending.stamp) ? nil : $0 }
                let blob = blobs[i].flatMap { GitBlobID.matches($0, bytes) ? $0 : nil }
                guard stat != nil || blob != nil else { continue }
                entries.append(FactCache.Entry(path: path, kind: kinds[i], stat: stat, blob: blob, documents: documents))
            }
            do {
                try cache.finishWrite(pending, FactCache.encode(entries, fingerprint: fingerprint, jobCount: factJobs.count))
                report.written = true
            } catch {
                report.writeFailure = error.reason
            }
        }
        return Outcome(diagnostics: diagnostics, content: content, cache: report)
    }

    /// Parses every file and lints without the cache.
    private func lintEverything(
        _ files: [(path: String, entry: Int)], loader: ContentLoader, reportingOn: Set<PathKey>?
    ) async -> Outcome {
        let reader = loader.reader.preparing(files.map(\.path))
        let content = await ContentLoader(config: loader.config, reader: reader).load(files, reporting: reportingOn)
        return Outcome(diagnostics: await lint(content, reportingOn: reportingOn), content: content, cache: CacheReport())
    }

    /// Each document's encoded facts per job, extracted on every core.
    static func encodeFacts(_ documents: [Document], _ jobs: [FactJob]) async -> [[[UInt8]?]] {
        var out = [[[UInt8]?]](repeating: [], count: documents.count)
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let batch = max(16, documents.count / (width * 4) + 1)
        await withTaskGroup(of: (Int, [[[UInt8]?]]).self) { group in
            var start = 0
            while start < documents.count {
                // Batches end at a file's end, so a file's places are found in one pass.
                var end = min(start + batch, documents.count)
                while end < documents.count && documents[end].file == documents[end - 1].file { end += 1 }
                let range = start..<end
                group.addTask {
                    var out: [[[UInt8]?]] = []
                    var i = range.lowerBound
                    while i < range.upperBound {
                        var j = i + 1
                        while j < range.upperBound && documents[j].file == documents[i].file { j += 1 }
                        // One encoder per job and file, so places are found in one pass.
                        var encoders = [FactEncoder](repeating: FactEncoder(), count: jobs.count)
                        for k in i..<j {
                            out.append(jobs.indices.map { jobs[$0].encodedFacts(of: documents[k], with: &encoders[$0]) })
                        }
                        i = j
                    }
                    return (range.lowerBound, out)
                }
                start = end
            }
            for await (first, facts) in group {
                for (offset, f) in facts.enumerated() { out[first + offset] = f }
            }
        }
        return out
    }
}

/// A content-wide job whose rule checks over facts, with the rule's facts type hidden: it
/// encodes, decodes and checks by opening the rule.
struct FactJob: Sendable, CustomStringConvertible {
    let rule: any FactContentRule
    /// The context facts are extracted with (its options and kind).
    let context: RuleContext

    init?(_ job: Linter.ContentJob) {
        guard let rule = job.rule as? any FactContentRule else { return nil }
        self.rule = rule
        context = job.context
    }

    /// What the job's facts depend on besides the document: the rule, its facts version and
    /// its options (which name the kind).
    var description: String {
        "\(rule.id) \(rule.factsVersion) " + JSONWriter(style: .compact, sortKeys: true).string(context.options)
    }

    /// A fact rule's check, ready to run over its facts.
    struct Check: Sendable {
        let run: @Sendable (_ documents: [Document], _ reportingOn: Set<String>?, _ context: RuleContext) -> [Diagnostic]
    }

    /// The document's facts encoded with `encoder` (of its file).
    func encodedFacts(of document: Document, with encoder: inout FactEncoder) -> [UInt8]? {
        Self.encode(rule, document, context, &encoder)
    }

    /// Reads this job's facts (job `job` of `jobCount`) out of each file's stored documents,
    /// in file order; nil when some do not decode.
    func prepare(job: Int, jobCount: Int, files: [String], kinds: [String], sections: [FactCache.Documents?]) -> Check? {
        Self.prepare(rule, job: job, jobCount: jobCount, files: files, kinds: kinds, sections: sections)
    }

    private static func encode<R: FactContentRule>(
        _ rule: R, _ document: Document, _ context: RuleContext, _ encoder: inout FactEncoder
    ) -> [UInt8]? {
        guard let facts = rule.facts(of: document, context: context) else { return nil }
        encoder.startDocument()
        facts.encode(to: &encoder)
        return encoder.bytes
    }

    private static func prepare<R: FactContentRule>(
        _ rule: R, job: Int, jobCount: Int, files: [String], kinds: [String], sections: [FactCache.Documents?]
    ) -> Check? {
        var entries: [FactTable<R.Facts>.Entry] = []
        entries.reserveCapacity(files.count)
        do {
            for (i, section) in sections.enumerated() {
                guard let section else { continue }
                try section.forEach(job: job, jobCount: jobCount) { (index, range) throws(FactDecoder.Failure) in
                    var decoder = FactDecoder(section.bytes, range: range)
                    let facts = try R.Facts(from: &decoder)
                    guard decoder.isAtEnd else { throw FactDecoder.Failure() }
                    entries.append(FactTable<R.Facts>.Entry(file: files[i], kind: kinds[i], index: index, facts: facts))
                }
            }
        } catch {
            return nil
        }
        return Check { [entries] documents, reportingOn, context in
            rule.check(facts: FactTable(entries: entries, documents: documents), reportingOn: reportingOn, context: context)
        }
    }
}
