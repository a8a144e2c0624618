import LarderJSON

/// Builds the standard output formats from a validation result.
enum OutputBuilder {
    static func build(_ result: ValidationResult, format: OutputFormat) -> JSONValue {
        switch format {
        case .flag:
            return ["valid": .bool(result.isValid)]
        case .basic:
            var out: JSONValue = ["valid": .bool(result.isValid)]
            if !result.isValid { out["errors"] = .array(result.errors.map(unit)) }
            return out
        case .detailed:
            var out: JSONValue = ["valid": .bool(result.isValid)]
            if !result.isValid {
                let tree = Tree(result.errors)
                out["errors"] = .array(tree.children.map { $0.json })
                if tree.children.count == 1, case .object(var only) = tree.children[0].json {
                    // A single branch: hoist it, as the specification's examples do.
                    only["valid"] = .bool(false)
                    return .object(only)
                }
            }
            return out
        }
    }

    static func unit(_ e: ValidationError) -> JSONValue {
        var o = JSONObject()
        o["valid"] = .bool(false)
        o["keywordLocation"] = .string(e.keywordLocation)
        if let a = e.absoluteKeywordLocation { o["absoluteKeywordLocation"] = .string(a) }
        o["instanceLocation"] = .string(e.instanceLocation.description)
        o["error"] = .string(e.message)
        return .object(o)
    }

    /// Errors grouped by the schema path that led to them: a node per path prefix that
    /// more than one error shares, leaves for the errors themselves.
    final class Tree {
        var keywordLocation: String
        var instanceLocation: String
        var error: ValidationError?
        var children: [Tree] = []

        init(keywordLocation: String, instanceLocation: String) {
            self.keywordLocation = keywordLocation
            self.instanceLocation = instanceLocation
        }

        convenience init(_ errors: [ValidationError]) {
            self.init(keywordLocation: "", instanceLocation: "")
            for e in errors { insert(e) }
            collapse()
        }

        private func insert(_ e: ValidationError) {
            // Each applicator step (`/properties/a`, `/items`, `/$ref`, `/allOf/0`) is a level.
            let parts = e.keywordLocation.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
            var node = self
            var prefix = ""
            for part in parts.dropLast() {
                prefix += "/" + part
                if let next = node.children.first(where: { $0.error == nil && $0.keywordLocation == prefix }) {
                    node = next
                } else {
                    let next = Tree(keywordLocation: prefix, instanceLocation: e.instanceLocation.description)
                    node.children.append(next)
                    node = next
                }
            }
            let leaf = Tree(keywordLocation: e.keywordLocation, instanceLocation: e.instanceLocation.description)
            leaf.error = e
            node.children.append(leaf)
        }

        /// Removes levels with a single child (they add nothing).
        private func collapse() {
            for (i, child) in children.enumerated() {
                var c = child
                while c.error == nil && c.children.count == 1 { c = c.children[0] }
                c.collapse()
                children[i] = c
            }
        }

        var json: JSONValue {
            if let e = error { return OutputBuilder.unit(e) }
            var o = JSONObject()
            o["valid"] = .bool(false)
            o["keywordLocation"] = .string(keywordLocation)
            o["instanceLocation"] = .string(commonInstance)
            o["errors"] = .array(children.map { $0.json })
            return .object(o)
        }

        /// The longest instance location every error below shares.
        private var commonInstance: String {
            var common: [String]?
            func visit(_ t: Tree) {
                if let e = t.error {
                    let tokens = e.instanceLocation.tokens
                    if let c = common {
                        common = Array(zip(c, tokens).prefix { $0 == $1 }.map { $0.0 })
                    } else {
                        common = tokens
                    }
                }
                t.children.forEach(visit)
            }
            visit(self)
            return JSONPointer(tokens: common ?? []).description
        }
    }
}
