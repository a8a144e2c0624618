import LarderJSON

/// A ``ContentRule`` that checks across documents over small per-document *facts* (an id and
/// where it is, a place's coordinates) instead of over the parsed documents, so a run can
/// take the facts of unchanged files from the lint cache and parse only the files it
/// reports on.
///
/// Why facts: a pre-commit hook reports on a few changed files, but a cross-file rule
/// (unique ids, references, places entered twice) must still see every file of the
/// project. Reading and parsing 10,000 files for that costs far more than the check. What
/// the check needs of an unchanged file is a few values and their positions; those are
/// what ``facts(of:context:)`` extracts, and what the cache keeps per file (see
/// `FactCache`). The rule's real work is ``check(facts:reportingOn:context:)``, which sees
/// the facts of every document of the run plus the parsed documents of the files reported
/// on.
///
/// There is one code path: the plain ``ContentRule/check(content:reportingOn:context:)``
/// (given here) extracts the facts of every document and calls the same check, so a run
/// with the cache and one without give the same diagnostics as long as the facts hold
/// everything the check reads and survive ``ContentFacts/encode(to:)`` and back.
///
///     struct UniqueTitle: FactContentRule {
///         struct Facts: ContentFacts { var title: String; var place: FactPlace; … }
///         func facts(of document: Document, context: RuleContext) -> Facts? { … }
///         func check(facts: FactTable<Facts>, reportingOn files: Set<String>?,
///                    context: RuleContext) -> [Diagnostic] { … }
///     }
///
/// A team's own ``ContentRule`` that does not adopt this protocol still works: a run in
/// which such a rule is in force parses every file, as before.
public protocol FactContentRule: ContentRule {
    /// What the rule keeps of one document.
    associatedtype Facts: ContentFacts

    /// The facts of `document` the cross-file check needs; nil when it has none (another
    /// kind, no id). Called for every document of every kind; a pure function of the
    /// document, its kind and the rule's options (`context.options`), never of other files.
    func facts(of document: Document, context: RuleContext) -> Facts?

    /// The problems found over `facts`, placed only in files of `reportingOn` (all files
    /// when nil). `facts.documents` holds the parsed documents of (at least) those files,
    /// for checks that read more of a reported document than its facts.
    func check(facts: FactTable<Facts>, reportingOn files: Set<String>?, context: RuleContext) -> [Diagnostic]

    /// Bump when ``Facts`` or what ``facts(of:context:)`` extracts changes, so caches written
    /// by an older build are not read (a build of another Larder version never reads them
    /// anyway). 0 by default.
    var factsVersion: Int { get }

    /// Whether ``check(facts:reportingOn:context:)`` reads ``FactTable/documents``. When
    /// false, the check reads only ``FactTable/entries``, never the documents, so a run may
    /// pass it no documents at all: a streaming build, which keeps no parsed document in
    /// memory, does. True by default.
    var readsDocuments: Bool { get }
}

extension FactContentRule {
    public var factsVersion: Int { 0 }

    public var readsDocuments: Bool { true }

    /// Extracts the facts of every document of `content` and runs
    /// ``check(facts:reportingOn:context:)``.
    public func check(content: ContentSet, reportingOn files: Set<String>?, context: RuleContext) -> [Diagnostic] {
        check(facts: FactTable(rule: self, content: content, context: context), reportingOn: files, context: context)
    }
}

/// The facts of every document of a run for one ``FactContentRule``, in load order (files
/// sorted by path, documents in file order), and the documents parsed in this run.
public struct FactTable<Facts: ContentFacts>: Sendable {
    /// The facts of one document.
    public struct Entry: Sendable {
        /// The file, project-relative (as ``Document/file``).
        public var file: String
        /// The document's kind.
        public var kind: String?
        /// The document's position in its file's top-level array, or nil for a file of one
        /// document (as ``Document/index``).
        public var index: Int?
        public var facts: Facts

        public init(file: String, kind: String?, index: Int?, facts: Facts) {
            self.file = file
            self.kind = kind
            self.index = index
            self.facts = facts
        }
    }

    /// Every document that has facts, in load order.
    public var entries: [Entry]
    /// The documents parsed in this run, in load order: every document of the files
    /// reported on, and maybe more (all of them when nothing came from a cache).
    public var documents: [Document]

