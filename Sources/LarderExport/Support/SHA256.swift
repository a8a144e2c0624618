import CLarderSHA

/// SHA-256 (FIPS 180-4), for the checksums in bundle manifests and content-hashed file names.
///
/// Foundation has no CryptoKit on Linux, so Larder carries its own. On an x86-64 processor
/// with the SHA extensions the blocks go through them (CLarderSHA, about five times faster);
/// elsewhere through the portable rounds below. The state and the
/// partial block are fixed storage in the value (no allocation while hashing), and whole
/// blocks are hashed straight from the input with the 64 rounds unrolled.
///
///     SHA256.hex(Array("abc".utf8))
///     // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
///
/// - Complexity: O(n) in the length of the input.
public struct SHA256: Sendable {
    private var h0: UInt32 = 0x6a09e667, h1: UInt32 = 0xbb67ae85, h2: UInt32 = 0x3c6ef372, h3: UInt32 = 0xa54ff53a
    private var h4: UInt32 = 0x510e527f, h5: UInt32 = 0x9b05688c, h6: UInt32 = 0x1f83d9ab, h7: UInt32 = 0x5be0cd19
    /// The bytes of a block not yet complete (the first `buffered` of the 64).
    private var block: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    private var buffered = 0
    private var length: UInt64 = 0

    /// Whether the blocks take the processor's SHA instructions (a test turns this off to
    /// compare the two ways).
    var accelerated = SHA256.processorHasSHA

    /// True on an x86-64 processor with the SHA extensions.
    static let processorHasSHA = larder_sha256_accelerated() != 0

    /// A hasher with nothing fed yet.
    public init() {}

