import Foundation
import LarderJSON

/// A compiled schema: a flat array of nodes, each a list of keyword operations with their
/// operands decoded once. Subschemas are indices into ``nodes``; `$ref` is an index too,
/// so cycles through `$ref` cost nothing to represent.
/// A compiled program behind a reference, so a validator copies one pointer, not the tables.
final class ProgramBox: Sendable {
    let program: Program
    init(_ program: Program) { self.program = program }
}

struct Program: Sendable {
    var nodes: [SchemaNode] = []
    /// Where each node is (absolute URI and pointer), for error locations.
    var locations: [(base: String, pointer: String)] = []
    /// The schema documents compiled (the root's first, then those `$ref`s loaded), and each
    /// node's place in them: only annotating evaluations read them (``Evaluator/annotating``),
    /// to find a node's annotation keywords (`title`, `default`, unknown keywords).
    var sources: [JSONDocument] = []
    var sourceNodes: [Loc] = []
    /// The operations of all nodes; node `n` runs `ops[nodes[n].opStart..<nodes[n].opEnd]`.
    var ops: [Op] = []
    /// UTF-8 bytes of property names, `required` keys and `enum` strings.
    var bytes: [UInt8] = []
    /// Names and other text for messages.
    var strings: [String] = []
    var numbers: [NumberCheck] = []
    var exactNumbers: [JSONNumber] = []
    var constants: [Constant] = []
    /// The JSON text of each `const` value in ``strings`` (-1 for `enum` members).
    var constantDisplay: [Int32] = []
    var enums: [EnumSet] = []
    /// The hash tables of large enums' strings (``EnumSet/tableStart``).
    var enumSlots: [Int32] = []
    var regexes: [CompiledPattern] = []
    /// The regexes again, as references (strong here, unretained in ``patternRefs``).
    var patternBoxes: [PatternBox] = []
    var patternRefs: [Unmanaged<PatternBox>] = []
    var lists: [Int32] = []
    var properties: [PropertyEntry] = []
    var objects: [ObjectOp] = []
    var patternProperties: [(regex: Int32, schema: Int32)] = []
    var items: [ItemsOp] = []
    var contains: [ContainsOp] = []
    var conditionals: [ConditionalOp] = []
    /// `dependentRequired` groups: a range of ``dependentRequired``.
    var dependentGroups: [(first: Int32, count: Int32)] = []
    /// One key and the range of ``byteSlices`` it requires.
    var dependentRequired: [(key: ByteSlice, first: Int32, count: Int32)] = []
    /// `dependentSchemas` groups: a range of ``dependentSchemas``.
    var dependentSchemaGroups: [(first: Int32, count: Int32)] = []
    var dependentSchemas: [(key: ByteSlice, schema: Int32)] = []
    var byteSlices: [ByteSlice] = []
    var dynamicRefs: [DynamicRefOp] = []
    var resources: [ResourceInfo] = []
    /// True when some node needs the dynamic scope (`$dynamicRef`, `$recursiveRef`).
    var usesDynamicScope = false
    var root: Int32 = 0
}

/// A run of bytes in ``Program/bytes``, with the decoded text's index in ``Program/strings``.
struct ByteSlice: Sendable {
    var start: Int32
    var count: Int32
    var name: Int32
    /// The first eight bytes (zero-padded) as a little-endian integer: most keys differ there.
    var prefix: UInt64
}

/// The first `min(8, count)` bytes at `p` as a little-endian integer, zero-padded.
@inline(__always)
func loadPrefix(_ p: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
    if count >= 8 { return UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)) }
    var v: UInt64 = 0
    var j = 0
    while j < count {
        v |= UInt64(p[j]) << UInt64(8 * j)
        j += 1
    }
    return v
}

struct SchemaNode: Sendable {
    var opStart: Int32 = 0
    var opEnd: Int32 = 0
    /// The schema resource the node belongs to (for the dynamic scope).
    var resource: Int32 = 0
    /// The node is the schema `false` (its only operation fails).
    var isFalse = false
    /// The node has `unevaluatedProperties` or `unevaluatedItems`, so it collects what its
    /// subschemas evaluated.
    var tracksEvaluation = false
    /// Draft of the node's resource (for messages and keyword semantics).
    var draft: SchemaDraft = .draft2020_12
    /// The node the quiet path evaluates instead: a node that is only a `$ref` is skipped.
    var fastTarget: Int32 = 0
    /// The node can lead back to itself through its subschemas (a recursive schema such as
    /// a tree), and is not only a `$ref`: the evaluator remembers its result for each
    /// instance value (``Evaluator/remembered``), so branches that go down the same subtree
    /// (`oneOf: [folder, group]`, both with `children`) do not double the work at each level.
    var isRecursive = false
    /// The node only checks a scalar value (type, bounds, lengths, enum, one pattern): the
    /// quiet path runs ``leaf`` inline instead of its operations.
    var isLeaf = false
    var leaf = LeafCheck()
}

