import Foundation

/// A 1-based line and column in a source text.
///
/// Columns count UTF-16 code units from the start of the line, plus one: the column
/// VS Code, Xcode and the Language Server Protocol show (`"café": x` puts `x` at column 9,
/// an emoji counts two). A tab counts as one.
public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    public var description: String { "\(line):\(column)" }
}

/// A start and end position (end is exclusive: the position just after the value).
public struct SourceRange: Sendable, Hashable {
    public var start: SourcePosition
    public var end: SourcePosition

    public init(start: SourcePosition, end: SourcePosition) {
        self.start = start
        self.end = end
    }
}

/// Maps byte offsets of a UTF-8 text to lines and columns.
///
/// Build one per file when diagnostics need positions; each look-up is a binary search over
/// line starts plus a scan of one line. Line breaks are `\n`, `\r\n` and a lone `\r`.
public struct SourceLocator: Sendable {
    public let bytes: [UInt8]
    /// Byte offset where each line starts.
    public let lineStarts: [Int]
    /// On lines longer than ``checkpointSpacing`` bytes (a minified file is one line): a
    /// byte offset about every ``checkpointSpacing`` bytes, at the start of a character,
    /// and its column, so a look-up scans at most that far (each scanned from the line's
    /// start: importing a minified search answer of 500 products took 28 s).
    private let checkpointOffsets: [Int]
    private let checkpointColumns: [Int]
    static let checkpointSpacing = 4096

    public init(bytes: [UInt8]) {
        self.bytes = bytes
        lineStarts = Self.lineStarts(bytes)
        (checkpointOffsets, checkpointColumns) = Self.checkpoints(bytes, lineStarts)
    }

    private static func checkpoints(_ bytes: [UInt8], _ lineStarts: [Int]) -> ([Int], [Int]) {
        var offsets: [Int] = [], columns: [Int] = []
        for (line, start) in lineStarts.enumerated() {
            let end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
            guard end - start > checkpointSpacing else { continue }
            var i = start
            if i == 0 && bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { i = 3 }
            var column = 1
            var next = start + checkpointSpacing
            while i < end {
                if i >= next && bytes[i] & 0xC0 != 0x80 {
                    offsets.append(i)
                    columns.append(column)
                    next = i + checkpointSpacing
                }
                let c = bytes[i]
                if c & 0xC0 != 0x80 { column += c >= 0xF0 ? 2 : 1 }
                i += 1
            }
        }
        return (offsets, columns)
    }

    private static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        // The loader makes one per reported file, so a whole-project lint indexes every
        // file: without `\r` (the common case) `memchr` finds the line breaks.
        if let fast = bytes.withUnsafeBufferPointer(Self.newlineStarts) {
            return fast
        }
        var i = 0
        let n = bytes.count
        while i < n {
            let c = bytes[i]
            if c == 0x0A {
                starts.append(i + 1)
            } else if c == 0x0D {
                if i + 1 < n && bytes[i + 1] == 0x0A { i += 1 }
                starts.append(i + 1)
            }
            i += 1
        }
        return starts
    }

    /// Line starts found with `memchr`, or nil when the text holds a `\r` (then every
    /// byte is looked at, for `\r\n` and lone `\r`).
    private static func newlineStarts(_ buffer: UnsafeBufferPointer<UInt8>) -> [Int]? {
        var starts: [Int] = [0]
        guard let base = buffer.baseAddress, buffer.count > 0 else { return starts }
        if memchr(base, 0x0D, buffer.count) != nil { return nil }
        var offset = 0
        while offset < buffer.count, let hit = memchr(base + offset, 0x0A, buffer.count - offset) {
            offset = UnsafeRawPointer(hit) - UnsafeRawPointer(base) + 1
            starts.append(offset)
        }
        return starts
    }

    /// The line and column of the byte at `offset` (an offset past the end maps to the end).
    public func position(ofByte offset: Int) -> SourcePosition {
        position(ofByte: offset, scanningAtMost: .max)!
    }

    /// ``position(ofByte:)`` when the byte lies at most `limit` bytes into its line, else
    /// nil: on a very long line (a minified file) a caller finding many positions in byte
    /// order counts on from the last one instead, and stays linear in the file.
    public func position(ofByte offset: Int, scanningAtMost limit: Int) -> SourcePosition? {
        let offset = min(max(0, offset), bytes.count)
        // Last line start <= offset.
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        var i = lineStarts[lo]
        var column = 1
        // A caller that counts on from its last position asks with a small limit and gets
        // nil, as before: cheaper than a checkpoint.
        guard offset - i <= limit else { return nil }
        if offset - i > Self.checkpointSpacing, !checkpointOffsets.isEmpty {
            // The last checkpoint at or before `offset`, if it is on this line.
            var a = 0, b = checkpointOffsets.count
            while a < b {
                let mid = (a + b) / 2
                if checkpointOffsets[mid] <= offset { a = mid + 1 } else { b = mid }
            }
            if a > 0, checkpointOffsets[a - 1] >= i {
                let (from, at) = (checkpointOffsets[a - 1], checkpointColumns[a - 1])
                var k = from
                var col = at
                while k < offset {
                    let c = bytes[k]
                    if c & 0xC0 != 0x80 { col += c >= 0xF0 ? 2 : 1 }
                    k += 1
                }
                return SourcePosition(line: lo + 1, column: col)
            }
        }
        // A byte order mark is invisible in editors.
        if i == 0 && bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            i = min(3, offset)
        }
        while i < offset {
            let c = bytes[i]
            if c & 0xC0 != 0x80 { column += c >= 0xF0 ? 2 : 1 }
            i += 1
        }
        return SourcePosition(line: lo + 1, column: column)
    }

    /// The text of line `line` (1-based) without its line break.
    public func lineText(_ line: Int) -> String {
        guard line >= 1 && line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        while end > start && (bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D) { end -= 1 }
        var s = start
        if s == 0 && bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { s = min(3, end) }
        return String(decoding: bytes[s..<end], as: UTF8.self)
    }
}

extension JSONDocument {
    /// A locator for this document's bytes (build once, ask many times).
    public func locator() -> SourceLocator { SourceLocator(bytes: bytes) }

    /// Where a value starts and ends. For many look-ups, use ``locator()`` once.
    public func sourceRange(of node: Int, using locator: SourceLocator? = nil) -> SourceRange {
        let l = locator ?? self.locator()
        let r = byteRange(node)
        return SourceRange(start: l.position(ofByte: r.lowerBound), end: l.position(ofByte: r.upperBound))
    }

    /// Where a value starts.
    public func position(of node: Int, using locator: SourceLocator? = nil) -> SourcePosition {
        (locator ?? self.locator()).position(ofByte: byteRange(node).lowerBound)
    }
}
