import Foundation
import LarderJSON

/// What the subschemas applied to one instance evaluated, for `unevaluatedProperties` and
/// `unevaluatedItems`. Only built for schemas that have one of those.
struct Annotations {
    var allProperties = false
    var properties: Set<Int> = []
    var allItems = false
    /// Items `0..<prefix` were evaluated.
    var prefix = 0
    var items: Set<Int> = []

    mutating func merge(_ other: Annotations) {
        allProperties = allProperties || other.allProperties
        properties.formUnion(other.properties)
        allItems = allItems || other.allItems
        prefix = max(prefix, other.prefix)
        items.formUnion(other.items)
    }
}

/// Walks an instance on the tape against a compiled box.program.
///
/// In quiet mode (`collect == false`) it stops at the first failure and builds nothing; in
/// collecting mode it records every error with its locations. Both run the same code.
struct Evaluator {
    let box: ProgramBox
    let nodes: UnsafeBufferPointer<SchemaNode>
    let ops: UnsafeBufferPointer<Op>
    let keyBytes: UnsafeBufferPointer<UInt8>
    let properties: UnsafeBufferPointer<PropertyEntry>
    let lists: UnsafeBufferPointer<Int32>
    let objects: UnsafeBufferPointer<ObjectOp>
    let numbers: UnsafeBufferPointer<NumberCheck>
    let slices: UnsafeBufferPointer<ByteSlice>
    let patterns: UnsafeBufferPointer<Unmanaged<PatternBox>>
    let doc: JSONDocument
    let bytes: UnsafeBufferPointer<UInt8>
    /// The instance node validation started at (instance locations are relative to it).
    let start: Int
    /// The most schema steps applied to one instance value in place (``SchemaOptions/maxDepth``).
    let maxDepth: Int
    let usesDynamicScope: Bool
    var collect: Bool
    /// Every subschema goes through ``evalGeneral(_:_:_:)``, never the quiet path: the
    /// dynamic scope is in use, or the evaluation collects annotations. One flag, so the
    /// quiet path tests what it tested before annotations were collected.
    let alwaysGeneral: Bool
    /// Collecting annotations (``JSONSchema/annotations(_:at:)``): each subschema that
    /// passes adds its annotation keywords and its applicators' annotations to
    /// ``annotations``; one that fails drops its own and those made below it. Branches that
    /// the quiet path may skip (a second `anyOf` branch, `contains` past its minimum) are
    /// all evaluated. Never on with ``collect``.
    var annotating = false
    /// Keyword locations are kept in ``path``: the evaluation collects errors or annotations
    /// (set once: ``collect`` is only turned off below, for `not`, `if` and `contains`).
    var tracksPath = false
    var annotations: [SchemaAnnotation] = []
    /// Collecting for the standard output formats: every error records the schema nodes
    /// entered on the way to it (``trail``), and a failing `anyOf`/`oneOf` keeps the errors
    /// of every branch under an error that sums them up, not only the closest branch's.
    var forOutput = false
    /// The schema nodes entered so far (``forOutput`` only), outermost first.
    var trail: [TrailStep] = []
    /// Schema steps nested so far (a node that is only a `$ref` is no step).
    var depth = 0
    /// The instance value the innermost step applies to, and the ``depth`` before the first
    /// step on it: the steps applied to it in place are `depth - levelBase`. Moving into a
    /// member or an element starts the count again, so an instance is followed as deep as
    /// the parser accepted it; only the stack bounds that (``tooDeep(_:_:)``).
    var levelInstance = -1
    var levelBase = 0
    /// The lowest stack address evaluation goes to (0: not looked up yet; only deep
    /// evaluations look it up).
    var stackFloor: UInt = 0
    /// Where evaluation first went too deep (``tooDeep(_:_:)``): the whole evaluation then
    /// fails, even when that step was inside a `not` or a branch that was allowed to fail.
    var stop: (node: Int32, instance: Int, steps: Int, stack: Bool)?
    /// Whether the error for ``stop`` was reported.
    var stopReported = false
    var errors: [ValidationError] = []
    /// The keyword location so far (collecting mode only), as UTF-8.
    var path: [UInt8] = []
    /// The schema resources entered, outermost first (only with `$dynamicRef`/`$recursiveRef`).
    var scope: [Int32] = []
    /// The overridden keys (``overriddenKeys(_:)``) of the objects with a repeated key met so
    /// far, by object node.
    var overriddenByObject: [Int: Set<Int>] = [:]
    /// What each recursive node (``SchemaNode/isRecursive``) gave for each instance value it
    /// was applied to, quiet (``fastEval(_:_:)``) and collecting (``evalGeneral(_:_:_:)``, with
    /// the errors). Alternatives that each go down the same subtree (`oneOf: [folder, group]`,
    /// both with `children` of the same node schema) then evaluate it once, not once for each
    /// branch at each level: a 24-level tree took seconds, each level doubling it. Not used
    /// with the dynamic scope (a result then depends on the way in), nor once evaluation
    /// went too deep (``stop``).
    var rememberedVerdicts: [NodeAt: Bool] = [:]
    var rememberedErrors: [NodeAt: Remembered] = [:]

    /// A schema node applied to an instance value.
    struct NodeAt: Hashable {
        var node: Int32
        var instance: Int
    }

    /// A collecting evaluation's result: its errors, whose keyword locations start with the
    /// first `pathLength` bytes of the path it was reached by.
    struct Remembered {
        var valid: Bool
        var errors: [ValidationError]
        var pathLength: Int
        /// The length of ``trail`` before the node was entered.
        var trailLength: Int
    }


    // MARK: Nodes

    mutating func eval(_ s: Int32, _ i: Int, _ ann: inout Annotations?) -> Bool {
        if !collect && ann == nil && !alwaysGeneral { return fastEval(s, i) }
        return evalGeneral(s, i, &ann)
    }

    /// Evaluates with annotations, errors and the dynamic scope as needed.
    mutating func evalGeneral(_ s: Int32, _ i: Int, _ ann: inout Annotations?) -> Bool {
        let node = nodes[Int(s)]
        // Errors (collecting, without annotations to gather) of a recursive node are kept.
        let remember = node.isRecursive && collect && ann == nil && !alwaysGeneral && stop == nil
        if remember, let known = rememberedErrors[NodeAt(node: s, instance: i)] {
            replay(known)
            return known.valid
        }
        let errorMark = errors.count, pathLength = path.count
        // Out of line, and popped in the defer below: each recursion step's frame stays as
        // small as it was (a debug build follows 512 levels on an 8 MB stack).
        if forOutput { enterTrail(s, i, pathLength) }
        // A node that is only a `$ref` does not count (the quiet path skips it too).
        let step = node.fastTarget == s ? 1 : 0
        let outerInstance = levelInstance, outerBase = levelBase
        if i != levelInstance {
            levelInstance = i
            levelBase = depth
        }
        depth += step
        defer {
            depth -= step
            levelInstance = outerInstance
            levelBase = outerBase
            if forOutput { trail.removeLast() }
        }
        if tooDeep(s, i) {
            reportTooDeep(s, i)
            return false
        }
        var pushed = false
        if usesDynamicScope && scope.last != node.resource {
            scope.append(node.resource)
            pushed = true
        }
        defer { if pushed { scope.removeLast() } }
        let annotationMark = annotations.count
        if annotating { annotateKeywords(s, i) }
        let ok: Bool
        if node.tracksEvaluation {
            var local: Annotations? = Annotations()
            ok = run(s, node, i, &local)
            if ok, ann != nil, let local { ann!.merge(local) }
        } else {
            ok = run(s, node, i, &ann)
        }
        if annotating && !ok { annotations.removeSubrange(annotationMark...) }
        if remember && stop == nil { rememberErrors(s, i, ok, from: errorMark, pathLength: pathLength) }
        return ok
    }

    @inline(never) mutating func rememberErrors(_ s: Int32, _ i: Int, _ valid: Bool, from errorMark: Int, pathLength: Int) {
        rememberedErrors[NodeAt(node: s, instance: i)] = Remembered(
            valid: valid, errors: Array(errors[errorMark...]), pathLength: pathLength, trailLength: forOutput ? trail.count - 1 : 0)
    }

    @inline(never) mutating func enterTrail(_ s: Int32, _ i: Int, _ pathLength: Int) {
        trail.append(TrailStep(pathLength: Int32(pathLength), node: s, instance: i))
    }

    /// Adds the errors of a remembered evaluation, their keyword locations now starting
    /// with the path they are reached by this time.
    @inline(never) mutating func replay(_ known: Remembered) {
        guard !known.errors.isEmpty else { return }
        let prefix = String(decoding: path, as: UTF8.self)
        let shift = Int32(path.count - known.pathLength)
        for var error in known.errors {
            error.keywordLocation = prefix + String(decoding: error.keywordLocation.utf8.dropFirst(known.pathLength), as: UTF8.self)
            if forOutput {
                // The steps inside the remembered node keep their places after the new prefix.
                error.trail = trail + error.trail.dropFirst(known.trailLength).map { step in
                    TrailStep(pathLength: step.pathLength + shift, node: step.node, instance: step.instance)
                }
            }
            errors.append(error)
        }
    }