/// The checks of a schema that only looks at a scalar value, decoded for straight-line code.
struct LeafCheck: Sendable {
    var types = TypeSet()
    var draft4Integers = false
    var minLength: Int32 = -1
    var maxLength: Int32 = -1
    var enumeration: Int32 = -1
    var pattern: Int32 = -1
    /// Up to two of minimum/maximum/exclusive* (indices into ``Program/numbers``).
    var number0: Int32 = -1
    var number1: Int32 = -1

    /// The leaf form of `ops`, or nil when one of them needs the general loop.
    static func make(_ ops: ArraySlice<Op>) -> LeafCheck? {
        var leaf = LeafCheck()
        var numbers: [Int32] = []
        for op in ops {
            switch op {
            case .type(let set, let d4):
                guard leaf.types.isEmpty else { return nil }
                leaf.types = set
                leaf.draft4Integers = d4
            case .minLength(let n):
                guard leaf.minLength < 0, n < Int(Int32.max) else { return nil }
                leaf.minLength = Int32(n)
            case .maxLength(let n):
                guard leaf.maxLength < 0 else { return nil }
                leaf.maxLength = Int32(min(n, Int(Int32.max)))
            case .enumeration(let e):
                guard leaf.enumeration < 0 else { return nil }
                leaf.enumeration = e
            case .pattern(let r):
                guard leaf.pattern < 0 else { return nil }
                leaf.pattern = r
            case .number(let c):
                numbers.append(c)
            default:
                return nil
            }
        }
        guard numbers.count <= 2 else { return nil }
        if numbers.count > 0 { leaf.number0 = numbers[0] }
        if numbers.count > 1 { leaf.number1 = numbers[1] }
        return leaf
    }

    init() {}
}

/// The JSON types `type` can name; `integer` is its own bit.
struct TypeSet: OptionSet, Sendable, Hashable {
    var rawValue: UInt8
    static let null = TypeSet(rawValue: 1)
    static let boolean = TypeSet(rawValue: 2)
    static let integer = TypeSet(rawValue: 4)
    static let number = TypeSet(rawValue: 8)
    static let string = TypeSet(rawValue: 16)
    static let array = TypeSet(rawValue: 32)
    static let object = TypeSet(rawValue: 64)

    static func named(_ name: String) -> TypeSet? {
        switch name {
        case "null": .null
        case "boolean": .boolean
        case "integer": .integer
        case "number": .number
        case "string": .string
        case "array": .array
        case "object": .object
        default: nil
        }
    }

    var names: [String] {
        var out: [String] = []
        if contains(.boolean) { out.append("boolean") }
        if contains(.integer) { out.append("integer") }
        if contains(.number) { out.append("number") }
        if contains(.string) { out.append("string") }
        if contains(.array) { out.append("array") }
        if contains(.object) { out.append("object") }
        if contains(.null) { out.append("null") }
        return out
    }
}

extension TypeSet {
    /// Whether the value at `i` (of kind `kind`) has one of these types. `1.0` is an
    /// integer, except under draft 4, where a literal with a decimal point is not.
    @inline(__always)
    func matches(_ kind: JSONKind, _ i: Int, in doc: JSONDocument, draft4: Bool) -> Bool {
        switch kind {
        case .null: return contains(.null)
        case .true, .false: return contains(.boolean)
        case .number:
            if contains(.number) { return true }
            guard contains(.integer) else { return false }
            if doc.isIntegerLiteral(i) { return true }
            // Draft 4: "a JSON number without a fraction or exponent part" (1.0 and 1e2 are not).
            if draft4 { return !doc.numberLiteral(i).contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) && doc.isInteger(i) }
            return doc.isInteger(i)
        case .string: return contains(.string)
        case .array: return contains(.array)
        case .object: return contains(.object)
        }
    }
}