    public init(entries: [Entry], documents: [Document]) {
        self.entries = entries
        self.documents = documents
    }

    /// The facts `rule` extracts from every document of `content`.
    public init<R: FactContentRule>(rule: R, content: ContentSet, context: RuleContext) where R.Facts == Facts {
        var entries: [Entry] = []
        let documents = content.documents
        for document in documents {
            if let facts = rule.facts(of: document, context: context) {
                entries.append(Entry(file: document.file, kind: document.kind, index: document.index, facts: facts))
            }
        }
        self.init(entries: entries, documents: documents)
    }
}

/// A rule's facts about one document, written to and read from the lint cache in a compact
/// binary form.
///
/// `init(from:)` must read back exactly what `encode(to:)` wrote; it throws (never
/// crashes) on bytes it cannot read, and the cache then parses the file again.
public protocol ContentFacts: Sendable {
    func encode(to encoder: inout FactEncoder)
    init(from decoder: inout FactDecoder) throws(FactDecoder.Failure)
}

/// Where a value of a document is, as a diagnostic gives it: start, end and JSON Pointer
/// from the file's root. Facts keep places instead of tape nodes, so a diagnostic or a
/// related location can name a file that was not parsed in this run.
///
/// A place taken from a parsed document keeps the file's line index and the value's bytes,
/// and works out its line and column only when asked (a message names it) or when it is
/// written to the cache, where the positions of a file's places are found in one pass:
/// in a minified file of 10,000 documents on one line, counting columns from the line's
/// start for each would take time quadratic in the file.
public struct FactPlace: ContentFacts, Hashable {
    enum Location: Sendable {
        case positions(start: SourcePosition, end: SourcePosition)
        /// The file's bytes (shared with its parsed document, not copied), the value's, and
        /// the file's line index when the loader made one.
        case bytes([UInt8], Range<Int>, lines: SourceLocator?)
    }

    let location: Location
    /// The value's pointer from the root of its file.
    public var pointer: JSONPointer

    public init(start: SourcePosition, end: SourcePosition, pointer: JSONPointer) {
        location = .positions(start: start, end: end)
        self.pointer = pointer
    }

    /// The place of `node` of `document`: the same start, end and pointer as
    /// ``Document/diagnostic(ruleID:severity:message:node:locator:keywordLocation:absoluteKeywordLocation:related:fix:)``
    /// gives.
    public init(_ document: Document, node: Int) {
        let json = document.json
        location = .bytes(json.bytes, json.byteRange(node), lines: document.locator)
        pointer = json.pointer(to: node, from: document.node, basePointer: document.pointer)
    }

    /// The place of `node` of `document` whose pointer the caller knows (a field of the
    /// document, an element of one): no walk of the document to find it.
    public init(_ document: Document, node: Int, pointer: JSONPointer) {
        let json = document.json
        location = .bytes(json.bytes, json.byteRange(node), lines: document.locator)
        self.pointer = pointer
    }

    /// Where the value starts.
    public var start: SourcePosition {
        switch location {
        case .positions(let start, _): return start
        case .bytes(let bytes, let range, let lines):
            var cursor = PositionCursor()
            return cursor.position(ofByte: range.lowerBound, in: bytes, lines: lines)
        }
    }

    /// Just after where the value ends.
    public var end: SourcePosition {
        switch location {
        case .positions(_, let end): return end
        case .bytes(let bytes, let range, let lines):
            var cursor = PositionCursor()
            return cursor.position(ofByte: range.upperBound, in: bytes, lines: lines)
        }
    }

    public static func == (a: FactPlace, b: FactPlace) -> Bool {
        a.pointer == b.pointer && a.start == b.start && a.end == b.end
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(pointer)
        hasher.combine(start)
        hasher.combine(end)
    }

    /// `file:line:column` of the start, for messages.
    public func description(in file: String) -> String {
        "\(file):\(start.line):\(start.column)"
    }

    public func encode(to encoder: inout FactEncoder) {
        switch location {
        case .positions(let start, let end):
            encoder.write(start)
            encoder.write(end)
        case .bytes(let bytes, let range, let lines):
            encoder.write(encoder.cursor.position(ofByte: range.lowerBound, in: bytes, lines: lines))
            encoder.write(encoder.cursor.position(ofByte: range.upperBound, in: bytes, lines: lines))
        }
        encoder.write(pointer)
    }

