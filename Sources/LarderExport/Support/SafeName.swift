/// Turns ids and keys taken from content into names that are safe as file names, path
/// segments and key segments.
///
/// Content is untrusted: an id such as `../../etc/passwd`, `a/b`, `CON` or `` must never
/// name a file outside the output folder, a device on Windows, or collide silently with
/// another id. A name that is already safe is kept as is (`negroni`, `42`, `old-fashioned`);
/// any other gets its unsafe characters replaced by `_` and a short hash of the original
/// appended, so two different ids never map to the same name.
///
///     SafeName.fileName("negroni")            // "negroni"
///     SafeName.fileName("../../etc/passwd")   // "etc_passwd-<8 hex digits>"
///     SafeName.fileName("CON")                // "CON-<8 hex digits>"
///     SafeName.keySegment("con")              // "con"
///
/// Windows device names are a danger to file names only: a key segment (`recipe.con.name`)
/// names no file, and an app builds its keys from the bundle's ids, so `con` (Spanish for
/// "with"), `aux` or `nul` stay as they are in keys.
public enum SafeName {
    /// Names Windows reserves for devices, with or without an extension.
    static let reservedDeviceNames: Set<String> = {
        var names: Set<String> = ["con", "prn", "aux", "nul", "conin$", "conout$"]
        for i in 0...9 {
            names.insert("com\(i)")
            names.insert("lpt\(i)")
        }
        for digit in ["¹", "²", "³"] {
            names.insert("com\(digit)")
            names.insert("lpt\(digit)")
        }
        return names
    }()

    /// True when Windows reserves `name` (one path segment) for a device, whatever follows
    /// its first `.`: `con`, `NUL`, `com1`, `aux.json`. Such a name cannot be made or
    /// checked out there.
    public static func isReservedDeviceName(_ name: String) -> Bool {
        reservedDeviceNames.contains(name.split(separator: ".").first.map { String($0).lowercased() } ?? "")
    }

    /// The longest name kept without shortening (most file systems allow 255 bytes).
    static let maximumLength = 120

    /// A file name (one path segment, no extension) for `text`.
    ///
    /// Kept as is when it is 1-120 characters of `A-Z a-z 0-9 - _`, not starting with `-`
    /// and not a Windows device name; otherwise made safe with a hash suffix.
    public static func fileName(_ text: String) -> String {
        make(text, allowed: { isPlain($0) }, fileName: true)
    }

    /// A key segment (for string keys: `recipe.<id>.name`): like ``fileName(_:)`` but `:`
    /// is also kept, so taxonomy tags (`en:milk`) stay readable, and a Windows device name
    /// (`con`, `aux`, `nul`) is kept too: a key is no file, and the app looks the text up
    /// by the id the bundle gives (a hash there left `recipe.con.name` with no text).
    public static func keySegment(_ text: String) -> String {
        make(text, allowed: { isPlain($0) || $0 == ":" }, fileName: false)
    }

    /// Each of `segments` made a key segment; the array itself when every one is already
    /// safe (as field names and indices are), so a key's path takes no second array.
    static func keySegments(_ segments: [String]) -> [String] {
        segments.allSatisfy { isPlainASCII($0, colon: true, fileName: false) } ? segments : segments.map(keySegment)
    }

    /// The first `count` hex digits of the SHA-256 of `text`.
    public static func shortHash(_ text: String, count: Int = 8) -> String {
        String(SHA256.hex(Array(text.utf8)).prefix(count))
    }

    static func isPlain(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_": true
        default: false
        }
    }

    /// The common case, checked on the UTF-8 bytes: 1-120 of `A-Z a-z 0-9 - _` (and `:`
    /// when `colon`), not starting with `-`, and for a `fileName` not a device name (all of
    /// which are short).
    private static func isPlainASCII(_ text: String, colon: Bool, fileName: Bool) -> Bool {
        var count = 0
        for b in text.utf8 {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "_"):
                break
            case UInt8(ascii: "-"):
                if count == 0 { return false }
            case UInt8(ascii: ":") where colon:
                break
            default:
                return false
            }
            count += 1
            if count > maximumLength { return false }
        }
        return count > 0 && !(fileName && isPlainDeviceName(text.utf8))
    }

    /// True for the device names spelled in plain ASCII, in any case: `con`, `prn`, `aux`,
    /// `nul`, and `com` or `lpt` with a digit (the rest of ``reservedDeviceNames`` is not
    /// plain). Compared byte by byte: a file name such as `tea` is checked for every document.
    static func isPlainDeviceName(_ utf8: String.UTF8View) -> Bool {
        let count = utf8.count
        guard count == 3 || count == 4 else { return false }
        var word: UInt32 = 0  // the bytes, lower-cased, one after another
        for b in utf8 { word = word << 8 | UInt32(b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") ? b | 0x20 : b) }
        func code(_ s: StaticString) -> UInt32 { s.withUTF8Buffer { $0.reduce(0) { $0 << 8 | UInt32($1) } } }
        if count == 3 { return word == code("con") || word == code("prn") || word == code("aux") || word == code("nul") }
        let stem = word >> 8, digit = word & 0xFF
        return (stem == code("com") || stem == code("lpt")) && digit >= UInt32(UInt8(ascii: "0")) && digit <= UInt32(UInt8(ascii: "9"))
    }

    /// `text` kept when it is safe (and, for a `fileName`, names no device), else cleaned
    /// and given a hash of itself.
    private static func make(_ text: String, allowed: (Unicode.Scalar) -> Bool, fileName: Bool) -> String {
        if isPlainASCII(text, colon: allowed(":"), fileName: fileName) { return text }
        let scalars = text.unicodeScalars
        let isSafe = !text.isEmpty && text.count <= maximumLength && scalars.allSatisfy(allowed)
            && !text.hasPrefix("-") && !(fileName && isReservedDeviceName(text))
        if isSafe { return text }
        var cleaned = ""
        var lastWasUnderscore = false
        for s in scalars {
            if allowed(s) {
                cleaned.unicodeScalars.append(s)
                lastWasUnderscore = s == "_"
            } else if !lastWasUnderscore {
                cleaned.append("_")
                lastWasUnderscore = true
            }
        }
        while cleaned.hasPrefix("_") || cleaned.hasPrefix("-") { cleaned.removeFirst() }
        while cleaned.hasSuffix("_") { cleaned.removeLast() }
        if cleaned.count > 80 { cleaned = String(cleaned.prefix(80)) }
        let hash = shortHash(text)
        return cleaned.isEmpty ? "_" + hash : cleaned + "-" + hash
    }
}
