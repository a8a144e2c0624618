import LarderCore
import LarderJSON

/// Finds the localized texts and taxonomy tags of one document.
///
/// Built-in kinds have known fields (a recipe's name, description, steps, free-text
/// ingredients, ingredient names and notes, image `alt` texts, embedded shops; a location's
/// name, summary, description, written address and `alt` texts; a product's name and image
/// `alt` texts). A team's own kind has the fields its schema declares localized text (those
/// that refer to Larder's `localizedText`; see ``KindFields``) and those the exporter option
/// `texts` names, plain strings included. Only a kind whose schema declares none is guessed
/// at (``findsByShape``): an object whose keys are all language tags of the project's
/// languages, with strings or plural forms as values, is taken for text. Fields starting
/// with `x-` pass through untouched.
///
/// Tags: a recipe's and a location's `category` and `tags`, a product's `allergens`,
/// `categories`, `labels` and `origins`; a team kind's, the strings at the fields its
/// schema declares tags (``tagPointers``).
struct FieldFinder {
    var kind: String
    var locales: [String]
    /// Patterns of text fields (``FieldPatterns``): the schema's and the `texts` option's.
    var extraPointers: [String]
    /// Whether objects of language -> text are found by their shape (a team kind whose
    /// schema declares no text fields); the built-in kinds' fields are known.
    var findsByShape: Bool = true
    /// Patterns of a team kind's tag fields (``FieldPatterns``), from its schema.
    var tagPointers: [String] = []

    var source: String { locales.first ?? "en" }

    func find(in value: JSONValue, texts: inout [(pointer: [String], text: LocalizedText)], tags: inout [[String]]) {
        switch kind {
        case "recipe": recipe(value, [], &texts, &tags)
        case "location": location(value, [], &texts, &tags)
        case "product": product(value, &texts, &tags)
        default: if findsByShape { generic(value, [], &texts) }
        }
        // The tags a team kind's schema declares: the strings there (a tag list's elements).
        if !tagPointers.isEmpty {
            var seen = Set(tags)
            for (pointer, node) in FieldPatterns(tagPointers).values(in: value) where node.stringValue != nil && seen.insert(pointer).inserted {
                tags.append(pointer)
            }
        }
        // Fields the schema declares and the options name (plain strings included), at any
        // depth of a schema that refers to itself.
        if !extraPointers.isEmpty {
            var seen = Set(texts.map(\.pointer))
            for (pointer, node) in FieldPatterns(extraPointers).values(in: value) where seen.insert(pointer).inserted {
                if let text = LocalizedText(json: node, sourceLocale: source) { texts.append((pointer, text)) }
            }
        }
        texts.sort { StringKey.pathPrecedes($0.pointer, $1.pointer) }
    }

    /// ``find(in:texts:tags:)`` over a parsed document, without building its tree (only
    /// each text's value is made): for recipes and locations with no `texts` option (nor
    /// tag fields of a schema), in a file without repeated keys (where the tape's member is
    /// the tree's). Nil otherwise.
    /// Each text's node comes with it (`nodes`, aligned with `texts`), so an exporter need
    /// not look it up again by its pointer.
    func find(in json: JSONDocument, node: Int) -> (texts: [(pointer: [String], text: LocalizedText)], nodes: [Int], tags: [[String]])? {
        guard extraPointers.isEmpty, tagPointers.isEmpty, json.duplicateKeys.isEmpty, kind == "recipe" || kind == "location" else { return nil }
        var found: [TapeText] = []
        var tags: [[String]] = []
        let tape = Tape(json: json, source: source)
        if kind == "recipe" { tape.recipe(node, [], &found, &tags) } else { tape.location(node, [], &found, &tags) }
        found.sort { StringKey.pathPrecedes($0.pointer, $1.pointer) }
        return (found.map { ($0.pointer, $0.text) }, found.map { $0.node }, tags)
    }

    /// The texts ``find(in:node:)`` finds, as their nodes alone (no text is read), when
    /// every one is a plain string or a map of simple canonical language tags to strings
    /// (``TextNodes/Shape``); nil otherwise, and where ``find(in:node:)`` gives nil.
    func findNodes(in json: JSONDocument, node: Int) -> (pointers: [[String]], nodes: [Int], tags: [[String]])? {
        guard extraPointers.isEmpty, tagPointers.isEmpty, json.duplicateKeys.isEmpty, kind == "recipe" || kind == "location" else { return nil }
        var found: [TapeText] = []
        var tags: [[String]] = []
        let tape = Tape(json: json, source: source, readsTexts: false)
        if kind == "recipe" { tape.recipe(node, [], &found, &tags) } else { tape.location(node, [], &found, &tags) }
        guard !found.contains(where: { $0.node < 0 }) else { return nil }
        found.sort { StringKey.pathPrecedes($0.pointer, $1.pointer) }
        return (found.map { $0.pointer }, found.map { $0.node }, tags)
    }