    public init(from decoder: inout FactDecoder) throws(FactDecoder.Failure) {
        location = .positions(start: try decoder.readPosition(), end: try decoder.readPosition())
        pointer = try decoder.readPointer()
    }
}

extension FactPlace {
    /// `places` with their start and end worked out, in one pass over each file's bytes
    /// (in byte order) rather than from the file's start for each place: for a check that
    /// may report many places of the same parsed file. Places read from the cache already
    /// know their positions and come back as they are.
    public static func resolving(_ places: [FactPlace]) -> [FactPlace] {
        // Each start and end still to find: its slot (2 per place), its file's bytes (by
        // the address of their storage) and its offset.
        var wanted: [(slot: Int, file: Int, offset: Int)] = []
        for (i, place) in places.enumerated() {
            guard case .bytes(let bytes, let range, _) = place.location else { continue }
            let file = bytes.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
            wanted.append((2 * i, file, range.lowerBound))
            wanted.append((2 * i + 1, file, range.upperBound))
        }
        guard !wanted.isEmpty else { return places }
        wanted.sort { ($0.file, $0.offset, $0.slot) < ($1.file, $1.offset, $1.slot) }
        var positions = [SourcePosition](repeating: SourcePosition(line: 1, column: 1), count: 2 * places.count)
        var cursor = PositionCursor()
        for w in wanted {
            guard case .bytes(let bytes, _, let lines) = places[w.slot / 2].location else { continue }
            positions[w.slot] = cursor.position(ofByte: w.offset, in: bytes, lines: lines)
        }
        return places.enumerated().map { i, place in
            guard case .bytes = place.location else { return place }
            return FactPlace(start: positions[2 * i], end: positions[2 * i + 1], pointer: place.pointer)
        }
    }
}

extension RuleContext {
    /// A diagnostic with this rule's id and severity at a place of `file`.
    public func diagnostic(
        file: String, at place: FactPlace, _ message: String, related: [Diagnostic.RelatedLocation] = []
    ) -> Diagnostic {
        Diagnostic(
            ruleID: ruleID, severity: severity, message: message, file: file,
            start: place.start, end: place.end, pointer: place.pointer, related: related)
    }
}

extension Diagnostic.RelatedLocation {
    /// A related location at a place of `file`.
    public init(file: String, place: FactPlace, message: String) {
        self.init(file: file, start: place.start, end: place.end, message: message)
    }
}

/// Writes facts as bytes: unsigned and signed integers as variable-length numbers, strings
/// as their length and UTF-8 bytes, doubles as their exact bits.
public struct FactEncoder: Sendable {
    public private(set) var bytes: [UInt8] = []
    /// Positions found so far in the file being written (see ``FactPlace``).
    var cursor = PositionCursor()

    public init() {}

    /// Empties the bytes, keeping what is known of the file's positions (for the next
    /// document of the same file).
    mutating func startDocument() {
        bytes.removeAll(keepingCapacity: true)
    }