    /// Feeds more bytes.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { update(buffer: UnsafeRawBufferPointer($0)) }
        if done == nil { Array(bytes).withUnsafeBytes { update(buffer: $0) } }
    }

    private mutating func update(buffer input: UnsafeRawBufferPointer) {
        guard var p = input.baseAddress, !input.isEmpty else { return }
        length &+= UInt64(input.count)
        var remaining = input.count
        // Top up a partial block first.
        if buffered > 0 {
            let take = min(64 - buffered, remaining)
            let at = buffered
            withUnsafeMutableBytes(of: &block) { $0.baseAddress!.advanced(by: at).copyMemory(from: p, byteCount: take) }
            buffered += take
            p += take
            remaining -= take
            guard buffered == 64 else { return }
            let full = block
            withUnsafeBytes(of: full) { compress($0.baseAddress!, blocks: 1) }
            buffered = 0
        }
        // Whole blocks straight from the input.
        let whole = remaining / 64
        if whole > 0 {
            compress(p, blocks: whole)
            p += whole * 64
            remaining -= whole * 64
        }
        if remaining > 0 {
            withUnsafeMutableBytes(of: &block) { $0.baseAddress!.copyMemory(from: p, byteCount: remaining) }
            buffered = remaining
        }
    }

    /// The 32-byte digest of everything fed.
    public func finalize() -> [UInt8] {
        var copy = self
        let bitLength = length &* 8
        // 0x80, zeros up to 56 bytes into a block, then the length in bits (big-endian).
        var padding: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0, 0)
        let zeros = buffered < 56 ? 55 - buffered : 119 - buffered
        withUnsafeMutableBytes(of: &padding) { pad in
            pad[0] = 0x80
            pad.storeBytes(of: bitLength.bigEndian, toByteOffset: 1 + zeros, as: UInt64.self)
            copy.update(buffer: UnsafeRawBufferPointer(rebasing: pad[0..<(9 + zeros)]))
        }
        var out: [UInt8] = []
        out.reserveCapacity(32)
        for word in [copy.h0, copy.h1, copy.h2, copy.h3, copy.h4, copy.h5, copy.h6, copy.h7] {
            out.append(UInt8(truncatingIfNeeded: word >> 24))
            out.append(UInt8(truncatingIfNeeded: word >> 16))
            out.append(UInt8(truncatingIfNeeded: word >> 8))
            out.append(UInt8(truncatingIfNeeded: word))
        }
        return out
    }

    /// The digest of `bytes`.
    public static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// The digest of `bytes` as 64 lower-case hex digits.
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for byte in hash(bytes) {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Hashes `blocks` whole 64-byte blocks at `data` into the state.
    private mutating func compress(_ data: UnsafeRawPointer, blocks: Int) {
        guard accelerated else { return compressPortably(data, blocks: blocks) }
        var state = (h0, h1, h2, h3, h4, h5, h6, h7)
        withUnsafeMutableBytes(of: &state) { words in
            larder_sha256_blocks(words.baseAddress!.assumingMemoryBound(to: UInt32.self), data.assumingMemoryBound(to: UInt8.self), blocks)
        }
        (h0, h1, h2, h3, h4, h5, h6, h7) = state
    }

    /// ``compress(_:blocks:)`` in Swift, for every processor.
    private mutating func compressPortably(_ data: UnsafeRawPointer, blocks: Int) {
        var a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7
        var block = data
        for _ in 0..<blocks {
            let sa = a, sb = b, sc = c, sd = d, se = e, sf = f, sg = g, sh = h
            // The message schedule lives in 16 words, each round computing the one it uses.
            var w0 = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
            round(a, b, c, &d, e, f, g, &h, 0x428a2f98, w0)
            var w1 = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
            round(h, a, b, &c, d, e, f, &g, 0x71374491, w1)
            var w2 = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
            round(g, h, a, &b, c, d, e, &f, 0xb5c0fbcf, w2)
            var w3 = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
            round(f, g, h, &a, b, c, d, &e, 0xe9b5dba5, w3)
            var w4 = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 16, as: UInt32.self))
            round(e, f, g, &h, a, b, c, &d, 0x3956c25b, w4)
            var w5 = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 20, as: UInt32.self))
            round(d, e, f, &g, h, a, b, &c, 0x59f111f1, w5)
            var w6 = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 24, as: UInt32.self))
            round(c, d, e, &f, g, h, a, &b, 0x923f82a4, w6)
            var w7 = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 28, as: UInt32.self))
            round(b, c, d, &e, f, g, h, &a, 0xab1c5ed5, w7)
            var w8 = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 32, as: UInt32.self))
            round(a, b, c, &d, e, f, g, &h, 0xd807aa98, w8)
            var w9 = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 36, as: UInt32.self))
            round(h, a, b, &c, d, e, f, &g, 0x12835b01, w9)
            var w10 = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 40, as: UInt32.self))
            round(g, h, a, &b, c, d, e, &f, 0x243185be, w10)
            var w11 = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 44, as: UInt32.self))
            round(f, g, h, &a, b, c, d, &e, 0x550c7dc3, w11)
            var w12 = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 48, as: UInt32.self))
            round(e, f, g, &h, a, b, c, &d, 0x72be5d74, w12)
            var w13 = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 52, as: UInt32.self))
            round(d, e, f, &g, h, a, b, &c, 0x80deb1fe, w13)
            var w14 = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 56, as: UInt32.self))
            round(c, d, e, &f, g, h, a, &b, 0x9bdc06a7, w14)
            var w15 = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 60, as: UInt32.self))
            round(b, c, d, &e, f, g, h, &a, 0xc19bf174, w15)
            w0 = w0 &+ σ1(w14) &+ w9 &+ σ0(w1)
            round(a, b, c, &d, e, f, g, &h, 0xe49b69c1, w0)
            w1 = w1 &+ σ1(w15) &+ w10 &+ σ0(w2)
            round(h, a, b, &c, d, e, f, &g, 0xefbe4786, w1)
            w2 = w2 &+ σ1(w0) &+ w11 &+ σ0(w3)
            round(g, h, a, &b, c, d, e, &f, 0x0fc19dc6, w2)
            w3 = w3 &+ σ1(w1) &+ w12 &+ σ0(w4)
            round(f, g, h, &a, b, c, d, &e, 0x240ca1cc, w3)
            w4 = w4 &+ σ1(w2) &+ w13 &+ σ0(w5)
            round(e, f, g, &h, a, b, c, &d, 0x2de92c6f, w4)
            w5 = w5 &+ σ1(w3) &+ w14 &+ σ0(w6)
            round(d, e, f, &g, h, a, b, &c, 0x4a7484aa, w5)
            w6 = w6 &+ σ1(w4) &+ w15 &+ σ0(w7)
            round(c, d, e, &f, g, h, a, &b, 0x5cb0a9dc, w6)
            w7 = w7 &+ σ1(w5) &+ w0 &+ σ0(w8)
            round(b, c, d, &e, f, g, h, &a, 0x76f988da, w7)
            w8 = w8 &+ σ1(w6) &+ w1 &+ σ0(w9)
            round(a, b, c, &d, e, f, g, &h, 0x983e5152, w8)
            w9 = w9 &+ σ1(w7) &+ w2 &+ σ0(w10)
            round(h, a, b, &c, d, e, f, &g, 0xa831c66d, w9)
            w10 = w10 &+ σ1(w8) &+ w3 &+ σ0(w11)
            round(g, h, a, &b, c, d, e, &f, 0xb00327c8, w10)
            w11 = w11 &+ σ1(w9) &+ w4 &+ σ0(w12)
            round(f, g, h, &a, b, c, d, &e, 0xbf597fc7, w11)
            w12 = w12 &+ σ1(w10) &+ w5 &+ σ0(w13)
            round(e, f, g, &h, a, b, c, &d, 0xc6e00bf3, w12)
            w13 = w13 &+ σ1(w11) &+ w6 &+ σ0(w14)
            round(d, e, f, &g, h, a, b, &c, 0xd5a79147, w13)
            w14 = w14 &+ σ1(w12) &+ w7 &+ σ0(w15)
            round(c, d, e, &f, g, h, a, &b, 0x06ca6351, w14)
            w15 = w15 &+ σ1(w13) &+ w8 &+ σ0(w0)
            round(b, c, d, &e, f, g, h, &a, 0x14292967, w15)
            w0 = w0 &+ σ1(w14) &+ w9 &+ σ0(w1)
            round(a, b, c, &d, e, f, g, &h, 0x27b70a85, w0)
            w1 = w1 &+ σ1(w15) &+ w10 &+ σ0(w2)
            round(h, a, b, &c, d, e, f, &g, 0x2e1b2138, w1)
            w2 = w2 &+ σ1(w0) &+ w11 &+ σ0(w3)
            round(g, h, a, &b, c, d, e, &f, 0x4d2c6dfc, w2)
            w3 = w3 &+ σ1(w1) &+ w12 &+ σ0(w4)
            round(f, g, h, &a, b, c, d, &e, 0x53380d13, w3)
            w4 = w4 &+ σ1(w2) &+ w13 &+ σ0(w5)
            round(e, f, g, &h, a, b, c, &d, 0x650a7354, w4)
            w5 = w5 &+ σ1(w3) &+ w14 &+ σ0(w6)
            round(d, e, f, &g, h, a, b, &c, 0x766a0abb, w5)
            w6 = w6 &+ σ1(w4) &+ w15 &+ σ0(w7)
            round(c, d, e, &f, g, h, a, &b, 0x81c2c92e, w6)
            w7 = w7 &+ σ1(w5) &+ w0 &+ σ0(w8)
            round(b, c, d, &e, f, g, h, &a, 0x92722c85, w7)
            w8 = w8 &+ σ1(w6) &+ w1 &+ σ0(w9)
            round(a, b, c, &d, e, f, g, &h, 0xa2bfe8a1, w8)
            w9 = w9 &+ σ1(w7) &+ w2 &+ σ0(w10)
            round(h, a, b, &c, d, e, f, &g, 0xa81a664b, w9)
            w10 = w10 &+ σ1(w8) &+ w3 &+ σ0(w11)
            round(g, h, a, &b, c, d, e, &f, 0xc24b8b70, w10)
            w11 = w11 &+ σ1(w9) &+ w4 &+ σ0(w12)
            round(f, g, h, &a, b, c, d, &e, 0xc76c51a3, w11)
            w12 = w12 &+ σ1(w10) &+ w5 &+ σ0(w13)
            round(e, f, g, &h, a, b, c, &d, 0xd192e819, w12)
            w13 = w13 &+ σ1(w11) &+ w6 &+ σ0(w14)
            round(d, e, f, &g, h, a, b, &c, 0xd6990624, w13)
            w14 = w14 &+ σ1(w12) &+ w7 &+ σ0(w15)
            round(c, d, e, &f, g, h, a, &b, 0xf40e3585, w14)
            w15 = w15 &+ σ1(w13) &+ w8 &+ σ0(w0)
            round(b, c, d, &e, f, g, h, &a, 0x106aa070, w15)
            w0 = w0 &+ σ1(w14) &+ w9 &+ σ0(w1)
            round(a, b, c, &d, e, f, g, &h, 0x19a4c116, w0)
            w1 = w1 &+ σ1(w15) &+ w10 &+ σ0(w2)
            round(h, a, b, &c, d, e, f, &g, 0x1e376c08, w1)
            w2 = w2 &+ σ1(w0) &+ w11 &+ σ0(w3)
            round(g, h, a, &b, c, d, e, &f, 0x2748774c, w2)
            w3 = w3 &+ σ1(w1) &+ w12 &+ σ0(w4)
            round(f, g, h, &a, b, c, d, &e, 0x34b0bcb5, w3)
            w4 = w4 &+ σ1(w2) &+ w13 &+ σ0(w5)
            round(e, f, g, &h, a, b, c, &d, 0x391c0cb3, w4)
            w5 = w5 &+ σ1(w3) &+ w14 &+ σ0(w6)
            round(d, e, f, &g, h, a, b, &c, 0x4ed8aa4a, w5)
            w6 = w6 &+ σ1(w4) &+ w15 &+ σ0(w7)
            round(c, d, e, &f, g, h, a, &b, 0x5b9cca4f, w6)
            w7 = w7 &+ σ1(w5) &+ w0 &+ σ0(w8)
            round(b, c, d, &e, f, g, h, &a, 0x682e6ff3, w7)
            w8 = w8 &+ σ1(w6) &+ w1 &+ σ0(w9)
            round(a, b, c, &d, e, f, g, &h, 0x748f82ee, w8)
            w9 = w9 &+ σ1(w7) &+ w2 &+ σ0(w10)
            round(h, a, b, &c, d, e, f, &g, 0x78a5636f, w9)
            w10 = w10 &+ σ1(w8) &+ w3 &+ σ0(w11)
            round(g, h, a, &b, c, d, e, &f, 0x84c87814, w10)
            w11 = w11 &+ σ1(w9) &+ w4 &+ σ0(w12)
            round(f, g, h, &a, b, c, d, &e, 0x8cc70208, w11)
            w12 = w12 &+ σ1(w10) &+ w5 &+ σ0(w13)
            round(e, f, g, &h, a, b, c, &d, 0x90befffa, w12)
            w13 = w13 &+ σ1(w11) &+ w6 &+ σ0(w14)
            round(d, e, f, &g, h, a, b, &c, 0xa4506ceb, w13)
            w14 = w14 &+ σ1(w12) &+ w7 &+ σ0(w15)
            round(c, d, e, &f, g, h, a, &b, 0xbef9a3f7, w14)
            w15 = w15 &+ σ1(w13) &+ w8 &+ σ0(w0)
            round(b, c, d, &e, f, g, h, &a, 0xc67178f2, w15)
            a = a &+ sa; b = b &+ sb; c = c &+ sc; d = d &+ sd
            e = e &+ se; f = f &+ sf; g = g &+ sg; h = h &+ sh
            block += 64
        }
        h0 = a; h1 = b; h2 = c; h3 = d; h4 = e; h5 = f; h6 = g; h7 = h
    }
}

@inline(__always) private func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x &>> n) | (x &<< (32 &- n)) }
@inline(__always) private func Σ0(_ x: UInt32) -> UInt32 { rotr(x, 2) ^ rotr(x, 13) ^ rotr(x, 22) }
@inline(__always) private func Σ1(_ x: UInt32) -> UInt32 { rotr(x, 6) ^ rotr(x, 11) ^ rotr(x, 25) }
@inline(__always) private func σ0(_ x: UInt32) -> UInt32 { rotr(x, 7) ^ rotr(x, 18) ^ (x &>> 3) }
@inline(__always) private func σ1(_ x: UInt32) -> UInt32 { rotr(x, 17) ^ rotr(x, 19) ^ (x &>> 10) }

/// One round: `d` and `h` take their new values; the caller renames the eight words for the
/// next round instead of moving them.
@inline(__always) private func round(
    _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
    _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32, _ k: UInt32, _ w: UInt32
) {
    let t1 = h &+ Σ1(e) &+ ((e & f) ^ (~e & g)) &+ k &+ w
    d = d &+ t1
    h = t1 &+ Σ0(a) &+ ((a & b) ^ (a & c) ^ (b & c))
}
