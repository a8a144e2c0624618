/// The id git gives a file's content (a blob), so the lint cache can check that the bytes
/// it read are the staged ones before it files their facts under the index's id.
///
/// Repositories in git's SHA-256 object format have 64-digit ids; ``matches(_:_:)`` answers
/// false for them (the cache then keys those files by their stat data only).
public enum GitBlobID {
    /// The SHA-1 id of a blob holding `bytes`, in lowercase hex (what `git hash-object` prints).
    public static func sha1(of bytes: [UInt8]) -> String {
        var sha = SHA1()
        sha.update(Array("blob \(bytes.count)\u{0}".utf8))
        sha.update(bytes)
        let digest = sha.finish()
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(40)
        for byte in digest {
            out.append(hex[Int(byte >> 4)])
            out.append(hex[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// True when `id` (from `git ls-files --stage`) is the id of a blob holding `bytes`.
    public static func matches(_ id: String, _ bytes: [UInt8]) -> Bool {
        id.utf8.count == 40 && sha1(of: bytes) == id.lowercased()
    }
}

/// SHA-1 (FIPS 180-4), only for computing git object ids, never for security.
struct SHA1 {
    private var h: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0)
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    mutating func update(_ bytes: [UInt8]) {
        length &+= UInt64(bytes.count)
        var start = 0
        if !pending.isEmpty {
            let take = min(64 - pending.count, bytes.count)
            pending += bytes[0..<take]
            start = take
            if pending.count == 64 {
                let block = pending
                block.withUnsafeBufferPointer { compress($0, at: 0) }
                pending.removeAll(keepingCapacity: true)
            }
        }
        let whole = (bytes.count - start) / 64 * 64
        if whole > 0 {
            bytes.withUnsafeBufferPointer { buffer in
                var offset = start
                while offset < start + whole {
                    compress(buffer, at: offset)
                    offset += 64
                }
            }
        }
        pending += bytes[(start + whole)...]
    }

    mutating func finish() -> [UInt8] {
        let bits = length &* 8
        var tail = pending
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for k in (0..<8).reversed() { tail.append(UInt8(truncatingIfNeeded: bits >> (8 * UInt64(k)))) }
        tail.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                compress(buffer, at: offset)
                offset += 64
            }
        }
        pending = []
        var out: [UInt8] = []
        for word in [h.0, h.1, h.2, h.3, h.4] {
            out += [UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word)]
        }
        return out
    }

    private mutating func compress(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int) {
        h = withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 80) { w in
            for t in 0..<16 {
                let i = offset + 4 * t
                w[t] = UInt32(buffer[i]) << 24 | UInt32(buffer[i + 1]) << 16 | UInt32(buffer[i + 2]) << 8 | UInt32(buffer[i + 3])
            }
            for t in 16..<80 {
                let x = w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16]
                w[t] = x << 1 | x >> 31
            }
            var (a, b, c, d, e) = h
            for t in 0..<80 {
                let f: UInt32, k: UInt32
                switch t {
                case 0..<20: f = (b & c) | (~b & d); k = 0x5A82_7999
                case 20..<40: f = b ^ c ^ d; k = 0x6ED9_EBA1
                case 40..<60: f = (b & c) | (b & d) | (c & d); k = 0x8F1B_BCDC
                default: f = b ^ c ^ d; k = 0xCA62_C1D6
                }
                let temp = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[t]
                e = d
                d = c
                c = b << 30 | b >> 2
                b = a
                a = temp
            }
            return (h.0 &+ a, h.1 &+ b, h.2 &+ c, h.3 &+ d, h.4 &+ e)
        }
    }
}