    public mutating func write(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    public mutating func write(_ value: Int) {
        // Zigzag: small negative numbers stay short.
        let v = Int64(value)
        write(UInt64(bitPattern: (v << 1) ^ (v >> 63)))
    }

    public mutating func write(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    public mutating func write(_ value: Double) {
        var bits = value.bitPattern
        for _ in 0..<8 {
            bytes.append(UInt8(truncatingIfNeeded: bits))
            bits >>= 8
        }
    }

    public mutating func write(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            write(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    public mutating func write(_ value: String?) {
        write(value != nil)
        if let value { write(value) }
    }

    public mutating func write(_ values: [String]) {
        write(UInt64(values.count))
        for value in values { write(value) }
    }

    public mutating func write(_ value: SourcePosition) {
        write(value.line)
        write(value.column)
    }

    public mutating func write(_ value: JSONPointer) {
        write(value.tokens)
    }

    public mutating func write(_ value: FactPlace) {
        value.encode(to: &self)
    }

    /// Writes where each of `places` (values of one document) is, without their pointers:
    /// for facts that keep many places whose pointers they can tell themselves (a field, an
    /// element of a list), read back with ``FactDecoder/readPlace(pointer:)`` in the same
    /// order. Each place takes its start and its end as a step from the start, a few bytes.
    ///
    /// The positions are found in byte order whatever the order of `places`, so a file's
    /// places still take one pass over it.
    public mutating func writePositions(of places: [FactPlace]) {
        var positions = [SourcePosition](repeating: SourcePosition(line: 1, column: 1), count: 2 * places.count)
        var wanted: [(slot: Int, offset: Int)] = []
        for (i, place) in places.enumerated() {
            switch place.location {
            case .positions(let start, let end):
                positions[2 * i] = start
                positions[2 * i + 1] = end
            case .bytes(_, let range, _):
                wanted.append((2 * i, range.lowerBound))
                wanted.append((2 * i + 1, range.upperBound))
            }
        }
        wanted.sort { ($0.offset, $0.slot) < ($1.offset, $1.slot) }
        for w in wanted {
            guard case .bytes(let bytes, _, let lines) = places[w.slot / 2].location else { continue }
            positions[w.slot] = cursor.position(ofByte: w.offset, in: bytes, lines: lines)
        }
        for i in places.indices {
            let (start, end) = (positions[2 * i], positions[2 * i + 1])
            write(start)
            write(end.line - start.line)
            write(end.line == start.line ? end.column - start.column : end.column)
        }
    }

    /// Bytes as they are (the cache copies stored facts with it).
    mutating func append(_ raw: ArraySlice<UInt8>) {
        bytes.append(contentsOf: raw)
    }
}

/// Reads what a ``FactEncoder`` wrote; every read checks its bounds and throws
/// ``Failure`` on bytes it cannot read.
public struct FactDecoder: Sendable {
    /// Bytes that are not what the reader expected (a damaged or foreign cache).
    public struct Failure: Error, Sendable, Hashable {
        public init() {}
    }

    let bytes: [UInt8]
    public private(set) var offset: Int
    let end: Int

    public init(_ bytes: [UInt8]) {
        self.init(bytes, range: 0..<bytes.count)
    }

    /// Reads `range` of `bytes` (clamped to the bytes).
    public init(_ bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        offset = min(max(0, range.lowerBound), bytes.count)
        end = min(max(offset, range.upperBound), bytes.count)
    }

    /// True when every byte has been read.
    public var isAtEnd: Bool { offset == end }

    public mutating func readUInt64() throws(Failure) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < end, shift < 64 else { throw Failure() }
            let byte = bytes[offset]
            offset += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
        }
    }

    public mutating func readInt() throws(Failure) -> Int {
        let v = try readUInt64()
        let decoded = Int64(bitPattern: v >> 1) ^ -Int64(bitPattern: v & 1)
        guard let value = Int(exactly: decoded) else { throw Failure() }
        return value
    }

    /// A count or length: a non-negative number no larger than the bytes left (each item
    /// takes at least one byte), so a damaged length cannot make a reader allocate much.
    public mutating func readCount() throws(Failure) -> Int {
        let v = try readUInt64()
        guard v <= UInt64(end - offset) else { throw Failure() }
        return Int(v)
    }

    public mutating func readBool() throws(Failure) -> Bool {
        guard offset < end else { throw Failure() }
        let byte = bytes[offset]
        offset += 1
        guard byte <= 1 else { throw Failure() }
        return byte == 1
    }

    public mutating func readDouble() throws(Failure) -> Double {
        guard end - offset >= 8 else { throw Failure() }
        var bits: UInt64 = 0
        for k in 0..<8 { bits |= UInt64(bytes[offset + k]) << (8 * UInt64(k)) }
        offset += 8
        return Double(bitPattern: bits)
    }

    /// The next `count` bytes.
    public mutating func readBytes(_ count: Int) throws(Failure) -> Range<Int> {
        guard count >= 0, end - offset >= count else { throw Failure() }
        defer { offset += count }
        return offset..<(offset + count)
    }

    public mutating func readString() throws(Failure) -> String {
        let range = try readBytes(readCount())
        return String(decoding: bytes[range], as: UTF8.self)
    }

    public mutating func readOptionalString() throws(Failure) -> String? {
        try readBool() ? try readString() : nil
    }

    public mutating func readStrings() throws(Failure) -> [String] {
        let count = try readCount()
        var out: [String] = []
        out.reserveCapacity(count)
        for _ in 0..<count { out.append(try readString()) }
        return out
    }

    public mutating func readPosition() throws(Failure) -> SourcePosition {
        SourcePosition(line: try readInt(), column: try readInt())
    }

    public mutating func readPointer() throws(Failure) -> JSONPointer {
        JSONPointer(tokens: try readStrings())
    }

    public mutating func readPlace() throws(Failure) -> FactPlace {
        try FactPlace(from: &self)
    }

    /// A place written by ``FactEncoder/writePositions(of:)``, at `pointer`.
    public mutating func readPlace(pointer: JSONPointer) throws(Failure) -> FactPlace {
        let start = try readPosition()
        let lines = try readInt()
        let column = try readInt()
        // Damaged bytes may hold any numbers: a sum that overflows is a failure, not a crash.
        let line = start.line.addingReportingOverflow(lines)
        let endColumn = lines == 0 ? start.column.addingReportingOverflow(column) : (partialValue: column, overflow: false)
        guard !line.overflow, !endColumn.overflow else { throw Failure() }
        return FactPlace(start: start, end: SourcePosition(line: line.partialValue, column: endColumn.partialValue), pointer: pointer)
    }
}

/// Finds positions in one file's bytes, in increasing order in one pass: each position
/// continues from the previous one instead of counting from the file's start. Gives exactly
/// what ``SourceLocator/position(ofByte:)`` gives: lines end at `\n`, `\r\n` or a lone
/// `\r`; columns count UTF-16 code units plus one; a byte order mark does not count.
struct PositionCursor: Sendable {
    /// The file the cursor is in: where its bytes are stored, and how many.
    private var storage = 0
    private var count = -1
    private var offset = 0
    private var line = 1
    private var column = 1

    /// The position of byte `wanted` of `bytes`: from the file's line index when it has one
    /// and the byte is near its line's start (a binary search and a short count), else
    /// counted on from the last position asked (or from the start, when asked for an
    /// earlier byte or another file).
    mutating func position(ofByte wanted: Int, in bytes: [UInt8], lines: SourceLocator?) -> SourcePosition {
        if let lines, let position = lines.position(ofByte: wanted, scanningAtMost: 256) { return position }
        return position(ofByte: wanted, in: bytes)
    }

    mutating func position(ofByte wanted: Int, in bytes: [UInt8]) -> SourcePosition {
        let target = min(max(0, wanted), bytes.count)
        let address = bytes.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
        if address != storage || bytes.count != count || target < offset {
            storage = address
            count = bytes.count
            line = 1
            column = 1
            offset = 0
            if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
                guard target >= 3 else {
                    count = -1  // start over next time
                    return SourcePosition(line: 1, column: 1)
                }
                offset = 3
            }
        }
        let (line, column) = bytes.withUnsafeBufferPointer { advance(in: $0, to: target) }
        self.line = line
        self.column = column
        offset = target
        return SourcePosition(line: line, column: column)
    }

    /// The line and column of byte `target`, counted on from `offset`. Plain ASCII (neither a
    /// line break nor part of a multi-byte character) is the common case and takes the short
    /// branch.
    private func advance(in bytes: UnsafeBufferPointer<UInt8>, to target: Int) -> (Int, Int) {
        var line = line
        var column = column
        var i = offset
        guard let base = bytes.baseAddress.map(UnsafeRawPointer.init) else { return (line, column) }
        while i < target {
            // Eight bytes at a time while none is a line break, a control character or part
            // of a multi-byte character (the common run of a JSON file): each is one column.
            if i + 8 <= target {
                let word = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let high: UInt64 = 0x8080_8080_8080_8080
                if word & high == 0 && (word &- 0x0E0E_0E0E_0E0E_0E0E) & ~word & high == 0 {
                    column += 8
                    i += 8
                    continue
                }
            }
            let c = bytes[i]
            if c > 0x0D && c < 0x80 {
                column += 1
            } else if c == 0x0A {
                line += 1
                column = 1
            } else if c == 0x0D {
                if i + 1 < bytes.count && bytes[i + 1] == 0x0A {
                    // `\r\n` ends the line after the `\n`; up to it, the `\r` is on the line.
                    if i + 1 < target {
                        line += 1
                        column = 1
                        i += 1
                    } else {
                        column += 1
                    }
                } else {
                    line += 1
                    column = 1
                }
            } else if c & 0xC0 != 0x80 {
                column += c >= 0xF0 ? 2 : 1
            }
            i += 1
        }
        return (line, column)
    }
}
