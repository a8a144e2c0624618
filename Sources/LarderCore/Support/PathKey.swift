/// A file path as a dictionary key or set member, compared and hashed by its UTF-8 bytes.
///
/// Swift's `String` compares canonically equivalent strings as equal: `café` with a
/// precomposed `é` (NFC, as Linux and Windows users type it) and with `e` and a combining
/// accent (NFD, as macOS has long written names) are one `String`, but two files to git and
/// to most file systems. Keyed by `String`, the two files were one entry: `lint --staged`
/// read one of them, and the lint cache gave each the other's facts. Paths are keyed by
/// their bytes instead.
public struct PathKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The path.
    public let path: String

    public init(_ path: String) {
        self.path = path
    }

    public static func == (a: PathKey, b: PathKey) -> Bool {
        a.path.utf8.elementsEqual(b.path.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        var path = path
        path.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Byte order (git's order of paths).
    public static func < (a: PathKey, b: PathKey) -> Bool {
        a.path.utf8.lexicographicallyPrecedes(b.path.utf8)
    }

    public var description: String { path }
}
