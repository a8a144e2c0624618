import ArgumentParser
import Foundation
import LarderCore
import LarderJSON
import LarderTransforms
import LarderUnits

/// `larder scale FILE --servings N | --factor F | --to "flour=300 g"`.
struct ScaleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scale",
        abstract: "Scale recipes to a number of servings, by a factor, or to an amount of one ingredient.",
        discussion: """
            Amounts are exact until they are written, then rounded for people: kitchen \
            fractions for US units (1 1/2 cups, 2/3 cup; exact when the amount is one, 1/3 cup \
            x 20 -> 6 2/3 cups, 1/8 cup x 19 -> 2 3/8 cups), three digits for metric ones (333 g, \
            1.5 kg), whole numbers for eggs, cloves and slices (with a note when that changes \
            the amount by more than 10 %; halves when their total weight follows in \
            brackets, 3 eggs (150 g) x 1.5 -> 4 1/2 eggs (225 g); the languages of one \
            ingredient are rounded alike, in halves when one of them counts a thing that \
            halves: 1 pau de canela | 1 cinnamon stick x 2/3 -> 1/2 pau de canela | 1/2 \
            cinnamon stick). After scaling, an amount moves to the unit that \
            reads best in its own system (16 tbsp -> 1 cup, 3 tsp -> 1 tbsp, 1500 g -> 1.5 kg); \
            when the amount in the closest unit would read badly (19 tbsp), a larger unit \
            within 5 % is taken (1 1/4 cups), and more than two tablespoons' worth of \
            teaspoons is written in tablespoons, thirds included (4 tsp x 2 -> 2 2/3 tbsp). Ranges scale at both ends (2 lb-3 lb -> 4 lb-6 lb); \
            a count in brackets is a total and follows the amount (1 cup (2 sticks) -> 2 cups \
            (4 sticks)). \
            Structured and free-text ingredients ("4 slices of loaf bread", in English, \
            Portuguese, Spanish, French, German or Italian) both scale, with quantities in \
            words (two cups, half a cup), amounts in two units of one system as one (1 lb 8 oz x 2 \
            -> 3 lb) and a second amount after a slash or in closing brackets (200g/7oz, \
            3 eggs (150 g)); a weight or volume in brackets after a count is the things' \
            total, after one thing too (1 stick (1/2 cup) butter x 2 -> 2 sticks (1 cup) \
            butter), while the size of one thing before its unit stays (1 (14 oz) can x 2 -> \
            2 (14 oz) cans; a 400 g can x 2 -> 2 × 400 g cans, written with ×). \
            Amounts are read as recipes and word processors write them: fractions in \
            superscript and subscript digits (1 ¹⁄₂ cups flour x 2 -> 3 cups flour, \
            1 ¹/₂ cups milk x 2 -> 3 cups milk, 1²/₃ cup) as well as ½ and 1/2, and decimals \
            without their leading zero (.5 cup water x 2 -> 1 cup water). In English text, a \
            word of how big (small, medium, large, big) before a unit that counts things \
            stays with it (1 small bunch parsley x 2 -> 2 small bunches parsley), while a word \
            of how big or how full before a cup or spoon is not read (1 heaping cup flour is \
            kept, with a note). In Portuguese, Spanish, French and Italian, such a word after \
            the unit agrees with it (1 molho pequeno de salsa x 2 -> 2 molhos pequenos de \
            salsa, 1 cucharada colmada x 2 -> 2 cucharadas colmadas), and so does a word of how \
            big before it in Portuguese, Spanish, French and Italian (1 grande boîte x 2 -> 2 \
            grandes boîtes, 1 piccolo mazzetto x 2 -> 2 piccoli mazzetti); a spoon or cup with one stays in its unit. In German such a word comes before the unit, in the ending \
            of its gender and number (1 große Dose x 2 -> 2 große Dosen, 2 große Becher x 1/2 \
            -> 1 großer Becher, 1 gehäufter EL x 2 -> 2 gehäufte EL, 1 knapper TL x 2 -> 2 \
            knappe TL). The size of one thing in brackets before its unit may be said \
            to be approximate (about, approx., around, roughly, ca., and the like in the \
            other languages), and stays as it is: 1 (about 14 oz) can tomatoes x 2 -> \
            2 (about 14 oz) cans tomatoes, 1 large (about 28 oz) can beans x 2 -> 2 large \
            (about 28 oz) cans beans; so does a pack's approximate size in brackets after its \
            unit: 1 lata (cerca de 400 g) de tomate x 2 -> 2 latas (cerca de 400 g) de tomate. \
            "scale": false pins an \
            ingredient; temperatures and times never scale. servings is updated. A line that \
            cannot be read is kept as it is, with a note; so is one that starts with a number \
            that is part of a name (7-up, 7UP soda, 5-spice powder). An amount too large or \
            too precise to compute with exactly (1e19 g, 0.0000000000000000001 g) is an error \
            for its recipe: left as written beside the scaled ones, it would be wrong.

            The file may hold one recipe or an array of recipes; with --jsonl, each line is one \
            (a recipe or an array of them) and the output streams, line by line. Only the \
            changed values are \
            rewritten: everything else, formatting included, stays as it was.

            Notes and errors go to standard error. Exit status: 0 when every recipe was \
            scaled, 1 when one could not be (nothing is written then, except with --jsonl, \
            where that line passes through unchanged), 2 for a usage error.
            """
    )

    @Argument(help: "The recipe file (JSON, or JSON Lines with --jsonl); - reads standard input.")
    var file: String

    // Read whatever follows, so that "--servings -2" is told it must be above 0 rather than
    // that its value is missing.
    @Option(name: .long, parsing: .unconditional, help: "Scale to this many servings (the recipe's servings are a number, or an amount such as {\"amount\": 1, \"unit\": \"glasses\"}, whose amount is set).")
    var servings: String?

    @Option(name: .long, parsing: .unconditional, help: "Scale by this factor: 2, 1.5 or 1/2 (a millionth to a million).")
    var factor: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Scale so one ingredient becomes this amount.", valueName: "NAME=AMOUNT"))
    var to: String?

    @OptionGroup var output: TransformOutputOptions

    mutating func validate() throws {
        let given = [servings, factor, to].compactMap { $0 }
        if given.count != 1 {
            throw ValidationError(given.isEmpty
                ? "give one of --servings N, --factor F or --to NAME=AMOUNT"
                : "give only one of --servings, --factor and --to")
        }
        try output.validate(file: file)
    }

    func options() throws -> ScaleOptions {
        let convention = try output.kitchenConvention()
        do {
            if let servings { return ScaleOptions(target: .servings(try ScaleOptions.positive(.string(servings), what: "--servings")), convention: convention) }
            if let factor { return ScaleOptions(target: .factor(try ScaleOptions.factor(.string(factor), what: "--factor")), convention: convention) }
            return ScaleOptions(target: try ScaleOptions.ingredientTarget(to ?? "", kitchen: KitchenUnits(convention: convention)), convention: convention)
        } catch {
            throw ValidationError(error.message)
        }
    }

    func run() async throws {
        let options = try options()
        let transform = ScaleTransform()
        let language = try output.languageTag()
        let runner = TransformFileRunner(output: output, file: file) { document, locator in
            transform.outcome(for: document, options: options, language: language, locator: locator)
        }
        try await runner.run()
    }
}

