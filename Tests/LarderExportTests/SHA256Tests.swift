import Testing
@testable import LarderExport

@Suite struct SHA256Tests {
    /// FIPS 180-4 / NIST example vectors.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
        ("The quick brown fox jumps over the lazy dog", "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592"),
    ])
    func knownVectors(_ input: String, _ digest: String) {
        #expect(SHA256.hex(Array(input.utf8)) == digest)
    }

    @Test func millionAs() {
        #expect(SHA256.hex(repeatElement(UInt8(ascii: "a"), count: 1_000_000))
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Lengths around the 55/56/64-byte padding boundaries, fed in one piece or in chunks.
    @Test func paddingBoundariesAndChunking() {
        let expected: [Int: String] = [
            55: "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318",
            56: "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a",
            64: "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb",
        ]
        for (length, digest) in expected {
            let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
            #expect(SHA256.hex(bytes) == digest, "length \(length)")
            var hasher = SHA256()
            for chunk in stride(from: 0, to: length, by: 7) { hasher.update(bytes[chunk..<min(chunk + 7, length)]) }
            #expect(hasher.finalize() == SHA256.hash(bytes))
        }
    }
}

@Suite struct SHA256StreamingTests {
    static let input: [UInt8] = (0..<200).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }

    /// Two updates split at every offset of a four-block input give the one-shot digest.
    @Test func splitAtEveryOffset() {
        let whole = SHA256.hash(Self.input)
        for split in 0...Self.input.count {
            var hasher = SHA256()
            hasher.update(Self.input[..<split])
            hasher.update(Self.input[split...])
            #expect(hasher.finalize() == whole, "split at \(split)")
        }
    }

    /// Three updates split at every pair of offsets, and byte-by-byte feeding.
    @Test func threePiecesAndSingleBytes() {
        let bytes = Array(Self.input.prefix(140))
        let whole = SHA256.hash(bytes)
        for i in 0...bytes.count {
            for j in i...bytes.count {
                var hasher = SHA256()
                hasher.update(bytes[..<i])
                hasher.update(bytes[i..<j])
                hasher.update(bytes[j...])
                #expect(hasher.finalize() == whole, "split at \(i) and \(j)")
            }
        }
        var single = SHA256()
        for byte in bytes { single.update(CollectionOfOne(byte)) }
        #expect(single.finalize() == whole)
    }

    /// A sequence without contiguous storage, and finalize leaving the hasher as it was.
    @Test func otherSequencesAndFinalizeTwice() {
        let bytes = Self.input
        #expect(SHA256.hash(bytes.lazy.map { $0 }) == SHA256.hash(bytes))
        var hasher = SHA256()
        hasher.update(bytes[..<100])
        let first = hasher.finalize()
        #expect(hasher.finalize() == first)
        #expect(first == SHA256.hash(bytes[..<100]))
        hasher.update(bytes[100...])
        #expect(hasher.finalize() == SHA256.hash(bytes))
    }
}

@Suite struct SHA256AcceleratedTests {
    /// The processor's SHA instructions and the portable rounds give the same digests, for
    /// lengths around block boundaries and for inputs of many blocks fed in uneven pieces.
    @Test(.enabled(if: SHA256.processorHasSHA, "only the portable rounds run on a processor without the SHA extensions"))
    func bothWaysAgree() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed >> 33
        }
        for length in Array(0...200) + [1_000, 4_096, 65_537, 1_000_003] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: next()) }
            var fast = SHA256()
            var portable = SHA256()
            portable.accelerated = false
            var at = 0
            while at < length {
                let piece = min(length - at, Int(next() % 300))
                fast.update(bytes[at..<at + piece])
                portable.update(bytes[at..<at + piece])
                at += piece
            }
            #expect(fast.finalize() == portable.finalize(), "length \(length)")
        }
    }
}