    /// Whether the step just entered (schema `s` on instance value `i`) goes too deep: more
    /// than ``maxDepth`` steps on one value in place (a `$dynamicRef` cycle, which compiling
    /// cannot see), or less stack left than ``StackBounds/reserve`` (looked at from the
    /// 17th step on, so shallow documents never pay for it).
    @inline(__always)
    mutating func tooDeep(_ s: Int32, _ i: Int) -> Bool {
        if depth - levelBase > maxDepth { return stopHere(s, i, stack: false) }
        if depth > 16 {
            var marker: UInt8 = 0
            let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
            if stackFloor == 0 { findStackFloor(here) }
            if here <= stackFloor { return stopHere(s, i, stack: true) }
        }
        return false
    }

    @inline(never) mutating func stopHere(_ s: Int32, _ i: Int, stack: Bool) -> Bool {
        if stop == nil { stop = (s, i, depth, stack) }
        return true
    }

    /// Looks up the stack's end. Without one known, 256 KB below `here` may be used (the
    /// smallest stacks threads usually get are 512 KB).
    @inline(never) mutating func findStackFloor(_ here: UInt) {
        stackFloor = StackBounds.floor() ?? (here > (256 << 10) ? here - (256 << 10) : 1)
    }

    /// The error for ``stop`` (collecting mode), at schema `s` and instance value `i`,
    /// reported where evaluation stopped (the first time) and, if a branch that was not
    /// kept dropped it, again at the end (``reportStop()``).
    @inline(never) mutating func reportTooDeep(_ s: Int32, _ i: Int) {
        guard collect, !stopReported else { return }
        stopReported = true
        report(s, "$ref", i, stopMessage())
    }

    /// Makes sure the errors name the place where evaluation stopped.
    mutating func reportStop() {
        guard collect, let stop else { return }
        let message = stopMessage()
        if errors.contains(where: { $0.node == stop.instance && $0.keyword == "$ref" && $0.message == message }) { return }
        path = []
        report(stop.node, "$ref", stop.instance, message)
    }

    func stopMessage() -> String {
        guard let stop else { return "" }
        if stop.stack {
            return "the instance nests too deeply for the stack of this thread (\(stop.steps) schema steps); validation stopped"
        }
        return "the schema applies more than \(maxDepth) subschemas to this value without moving into it (a $dynamicRef cycle?); validation stopped"
    }

    mutating func run(_ s: Int32, _ node: SchemaNode, _ i: Int, _ ann: inout Annotations?) -> Bool {
        var valid = true
        var k = Int(node.opStart)
        let end = Int(node.opEnd)
        while k < end {
            if !apply(ops[k], s, i, &ann) {
                valid = false
                if !collect { return false }
            }
            k += 1
        }
        return valid
    }

    // MARK: Keywords

    /// Runs one keyword. Each case calls a small function, so a recursion step (which
    /// passes through here) keeps a small stack frame even in debug builds; messages are
    /// built in separate functions that only run when collecting.
    mutating func apply(_ op: Op, _ s: Int32, _ i: Int, _ ann: inout Annotations?) -> Bool {
        switch op {
        case .falseSchema: return checkFalse(s, i)
        case .type(let set, let draft4): return checkType(set, draft4, s, i)
        case .constant(let c): return checkConst(c, s, i)
        case .enumeration(let e): return checkEnum(e, s, i)
        case .number(let c): return checkNumber(c, s, i)
        case .multipleOf(let c): return checkMultipleOf(c, s, i)
        case .minLength(let n): return checkMinLength(n, s, i)
        case .maxLength(let n): return checkMaxLength(n, s, i)
        case .pattern(let r): return checkPattern(r, s, i)
        case .format(let f): return checkFormat(f, s, i)
        case .minItems(let n): return checkCount(n, .array, true, s, i)
        case .maxItems(let n): return checkCount(n, .array, false, s, i)
        case .uniqueItems: return checkUnique(s, i)
        case .minProperties(let n): return checkCount(n, .object, true, s, i)
        case .maxProperties(let n): return checkCount(n, .object, false, s, i)
        case .object(let o): return checkObject(o, s, i, &ann)
        case .items(let x): return checkItems(x, s, i, &ann)
        case .contains(let x): return checkContains(x, s, i, &ann)
        case .propertyNames(let child): return checkPropertyNames(child, i)
        case .dependentRequired(let g): return checkDependentRequired(g, s, i)
        case .dependentSchemas(let g): return checkDependentSchemas(g, s, i, &ann)
        case .allOf(let first, let count): return checkAllOf(first, count, i, &ann)
        case .anyOf(let first, let count): return checkAnyOf(first, count, s, i, &ann)
        case .oneOf(let first, let count): return checkOneOf(first, count, s, i, &ann)
        case .not(let child): return checkNot(child, s, i)
        case .conditional(let c): return checkConditional(c, i, &ann)
        case .ref(let target): return applyRef(target, "/$ref", i, &ann)
        case .dynamicRef(let d): return applyRef(dynamicTarget(d), "/$dynamicRef", i, &ann)
        case .recursiveRef(let d): return applyRef(recursiveTarget(d), "/$recursiveRef", i, &ann)
        case .unevaluatedProperties(let child): return checkUnevaluatedProperties(child, s, i, &ann)
        case .unevaluatedItems(let child): return checkUnevaluatedItems(child, s, i, &ann)
        case .content(let base64, let json): return checkContent(base64, json, s, i)
        }
    }

    // MARK: Scalar keywords

    mutating func checkFalse(_ s: Int32, _ i: Int) -> Bool {
        if collect { failFalse(s, i) }
        return false
    }

    mutating func checkType(_ set: TypeSet, _ draft4: Bool, _ s: Int32, _ i: Int) -> Bool {
        if typeMatches(set, i, draft4) { return true }
        if collect { failType(s, i, set, draft4) }
        return false
    }

    mutating func checkConst(_ c: Int32, _ s: Int32, _ i: Int) -> Bool {
        if equals(i, box.program.constants[Int(c)]) { return true }
        if collect { failConst(s, i, c) }
        return false
    }

    mutating func checkEnum(_ e: Int32, _ s: Int32, _ i: Int) -> Bool {
        if enumContains(box.program.enums[Int(e)], i) { return true }
        if collect { failEnum(s, i, e) }
        return false
    }

    mutating func checkMultipleOf(_ c: Int32, _ s: Int32, _ i: Int) -> Bool {
        guard doc.kind(i) == .number, !isMultiple(i, c) else { return true }
        if collect { failMultipleOf(s, i, c) }
        return false
    }

    mutating func checkMinLength(_ n: Int, _ s: Int32, _ i: Int) -> Bool {
        guard doc.kind(i) == .string else { return true }
        if !doc.hasEscapes(i) && (doc.rawStringBytes(i).count + 3) / 4 >= n { return true }
        if stringLength(i) >= n { return true }
        if collect { failLength(s, i, n, minimum: true) }
        return false
    }

    mutating func checkMaxLength(_ n: Int, _ s: Int32, _ i: Int) -> Bool {
        guard doc.kind(i) == .string else { return true }
        if doc.rawStringBytes(i).count <= n || stringLength(i) <= n { return true }
        if collect { failLength(s, i, n, minimum: false) }
        return false
    }

    mutating func checkPattern(_ r: Int32, _ s: Int32, _ i: Int) -> Bool {
        guard doc.kind(i) == .string else { return true }
        if !collect { return search(r, i) == true }
        let found = outcome(r, i)
        if found == .matched { return true }
        failPattern(s, i, r, found)
        return false
    }

    mutating func checkCount(_ n: Int, _ kind: JSONKind, _ minimum: Bool, _ s: Int32, _ i: Int) -> Bool {
        guard doc.kind(i) == kind else { return true }
        let c = memberCount(i)
        if minimum ? c >= n : c <= n { return true }
        if collect {
            failCount(s, i, kind == .array ? (minimum ? "minItems" : "maxItems") : (minimum ? "minProperties" : "maxProperties"), n)
        }
        return false
    }

    mutating func checkContent(_ base64: Bool, _ json: Bool, _ s: Int32, _ i: Int) -> Bool {
        guard doc.kind(i) == .string, let text = doc.string(i) else { return true }
        var bytes = Array(text.utf8)
        if base64 {
            guard let data = Data(base64Encoded: text) else {
                if collect { failMessage(s, "contentEncoding", i, "\(describe(i)) is not valid base64") }
                return false
            }
            bytes = [UInt8](data)
        }
        if json, (try? JSONDocument(parsing: bytes)) == nil {
            if collect { failMessage(s, "contentMediaType", i, "\(describe(i)) is not a valid JSON document") }
            return false
        }
        return true
    }

    // MARK: Failures (collecting mode only)

    @inline(never) mutating func failFalse(_ s: Int32, _ i: Int) {
        report(s, "false", i, "no value is allowed here (the schema is false), found \(describe(i))")
    }