/// The options every rewriting command shares: where the result goes, the kitchen
/// convention, the language of plain-text ingredients, JSON Lines.
struct TransformOutputOptions: ParsableArguments {
    @Option(name: .long, help: "What cup, tbsp and tsp mean: us (the default), metric, australian or imperial; bar is us with oz a fluid ounce.")
    var convention: String = "us"

    @Option(name: .long, help: "The language of ingredient lines that are plain strings (a BCP 47 tag such as pt-PT).")
    var language: String = "en"

    @Option(name: .shortAndLong, help: "Write the result to this file (atomically) instead of standard output.")
    var output: String?

    @Flag(name: .customLong("in-place"), help: "Rewrite the input file (atomically; left untouched when nothing in it changes).")
    var inPlace = false

    @Flag(name: .long, help: "Each line of the input is one document (JSON Lines); the output is JSON Lines too.")
    var jsonl = false

    @Option(name: .long, help: "Colour in notes on standard error: auto, always or never.")
    var color: OutputOptions.Color = .auto

    init() {}

    func validate(file: String) throws {
        if inPlace && output != nil { throw ValidationError("give --output or --in-place, not both") }
        if inPlace && file == "-" { throw ValidationError("--in-place needs a file, not standard input") }
        _ = try kitchenConvention()
        _ = try languageTag()
    }