/// One keyword, compiled. Payloads are small (indices into the program's side tables) so
/// the array of operations stays dense.
enum Op: Sendable {
    case falseSchema
    case type(TypeSet, draft4Integers: Bool)
    case constant(Int32)
    case enumeration(Int32)
    case number(Int32)
    case multipleOf(Int32)
    case minLength(Int)
    case maxLength(Int)
    case pattern(Int32)
    /// The format's name in ``Program/strings``.
    case format(Int32)
    case minItems(Int)
    case maxItems(Int)
    case uniqueItems
    case items(Int32)
    case contains(Int32)
    case object(Int32)
    case minProperties(Int)
    case maxProperties(Int)
    case propertyNames(Int32)
    case dependentRequired(Int32)
    case dependentSchemas(Int32)
    /// A range of ``Program/lists``.
    case allOf(first: Int32, count: Int32)
    case anyOf(first: Int32, count: Int32)
    case oneOf(first: Int32, count: Int32)
    case not(Int32)
    case conditional(Int32)
    case ref(Int32)
    case dynamicRef(Int32)
    case recursiveRef(Int32)
    case unevaluatedProperties(Int32)
    case unevaluatedItems(Int32)
    /// Draft 7 `contentEncoding: base64` and/or `contentMediaType: application/json`.
    case content(base64: Bool, json: Bool)
}

/// `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, and `multipleOf`'s operand.
struct NumberCheck: Sendable {
    enum Kind: UInt8, Sendable { case minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf }
    var kind: Kind
    var value: Double
    /// The operand is exactly `value`; otherwise ``Program/exactNumbers`` at the same index
    /// decides.
    var isExact: Bool
    /// The operand is an integer that fits in Int (fast `multipleOf`).
    var intValue: Int?
}

/// A `const` or `enum` value, pre-decoded for comparison against the tape.
indirect enum Constant: Sendable {
    case null
    case bool(Bool)
    case number(Double, JSONNumber, exact: Bool)
    case string([UInt8])
    case array([Constant])
    case object([(key: [UInt8], value: Constant)])
}

struct EnumSet: Sendable {
    /// The string values (fast path for string instances): a range of ``Program/byteSlices``.
    var firstString: Int32
    var stringCount: Int32
    /// The other values: a range of ``Program/constants``.
    var firstOther: Int32
    var otherCount: Int32
    /// The values as JSON text, for messages (index into ``Program/strings``).
    var display: Int32
    /// For an enum of ``EnumSet/hashedFrom`` strings or more, a hash table of them: slots
    /// `tableStart ... tableStart + tableMask` of ``Program/enumSlots``, each the index of a
    /// ``Program/byteSlices`` entry or -1. A table lists the code of a long list of
    /// ingredients or countries in one probe rather than a scan (10,000 values against
    /// 100,000 instances took 0.86 s, scanned). -1: no table.
    var tableStart: Int32 = 0
    var tableMask: Int32 = -1

    /// The fewest strings an enum has a hash table for; below this a scan, which compares
    /// eight bytes at a time, is as fast.
    static let hashedFrom = 16
}

/// The hash of a string's UTF-8 bytes that enum tables are keyed by (FNV-1a, 64 bits).
@inline(__always)
func enumHash(_ p: UnsafePointer<UInt8>?, _ count: Int) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    var j = 0
    while j < count {
        h = (h ^ UInt64(p![j])) &* 0x100_0000_01b3
        j += 1
    }
    return h ^ (h >> 29)
}

struct CompiledPattern: Sendable {
    var regex: ECMARegex
    var source: String

    /// The pattern as messages quote it: every failing value repeats it, so a very long
    /// pattern is cut short (its keyword location still names it whole).
    var shown: String {
        source.utf8.count <= 200 ? source : String(source.prefix(197)) + "..."
    }
}

/// What searching a value with a schema's pattern found.
enum PatternOutcome {
    case matched
    case notMatched
    /// The backtracking engine ran out of its steps on this value.
    case tooLong
    /// The pattern had run out of steps on ``PatternBox/givenUpAfter`` values before, and
    /// this value needs more than the few steps it is now given.
    case givenUp
}

/// A regex behind a reference that the quiet path reaches without reference counting: the
/// program keeps the strong references in ``Program/patternBoxes``, the evaluator borrows
/// them through ``Program/patternRefs``, so threads sharing a schema never write to the
/// same reference counts while matching.
///
/// A backtracking pattern that runs out of steps on one value usually does on many (a
/// catastrophic pattern against 20,000 similar strings took 94 s, a few milliseconds each).
/// Its budget is therefore shared by every validation with the schema: once it has run
/// out on ``givenUpAfter`` values, it is given up, and each later value gets only
/// ``stepsWhenGivenUp(length:)`` steps, enough for an ordinary value to match or not as
/// before; a value that needs more is rejected at once (``PatternOutcome/givenUp``).
///
/// With documents validated in parallel, which values are the first to run out (and so
/// are reported as taking too long rather than as given up) depends on timing, and a value
/// needing between ``stepsWhenGivenUp(length:)`` and the full budget is accepted before the pattern
/// is given up and rejected after. Validation on one thread is deterministic.
final class PatternBox: @unchecked Sendable {
    let regex: ECMARegex
    /// The pattern runs on the backtracking engine (others never run out of steps).
    let canRunOut: Bool
    /// After running out of steps on this many values, a pattern is given up.
    static let givenUpAfter = 8
    /// The steps a given-up pattern may take on one value: a few thousand, or 64 a byte of
    /// a longer value (an ordinary match takes steps in proportion to the value's length;
    /// a catastrophic one, exponentially many).
    static let stepsWhenGivenUp = 2_000
    static func stepsWhenGivenUp(length: Int) -> Int { max(stepsWhenGivenUp, 64 * length) }
    /// Guards ``ranOut``, which validations on several threads update.
    private let lock = NSLock()
    /// On how many values the pattern ran out of steps.
    private var ranOut = 0