    @inline(never) mutating func failType(_ s: Int32, _ i: Int, _ set: TypeSet, _ draft4: Bool) {
        report(s, "type", i, typeMessage(set, i, draft4))
    }

    @inline(never) mutating func failConst(_ s: Int32, _ i: Int, _ c: Int32) {
        report(s, "const", i, "expected \(box.program.strings[Int(box.program.constantDisplay[Int(c)])]), found \(describe(i))")
    }

    @inline(never) mutating func failEnum(_ s: Int32, _ i: Int, _ e: Int32) {
        let set = box.program.enums[Int(e)]
        let list = box.program.strings[Int(set.display)]
        let count = Int(set.stringCount + set.otherCount)
        // An empty enum lists nothing: say that it allows no value at all.
        if count == 0 { return report(s, "enum", i, "the enum is empty, so no value is allowed (found \(describe(i)))") }
        report(s, "enum", i, count == 1 ? "expected \(list), found \(describe(i))" : "\(describe(i)) is not one of \(list)")
    }

    @inline(never) mutating func failMultipleOf(_ s: Int32, _ i: Int, _ c: Int32) {
        report(s, "multipleOf", i, "\(doc.numberLiteral(i)) is not a multiple of \(box.program.exactNumbers[Int(c)].literal)")
    }

    @inline(never) mutating func failLength(_ s: Int32, _ i: Int, _ n: Int, minimum: Bool) {
        let length = stringLength(i)
        let has = "(it has \(length) character\(length == 1 ? "" : "s"))"
        if minimum {
            report(s, "minLength", i, "\(describe(i)) is shorter than the minimum length \(n) \(has)")
        } else {
            report(s, "maxLength", i, "\(describe(i)) is longer than the maximum length \(n) \(has)")
        }
    }

    @inline(never) mutating func failPattern(_ s: Int32, _ i: Int, _ r: Int32, _ outcome: PatternOutcome) {
        let source = box.program.regexes[Int(r)].shown
        switch outcome {
        case .tooLong:
            report(s, "pattern", i, "the pattern \(source) took too long on \(describe(i)) (too much backtracking), so the value is rejected")
        case .givenUp:
            report(s, "pattern", i, givenUpMessage(source, describe(i)))
        case .matched, .notMatched:
            report(s, "pattern", i, "\(describe(i)) does not match the pattern \(source)")
        }
    }

    /// The message for a value a given-up pattern rejected (see ``PatternBox``).
    func givenUpMessage(_ source: String, _ value: String) -> String {
        "the pattern \(source) took too long on \(PatternBox.givenUpAfter) values and is given up (too much backtracking), so \(value) is rejected"
    }

    @inline(never) mutating func failCount(_ s: Int32, _ i: Int, _ keyword: String, _ n: Int) {
        let c = memberCount(i)
        let message: String
        switch keyword {
        case "minItems": message = "expected at least \(n) item\(n == 1 ? "" : "s"), found \(c)"
        case "maxItems": message = "expected at most \(n) item\(n == 1 ? "" : "s"), found \(c)"
        case "minProperties": message = "expected at least \(n) propert\(n == 1 ? "y" : "ies"), found \(c)"
        default: message = "expected at most \(n) propert\(n == 1 ? "y" : "ies"), found \(c)"
        }
        report(s, keyword, i, message)
    }

    @inline(never) mutating func failNumber(_ s: Int32, _ i: Int, _ c: Int32) {
        let bound = box.program.exactNumbers[Int(c)].literal
        let value = doc.numberLiteral(i)
        let draft4 = nodes[Int(s)].draft == .draft4
        switch numbers[Int(c)].kind {
        case .minimum: report(s, "minimum", i, "\(value) is less than the minimum \(bound)")
        case .maximum: report(s, "maximum", i, "\(value) is greater than the maximum \(bound)")
        case .exclusiveMinimum:
            report(s, draft4 ? "minimum" : "exclusiveMinimum", i, "\(value) is not greater than the exclusive minimum \(bound)")
        case .exclusiveMaximum:
            report(s, draft4 ? "maximum" : "exclusiveMaximum", i, "\(value) is not less than the exclusive maximum \(bound)")
        case .multipleOf: break
        }
    }

    @inline(never) mutating func failMessage(_ s: Int32, _ keyword: String, _ i: Int, _ message: String) {
        report(s, keyword, i, message)
    }

    // MARK: Checks

    mutating func checkNumber(_ c: Int32, _ s: Int32, _ i: Int) -> Bool {
        guard doc.kind(i) == .number else { return true }
        let order = compareNumber(i, c)
        let ok: Bool
        switch numbers[Int(c)].kind {
        case .minimum: ok = order >= 0
        case .maximum: ok = order <= 0
        case .exclusiveMinimum: ok = order > 0
        case .exclusiveMaximum: ok = order < 0
        case .multipleOf: ok = true
        }
        if ok { return true }
        if collect { failNumber(s, i, c) }
        return false
    }

    mutating func checkFormat(_ f: Int32, _ s: Int32, _ i: Int) -> Bool {
        guard doc.kind(i) == .string else { return true }
        let name = box.program.strings[Int(f)]
        if FormatChecker.check(name, doc.string(i)!) != false { return true }
        if collect { failMessage(s, "format", i, "\(describe(i)) is not a valid \(name)") }
        return false
    }

    mutating func checkUnique(_ s: Int32, _ i: Int) -> Bool {
        guard doc.kind(i) == .array, let (a, b) = firstDuplicate(i) else { return true }
        if collect { failMessage(s, "uniqueItems", i, "items \(a) and \(b) are equal; expected unique items") }
        return false
    }

    mutating func checkPropertyNames(_ child: Int32, _ i: Int) -> Bool {
        guard doc.kind(i) == .object else { return true }
        var valid = true
        let mark = pushPath("/propertyNames")
        let annotationMark = annotations.count
        let overridden = overriddenKeys(i)
        var k = i + 1
        for _ in 0..<doc.count(i) {
            var none: Annotations? = nil
            if overridden?.contains(k) != true && !eval(child, k, &none) {
                valid = false
                if !collect { break }
            }
            k = doc.after(k + 1)
        }
        popPath(mark)
        // Names are not values of the instance: what the subschema annotated on them is not kept.
        if annotating { annotations.removeSubrange(annotationMark...) }
        return valid
    }

    mutating func checkDependentRequired(_ g: Int32, _ s: Int32, _ i: Int) -> Bool {
        guard doc.kind(i) == .object else { return true }
        var valid = true
        let group = box.program.dependentGroups[Int(g)]
        for d in Int(group.first)..<Int(group.first + group.count) {
            let entry = box.program.dependentRequired[Int(d)]
            guard findMember(i, entry.key) != nil else { continue }
            for r in Int(entry.first)..<Int(entry.first + entry.count) where findMember(i, slices[r]) == nil {
                valid = false
                if !collect { return false }
                let name = box.program.strings[Int(entry.key.name)]
                let keyword = nodes[Int(s)].draft <= .draft7 ? "dependencies" : "dependentRequired"
                failMessage(s, keyword, i, "\(jsonString(box.program.strings[Int(slices[r].name)])) is required when \(jsonString(name)) is present")
            }
        }
        return valid
    }

    mutating func checkDependentSchemas(_ g: Int32, _ s: Int32, _ i: Int, _ ann: inout Annotations?) -> Bool {
        guard doc.kind(i) == .object else { return true }
        var valid = true
        let group = box.program.dependentSchemaGroups[Int(g)]
        let keyword = nodes[Int(s)].draft <= .draft7 ? "dependencies" : "dependentSchemas"
        for d in Int(group.first)..<Int(group.first + group.count) {
            let entry = box.program.dependentSchemas[d]
            guard findMember(i, entry.key) != nil else { continue }
            let name = box.program.strings[Int(entry.key.name)]
            let mark = pushPath("/\(keyword)/" + escapePointerToken(name))
            let ok = eval(entry.schema, i, &ann)
            popPath(mark)
            if !ok {
                valid = false
                if !collect { return false }
            }
        }
        return valid
    }

    mutating func checkAllOf(_ first: Int32, _ count: Int32, _ i: Int, _ ann: inout Annotations?) -> Bool {
        var valid = true
        for j in 0..<Int(count) {
            let mark = pushPath("/allOf/\(j)")
            let ok = eval(lists[Int(first) + j], i, &ann)
            popPath(mark)
            if !ok {
                valid = false
                if !collect { return false }
            }
        }
        return valid
    }

    mutating func checkNot(_ child: Int32, _ s: Int32, _ i: Int) -> Bool {
        var none: Annotations? = nil
        let was = collect
        collect = false
        let ok = annotating ? annotatingNot(child, i) : eval(child, i, &none)
        collect = was
        if !ok { return true }
        if collect { failMessage(s, "not", i, "\(describe(i)) must not match the schema in \"not\"") }
        return false
    }