    /// `--language` as a BCP 47 tag in its canonical case, as `locales:` in larder.yml takes
    /// it: `pt_BR` is a usage error that suggests `pt-BR` (read as the unknown language
    /// `pt_br`, it turned Portuguese units and words off with no word).
    func languageTag() throws -> String {
        if let problem = LanguageTagShape.quotedProblem(language) {
            throw ValidationError("--language '\(language)' \(problem)")
        }
        return LanguageTagShape.canonical(language)
    }

    func kitchenConvention() throws -> KitchenConvention {
        guard let c = KitchenConvention(name: convention) else {
            throw ValidationError("unknown --convention '\(convention)'; use us, metric, australian, imperial or bar")
        }
        return c
    }

    /// Whether notes on standard error are coloured.
    func colorEnabled(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        switch color {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            return isatty(STDERR_FILENO) == 1
        }
    }
}

/// Runs a transform over a file (one document, an array, or JSON Lines) and writes the
/// result: standard output, `--output`, or the file itself, atomically.
struct TransformFileRunner: Sendable {
    let output: TransformOutputOptions
    let file: String
    let transform: @Sendable (Document, SourceLocator?) -> TransformOutcome

    init(output: TransformOutputOptions, file: String, transform: @escaping @Sendable (Document, SourceLocator?) -> TransformOutcome) {
        self.output = output
        self.file = file
        self.transform = transform
    }

    var displayName: String { file == "-" ? "<stdin>" : file }

    func run() async throws {
        if output.jsonl {
            try await runLines()
        } else {
            try runFile()
        }
    }

    // MARK: One JSON text

    func runFile() throws {
        let bytes: [UInt8]
        do {
            bytes = file == "-" ? try FileBytes.readStandardInput() : try FileBytes.read(file)
        } catch {
            throw ValidationError("cannot read \(displayName): \(error.reason)")
        }
        let json: JSONDocument
        do {
            json = try JSONDocument(parsing: bytes)
        } catch {
            let d = Diagnostic(ruleID: RuleMetadata.parseID, severity: .error, message: error.message, file: displayName, start: error.position)
            report([d], locator: SourceLocator(bytes: bytes), files: 1)
            throw ExitCode(1)
        }
        let locator = json.locator()
        var edits: [JSONEdit] = []
        var diagnostics: [Diagnostic] = []
        for document in Document.split(file: displayName, json: json) {
            let outcome = transform(document, locator)
            edits += outcome.edits
            diagnostics += outcome.diagnostics
        }
        if !diagnostics.isEmpty { report(diagnostics, locator: locator, files: 1) }
        if diagnostics.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
        let result = JSONEditor.apply(edits, to: bytes, range: 0..<bytes.count)
        // In place, a file whose bytes would stay the same is left untouched: not replaced by
        // a copy, so its inode, times and any hard links stay as they were.
        if output.inPlace && result == bytes { return }
        try write(result)
    }

    func write(_ bytes: [UInt8]) throws {
        if output.inPlace {
            try AtomicFile.write(bytes, to: file)
        } else if let path = output.output {
            try AtomicFile.write(bytes, to: path)
        } else {
            writeStandardOutput(bytes)
        }
    }

    func report(_ diagnostics: [Diagnostic], locator: SourceLocator?, files: Int) {
        let context = ReportContext(
            colorEnabled: output.colorEnabled(),
            sources: locator.map { SourceProvider.locators([displayName: $0]) } ?? .none,
            toolVersion: larderVersion)
        let bytes = HumanReporter().report(diagnostics, summary: DiagnosticSummary(diagnostics, filesChecked: files), context: context)
        FileHandle.standardError.write(Data(bytes))
    }

