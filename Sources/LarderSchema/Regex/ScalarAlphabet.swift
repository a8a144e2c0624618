/// The code points split into classes that no set of a pattern tells apart: the automata
/// read one class per character instead of one byte, so `\p{L}{1,100}` needs a hundred
/// states, not a hundred copies of a UTF-8 trie.
///
/// ASCII characters find their class in a 128-entry table; other code points by binary
/// search over the interval starts (or not at all when every non-ASCII code point falls
/// in the same class, as for ASCII-only patterns).
struct ScalarAlphabet: Sendable {
    /// The number of classes.
    let classCount: Int
    /// The class of each ASCII code point.
    let asciiClass: [Int32]
    /// Starts of the intervals at or above 0x80 (sorted; the first is 0x80) ...
    let starts: [UInt32]
    /// ... and the class of each interval.
    let intervalClass: [Int32]
    /// The class of every non-ASCII code point when they all share one.
    let uniformNonASCIIClass: Int32?
    /// Whether the code points of each class are `\w` word characters.
    let isWordClass: [Bool]
    /// For each set given to `init`, whether each class belongs to it:
    /// `membership[set * classCount + class]`.
    let membership: [Bool]

    /// Builds the classes that separate every set of `sets`.
    init(sets: [ScalarSet]) {
        // Interval boundaries.
        var points: Set<UInt32> = [0, 0x80, 0x110000]
        for set in sets {
            for range in set.ranges {
                points.insert(range.lowerBound)
                points.insert(range.upperBound + 1)
            }
        }
        let bounds = points.sorted()
        let intervalCount = bounds.count - 1
        func interval(startingAt value: UInt32) -> Int {
            var low = 0
            var high = bounds.count
            while low < high {
                let mid = (low + high) / 2
                if bounds[mid] < value { low = mid + 1 } else { high = mid }
            }
            return low
        }
        // Which sets each interval belongs to.
        var signatures = [[Int32]](repeating: [], count: intervalCount)
        for (index, set) in sets.enumerated() {
            for range in set.ranges {
                for position in interval(startingAt: range.lowerBound)..<interval(startingAt: range.upperBound + 1) {
                    signatures[position].append(Int32(index))
                }
            }
        }
        var classOfSignature: [[Int32]: Int32] = [:]
        var intervalClasses: [Int32] = []
        var representatives: [UInt32] = []
        for position in 0..<intervalCount {
            if let known = classOfSignature[signatures[position]] {
                intervalClasses.append(known)
            } else {
                let id = Int32(representatives.count)
                classOfSignature[signatures[position]] = id
                intervalClasses.append(id)
                representatives.append(bounds[position])
            }
        }
        classCount = representatives.count

        var ascii = [Int32](repeating: 0, count: 128)
        var starts: [UInt32] = []
        var classes: [Int32] = []
        for position in 0..<intervalCount {
            let low = bounds[position]
            let high = bounds[position + 1]
            if low < 0x80 {
                for value in low..<min(high, 0x80) { ascii[Int(value)] = intervalClasses[position] }
            } else if classes.last != intervalClasses[position] {
                starts.append(low)
                classes.append(intervalClasses[position])
            }
        }
        asciiClass = ascii
        self.starts = starts
        intervalClass = classes
        uniformNonASCIIClass = Set(classes).count == 1 ? classes[0] : nil
        isWordClass = representatives.map(ScalarSet.isWordScalar)

        var membership = [Bool](repeating: false, count: sets.count * classCount)
        for (index, set) in sets.enumerated() {
            for (id, representative) in representatives.enumerated() where set.contains(representative) {
                membership[index * classCount + id] = true
            }
        }
        self.membership = membership
    }

    /// The class of a code point at or above 0x80.
    @inline(__always)
    func nonASCIIClass(_ scalar: UInt32) -> Int {
        if let uniform = uniformNonASCIIClass { return Int(uniform) }
        var low = 0
        var high = starts.count
        while high - low > 1 {
            let mid = (low + high) / 2
            if starts[mid] <= scalar { low = mid } else { high = mid }
        }
        return Int(intervalClass[low])
    }

    /// Reads the character at `index` of valid UTF-8 `bytes`, advances `index` past it and
    /// returns its class.
    @inline(__always)
    func nextClass(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Int {
        let lead = bytes[index]
        if lead < 0x80 {
            index += 1
            return Int(asciiClass[Int(lead)])
        }
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        if let uniform = uniformNonASCIIClass {
            index = min(index + length, bytes.count)
            return Int(uniform)
        }
        var scalar: UInt32
        switch length {
        case 2: scalar = UInt32(lead & 0x1F)
        case 3: scalar = UInt32(lead & 0x0F)
        default: scalar = UInt32(lead & 0x07)
        }
        let end = min(index + length, bytes.count)
        var position = index + 1
        while position < end {
            scalar = scalar << 6 | UInt32(bytes[position] & 0x3F)
            position += 1
        }
        index = end
        return nonASCIIClass(scalar)
    }
}