    mutating func checkConditional(_ c: Int32, _ i: Int, _ ann: inout Annotations?) -> Bool {
        let cond = box.program.conditionals[Int(c)]
        var local: Annotations? = ann == nil ? nil : Annotations()
        let was = collect
        collect = false
        let ifMark = pushPath("/if")
        let matched = eval(cond.condition, i, &local)
        popPath(ifMark)
        collect = was
        if matched, let local, ann != nil { ann!.merge(local) }
        let branch = matched ? cond.then : cond.otherwise
        guard branch >= 0 else { return true }
        let mark = pushPath(matched ? "/then" : "/else")
        let ok = eval(branch, i, &ann)
        popPath(mark)
        return ok
    }

    @inline(__always)
    mutating func applyRef(_ target: Int32, _ segment: StaticString, _ i: Int, _ ann: inout Annotations?) -> Bool {
        let mark = path.count
        if tracksPath { path.append(contentsOf: UnsafeBufferPointer(start: segment.utf8Start, count: segment.utf8CodeUnitCount)) }
        let ok = eval(target, i, &ann)
        popPath(mark)
        return ok
    }

    mutating func dynamicTarget(_ d: Int32) -> Int32 {
        let ref = box.program.dynamicRefs[Int(d)]
        if let name = ref.anchor {
            for r in scope {
                if let found = box.program.resources[Int(r)].dynamicAnchors.first(where: { $0.name == name }) {
                    return found.node
                }
            }
        }
        return ref.target
    }

    mutating func recursiveTarget(_ d: Int32) -> Int32 {
        let target = box.program.dynamicRefs[Int(d)].target
        let initial = box.program.resources[Int(nodes[Int(target)].resource)]
        if initial.recursiveAnchor && initial.root == target {
            for r in scope {
                let res = box.program.resources[Int(r)]
                if res.recursiveAnchor && res.root >= 0 { return res.root }
            }
        }
        return target
    }

    mutating func checkUnevaluatedProperties(_ child: Int32, _ s: Int32, _ i: Int, _ ann: inout Annotations?) -> Bool {
        guard doc.kind(i) == .object else { return true }
        let seen = ann ?? Annotations()
        if seen.allProperties { return true }
        var valid = true
        var k = i + 1
        let isFalse = nodes[Int(child)].isFalse
        let overridden = overriddenKeys(i)
        var applied: [JSONValue] = []
        for _ in 0..<doc.count(i) {
            if !seen.properties.contains(k) && overridden?.contains(k) != true {
                if annotating { applied.append(.string(doc.string(k)!)) }
                if isFalse {
                    valid = false
                    if !collect { return false }
                    failMessage(s, "unevaluatedProperties", k, "\(jsonString(doc.string(k)!)) is not allowed (unevaluated property)")
                } else {
                    var none: Annotations? = nil
                    let mark = pushPath("/unevaluatedProperties")
                    let ok = eval(child, k + 1, &none)
                    popPath(mark)
                    if !ok {
                        valid = false
                        if !collect { return false }
                    }
                }
            }
            k = doc.after(k + 1)
        }
        if valid { ann?.allProperties = true }
        if annotating && valid && !applied.isEmpty { emit(s, "unevaluatedProperties", i, .array(applied)) }
        return valid
    }

    mutating func checkUnevaluatedItems(_ child: Int32, _ s: Int32, _ i: Int, _ ann: inout Annotations?) -> Bool {
        guard doc.kind(i) == .array else { return true }
        let seen = ann ?? Annotations()
        if seen.allItems { return true }
        var valid = true
        var e = i + 1
        let isFalse = nodes[Int(child)].isFalse
        var applied = false
        for j in 0..<doc.count(i) {
            if j >= seen.prefix && !seen.items.contains(j) {
                applied = true
                if isFalse {
                    valid = false
                    if !collect { return false }
                    failMessage(s, "unevaluatedItems", e, "item \(j) is not allowed (unevaluated item)")
                } else {
                    var none: Annotations? = nil
                    let mark = pushPath("/unevaluatedItems")
                    let ok = eval(child, e, &none)
                    popPath(mark)
                    if !ok {
                        valid = false
                        if !collect { return false }
                    }
                }
            }
            e = doc.after(e)
        }
        if valid { ann?.allItems = true }
        if annotating && valid && applied { emit(s, "unevaluatedItems", i, .bool(true)) }
        return valid
    }

    // MARK: Objects

    /// The keys of the object `i` that a later member with the same key overrides, or nil
    /// when no key repeats (nearly always: a flag of the parser says so, at the cost of one
    /// load).
    ///
    /// JSON Schema sees an object as a map from distinct keys, and `{"a": 1, "a": "x"}` is
    /// read as `{"a": "x"}` by `JSON.parse`, Python's `json` and serde_json, by
    /// ``JSONDocument/member(_:_:)`` and by `const`, `enum` and `uniqueItems` here: the last
    /// occurrence wins. Every keyword that walks the members (`properties`,
    /// `patternProperties`, `additionalProperties`, `propertyNames`, `unevaluatedProperties`,
    /// `minProperties`, `maxProperties`) skips these keys, so the verdict is the last-wins
    /// object's, and an error about the member points at its last occurrence.
    @inline(__always)
    mutating func overriddenKeys(_ i: Int) -> Set<Int>? {
        guard doc.mayRepeatKeys(i) else { return nil }
        return lookUpOverriddenKeys(i)
    }

    @inline(never)
    mutating func lookUpOverriddenKeys(_ i: Int) -> Set<Int>? {
        let keys: Set<Int>
        if let known = overriddenByObject[i] {
            keys = known
        } else {
            keys = Set(doc.overriddenKeys(i))
            overriddenByObject[i] = keys
        }
        return keys.isEmpty ? nil : keys
    }

    /// Whether a later member of the object `i` overrides the key `k` (asked only of
    /// objects that may repeat a key, so the loops over members stay tight).
    @inline(never)
    mutating func isOverridden(_ k: Int, in i: Int) -> Bool {
        lookUpOverriddenKeys(i)?.contains(k) == true
    }

    /// The number of elements of an array, or of distinct keys of an object.
    mutating func memberCount(_ i: Int) -> Int {
        doc.count(i) - (overriddenKeys(i)?.count ?? 0)
    }

    /// The property entry of `op` whose key equals the member key `k`.
    @inline(__always)
    mutating func findProperty(_ op: ObjectOp, _ k: Int) -> Int? {
        let first = Int(op.firstProperty)
        let end = first + Int(op.propertyCount)
        if !doc.hasEscapes(k) {
            let r = doc.rawStringBytes(k)
            let len = r.count
            let base = bytes.baseAddress! + r.lowerBound
            var p = first
            while p < end {
                let key = properties[p].key
                if Int(key.count) == len && (len == 0 || memcmp(base, keyBytes.baseAddress! + Int(key.start), len) == 0) {
                    return p
                }
                p += 1
            }
            return nil
        }
        let decoded = doc.codePointBytes(k)
        for p in first..<end where sliceEquals(properties[p].key, decoded) { return p }
        return nil
    }

    mutating func sliceEquals(_ slice: ByteSlice, _ other: [UInt8]) -> Bool {
        guard Int(slice.count) == other.count else { return false }
        for j in 0..<other.count where keyBytes[Int(slice.start) + j] != other[j] { return false }
        return true
    }

    /// Whether the member key `k` equals the bytes of `slice`.
    mutating func keyEquals(_ k: Int, _ slice: ByteSlice) -> Bool {
        if !doc.hasEscapes(k) {
            let r = doc.rawStringBytes(k)
            guard r.count == Int(slice.count) else { return false }
            return r.count == 0 || memcmp(bytes.baseAddress! + r.lowerBound, keyBytes.baseAddress! + Int(slice.start), r.count) == 0
        }
        return sliceEquals(slice, doc.codePointBytes(k))
    }

    /// The value node of the member named by `slice`, or nil.
    mutating func findMember(_ i: Int, _ slice: ByteSlice) -> Int? {
        var k = i + 1
        var found: Int?
        for _ in 0..<doc.count(i) {
            if keyEquals(k, slice) { found = k + 1 }
            k = doc.after(k + 1)
        }
        return found
    }

