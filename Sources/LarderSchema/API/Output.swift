import LarderJSON

/// Builds the standard output formats of JSON Schema 2020-12 (Core, section 12) from the
/// errors of a collecting evaluation made for them: each error carries the schema nodes
/// entered on the way to it (``ValidationError/trail``), which give every unit above it its
/// instance location and absolute keyword location.
struct OutputBuilder {
    let program: Program
    let doc: JSONDocument
    /// The instance node validation started at (instance locations are relative to it).
    let start: Int

    /// The output of a valid instance (basic and detailed): the root unit with, when the
    /// schema made any, `annotations`: one unit per annotation, each with its `valid`
    /// (true), locations and `annotation` (its value), in the order evaluation made them.
    /// `basic` lists them flat; `detailed` nests them as the schema is, under a unit for
    /// each subschema on the way (`/properties/a`, then `/properties/a/$ref`) on its
    /// instance value (annotations made with ``Evaluator/forOutput``, which records the
    /// way), a unit with a single child replaced by that child.
    func valid(_ annotations: [SchemaAnnotation] = [], format: OutputFormat = .basic) -> JSONValue {
        let root = Unit(keywordLocation: "", absolute: rootAbsolute, instanceLocation: "", valid: true)
        var pointers: [Int: String] = [:]
        for a in annotations {
            let leaf = Unit(keywordLocation: a.keywordLocation, absolute: a.absoluteKeywordLocation, instanceLocation: a.instanceLocation.description, valid: true)
            leaf.annotation = a.value
            leaf.isLeaf = true
            guard format == .detailed else {
                root.children.append(leaf)
                continue
            }
            var unit = root
            let bytes = Array(a.keywordLocation.utf8)
            for step in a.trail where step.pathLength > 0 && Int(step.pathLength) < bytes.count {
                let keyword = String(decoding: bytes[..<Int(step.pathLength)], as: UTF8.self)
                let instance: String
                if let known = pointers[step.instance] {
                    instance = known
                } else {
                    instance = relativePointer(doc, from: start, to: step.instance).description
                    pointers[step.instance] = instance
                }
                let location = program.locations[Int(step.node)]
                let absolute = location.base.isEmpty ? nil : location.base + "#" + fragmentEncode(location.pointer)
                unit = unit.child(keyword, absolute, instance, valid: true)
            }
            unit.children.append(leaf)
        }
        if format == .detailed { root.children = root.children.map { $0.collapsed() } }
        return .object(root.object)
    }

    /// The output of an invalid instance in `format`, from the errors of an evaluation made
    /// with ``Evaluator/forOutput``.
    func build(_ errors: [ValidationError], format: OutputFormat) -> JSONValue {
        let root = Unit(keywordLocation: "", absolute: rootAbsolute, instanceLocation: "")
        switch format {
        case .flag:
            return ["valid": .bool(errors.isEmpty)]
        case .basic:
            root.children = errors.map(leaf)
        case .detailed:
            var pointers: [Int: String] = [:]
            for e in errors { insert(e, into: root, pointers: &pointers) }
            root.children = root.children.map { $0.collapsed() }
        }
        // Invalid without a reason would be an output unit the output schema refuses.
        if root.children.isEmpty { root.error = "the instance is not valid against the schema" }
        return .object(root.object)
    }

    /// The root schema's absolute location: its URI with an empty JSON Pointer fragment.
    private var rootAbsolute: String? {
        let location = program.locations[Int(program.root)]
        return location.base.isEmpty ? nil : location.base + "#" + fragmentEncode(location.pointer)
    }

    /// The keyword location and absolute keyword location of an error's own unit. A `false`
    /// subschema fails as a whole, so its unit is the subschema's place (`/properties/x`),
    /// not a `/false` keyword that is nowhere in the schema.
    private func locations(_ e: ValidationError) -> (keyword: String, absolute: String?) {
        guard e.keyword == "false" else { return (e.keywordLocation, e.absoluteKeywordLocation) }
        return (String(e.keywordLocation.dropLast(6)), e.absoluteKeywordLocation.map { String($0.dropLast(6)) })
    }

    private func leaf(_ e: ValidationError) -> Unit {
        let (keyword, absolute) = locations(e)
        let unit = Unit(keywordLocation: keyword, absolute: absolute, instanceLocation: e.instanceLocation.description)
        unit.error = e.message
        unit.isLeaf = !e.summarizes
        return unit
    }