    // MARK: JSON Lines, streamed

    /// A run of whole lines of the input, with the number of its first line.
    struct Batch: Sendable {
        var firstLine: Int
        var bytes: [UInt8]
    }

    /// What a batch became: output lines, and diagnostics already written as text.
    struct BatchResult: Sendable {
        var output: [UInt8]
        /// The diagnostics as text, in line order; a note about a whole line's document
        /// carries its message as `repeats`, to be written once for the run.
        var messages: [(text: [UInt8], repeats: String?)]
        var summary: DiagnosticSummary
        /// True when ``output`` differs from the batch's bytes.
        var changed = true
    }

    func runLines() async throws {
        let fd: Int32
        if file == "-" {
            fd = STDIN_FILENO
        } else {
            fd = open(file, O_RDONLY)
            guard fd >= 0 else { throw ValidationError("cannot read \(displayName): \(String(cString: strerror(errno)))") }
        }
        defer { if fd != STDIN_FILENO { close(fd) } }
        var reader = LineBatchReader(fd: fd, batchSize: 1 << 20)
        var sink = OutputSink(output: output, file: file)
        try sink.open()
        var total = DiagnosticSummary(filesChecked: 1)
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var readError: String?
        var changed = false
        await withTaskGroup(of: (Int, BatchResult).self) { group in
            var next = 0
            var written = 0
            var pending: [Int: BatchResult] = [:]
            var exhausted = false
            // A note about each document as a whole ("cups and spoons were read as US
            // customary") is written for its first line only: it came once per line, 200,000
            // times for 200,000 lines.
            var firstNotes: [String] = []
            var repeated: [String: Int] = [:]
            func addBatch() {
                do {
                    guard let batch = try reader.next() else { exhausted = true; return }
                    let index = next
                    next += 1
                    group.addTask { (index, self.process(batch)) }
                } catch {
                    readError = "\(error)"
                    exhausted = true
                }
            }
            while !exhausted && next < width * 2 { addBatch() }
            while let (index, result) = await group.next() {
                pending[index] = result
                while let ready = pending.removeValue(forKey: written) {
                    sink.write(ready.output)
                    changed = changed || ready.changed
                    var text: [UInt8] = []
                    for message in ready.messages {
                        if let note = message.repeats {
                            if let count = repeated[note] {
                                repeated[note] = count + 1
                                continue
                            }
                            repeated[note] = 0
                            firstNotes.append(note)
                        }
                        text += message.text
                    }
                    if !text.isEmpty { FileHandle.standardError.write(Data(text)) }
                    total.errors += ready.summary.errors
                    total.warnings += ready.summary.warnings
                    total.notes += ready.summary.notes
                    written += 1
                }
                if !exhausted { addBatch() }
            }
            for note in firstNotes {
                guard let count = repeated[note], count > 0 else { continue }
                FileHandle.standardError.write(Data("larder: note: the same note for \(count) more line\(count == 1 ? "" : "s"): \(note)\n".utf8))
            }
        }
        if let readError {
            sink.abandon()
            throw ValidationError("cannot read \(displayName): \(readError)")
        }
        // In place, lines that all stay as they were leave the file untouched (as a whole
        // file does).
        if output.inPlace && !changed {
            sink.abandon()
        } else {
            try sink.finish()
        }
        if !total.isClean {
            let line = HumanReporter().report([], summary: total, context: ReportContext(colorEnabled: output.colorEnabled()))
            FileHandle.standardError.write(Data(line))
        }
        if total.errors > 0 { throw ExitCode(1) }
    }