    init(_ regex: ECMARegex) {
        self.regex = regex
        self.canRunOut = regex.engineName == "backtracking"
    }

    /// Searches a string's UTF-8 bytes; nil when the regex ran out of budget or was given up.
    @inline(never)
    func search(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        if !canRunOut {
            do {
                return try regex.search(utf8: bytes)
            } catch {
                return nil
            }
        }
        switch outcome(utf8: bytes) {
        case .matched: return true
        case .notMatched: return false
        case .tooLong, .givenUp: return nil
        }
    }

    /// Searches a string's UTF-8 bytes, saying why there is no answer.
    @inline(never)
    func outcome(utf8 bytes: UnsafeBufferPointer<UInt8>) -> PatternOutcome {
        let givenUp = canRunOut && lock.withLock { ranOut >= Self.givenUpAfter }
        do {
            let budget = givenUp ? min(regex.stepBudget, Self.stepsWhenGivenUp(length: bytes.count)) : regex.stepBudget
            return try regex.search(utf8: bytes, stepBudget: budget) ? .matched : .notMatched
        } catch {
            if givenUp { return .givenUp }
            lock.withLock { ranOut += 1 }
            return .tooLong
        }
    }
}

struct PropertyEntry: Sendable {
    var key: ByteSlice
    /// The subschema, or -1 when the key is only required.
    var schema: Int32
    /// The bit of the key among `required`, or -1.
    var requiredBit: Int32
}

/// `properties`, `patternProperties`, `additionalProperties` and `required` of one schema,
/// checked in one pass over the instance's members.
struct ObjectOp: Sendable {
    /// A range of ``Program/properties``.
    var firstProperty: Int32 = 0
    var propertyCount: Int32 = 0
    /// A range of ``Program/patternProperties``.
    var firstPattern: Int32 = 0
    var patternCount: Int32 = 0
    /// `additionalProperties`, or -1.
    var additional: Int32 = -1
    /// How many keys `required` lists (each has a bit, when at most 64).
    var requiredCount: Int32 = 0
    /// `required` keys in schema order: a range of ``Program/byteSlices``.
    var firstRequired: Int32 = 0
    /// The schema does not list more than 64 required keys (the fast bit-mask path).
    var requiredFits = true
}

struct ItemsOp: Sendable {
    /// A range of ``Program/lists``.
    var firstPrefix: Int32 = 0
    var prefixCount: Int32 = 0
    /// The schema for items after the prefix, or -1.
    var rest: Int32 = -1
    /// 2020-12 spells the prefix `prefixItems`; older drafts spell it `items` and the
    /// rest `additionalItems`.
    var modern = false
    /// Drafts before 2020-12 with `items` as an array: the rest is `additionalItems`.
    var restIsAdditional = false
}

struct ContainsOp: Sendable {
    var schema: Int32
    var min: Int
    var max: Int?
    /// 2020-12: items that match are evaluated (for `unevaluatedItems`).
    var annotates: Bool
}

struct ConditionalOp: Sendable {
    var condition: Int32
    var then: Int32
    var otherwise: Int32
}

struct DynamicRefOp: Sendable {
    /// The statically resolved target.
    var target: Int32
    /// The anchor name to look up in the dynamic scope (nil: behaves as `$ref`).
    var anchor: String?
    /// `$recursiveRef` (2019-09) rather than `$dynamicRef`.
    var recursive: Bool
}

struct ResourceInfo: Sendable {
    var uri: String
    /// Compiled `$dynamicAnchor`s of the resource.
    var dynamicAnchors: [(name: String, node: Int32)] = []
    /// The resource root has `"$recursiveAnchor": true` (2019-09).
    var recursiveAnchor = false
    /// The compiled resource root, or -1.
    var root: Int32 = -1
}