    mutating func checkObject(_ o: Int32, _ s: Int32, _ i: Int, _ ann: inout Annotations?) -> Bool {
        guard doc.kind(i) == .object else { return true }
        let op = objects[Int(o)]
        var valid = true
        var seen: UInt64 = 0
        var k = i + 1
        let count = doc.count(i)
        let overridden = overriddenKeys(i)
        // The keys each keyword evaluated (annotating only).
        var byProperties: [Int] = [], byPatterns: [Int] = [], byAdditional: [Int] = []
        for _ in 0..<count {
            let v = k + 1
            if let overridden, overridden.contains(k) {
                k = doc.after(v)
                continue
            }
            var evaluated = false
            if let p = findProperty(op, k) {
                let entry = properties[p]
                if entry.requiredBit >= 0 { seen |= 1 << UInt64(entry.requiredBit) }
                if entry.schema >= 0 {
                    evaluated = true
                    var none: Annotations? = nil
                    if nodes[Int(entry.schema)].isFalse {
                        valid = false
                        if !collect { return false }
                        let name = box.program.strings[Int(entry.key.name)]
                        let mark = pushPath("/properties/" + escapePointerToken(name))
                        report(entry.schema, "false", k, "\(jsonString(name)) is not allowed")
                        popPath(mark)
                    } else if tracksPath {
                        let name = box.program.strings[Int(entry.key.name)]
                        let mark = pushPath("/properties/" + escapePointerToken(name))
                        let ok = eval(entry.schema, v, &none)
                        popPath(mark)
                        if !ok {
                            valid = false
                            if !collect { return false }
                        }
                    } else if !eval(entry.schema, v, &none) {
                        return false
                    }
                    if annotating { byProperties.append(k) }
                }
            }
            if op.patternCount > 0 {
                for j in Int(op.firstPattern)..<Int(op.firstPattern + op.patternCount) {
                    let (r, schema) = box.program.patternProperties[j]
                    switch outcome(r, k) {
                    case .matched:
                        if annotating && byPatterns.last != k { byPatterns.append(k) }
                        evaluated = true
                        var none: Annotations? = nil
                        let source = box.program.regexes[Int(r)].source
                        let mark = pushPath("/patternProperties/" + escapePointerToken(source))
                        let ok = eval(schema, v, &none)
                        popPath(mark)
                        if !ok {
                            valid = false
                            if !collect { return false }
                        }
                    case .notMatched:
                        break
                    case .tooLong:
                        valid = false
                        if !collect { return false }
                        report(s, "patternProperties", k, "the pattern \(box.program.regexes[Int(r)].shown) took too long on the key \(jsonString(doc.string(k)!)) (too much backtracking)")
                    case .givenUp:
                        valid = false
                        if !collect { return false }
                        report(s, "patternProperties", k, givenUpMessage(box.program.regexes[Int(r)].shown, "the key \(jsonString(doc.string(k)!))"))
                    }
                }
            }
            if !evaluated && op.additional >= 0 {
                evaluated = true
                if nodes[Int(op.additional)].isFalse {
                    valid = false
                    if !collect { return false }
                    report(s, "additionalProperties", k, "\(jsonString(doc.string(k)!)) is not allowed (additional property)")
                    if collect {
                        let named = Int(op.firstProperty)..<Int(op.firstProperty + op.propertyCount)
                        errors[errors.count - 1].alternatives = named.compactMap { j in
                            let entry = box.program.properties[j]
                            return entry.schema >= 0 ? box.program.strings[Int(entry.key.name)] : nil
                        }
                    }
                } else {
                    var none: Annotations? = nil
                    let mark = pushPath("/additionalProperties")
                    let ok = eval(op.additional, v, &none)
                    popPath(mark)
                    if !ok {
                        valid = false
                        if !collect { return false }
                    }
                }
                if annotating { byAdditional.append(k) }
            }
            if evaluated && ann != nil { ann!.properties.insert(k) }
            k = doc.after(v)
        }
        if op.requiredCount > 0 {
            if op.requiredFits {
                let all: UInt64 = op.requiredCount == 64 ? ~0 : (1 << UInt64(op.requiredCount)) - 1
                if seen & all != all {
                    if !collect { return false }
                    valid = false
                    for bit in 0..<Int(op.requiredCount) where seen & (1 << UInt64(bit)) == 0 {
                        let name = box.program.strings[Int(slices[Int(op.firstRequired) + bit].name)]
                        report(s, "required", i, "\(jsonString(name)) is required")
                    }
                }
            } else {
                for r in Int(op.firstRequired)..<Int(op.firstRequired + op.requiredCount) where findMember(i, slices[r]) == nil {
                    if !collect { return false }
                    valid = false
                    report(s, "required", i, "\(jsonString(box.program.strings[Int(slices[r].name)])) is required")
                }
            }
        }
        if annotating && valid { annotateObject(s, i, byProperties, byPatterns, byAdditional) }
        return valid
    }

    // MARK: Arrays

    mutating func checkItems(_ x: Int32, _ s: Int32, _ i: Int, _ ann: inout Annotations?) -> Bool {
        guard doc.kind(i) == .array else { return true }
        let op = box.program.items[Int(x)]
        let count = doc.count(i)
        var valid = true
        var e = i + 1
        let prefix = Int(op.prefixCount)
        var j = 0
        while j < count {
            let schema: Int32
            let isRest = j >= prefix
            if !isRest {
                schema = lists[Int(op.firstPrefix) + j]
            } else {
                schema = op.rest
                if schema < 0 { break }
            }
            var none: Annotations? = nil
            if isRest && nodes[Int(schema)].isFalse {
                valid = false
                if !collect { return false }
                failExtraItem(s, e, j, prefix, additional: op.restIsAdditional)
            } else if tracksPath {
                let mark = path.count
                pushItemPath(op, isRest, j)
                let ok = eval(schema, e, &none)
                popPath(mark)
                if !ok {
                    valid = false
                    if !collect { return false }
                }
            } else if !eval(schema, e, &none) {
                return false
            }
            e = doc.after(e)
            j += 1
        }
        if ann != nil {
            ann!.prefix = max(ann!.prefix, min(count, prefix))
            if op.rest >= 0 { ann!.allItems = true }
        }
        if annotating && valid { annotateItems(op, s, i, count) }
        return valid
    }

    @inline(never) mutating func failExtraItem(_ s: Int32, _ e: Int, _ j: Int, _ prefix: Int, additional: Bool) {
        report(s, additional ? "additionalItems" : "items", e, "item \(j) is not allowed (the array allows \(prefix) item\(prefix == 1 ? "" : "s"))")
    }

    @inline(never) mutating func pushItemPath(_ op: ItemsOp, _ isRest: Bool, _ j: Int) {
        let segment: String
        if isRest {
            segment = op.restIsAdditional ? "/additionalItems" : "/items"
        } else {
            segment = (op.modern ? "/prefixItems/" : "/items/") + String(j)
        }
        path.append(contentsOf: segment.utf8)
    }

    mutating func checkContains(_ x: Int32, _ s: Int32, _ i: Int, _ ann: inout Annotations?) -> Bool {
        guard doc.kind(i) == .array else { return true }
        let op = box.program.contains[Int(x)]
        var matches = 0
        var e = i + 1
        let was = collect
        collect = false
        let track = op.annotates && ann != nil
        // The items that matched (annotating only: then every item is tried).
        var matched: [JSONValue] = []
        let mark = pushPath("/contains")
        for j in 0..<doc.count(i) {
            var none: Annotations? = nil
            if eval(op.schema, e, &none) {
                matches += 1
                if track { ann!.items.insert(j) }
                if annotating {
                    matched.append(.number(JSONNumber(j)))
                } else if op.max == nil && !track && matches >= op.min {
                    // Without a maximum or annotations to record, the first `min` matches decide.
                    break
                }
            }
            e = doc.after(e)
        }
        popPath(mark)
        collect = was
        if matches >= op.min && (op.max.map { matches <= $0 } ?? true) {
            // 2020-12: the indices of the items that matched (2019-09's `contains` makes none).
            if annotating && op.annotates && !matched.isEmpty { emit(s, "contains", i, .array(matched)) }
            return true
        }
        if collect {
            if matches < op.min {
                let keyword = op.min == 1 ? "contains" : "minContains"
                if op.min == 1 {
                    report(s, keyword, i, "no item matches the \"contains\" schema")
                } else {
                    report(s, keyword, i, "expected at least \(op.min) items matching \"contains\", found \(matches)")
                }
            } else {
                report(s, "maxContains", i, "expected at most \(op.max!) item\(op.max! == 1 ? "" : "s") matching \"contains\", found \(matches)")
            }
        }
        return false
    }

    // MARK: anyOf / oneOf

    mutating func checkAnyOf(_ first: Int32, _ count: Int32, _ s: Int32, _ i: Int, _ ann: inout Annotations?) -> Bool {
        if !collect && ann == nil && !annotating {
            for j in 0..<Int(count) {
                var none: Annotations? = nil
                if eval(lists[Int(first) + j], i, &none) { return true }
            }
            return false
        }
        var any = false
        var branches: [[ValidationError]] = []
        for j in 0..<Int(count) {
            var local: Annotations? = ann == nil ? nil : Annotations()
            let mark = errors.count
            let pathMark = pushPath("/anyOf/\(j)")
            let ok = eval(lists[Int(first) + j], i, &local)
            popPath(pathMark)
            if ok {
                any = true
                if let local, ann != nil { ann!.merge(local) }
            }
            if collect {
                branches.append(Array(errors[mark...]))
                errors.removeSubrange(mark...)
            }
            if ok && ann == nil && !annotating { break }
        }
        if any { return true }
        if collect { failAlternatives(s, "anyOf", i, branches, matched: []) }
        return false
    }

