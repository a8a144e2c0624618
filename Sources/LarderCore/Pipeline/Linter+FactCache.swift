import Foundation
import LarderJSON

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

        public init() {}

        public var description: String {
            guard used else { return "cache not used" }
            return "cache \(loaded ? "loaded" : "missing or not valid"), \(reused) files from it, \(parsed) parsed"
                + (written ? ", written" : "")
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
        let jobs = contentJobs(content: ContentSet(), projectFiles: reader.projectFiles)
        let factJobs = jobs.compactMap(FactJob.init)
        guard let cache, factJobs.count == jobs.count else {
            return await lintEverything(files, loader: loader, reportingOn: reportingOn)
        }
        var report = CacheReport()
        report.used = true
        let fingerprint = ([cache.salt] + factJobs.map(\.description)).joined(separator: "\n")
        let stored = cache.load(fingerprint: fingerprint, jobCount: factJobs.count)
        report.loaded = stored != nil

        // Which files to parse: the reported ones, and those without a valid entry.
        var reused: [String: [FactDocument]] = [:]
        var parse: [(path: String, entry: Int)] = []
        var keep = Set<String>()  // parsed files whose entry is still valid
        var statKeys: [String: FileStatKey] = [:]  // taken before the file is read
        var storedSeen = 0
        for file in files {
            let kind = config.content[file.entry].kind
            if let entry = stored?[file.path] {
                storedSeen += 1
                var valid = false
                if entry.kind != kind {
                    valid = false
                } else if let blob = reader.blobID(file.path), entry.blob == blob {
                    valid = true
                } else if let stat = entry.stat, let now = reader.statKey(file.path) {
                    valid = stat == now
                    statKeys[file.path] = now
                }
                if valid {
                    if reportingOn?.contains(file.path) ?? true {
                        keep.insert(file.path)
                        parse.append(file)
                        continue
                    }
                    if let facts = Self.decode(entry, factJobs) {
                        reused[file.path] = facts
                        continue
                    }
                    // Facts that do not decode: the file is parsed and its entry replaced.
                }
            }
            parse.append(file)
            if !keep.contains(file.path), statKeys[file.path] == nil, let now = reader.statKey(file.path) {
                statKeys[file.path] = now
            }
        }
        let dropped = (stored?.count ?? 0) > storedSeen
        let needsWrite = stored == nil || dropped || parse.contains { !keep.contains($0.path) }
        // The stamp racy entries are judged by is taken before any file is read.
        let pending = needsWrite ? cache.beginWrite() : nil

        let content = await loader.load(parse, reportingOn: reportingOn)
        report.parsed = parse.count
        report.reused = reused.count

        // The facts of the parsed documents, encoded as the cache keeps them and read back.
        let encoded = await Self.encodeFacts(content.documents, factJobs)
        var fresh: [String: [FactDocument]] = [:]
        for (document, facts) in zip(content.documents, encoded) {
            guard let decoded = Self.decode(facts, factJobs) else {
                // A rule whose facts do not read back: no cache for this run.
                if let pending { cache.abandon(pending) }
                return await lintEverything(files, loader: loader, reportingOn: reportingOn)
            }
            fresh[document.file, default: []].append(FactDocument(index: document.index, facts: decoded))
        }

        // Every job's facts in load order, then the lint itself.
        var records = [[FactJob.Record]](repeating: [], count: factJobs.count)
        for file in files {
            let kind = config.content[file.entry].kind
            for document in fresh[file.path] ?? reused[file.path] ?? [] {
                for (k, facts) in document.facts.enumerated() {
                    if let facts {
                        records[k].append(FactJob.Record(file: file.path, kind: kind, index: document.index, facts: facts))
                    }
                }
            }
        }
        let documents = content.documents
        let diagnostics = await lint(content, reportingOn: reportingOn) { [records] k, job in
            factJobs[k].check(records[k], documents: documents, reportingOn: reportingOn, context: job.context)
        }

        if let pending {
            var byFile: [String: [(index: Int?, facts: [[UInt8]?])]] = [:]
            var bytesOf: [String: [UInt8]] = [:]
            for (document, facts) in zip(content.documents, encoded) {
                byFile[document.file, default: []].append((document.index, facts))
                bytesOf[document.file] = document.json.bytes
            }
            for (path, locator) in content.locators { bytesOf[path] = locator.bytes }  // files that do not parse
            var entries: [(path: String, entry: FactCache.Entry)] = []
            for file in files {
                if let entry = stored?[file.path], reused[file.path] != nil || keep.contains(file.path) {
                    entries.append((file.path, entry))
                    continue
                }
                // A file that could not be read has no entry: it is read again next time.
                guard let bytes = bytesOf[file.path] else { continue }
                let stat = statKeys[file.path].flatMap { $0.isRacy(stamp: pending.stamp) ? nil : $0 }
                let blob = reader.blobID(file.path).flatMap { GitBlobID.matches($0, bytes) ? $0 : nil }
                guard stat != nil || blob != nil else { continue }
                var buffer: [UInt8] = []
                var stored: [FactCache.StoredDocument] = []
                for document in byFile[file.path] ?? [] {
                    stored.append(FactCache.StoredDocument(index: document.index, facts: document.facts.map { facts in
                        facts.map { bytes in
                            let start = buffer.count
                            buffer += bytes
                            return start..<buffer.count
                        }
                    }))
                }
                entries.append((file.path, FactCache.Entry(
                    kind: config.content[file.entry].kind, stat: stat, blob: blob, documents: stored, bytes: buffer)))
            }
            report.written = cache.commit(
                pending, FactCache.encode(entries, fingerprint: fingerprint, jobCount: factJobs.count))
        }
        return Outcome(diagnostics: diagnostics, content: content, cache: report)
    }

    /// Parses every file and lints without the cache.
    private func lintEverything(
        _ files: [(path: String, entry: Int)], loader: ContentLoader, reportingOn: Set<String>?
    ) async -> Outcome {
        let content = await loader.load(files, reportingOn: reportingOn)
        return Outcome(diagnostics: await lint(content, reportingOn: reportingOn), content: content, cache: CacheReport())
    }

    /// One document's facts, per fact job.
    struct FactDocument: Sendable {
        var index: Int?
        var facts: [(any ContentFacts)?]
    }

    /// The facts of a cache entry's documents, or nil when some do not decode.
    static func decode(_ entry: FactCache.Entry, _ jobs: [FactJob]) -> [FactDocument]? {
        var out: [FactDocument] = []
        out.reserveCapacity(entry.documents.count)
        for document in entry.documents {
            var facts: [(any ContentFacts)?] = []
            facts.reserveCapacity(jobs.count)
            for (job, range) in zip(jobs, document.facts) {
                guard let range else {
                    facts.append(nil)
                    continue
                }
                guard let decoded = job.decode(entry.bytes, range) else { return nil }
                facts.append(decoded)
            }
            out.append(FactDocument(index: document.index, facts: facts))
        }
        return out
    }

    /// Freshly encoded facts read back, or nil when some do not decode.
    static func decode(_ encoded: [[UInt8]?], _ jobs: [FactJob]) -> [(any ContentFacts)?]? {
        var out: [(any ContentFacts)?] = []
        for (job, bytes) in zip(jobs, encoded) {
            guard let bytes else {
                out.append(nil)
                continue
            }
            guard let decoded = job.decode(bytes, 0..<bytes.count) else { return nil }
            out.append(decoded)
        }
        return out
    }

    /// Each document's encoded facts per job, extracted on every core.
    static func encodeFacts(_ documents: [Document], _ jobs: [FactJob]) async -> [[[UInt8]?]] {
        var out = [[[UInt8]?]](repeating: [], count: documents.count)
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let batch = max(16, documents.count / (width * 4) + 1)
        await withTaskGroup(of: (Int, [[[UInt8]?]]).self) { group in
            var start = 0
            while start < documents.count {
                let range = start..<min(start + batch, documents.count)
                group.addTask { (range.lowerBound, range.map { i in jobs.map { $0.encodedFacts(of: documents[i]) } }) }
                start = range.upperBound
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

    struct Record: Sendable {
        var file: String
        var kind: String?
        var index: Int?
        var facts: any ContentFacts
    }

    func encodedFacts(of document: Document) -> [UInt8]? {
        Self.encode(rule, document, context)
    }

    func decode(_ bytes: [UInt8], _ range: Range<Int>) -> (any ContentFacts)? {
        Self.decode(rule, bytes, range)
    }

    func check(_ records: [Record], documents: [Document], reportingOn: Set<String>?, context: RuleContext) -> [Diagnostic] {
        Self.check(rule, records, documents: documents, reportingOn: reportingOn, context: context)
    }

    private static func encode<R: FactContentRule>(_ rule: R, _ document: Document, _ context: RuleContext) -> [UInt8]? {
        guard let facts = rule.facts(of: document, context: context) else { return nil }
        var encoder = FactEncoder()
        facts.encode(to: &encoder)
        return encoder.bytes
    }

    private static func decode<R: FactContentRule>(_ rule: R, _ bytes: [UInt8], _ range: Range<Int>) -> (any ContentFacts)? {
        var decoder = FactDecoder(bytes, range: range)
        guard let facts = try? R.Facts(from: &decoder), decoder.isAtEnd else { return nil }
        return facts
    }

    private static func check<R: FactContentRule>(
        _ rule: R, _ records: [Record], documents: [Document], reportingOn: Set<String>?, context: RuleContext
    ) -> [Diagnostic] {
        // Every record was decoded by this rule's `Facts`, so the cast holds.
        let entries = records.compactMap { record in
            (record.facts as? R.Facts).map { FactTable<R.Facts>.Entry(file: record.file, kind: record.kind, index: record.index, facts: $0) }
        }
        return rule.check(facts: FactTable(entries: entries, documents: documents), reportingOn: reportingOn, context: context)
    }
}