    /// A text found on the tape, with its node (without its text, when the tape does not
    /// read texts; a negative node then marks a text of another shape than ``TextNodes``
    /// takes).
    private typealias TapeText = (pointer: [String], text: LocalizedText, node: Int)

    /// The recipe and location fields, read from the tape as the tree versions read them.
    private struct Tape {
        let json: JSONDocument
        let source: String
        var readsTexts = true

        func member(_ node: Int?, _ key: String) -> Int? {
            node.flatMap { json.member($0, key) }
        }

        /// Whether the key node `key` is `name` (compared as bytes; an escaped key as the
        /// code points it stands for).
        func keyIs(_ key: Int, _ name: StaticString) -> Bool {
            json.keyEquals(key, UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        }

        func elements(_ node: Int?) -> [Int] {
            guard let node, json.kind(node) == .array else { return [] }
            return Array(json.elements(node))
        }

        /// Adds the text at `node`, if there is one; its pointer is made only then (most
        /// recipes have no `description`, most ingredients no `note`).
        func add(_ node: Int?, _ pointer: @autoclosure () -> [String], _ texts: inout [TapeText]) {
            guard let node else { return }
            guard readsTexts else {
                switch TextNodes.shape(json, node) {
                case .notText: return
                case .simple: texts.append((pointer(), TextNodes.unread, node))
                case .other: texts.append((pointer(), TextNodes.unread, -1))
                }
                return
            }
            guard let text = LocalizedText(json, node: node, sourceLocale: source) else { return }
            texts.append((pointer(), text, node))
        }

        func images(_ node: Int?, _ base: [String], _ texts: inout [TapeText]) {
            for (i, image) in elements(node).enumerated() where json.kind(image) == .object {
                add(json.member(image, "alt"), extend(base, String(i), "alt"), &texts)
            }
        }

        func tagFields(_ node: Int, _ base: [String], _ fields: [String], _ tags: inout [[String]]) {
            guard json.kind(node) == .object else { return }
            for field in fields {
                guard let value = json.member(node, field) else { continue }
                switch json.kind(value) {
                case .string: tags.append(extend(base, field))
                case .array:
                    for (i, element) in json.elements(value).enumerated() where json.kind(element) == .string {
                        tags.append(extend(base, field, String(i)))
                    }
                default: break
                }
            }
        }

        /// The fields in the order of their keys (``StringKey``: description, images,
        /// ingredients, name, shops, steps), so the texts come sorted as a rule and their
        /// sort has little to do.
        func recipe(_ node: Int, _ base: [String], _ texts: inout [TapeText], _ tags: inout [[String]]) {
            add(member(node, "description"), extend(base, "description"), &texts)
            images(member(node, "images"), extend(base, "images"), &texts)
            for (i, ingredient) in elements(member(node, "ingredients")).enumerated() {
                let p = extend(base, "ingredients", String(i))
                // The members read in one pass: an ingredient is structured when it has a
                // name, a quantity or a unit.
                var name: Int?, note: Int?, structured = false
                if json.kind(ingredient) == .object {
                    for (key, value) in json.members(ingredient) {
                        if keyIs(key, "name") {
                            name = value
                            structured = true
                        } else if keyIs(key, "note") {
                            note = value
                        } else if keyIs(key, "quantity") || keyIs(key, "unit") {
                            structured = true
                        }
                    }
                }
                if structured {
                    add(name, extend(p, "name"), &texts)
                    add(note, extend(p, "note"), &texts)
                } else {
                    add(ingredient, p, &texts)
                }
            }
            add(member(node, "name"), extend(base, "name"), &texts)
            for (i, shop) in elements(member(node, "shops")).enumerated() where json.kind(shop) == .object {
                location(shop, extend(base, "shops", String(i)), &texts, &tags)
            }
            for (i, step) in elements(member(node, "steps")).enumerated() {
                add(step, extend(base, "steps", String(i)), &texts)
            }
            tagFields(node, base, ["category", "tags"], &tags)
        }

        func location(_ node: Int, _ base: [String], _ texts: inout [TapeText], _ tags: inout [[String]]) {
            add(member(node, "name"), extend(base, "name"), &texts)
            add(member(node, "summary"), extend(base, "summary"), &texts)
            add(member(node, "description"), extend(base, "description"), &texts)
            add(member(node, "address"), extend(base, "address"), &texts)  // a postal address is not text
            images(member(node, "images"), extend(base, "images"), &texts)
            tagFields(node, base, ["category", "tags"], &tags)
        }
    }

    /// The nodes a pointer with `*` wildcards names.
    static func matches(_ tokens: [String], in value: JSONValue, at path: [String]) -> [([String], JSONValue)] {
        guard let first = tokens.first else { return [(path, value)] }
        let rest = Array(tokens.dropFirst())
        switch value {
        case .array(let a):
            if first == "*" {
                return a.enumerated().flatMap { matches(rest, in: $0.element, at: path + [String($0.offset)]) }
            }
            guard let i = Int(first), a.indices.contains(i) else { return [] }
            return matches(rest, in: a[i], at: path + [first])
        case .object(let o):
            if first == "*" {
                return o.flatMap { matches(rest, in: $0.1, at: path + [$0.0]) }
            }
            guard let v = o[first] else { return [] }
            return matches(rest, in: v, at: path + [first])
        default:
            return []
        }
    }