    mutating func checkOneOf(_ first: Int32, _ count: Int32, _ s: Int32, _ i: Int, _ ann: inout Annotations?) -> Bool {
        var matched: [Int] = []
        var branches: [[ValidationError]] = []
        var kept: Annotations?
        for j in 0..<Int(count) {
            var local: Annotations? = ann == nil ? nil : Annotations()
            let mark = errors.count
            let pathMark = pushPath("/oneOf/\(j)")
            let ok = eval(lists[Int(first) + j], i, &local)
            popPath(pathMark)
            if collect {
                branches.append(Array(errors[mark...]))
                errors.removeSubrange(mark...)
            }
            if ok {
                matched.append(j)
                kept = local
                if matched.count > 1 && !collect { return false }
            }
        }
        if matched.count == 1 {
            if let kept, ann != nil { ann!.merge(kept) }
            return true
        }
        if collect { failAlternatives(s, "oneOf", i, branches, matched: matched) }
        return false
    }

    /// The errors of a failing `anyOf` or `oneOf` (`matched`: the branches that matched, for
    /// a `oneOf` that matched more than one). When none matched: one message for branches
    /// that all fail on the value itself, else the errors of the branch that came closest;
    /// for the output formats, an error at the keyword that sums up, then the errors of
    /// every branch (each under its `/anyOf/N`), so that a reader sees why each one failed.
    /// Out of line, so that the frame of `anyOf`, on the way of every recursion through
    /// it, stays small.
    @inline(never) mutating func failAlternatives(_ s: Int32, _ keyword: String, _ i: Int, _ branches: [[ValidationError]], matched: [Int]) {
        if !matched.isEmpty {
            let list = matched.map(String.init).joined(separator: ", ")
            report(s, keyword, i, "\(describe(i)) matches \(matched.count) of the \(keyword) schemas (\(list)); expected exactly one")
        } else if forOutput {
            let message = noneMatched(branches, i, keyword: keyword)
                ?? (branches.count == 1 ? "\(describe(i)) does not match the \(keyword) schema"
                    : "\(describe(i)) matches none of the \(branches.count) \(keyword) schemas")
            report(s, keyword, i, message)
            errors[errors.count - 1].summarizes = true
            for branch in branches { errors.append(contentsOf: branch) }
        } else if let message = noneMatched(branches, i, keyword: keyword) {
            report(s, keyword, i, message)
        } else {
            errors.append(contentsOf: closest(branches, i))
        }
    }

    /// One message for alternatives that all fail on the value itself (its type, or its
    /// value against `const`/`enum`): naming one branch's expectation would send the writer
    /// the wrong way (`1.5` against `anyOf: [string, integer]` said "expected a string").
    /// Type expectations merge ("expected a string or an integer, found 1.5"); others are
    /// listed. Nil when some branch got past the value itself (``closest(_:_:)`` then names
    /// that branch's errors).
    func noneMatched(_ branches: [[ValidationError]], _ i: Int, keyword: String) -> String? {
        guard branches.count > 1 else { return nil }
        let base = relativePointer(doc, from: start, to: i).tokens.count
        var typeMessages: [String] = [], valueMessages: [String] = []
        for errs in branches {
            guard errs.count == 1, let e = errs.first, e.instanceLocation.tokens.count == base,
                  ["type", "const", "enum", "false"].contains(e.keyword) else { return nil }
            if e.keyword == "const" || e.keyword == "enum" { valueMessages.append(e.message) } else { typeMessages.append(e.message) }
        }
        // A branch of the right type that wants another value is closer than one of another
        // type: `"no"` against `"error" | "warning" | … | {object}` is not one of the words.
        if valueMessages.count == 1 { return valueMessages[0] }
        let messages = valueMessages.isEmpty ? typeMessages : valueMessages
        // "expected X, found Y" from every branch: one sentence.
        var expected: [String] = []
        var found: String?
        for m in messages {
            guard m.hasPrefix("expected "), let r = m.range(of: ", found ") else { found = nil; expected = []; break }
            let what = String(m[m.index(m.startIndex, offsetBy: 9)..<r.lowerBound])
            let value = String(m[r.upperBound...])
            // Against an integer type a number is shown as itself ("found 1.5"), else as "a
            // number": the same value.
            if found == nil || found == "a number" { found = value } else if found != value && value != "a number" { found = nil; expected = []; break }
            for part in what.components(separatedBy: " or ").flatMap({ $0.components(separatedBy: ", ") }) where !expected.contains(part) {
                expected.append(part)
            }
        }
        if let found, !expected.isEmpty {
            let list = expected.count == 1 ? expected[0] : expected.dropLast().joined(separator: ", ") + " or " + expected.last!
            return "expected \(list), found \(found)"
        }
        let shown = messages.prefix(4).joined(separator: "; or ") + (messages.count > 4 ? "; or \(messages.count - 4) more" : "")
        return "\(describe(i)) matches none of the \(messages.count) alternatives of \(keyword): \(shown)"
    }

    /// The errors of the branch that came closest to matching: one whose type or constant
    /// discriminator did not fail, then the one with the fewest errors, then the deepest.
    func closest(_ branches: [[ValidationError]], _ i: Int) -> [ValidationError] {
        guard !branches.isEmpty else { return [] }
        let base = relativePointer(doc, from: start, to: i).tokens.count
        func score(_ errs: [ValidationError]) -> (Int, Int, Int, Int) {
            var typeHere = 0, constBelow = 0, deepest = 0
            for e in errs {
                let d = e.instanceLocation.tokens.count
                deepest = max(deepest, d)
                if d == base && (e.keyword == "type" || e.keyword == "const" || e.keyword == "enum" || e.keyword == "false") { typeHere = 1 }
                if d == base + 1 && (e.keyword == "const" || e.keyword == "enum") { constBelow = 1 }
            }
            return (typeHere, constBelow, errs.count, -deepest)
        }
        var best = 0
        var bestScore = score(branches[0])
        for j in 1..<branches.count {
            let sc = score(branches[j])
            if sc < bestScore { best = j; bestScore = sc }
        }
        return branches[best]
    }

    // MARK: Values

    @inline(__always)
    mutating func typeMatches(_ set: TypeSet, _ i: Int, _ draft4: Bool) -> Bool {
        set.matches(doc.kind(i), i, in: doc, draft4: draft4)
    }

    func typeMessage(_ set: TypeSet, _ i: Int, _ draft4: Bool) -> String {
        let names = set.names.map(article)
        let expected: String
        switch names.count {
        case 0: expected = "no type"
        case 1: expected = names[0]
        default: expected = names.dropLast().joined(separator: ", ") + " or " + names.last!
        }
        let kind = doc.kind(i)
        if kind == .number && set.contains(.integer) {
            return "expected \(expected), found \(doc.numberLiteral(i))"
        }
        return "expected \(expected), found \(article(kind.description))"
    }

    func article(_ name: String) -> String {
        switch name {
        case "null": "null"
        case "integer", "object", "array": "an " + name
        default: "a " + name
        }
    }

    /// A short description of the value at `i`: strings and numbers as JSON, containers by kind.
    func describe(_ i: Int) -> String {
        switch doc.kind(i) {
        case .null: return "null"
        case .true: return "true"
        case .false: return "false"
        case .number: return doc.numberLiteral(i)
        case .string:
            // A lone surrogate is shown as written (`"\uD800"`), not as the U+FFFD it reads as.
            if doc.hasLoneSurrogate(i) && doc.byteRange(i).count <= 62 {
                return String(decoding: doc.bytes[doc.byteRange(i)], as: UTF8.self)
            }
            let s = doc.string(i)!
            return s.count > 60 ? jsonString(String(s.prefix(57)) + "...") : jsonString(s)
        case .array: return doc.count(i) == 0 ? "an empty array" : "an array"
        case .object: return doc.count(i) == 0 ? "an empty object" : "an object"
        }
    }

    mutating func stringLength(_ i: Int) -> Int {
        if doc.hasEscapes(i) { return doc.stringLength(i) }
        let r = doc.rawStringBytes(i)
        var n = 0
        var p = r.lowerBound
        while p < r.upperBound {
            if bytes[p] & 0xC0 != 0x80 { n += 1 }
            p += 1
        }
        return n
    }

    /// Calls `body` with pattern `r` and the UTF-8 text of string node `i`: the file's own
    /// bytes, or the decoded text when the string has escapes. The program (held by `box`)
    /// keeps the pattern alive: no retain needed.
    @inline(__always)
    func withPattern<R>(_ r: Int32, on i: Int, _ body: (PatternBox, UnsafeBufferPointer<UInt8>) -> R) -> R {
        if !doc.hasEscapes(i) {
            let text = UnsafeBufferPointer(rebasing: bytes[doc.rawStringBytes(i)])
            return patterns[Int(r)]._withUnsafeGuaranteedRef { body($0, text) }
        }
        var decoded = Array(doc.string(i)!.utf8)
        return decoded.withUnsafeMutableBufferPointer { buffer in
            patterns[Int(r)]._withUnsafeGuaranteedRef { body($0, UnsafeBufferPointer(buffer)) }
        }
    }

    /// Runs a pattern on a string node, saying why there is no answer (see ``PatternBox``).
    mutating func outcome(_ r: Int32, _ i: Int) -> PatternOutcome {
        withPattern(r, on: i) { $0.outcome(utf8: $1) }
    }

