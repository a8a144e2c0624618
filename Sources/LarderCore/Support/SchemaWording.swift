import LarderSchema

/// Words for a value that fails one of the patterns of Larder's built-in schemas: the
/// engine's own message quotes the regular expression (`"pt_BR" does not match the pattern
/// ^[A-Za-z]{2,3}(-[A-Za-z]{4})?…`), which tells a content author nothing. Lint (content
/// against the built-in schemas, or a team's schema that `$ref`s their definitions) and the
/// config check say instead what the value should be.
public enum SchemaWording {
    /// Where Larder's built-in schemas live.
    static let base = "https://larder.dev/schemas/"

    /// What `value` is not, for a failed `pattern` of a built-in schema (`is not a BCP 47
    /// language tag (like en, pt-BR, zh-Hant-TW, es-419); write pt-BR`), without the value
    /// itself, which each caller quotes in its own way; nil for any other failure.
    /// `folder` names what a relative path is relative to (`the project folder`).
    public static func predicate(for error: LarderSchema.ValidationError, value: String, folder: String = "its folder") -> String? {
        guard error.keyword == "pattern", let location = error.absoluteKeywordLocation, location.hasPrefix(base) else { return nil }
        let place = location.dropFirst(base.count)
        switch place {
        case "common.schema.json#/$defs/languageTag/pattern", "bundle.schema.json#/$defs/languageTag/pattern":
            // A hint only when it is a tag itself: pt_BR -> pt-BR, ca_ES@valencia -> ca-ES-valencia.
            return LanguageTagShape.quotedProblem(value) ?? "is not a language tag Larder takes"
        case "common.schema.json#/$defs/slug/pattern", "bundle.schema.json#/$defs/manifest/properties/kinds/items/pattern":
            let hint = value.contains("_") || value.contains(" ") ? "; write - between words" : value != value.lowercased() ? "; write it in lower case" : ""
            return "is not a key Larder takes: lower-case letters a-z, digits and -, starting with a letter or digit, such as old-fashioned\(hint)"
        case "common.schema.json#/$defs/nonBlankString/pattern", "bundle.schema.json#/$defs/text/pattern":
            return value.isEmpty ? "is empty: write the text" : "holds only white space: write the text"
        case "common.schema.json#/$defs/relativePath/pattern":
            return "is not a path relative to \(folder): \(pathProblem(value, folder: folder))"
        case "common.schema.json#/$defs/link/pattern":
            return "is not a web address: it must start with http:// or https://"
        case "common.schema.json#/$defs/youtubeId/pattern":
            return "is not a YouTube video id: 11 characters, letters, digits, _ and -"
        case "common.schema.json#/$defs/tag/pattern", "bundle.schema.json#/$defs/tag/properties/tag/pattern",
            "bundle.schema.json#/$defs/labels/propertyNames/pattern":
            return "is not a tag: a lower-case key, with a language prefix or without (citrus, en:citrus)"
        case "common.schema.json#/$defs/taxonomyTag/pattern":
            return "is not a taxonomy tag: a language prefix, a colon and a lower-case key (en:milk)"
        case "common.schema.json#/$defs/postalAddress/properties/country/pattern":
            return "is not a country code: two capital letters (PT, VN, US)"
        case "common.schema.json#/$defs/quantityText/pattern":
            return "is not an amount: a number (1.5 or 1,5), a fraction (1/2, 1 1/2, ½), or a range of two (2-3, 1 to 2)"
        case "common.schema.json#/$defs/unit/pattern":
            return "is not a unit key: keys are written in letters without accents, digits, µ, °, spaces, . and -, starting with a letter (g, ml, cup, piece, xicara)"
        case "product.schema.json#/properties/code/pattern":
            return "is not a barcode: 8, 12, 13 or 14 digits (a GTIN), nothing else"
        case "config.schema.json#/$defs/ruleId/pattern":
            // `Unique-Id`, `IMAGE-EXISTS`: the id is right but for case.
            if let lower = lowerCaseID(value) { return "is not a rule id: rule ids are lower case; write \(lower)" }
            return "is not a rule id: rule ids are kebab case (image-exists), a plugin's PLUGIN/RULE; `larder rules` lists them"
        case "config.schema.json#/$defs/program/pattern":
            return (value.isEmpty ? "is empty" : "holds only white space") + ": write the program to run (a name on PATH, or its path from the project folder: ./plugins/check.sh)"
        case "config.schema.json#/$defs/stepId/pattern":
            if let lower = lowerCaseID(value) { return "is not a transform or exporter id: ids are lower case; write \(lower)" }
            return "is not a transform or exporter id: ids are kebab case (json-bundle); `larder plugins` lists them"
        default:
            return nil
        }
    }

    /// `id` in lower case, when that is a kebab-case id (with a plugin's `PLUGIN/` before it)
    /// and `id` is not: an id right but for case.
    static func lowerCaseID(_ id: String) -> String? {
        let lower = id.lowercased()
        guard lower != id else { return nil }
        let parts = lower.split(separator: "/", omittingEmptySubsequences: false)
        let kebab = parts.count <= 2 && parts.allSatisfy { part in
            part.first.map { $0 != "-" } ?? false && part.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        }
        return kebab ? lower : nil
    }

    /// Why `path` is not a relative path as the schemas' `relativePath` takes it.
    static func pathProblem(_ path: String, folder: String) -> String {
        if path.isEmpty { return "it is empty" }
        if path.hasPrefix("/") { return "it starts with /" }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        if segments.contains("..") { return "a .. segment leaves \(folder)" }
        if path.contains("\\") { return "it has a backslash (folders are separated by /)" }
        if path.contains(":") { return "it has a :" }
        if segments.contains(".") { return "it has a . segment" }
        if path.hasSuffix("/") { return "it ends with /" }
        return "it has an empty segment (//)"
    }
}