    private func add(_ value: JSONValue?, _ pointer: [String], _ texts: inout [(pointer: [String], text: LocalizedText)]) {
        guard let value, let text = LocalizedText(json: value, sourceLocale: source) else { return }
        texts.append((pointer, text))
    }

    private func images(_ value: JSONValue?, _ base: [String], _ texts: inout [(pointer: [String], text: LocalizedText)]) {
        for (i, image) in (value?.arrayValue ?? []).enumerated() where image.objectValue != nil {
            add(image["alt"], extend(base, String(i), "alt"), &texts)
        }
    }

    private func tagFields(_ value: JSONValue, _ base: [String], _ fields: [String], _ tags: inout [[String]]) {
        for field in fields {
            switch value[field] {
            case .string?: tags.append(extend(base, field))
            case .array(let a)?:
                for (i, element) in a.enumerated() where element.stringValue != nil { tags.append(extend(base, field, String(i))) }
            default: break
            }
        }
    }

    private func recipe(_ value: JSONValue, _ base: [String], _ texts: inout [(pointer: [String], text: LocalizedText)], _ tags: inout [[String]]) {
        add(value["name"], extend(base, "name"), &texts)
        add(value["description"], extend(base, "description"), &texts)
        for (i, ingredient) in (value["ingredients"]?.arrayValue ?? []).enumerated() {
            let p = extend(base, "ingredients", String(i))
            if let o = ingredient.objectValue, o["name"] != nil || o["quantity"] != nil || o["unit"] != nil {
                add(o["name"], extend(p, "name"), &texts)
                add(o["note"], extend(p, "note"), &texts)
            } else {
                add(ingredient, p, &texts)
            }
        }
        for (i, step) in (value["steps"]?.arrayValue ?? []).enumerated() {
            add(step, extend(base, "steps", String(i)), &texts)
        }
        images(value["images"], extend(base, "images"), &texts)
        for (i, shop) in (value["shops"]?.arrayValue ?? []).enumerated() where shop.objectValue != nil {
            location(shop, extend(base, "shops", String(i)), &texts, &tags)
        }
        tagFields(value, base, ["category", "tags"], &tags)
    }

    private func location(_ value: JSONValue, _ base: [String], _ texts: inout [(pointer: [String], text: LocalizedText)], _ tags: inout [[String]]) {
        add(value["name"], extend(base, "name"), &texts)
        add(value["summary"], extend(base, "summary"), &texts)
        add(value["description"], extend(base, "description"), &texts)
        add(value["address"], extend(base, "address"), &texts)  // a postal address is not text
        images(value["images"], extend(base, "images"), &texts)
        tagFields(value, base, ["category", "tags"], &tags)
    }

    private func product(_ value: JSONValue, _ texts: inout [(pointer: [String], text: LocalizedText)], _ tags: inout [[String]]) {
        add(value["name"], ["name"], &texts)
        for role in ["front", "ingredients", "nutrition"] {
            guard let image = value["images"]?[role]?.objectValue else { continue }
            if image["src"] != nil {
                add(image["alt"], ["images", role, "alt"], &texts)
            } else {
                for (language, perLanguage) in image where perLanguage.objectValue != nil {
                    add(perLanguage["alt"], ["images", role, language, "alt"], &texts)
                }
            }
        }
        tagFields(value, [], ["allergens", "categories", "labels", "origins"], &tags)
    }

    private func generic(_ value: JSONValue, _ path: [String], _ texts: inout [(pointer: [String], text: LocalizedText)]) {
        switch value {
        case .object(let o):
            if !path.isEmpty, LocalizedText.looksLocalized(value, locales: locales),
                let text = LocalizedText(json: value, sourceLocale: source)
            {
                texts.append((path, text))
                return
            }
            for (k, v) in o where !k.hasPrefix("x-") { generic(v, path + [k], &texts) }
        case .array(let a):
            for (i, v) in a.enumerated() { generic(v, path + [String(i)], &texts) }
        default:
            break
        }
    }
}

/// `base` with `token` after it, made in one allocation (`base + [token]` made two: a
/// document's pointers are made for every text of every document a build streams).
private func extend(_ base: [String], _ token: String) -> [String] {
    var path = base
    path.reserveCapacity(base.count + 1)
    path.append(token)
    return path
}

/// `base` with `a` and `b` after it, made in one allocation.
private func extend(_ base: [String], _ a: String, _ b: String) -> [String] {
    var path = base
    path.reserveCapacity(base.count + 2)
    path.append(a)
    path.append(b)
    return path
}