    /// Runs a pattern on a string node; nil when the regex ran out of budget.
    mutating func search(_ r: Int32, _ i: Int) -> Bool? {
        withPattern(r, on: i) { $0.search(utf8: $1) }
    }

    /// -1, 0 or 1 as the number at `i` is below, equal to or above the bound.
    @inline(__always)
    mutating func compareNumber(_ i: Int, _ c: Int32) -> Int {
        let check = numbers[Int(c)]
        let v = doc.double(i)!
        // Parsing rounds correctly, so different Doubles order the exact values the same way.
        if v < check.value { return -1 }
        if v > check.value { return 1 }
        if check.isExact && doc.isExactDouble(i) { return 0 }
        return JSONNumber.compare(doc.number(i)!, box.program.exactNumbers[Int(c)])
    }

    mutating func isMultiple(_ i: Int, _ c: Int32) -> Bool {
        let check = numbers[Int(c)]
        if let d = check.intValue, d != 0, doc.isIntegerLiteral(i), doc.isExactDouble(i) {
            let v = doc.double(i)!
            if abs(v) < 9.0e15 { return Int(v) % d == 0 }
        }
        return exactMultiple(doc.number(i)!, box.program.exactNumbers[Int(c)])
    }

    mutating func enumContains(_ set: EnumSet, _ i: Int) -> Bool {
        if doc.kind(i) == .string {
            if set.tableMask >= 0 {
                if !doc.hasEscapes(i) {
                    let r = doc.rawStringBytes(i)
                    return enumTableContains(set, bytes.baseAddress! + r.lowerBound, r.count)
                }
                let decoded = doc.codePointBytes(i)
                return decoded.withUnsafeBufferPointer { enumTableContains(set, $0.baseAddress, $0.count) }
            }
            if !doc.hasEscapes(i) {
                let r = doc.rawStringBytes(i)
                let len = r.count
                let base = bytes.baseAddress! + r.lowerBound
                let prefix = instancePrefix(r)
                for j in Int(set.firstString)..<Int(set.firstString + set.stringCount) {
                    let sl = slices[j]
                    if sl.prefix == prefix && Int(sl.count) == len
                        && (len <= 8 || memcmp(base + 8, keyBytes.baseAddress! + Int(sl.start) + 8, len - 8) == 0)
                    {
                        return true
                    }
                }
                return false
            }
            let decoded = doc.codePointBytes(i)
            for j in Int(set.firstString)..<Int(set.firstString + set.stringCount) where sliceEquals(slices[j], decoded) {
                return true
            }
            return false
        }
        for j in Int(set.firstOther)..<Int(set.firstOther + set.otherCount) where equals(i, box.program.constants[j]) {
            return true
        }
        return false
    }

    /// Whether the string of `count` bytes at `p` is one of `set`'s strings, looked up in its
    /// hash table.
    func enumTableContains(_ set: EnumSet, _ p: UnsafePointer<UInt8>?, _ count: Int) -> Bool {
        let mask = Int(set.tableMask)
        var slot = Int(enumHash(p, count) & UInt64(mask))
        return box.program.enumSlots.withUnsafeBufferPointer { table in
            while true {
                let j = table[Int(set.tableStart) + slot]
                if j < 0 { return false }
                let sl = slices[Int(j)]
                if Int(sl.count) == count && (count == 0 || memcmp(p!, keyBytes.baseAddress! + Int(sl.start), count) == 0) { return true }
                slot = (slot + 1) & mask
            }
        }
    }

    /// JSON equality of the value at `i` and a constant (numbers by value).
    mutating func equals(_ i: Int, _ c: Constant) -> Bool {
        switch (doc.kind(i), c) {
        case (.null, .null): return true
        case (.true, .bool(let b)): return b
        case (.false, .bool(let b)): return !b
        case (.number, .number(let d, let exact, let isExact)):
            let v = doc.double(i)!
            if v != d { return false }
            if isExact && doc.isExactDouble(i) { return true }
            return doc.number(i)! == exact
        case (.string, .string(let s)):
            if !doc.hasEscapes(i) {
                let r = doc.rawStringBytes(i)
                return r.count == s.count && bytes[r].elementsEqual(s)
            }
            return doc.codePointBytes(i) == s
        case (.array, .array(let items)):
            guard doc.count(i) == items.count else { return false }
            var e = i + 1
            for item in items {
                if !equals(e, item) { return false }
                e = doc.after(e)
            }
            return true
        case (.object, .object(let members)):
            // Compare by distinct keys (the last occurrence wins, as for look-ups).
            var k = i + 1
            var distinct: [[UInt8]: Int] = [:]
            for _ in 0..<doc.count(i) {
                distinct[doc.codePointBytes(k)] = k + 1
                k = doc.after(k + 1)
            }
            guard distinct.count == members.count else { return false }
            for (key, value) in members {
                guard let v = distinct[key], equals(v, value) else { return false }
            }
            return true
        default:
            return false
        }
    }

    /// The first pair of equal items of the array at `i`, as indices.
    mutating func firstDuplicate(_ i: Int) -> (Int, Int)? {
        // Items the trees call equal are compared again on the tape, by code point: a tree
        // reads a lone surrogate as U+FFFD, and its strings compare as Swift's do, taking
        // canonically equivalent spellings as one ("\u00e9" and "e\u0301" were reported
        // equal, and a schema whose `required` lists both failed its meta-schema).
        // Items by the hash of their tree, not by the tree: each item's tree is made, hashed
        // and dropped (and made again only to compare two items with one hash). Keeping every
        // item's tree took 36 times the array's size (939 MB for 100,000 objects of 26 MB).
        var seen: [Int: [(index: Int, node: Int)]] = [:]
        var e = i + 1
        for j in 0..<doc.count(i) {
            let key = ValueKey(doc.value(e))
            let hash = key.hashValue
            if let prior = seen[hash]?.first(where: { ValueKey(doc.value($0.node)) == key && sameValue($0.node, e) }) {
                return (prior.index, j)
            }
            seen[hash, default: []].append((j, e))
            e = doc.after(e)
        }
        return nil
    }

    /// JSON equality of two instance values, strings by code point (a lone surrogate is not
    /// U+FFFD), objects by their distinct keys.
    func sameValue(_ a: Int, _ b: Int) -> Bool {
        let kind = doc.kind(a)
        guard kind == doc.kind(b) else { return false }
        switch kind {
        case .string:
            return doc.codePointBytes(a) == doc.codePointBytes(b)
        case .array:
            guard doc.count(a) == doc.count(b) else { return false }
            return zip(doc.elements(a), doc.elements(b)).allSatisfy { sameValue($0, $1) }
        case .object:
            var left: [[UInt8]: Int] = [:], right: [[UInt8]: Int] = [:]
            for (k, v) in doc.members(a) { left[doc.codePointBytes(k)] = v }
            for (k, v) in doc.members(b) { right[doc.codePointBytes(k)] = v }
            guard left.count == right.count else { return false }
            return left.allSatisfy { key, v in right[key].map { sameValue(v, $0) } ?? false }
        default:
            return ValueKey(doc.value(a)) == ValueKey(doc.value(b))
        }
    }

    // MARK: Annotations (annotating only)

    /// The subschema of `not`, annotating: what it annotated is never kept (it passed, so
    /// `not` fails; or it failed, and dropped them itself).
    @inline(never) mutating func annotatingNot(_ child: Int32, _ i: Int) -> Bool {
        var none: Annotations? = nil
        let annotationMark = annotations.count
        let mark = pushPath("/not")
        let ok = eval(child, i, &none)
        popPath(mark)
        annotations.removeSubrange(annotationMark...)
        return ok
    }

    /// Adds the annotation keywords of schema `s` on instance value `i`: `title`,
    /// `description`, `default`, `deprecated`, `readOnly`, `writeOnly`, `examples`,
    /// `format`, on strings `contentMediaType`, `contentEncoding` and (beside
    /// `contentMediaType`) `contentSchema`, and every keyword the drafts do not know. Read
    /// from the schema's source, as drafts 4 to 7 read it: a `$ref` hides its siblings.
    @inline(never) mutating func annotateKeywords(_ s: Int32, _ i: Int) {
        let loc = box.program.sourceNodes[Int(s)]
        let source = box.program.sources[loc.doc]
        let n = loc.node
        guard source.kind(n) == .object else { return }
        if nodes[Int(s)].draft <= .draft7 && source.member(n, "$ref") != nil { return }
        let isString = doc.kind(i) == .string
        for (k, v) in source.members(n) {
            guard let key = source.string(k) else { continue }
            switch key {
            case "title", "description", "default", "deprecated", "readOnly", "writeOnly", "examples", "format":
                break
            case "contentMediaType", "contentEncoding":
                guard isString else { continue }
            case "contentSchema":
                guard isString, source.member(n, "contentMediaType") != nil else { continue }
            default:
                if knownKeywords.contains(key) { continue }
            }
            emit(s, key, i, source.value(v))
        }
    }

