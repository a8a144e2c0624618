import Foundation
import LarderJSON

/// The quiet path: answers valid or not, stops at the first failure, builds nothing.
///
/// It handles the keywords content schemas use most (types, bounds, lengths, enums,
/// properties/required/additionalProperties, items, `$ref`, patterns) inline, with the
/// instance's kind read once per node, and hands every other keyword to the general
/// ``Evaluator/apply(_:_:_:_:)``. Nodes that collect annotations (`unevaluated*`) go to
/// the general path whole.
extension Evaluator {
    /// Checks a child value: leaves inline, other schemas through ``fastEval(_:_:)``.
    @inline(__always)
    mutating func fastChild(_ s0: Int32, _ i: Int) -> Bool {
        let s = nodes[Int(s0)].fastTarget
        if nodes[Int(s)].isLeaf { return leafHolds(nodes[Int(s)].leaf, i) }
        return fastEval(s, i)
    }

    /// A scalar-only schema, in straight-line code.
    mutating func leafHolds(_ leaf: LeafCheck, _ i: Int) -> Bool {
        let kind = doc.kind(i)
        if !leaf.types.isEmpty && !fastType(leaf.types, leaf.draft4Integers, kind, i) { return false }
        switch kind {
        case .string:
            if leaf.minLength >= 0 && !fastMinLength(Int(leaf.minLength), i) { return false }
            if leaf.maxLength >= 0 && doc.rawStringBytes(i).count > Int(leaf.maxLength) && stringLength(i) > Int(leaf.maxLength) {
                return false
            }
            if leaf.enumeration >= 0 && !enumContains(box.program.enums[Int(leaf.enumeration)], i) { return false }
            if leaf.pattern >= 0 && search(leaf.pattern, i) != true { return false }
        case .number:
            if leaf.number0 >= 0 && !numberHolds(leaf.number0, i) { return false }
            if leaf.number1 >= 0 && !numberHolds(leaf.number1, i) { return false }
            if leaf.enumeration >= 0 && !enumContains(box.program.enums[Int(leaf.enumeration)], i) { return false }
        default:
            if leaf.enumeration >= 0 && !enumContains(box.program.enums[Int(leaf.enumeration)], i) { return false }
        }
        return true
    }

    mutating func fastEval(_ s0: Int32, _ i: Int) -> Bool {
        let s = nodes[Int(s0)].fastTarget
        let node = nodes[Int(s)]
        // A recursive node's verdict on a value is kept (see ``rememberedVerdicts``).
        let remember = node.isRecursive && !usesDynamicScope && stop == nil
        if remember, let known = rememberedVerdicts[NodeAt(node: s, instance: i)] { return known }
        var ok = true
        if node.tracksEvaluation {
            var none: Annotations? = nil
            ok = evalGeneral(s, i, &none)
        } else {
            // Here rather than in a function of its own: a deep instance takes one stack frame a step.
            body: do {
                let outerInstance = levelInstance, outerBase = levelBase
                if i != levelInstance {
                    levelInstance = i
                    levelBase = depth
                }
                depth += 1
                defer {
                    depth -= 1
                    levelInstance = outerInstance
                    levelBase = outerBase
                }
                if tooDeep(s, i) { ok = false; break body }
                let kind = doc.kind(i)
                var k = Int(node.opStart)
                let end = Int(node.opEnd)
                while k < end {
                    let op = ops[k]
                    k += 1
                    switch op {
                    case .type(let set, let draft4):
                        if !fastType(set, draft4, kind, i) { ok = false; break body }
                    case .number(let c):
                        if kind == .number && !numberHolds(c, i) { ok = false; break body }
                    case .minLength(let n):
                        if kind == .string && !fastMinLength(n, i) { ok = false; break body }
                    case .maxLength(let n):
                        if kind == .string && doc.rawStringBytes(i).count > n && stringLength(i) > n { ok = false; break body }
                    case .enumeration(let e):
                        if !enumContains(box.program.enums[Int(e)], i) { ok = false; break body }
                    case .object(let o):
                        if kind == .object && !fastObject(o, i) { ok = false; break body }
                    case .items(let x):
                        if kind == .array && !fastItems(x, i) { ok = false; break body }
                    case .minItems(let n):
                        if kind == .array && doc.count(i) < n { ok = false; break body }
                    case .maxItems(let n):
                        if kind == .array && doc.count(i) > n { ok = false; break body }
                    case .pattern(let r):
                        if kind == .string && search(r, i) != true { ok = false; break body }
                    case .ref(let target):
                        if !fastEval(target, i) { ok = false; break body }
                    case .allOf(let first, let count):
                        for j in 0..<Int(count) where !fastEval(lists[Int(first) + j], i) { ok = false; break body }
                    case .anyOf(let first, let count):
                        var any = false
                        for j in 0..<Int(count) where fastEval(lists[Int(first) + j], i) {
                            any = true
                            break
                        }
                        if !any { ok = false; break body }
                    default:
                        var none: Annotations? = nil
                        if !apply(op, s, i, &none) { ok = false; break body }
                    }
                }
            }
        }
        if remember && stop == nil { rememberedVerdicts[NodeAt(node: s, instance: i)] = ok }
        return ok
    }