    /// Adds an error to the detailed tree: a unit for each keyword and subschema on the way
    /// to it (`/properties`, `/properties/a`, `/properties/a/$ref`), shared with the other
    /// errors that pass there on the same instance value, then the error's own unit.
    ///
    /// A keyword that applies one subschema to another value (`items`,
    /// `additionalProperties`) has a unit at the value it is on and one per value its
    /// subschema is applied to, both at the same keyword location. A `$ref` keyword's unit
    /// is the referenced schema's: its absolute location is that schema's.
    private func insert(_ e: ValidationError, into root: Unit, pointers: inout [Int: String]) {
        let (keyword, absolute) = locations(e)
        let bytes = Array(keyword.utf8)
        let slash = UInt8(ascii: "/")
        // The ends of the keyword location's proper prefixes; an error that sums up the
        // branches below it (anyOf, oneOf) is one of the units on their way.
        var ends = bytes.indices.filter { $0 > 0 && bytes[$0] == slash }
        if e.summarizes { ends.append(bytes.count) }
        let steps = e.trail
        func instance(_ f: Int) -> String {
            guard f >= 0 else { return "" }
            let node = steps[f].instance
            if let known = pointers[node] { return known }
            let pointer = relativePointer(doc, from: start, to: node).description
            pointers[node] = pointer
            return pointer
        }
        func absoluteLocation(_ f: Int, _ end: Int) -> String? {
            guard f >= 0 else { return nil }
            let location = program.locations[Int(steps[f].node)]
            guard !location.base.isEmpty else { return nil }
            let rest = String(decoding: bytes[min(Int(steps[f].pathLength), end)..<end], as: UTF8.self)
            return location.base + "#" + fragmentEncode(location.pointer + rest)
        }
        // The innermost step entered at or before each prefix: the root's first.
        var f = -1
        while f + 1 < steps.count && steps[f + 1].pathLength <= 0 { f += 1 }
        var unit = root
        for end in ends {
            let prefix = String(decoding: bytes[..<end], as: UTF8.self)
            var g = f
            while g + 1 < steps.count && Int(steps[g + 1].pathLength) <= end { g += 1 }
            if g != f && Int(steps[g].pathLength) == end {
                let from = f >= 0 ? Int(steps[f].pathLength) : 0
                if bytes[from..<end].count(where: { $0 == slash }) == 1 && instance(f) != instance(g) {
                    unit = unit.child(prefix, absoluteLocation(f, end), instance(f))
                }
            }
            f = g
            unit = unit.child(prefix, absoluteLocation(f, end), instance(f))
        }
        if e.summarizes {
            unit.error = e.message
            if let absolute { unit.absolute = absolute }
        } else {
            unit.children.append(leaf(e))
        }
    }

    /// One output unit and the units below it.
    final class Unit {
        let keywordLocation: String
        var absolute: String?
        let instanceLocation: String
        let valid: Bool
        var error: String?
        /// A valid unit's annotation value (its ``children`` are then `annotations`).
        var annotation: JSONValue?
        var children: [Unit] = []
        /// A failing keyword's own unit, never shared with another error.
        var isLeaf = false
        /// The units below that errors share, by keyword and instance location.
        private var shared: [String: Unit] = [:]

        init(keywordLocation: String, absolute: String?, instanceLocation: String, valid: Bool = false) {
            self.keywordLocation = keywordLocation
            self.absolute = absolute
            self.instanceLocation = instanceLocation
            self.valid = valid
        }

        /// The unit below at `keywordLocation` on `instanceLocation`, added when not there.
        func child(_ keywordLocation: String, _ absolute: String?, _ instanceLocation: String, valid: Bool = false) -> Unit {
            let key = keywordLocation + "\u{0}" + instanceLocation
            if let known = shared[key] { return known }
            let unit = Unit(keywordLocation: keywordLocation, absolute: absolute, instanceLocation: instanceLocation, valid: valid)
            shared[key] = unit
            children.append(unit)
            return unit
        }

        /// This unit with a unit that has a single child (and no error of its own) replaced
        /// by that child, at every level (2020-12 Core 12.4.3).
        func collapsed() -> Unit {
            children = children.map { $0.collapsed() }
            if !isLeaf && error == nil && children.count == 1 { return children[0] }
            return self
        }

        var object: JSONObject {
            var o = JSONObject()
            o["valid"] = .bool(valid)
            o["keywordLocation"] = .string(keywordLocation)
            if let absolute { o["absoluteKeywordLocation"] = .string(absolute) }
            o["instanceLocation"] = .string(instanceLocation)
            if let error { o["error"] = .string(error) }
            if let annotation { o["annotation"] = annotation }
            if !children.isEmpty { o[valid ? "annotations" : "errors"] = .array(children.map { .object($0.object) }) }
            return o
        }
    }
}