    /// Whether the source of schema `s` has the keyword `key`.
    func schemaHas(_ s: Int32, _ key: String) -> Bool {
        let loc = box.program.sourceNodes[Int(s)]
        let source = box.program.sources[loc.doc]
        return source.kind(loc.node) == .object && source.member(loc.node, key) != nil
    }

    /// The annotations of `properties`, `patternProperties` and `additionalProperties`: the
    /// names of the members each evaluated (a valid object). A keyword that evaluated none
    /// makes none (an empty list says nothing more than no annotation, and a valid object's
    /// output would list one for every `properties` of the schema that it does not use).
    @inline(never) mutating func annotateObject(_ s: Int32, _ i: Int, _ byProperties: [Int], _ byPatterns: [Int], _ byAdditional: [Int]) {
        func names(_ keys: [Int]) -> JSONValue { .array(keys.map { .string(doc.string($0)!) }) }
        if !byProperties.isEmpty && schemaHas(s, "properties") { emit(s, "properties", i, names(byProperties)) }
        if !byPatterns.isEmpty { emit(s, "patternProperties", i, names(byPatterns)) }
        if !byAdditional.isEmpty { emit(s, "additionalProperties", i, names(byAdditional)) }
    }

    /// The annotations of `prefixItems` (or an array `items`: the largest index it applied
    /// to, or `true` for every item) and of `items` (`additionalItems`): `true` when it
    /// applied to an item.
    @inline(never) mutating func annotateItems(_ op: ItemsOp, _ s: Int32, _ i: Int, _ count: Int) {
        let prefix = Int(op.prefixCount)
        if prefix > 0 && count > 0 {
            let value: JSONValue = count <= prefix ? .bool(true) : .number(JSONNumber(prefix - 1))
            emit(s, op.modern ? "prefixItems" : "items", i, value)
        }
        if op.rest >= 0 && count > prefix {
            emit(s, op.restIsAdditional ? "additionalItems" : "items", i, .bool(true))
        }
    }

    /// Adds the annotation `keyword` of schema `s` on instance value `i`.
    @inline(never) mutating func emit(_ s: Int32, _ keyword: String, _ i: Int, _ value: JSONValue) {
        let location = box.program.locations[Int(s)]
        let token = "/" + escapePointerToken(keyword)
        annotations.append(SchemaAnnotation(
            keyword: keyword, value: value, instanceLocation: relativePointer(doc, from: start, to: i),
            keywordLocation: String(decoding: path, as: UTF8.self) + token,
            absoluteKeywordLocation: location.base.isEmpty ? nil : location.base + "#" + fragmentEncode(location.pointer + token),
            node: i))
        if forOutput { annotations[annotations.count - 1].trail = trail }
    }

    // MARK: Reporting

    @inline(__always)
    mutating func pushPath(_ segment: @autoclosure () -> String) -> Int {
        let mark = path.count
        if tracksPath { path.append(contentsOf: segment().utf8) }
        return mark
    }

    @inline(__always)
    mutating func popPath(_ mark: Int) {
        if path.count > mark { path.removeSubrange(mark...) }
    }

    mutating func report(_ s: Int32, _ keyword: String, _ i: Int, _ message: String) {
        guard collect else { return }
        let location = box.program.locations[Int(s)]
        let suffix = location.pointer + "/" + escapePointerToken(keyword)
        let absolute: String? = location.base.isEmpty ? nil : location.base + "#" + fragmentEncode(suffix)
        var error = ValidationError(
            instanceLocation: relativePointer(doc, from: start, to: i),
            keywordLocation: String(decoding: path, as: UTF8.self) + "/" + escapePointerToken(keyword),
            absoluteKeywordLocation: absolute,
            message: message, node: i, keyword: keyword)
        if forOutput { error.trail = trail }
        errors.append(error)
    }
}

/// A JSON value hashed and compared as JSON Schema says (`1.0 == 1`, key order ignored).
struct ValueKey: Hashable {
    let value: JSONValue
    init(_ value: JSONValue) { self.value = value }
}

/// Whether `value` is an integer multiple of `divisor`, computed on the decimal digits.
func exactMultiple(_ value: JSONNumber, _ divisor: JSONNumber) -> Bool {
    let v = value.canonical, d = divisor.canonical
    if v.digits == "0" { return true }
    if d.digits == "0" { return false }
    // value = dv * 10^ev, divisor = dd * 10^ed; dv and dd have no trailing zeros.
    if v.exponent < d.exponent { return false }
    let shift = v.exponent - d.exponent
    if d.digits.count <= 18 && shift <= 100_000 {
        let dd = UInt64(d.digits)!
        var r: UInt64 = 0
        for c in v.digits.utf8 { r = (r * 10 + UInt64(c - 48)) % dd }
        for _ in 0..<shift {
            r = (r * 10) % dd
            if r == 0 { break }
        }
        return r == 0
    }
    // A divisor of more digits, or a value far larger (it was computed in floating point,
    // so 2 passed `multipleOf: 1.000000000000000000001` and 1e100001 failed `multipleOf:
    // 2`). With dd = 2^a 5^b m, m prime to ten: dd divides dv * 10^shift exactly when m
    // divides dv and dv * 10^shift has a twos and b fives, whatever the shift.
    var m = DecimalDigits(d.digits)
    var twos = 0, fives = 0
    while m.remainder(dividingBy: 2) == 0 { m = m.quotient(dividingBy: 2); twos += 1 }
    while m.remainder(dividingBy: 5) == 0 { m = m.quotient(dividingBy: 5); fives += 1 }
    guard DecimalDigits(v.digits).isMultiple(of: m) else { return false }
    /// Whether dv has at least `count` factors `p`.
    func hasFactors(_ p: UInt32, _ count: Int) -> Bool {
        var n = DecimalDigits(v.digits)
        for _ in 0..<max(0, count) {
            guard n.remainder(dividingBy: p) == 0 else { return false }
            n = n.quotient(dividingBy: p)
        }
        return true
    }
    return (twos <= shift || hasFactors(2, twos - shift)) && (fives <= shift || hasFactors(5, fives - shift))
}

/// A natural number of any size, for ``exactMultiple(_:_:)``: limbs of nine decimal digits,
/// least significant first.
struct DecimalDigits {
    var limbs: [UInt32]
    static let base: UInt64 = 1_000_000_000

    init(_ digits: String) {
        limbs = []
        let bytes = Array(digits.utf8)
        var end = bytes.count
        while end > 0 {
            let start = max(0, end - 9)
            var limb: UInt32 = 0
            for c in bytes[start..<end] { limb = limb * 10 + UInt32(c - 48) }
            limbs.append(limb)
            end = start
        }
        trim()
    }

    private mutating func trim() {
        while limbs.count > 1 && limbs.last == 0 { limbs.removeLast() }
        if limbs.isEmpty { limbs = [0] }
    }

    func remainder(dividingBy k: UInt32) -> UInt32 {
        var r: UInt64 = 0
        for limb in limbs.reversed() { r = (r * Self.base + UInt64(limb)) % UInt64(k) }
        return UInt32(r)
    }

    func quotient(dividingBy k: UInt32) -> DecimalDigits {
        var out = self
        var r: UInt64 = 0
        for i in stride(from: limbs.count - 1, through: 0, by: -1) {
            let cur = r * Self.base + UInt64(limbs[i])
            out.limbs[i] = UInt32(cur / UInt64(k))
            r = cur % UInt64(k)
        }
        out.trim()
        return out
    }

    /// Whether `m` (not zero) divides this number: its decimal digits fed one by one into a
    /// remainder kept below `m`.
    func isMultiple(of m: DecimalDigits) -> Bool {
        var r = DecimalDigits("0")
        for limb in limbs.reversed() {
            var digits: [UInt32] = []
            var x = limb
            for _ in 0..<9 { digits.append(x % 10); x /= 10 }
            for digit in digits.reversed() {
                r.multiplyAdd(10, digit)
                while !r.isLess(than: m) { r.subtract(m) }
            }
        }
        return r.limbs == [0]
    }

    private mutating func multiplyAdd(_ k: UInt64, _ add: UInt32) {
        var carry = UInt64(add)
        for i in limbs.indices {
            let cur = UInt64(limbs[i]) * k + carry
            limbs[i] = UInt32(cur % Self.base)
            carry = cur / Self.base
        }
        if carry > 0 { limbs.append(UInt32(carry)) }
    }

    private func isLess(than other: DecimalDigits) -> Bool {
        if limbs.count != other.limbs.count { return limbs.count < other.limbs.count }
        for i in stride(from: limbs.count - 1, through: 0, by: -1) where limbs[i] != other.limbs[i] {
            return limbs[i] < other.limbs[i]
        }
        return false
    }

    private mutating func subtract(_ other: DecimalDigits) {
        var borrow: Int64 = 0
        for i in limbs.indices {
            var cur = Int64(limbs[i]) - borrow - (i < other.limbs.count ? Int64(other.limbs[i]) : 0)
            borrow = 0
            if cur < 0 { cur += Int64(Self.base); borrow = 1 }
            limbs[i] = UInt32(cur)
        }
        trim()
    }
}