    @inline(__always)
    mutating func fastType(_ set: TypeSet, _ draft4: Bool, _ kind: JSONKind, _ i: Int) -> Bool {
        set.matches(kind, i, in: doc, draft4: draft4)
    }

    @inline(__always)
    mutating func numberHolds(_ c: Int32, _ i: Int) -> Bool {
        let order = compareNumber(i, c)
        switch numbers[Int(c)].kind {
        case .minimum: return order >= 0
        case .maximum: return order <= 0
        case .exclusiveMinimum: return order > 0
        case .exclusiveMaximum: return order < 0
        case .multipleOf: return true
        }
    }

    @inline(__always)
    mutating func fastMinLength(_ n: Int, _ i: Int) -> Bool {
        if !doc.hasEscapes(i) && (doc.rawStringBytes(i).count + 3) / 4 >= n { return true }
        return stringLength(i) >= n
    }

    /// The property entry for the member key `k`, searching from `hint` (instances usually
    /// list keys in the schema's order), or -1.
    @inline(__always)
    mutating func lookupProperty(_ op: ObjectOp, _ k: Int, _ hint: inout Int) -> Int {
        let count = Int(op.propertyCount)
        if count == 0 { return -1 }
        if doc.hasEscapes(k) {
            return findProperty(op, k) ?? -1
        }
        let r = doc.rawStringBytes(k)
        let len = r.count
        let base = bytes.baseAddress! + r.lowerBound
        let prefix = instancePrefix(r)
        let first = Int(op.firstProperty)
        var p = hint
        for _ in 0..<count {
            let key = properties[first + p].key
            if key.prefix == prefix && Int(key.count) == len
                && (len <= 8 || memcmp(base + 8, keyBytes.baseAddress! + Int(key.start) + 8, len - 8) == 0)
            {
                hint = p + 1 == count ? 0 : p + 1
                return first + p
            }
            p = p + 1 == count ? 0 : p + 1
        }
        return -1
    }

    /// The first eight bytes of an instance string (zero-padded), with one unaligned load
    /// when the document has eight bytes from there (it nearly always has: a closing quote
    /// and more JSON follow a key).
    @inline(__always)
    func instancePrefix(_ r: Range<Int>) -> UInt64 {
        let len = r.count
        let base = bytes.baseAddress! + r.lowerBound
        guard r.lowerBound + 8 <= bytes.count else { return loadPrefix(base, len) }
        let word = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self))
        return len >= 8 ? word : word & ((1 << UInt64(8 * len)) &- 1)
    }

    mutating func fastObject(_ o: Int32, _ i: Int) -> Bool {
        let op = objects[Int(o)]
        var seen: UInt64 = 0
        var hint = 0
        var k = i + 1
        let count = doc.count(i)
        let repeats = doc.mayRepeatKeys(i)
        for _ in 0..<count {
            let v = k + 1
            if repeats && isOverridden(k, in: i) {
                k = doc.after(v)
                continue
            }
            var evaluated = false
            let p = lookupProperty(op, k, &hint)
            if p >= 0 {
                let entry = properties[p]
                if entry.requiredBit >= 0 { seen |= 1 << UInt64(entry.requiredBit) }
                if entry.schema >= 0 {
                    evaluated = true
                    if !fastChild(entry.schema, v) { return false }
                }
            }
            if op.patternCount > 0 {
                for j in Int(op.firstPattern)..<Int(op.firstPattern + op.patternCount) {
                    let (r, schema) = box.program.patternProperties[j]
                    switch search(r, k) {
                    case .some(true):
                        evaluated = true
                        if !fastChild(schema, v) { return false }
                    case .some(false): break
                    case .none: return false
                    }
                }
            }
            if !evaluated && op.additional >= 0 && !fastChild(op.additional, v) { return false }
            k = doc.after(v)
        }
        if op.requiredCount > 0 {
            if op.requiredFits {
                let all: UInt64 = op.requiredCount == 64 ? ~0 : (1 << UInt64(op.requiredCount)) - 1
                return seen & all == all
            }
            for r in Int(op.firstRequired)..<Int(op.firstRequired + op.requiredCount) where findMember(i, slices[r]) == nil {
                return false
            }
        }
        return true
    }

    mutating func fastItems(_ x: Int32, _ i: Int) -> Bool {
        let op = box.program.items[Int(x)]
        let count = doc.count(i)
        let prefix = Int(op.prefixCount)
        var e = i + 1
        var j = 0
        while j < count && j < prefix {
            if !fastChild(lists[Int(op.firstPrefix) + j], e) { return false }
            e = doc.after(e)
            j += 1
        }
        guard op.rest >= 0 else { return true }
        let rest = nodes[Int(op.rest)].fastTarget
        if nodes[Int(rest)].isLeaf {
            let leaf = nodes[Int(rest)].leaf
            while j < count {
                if !leafHolds(leaf, e) { return false }
                e = doc.after(e)
                j += 1
            }
            return true
        }
        while j < count {
            if !fastEval(rest, e) { return false }
            e = doc.after(e)
            j += 1
        }
        return true
    }
}