    /// Transforms each line of a batch; a line with an error (or not JSON) passes through
    /// as it was.
    func process(_ batch: Batch) -> BatchResult {
        var out: [UInt8] = []
        out.reserveCapacity(batch.bytes.count + batch.bytes.count / 8)
        var messages: [(text: [UInt8], repeats: String?)] = []
        var summary = DiagnosticSummary()
        var lineNumber = batch.firstLine
        var start = 0
        let bytes = batch.bytes
        while start < bytes.count {
            let end = bytes.withUnsafeBufferPointer { buffer -> Int in
                guard let base = buffer.baseAddress, let found = memchr(base + start, 0x0A, buffer.count - start) else { return buffer.count }
                return UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
            }
            var contentEnd = end
            if contentEnd > start, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            let line = Array(bytes[start..<contentEnd])
            if line.contains(where: { $0 != 0x20 && $0 != 0x09 }) {
                let (rewritten, diagnostics) = transformLine(line, number: lineNumber)
                out += rewritten
                for d in diagnostics {
                    summary.add(d.severity)
                    let text = Array("\(d.file):\(d.start.line):\(d.start.column): \(d.severity.name): \(d.message) [\(d.ruleID)]\n".utf8)
                    messages.append((text, d.severity == .note && d.pointer == .root ? "\(d.message) [\(d.ruleID)]" : nil))
                }
            } else {
                out += line
            }
            // Each line keeps its own ending: `\r\n`, `\n`, or none on a last line without one.
            if contentEnd < end { out.append(0x0D) }
            if end < bytes.count { out.append(0x0A) }
            start = end + 1
            lineNumber += 1
        }
        return BatchResult(output: out, messages: messages, summary: summary, changed: out != bytes)
    }

    func transformLine(_ line: [UInt8], number: Int) -> ([UInt8], [Diagnostic]) {
        func shifted(_ d: Diagnostic) -> Diagnostic {
            var d = d
            d.start.line += number - 1
            d.end.line += number - 1
            return d
        }
        let json: JSONDocument
        do {
            json = try JSONDocument(parsing: line, options: JSONParser.Options(detectDuplicateKeys: false))
        } catch {
            let d = Diagnostic(ruleID: RuleMetadata.parseID, severity: .error, message: error.message, file: displayName,
                               start: SourcePosition(line: number, column: error.position.column))
            return (line, [d])
        }
        // A line may hold an array of documents, as a file may (it was taken for one
        // document: scale refused it, convert passed it through unchanged).
        var edits: [JSONEdit] = []
        var diagnostics: [Diagnostic] = []
        for document in Document.split(file: displayName, json: json) {
            let outcome = transform(document, nil)
            edits += outcome.edits
            diagnostics += outcome.diagnostics.map(shifted)
        }
        if diagnostics.contains(where: { $0.severity == .error }) || edits.isEmpty { return (line, diagnostics) }
        return (JSONEditor.apply(edits, to: line, range: 0..<line.count), diagnostics)
    }
}

/// Reads a file descriptor in batches of whole lines (about `batchSize` bytes each).
struct LineBatchReader {
    let fd: Int32
    let batchSize: Int
    private var carry: [UInt8] = []
    private var nextLine = 1
    private var done = false

    init(fd: Int32, batchSize: Int) {
        self.fd = fd
        self.batchSize = batchSize
    }

    struct ReadError: Error, CustomStringConvertible {
        var description: String
    }

    /// The next batch of whole lines, or nil at the end.
    mutating func next() throws -> TransformFileRunner.Batch? {
        while !done {
            var buffer = [UInt8](repeating: 0, count: batchSize)
            let n = buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, batchSize) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ReadError(description: String(cString: strerror(errno)))
            }
            if n == 0 {
                done = true
                break
            }
            buffer.removeLast(batchSize - n)
            guard let lastNewline = buffer.lastIndex(of: 0x0A) else {
                carry += buffer
                continue
            }
            var bytes = carry
            bytes += buffer[...lastNewline]
            carry = Array(buffer[(lastNewline + 1)...])
            return makeBatch(bytes)
        }
        guard !carry.isEmpty else { return nil }
        let bytes = carry
        carry = []
        return makeBatch(bytes)
    }

    private mutating func makeBatch(_ bytes: [UInt8]) -> TransformFileRunner.Batch {
        let batch = TransformFileRunner.Batch(firstLine: nextLine, bytes: bytes)
        var lines = 0
        bytes.withUnsafeBufferPointer { buffer in
            guard var p = buffer.baseAddress else { return }
            let end = p + buffer.count
            while p < end, let found = memchr(p, 0x0A, end - p) {
                lines += 1
                p = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) + 1
            }
        }
        if bytes.last != 0x0A { lines += 1 }
        nextLine += lines
        return batch
    }
}

/// Where streamed output goes: standard output, or a temporary file renamed into place at
/// the end.
struct OutputSink {
    let target: String?
    let temporary: String?
    private var handle: FileHandle?

    init(output: TransformOutputOptions, file: String) {
        let target = output.inPlace ? file : output.output
        self.target = target
        self.temporary = target.map { AtomicFile.temporaryPath(for: $0) }
    }

    mutating func open() throws {
        guard let temporary, let target else { return }
        handle = try AtomicFile.create(temporary, for: target)
    }

    func write(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        if let handle { handle.write(Data(bytes)) } else { writeStandardOutput(bytes) }
    }

    func finish() throws {
        guard let temporary, let target else { return }
        handle?.closeFile()
        try AtomicFile.rename(temporary, to: target)
    }

    func abandon() {
        guard let temporary else { return }
        handle?.closeFile()
        AtomicFile.discard(temporary)
    }
}

/// Writes files through a temporary sibling and a rename, so a crash never leaves half a
/// file. A path that is a symbolic link is written through: the file it leads to is
/// replaced (with its own permissions), and the link stays a link. An interrupt (Ctrl-C,
/// `SIGTERM`) removes the temporary sibling (``ActiveStaging``) and leaves the file as it
/// was, unless its rename had begun.
enum AtomicFile {
    /// The file a write to `path` replaces: `path`, or where the link at `path` leads.
    static func destination(_ path: String) -> String {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func temporaryPath(for path: String) -> String {
        let url = URL(fileURLWithPath: destination(path))
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).larder-\(UUID().uuidString).tmp").path
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        let temporary = temporaryPath(for: path)
        let handle = try create(temporary, for: path)
        do {
            try handle.write(contentsOf: Data(bytes))
            try handle.close()
        } catch {
            discard(temporary)
            throw ValidationError("cannot write \(path): \(error.localizedDescription)")
        }
        try rename(temporary, to: path)
    }

    /// Makes the temporary file `temporary` of a write to `path`, to write through the
    /// handle (which never makes the file again once an interrupt has removed it).
    static func create(_ temporary: String, for path: String) throws -> FileHandle {
        var fd: Int32 = -1
        var failure: Int32 = 0
        let begun = ActiveStaging.shared.unlessInterrupted {
            ActiveStaging.shared.addTemporaryFile(temporary)
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            failure = errno
        }
        guard begun else { throw ValidationError("cannot write \(path): Larder was interrupted") }
        guard fd >= 0 else {
            ActiveStaging.shared.removeTemporaryFile(temporary)
            throw ValidationError("cannot write \(path): \(String(cString: strerror(failure)))")
        }
        return FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    }

    /// Removes a temporary file that is not put in place.
    static func discard(_ temporary: String) {
        try? FileManager.default.removeItem(atPath: temporary)
        ActiveStaging.shared.removeTemporaryFile(temporary)
    }

    static func rename(_ temporary: String, to path: String) throws {
        let path = destination(path)
        var failure: Int32 = 0
        // Once an interrupt has begun, the file keeps what it held and the interrupt removes
        // the temporary file; a rename under way finishes first.
        let begun = ActiveStaging.shared.unlessInterrupted {
            // Keep the permissions of the file being replaced (the file's, not a link's 0777).
            var status = stat()
            if stat(path, &status) == 0 {
                chmod(temporary, status.st_mode & 0o7777)
            }
            if Foundation.rename(temporary, path) == 0 {
                ActiveStaging.shared.removeTemporaryFile(temporary)
            } else {
                failure = errno
            }
        }
        guard begun else { throw ValidationError("cannot write \(path): Larder was interrupted; it is left as it was") }
        if failure != 0 {
            discard(temporary)
            throw ValidationError("cannot write \(path): \(String(cString: strerror(failure)))")
        }
    }
}
