import LarderCore
import LarderJSON

/// `android`: Android string resources, `res/values*/strings.xml`.
///
/// The source language goes to `values/` (the default every device falls back to), the
/// others to Android's qualifier folders: `values-vi`, `values-pt-rBR` (language and
/// region), `values-b+es+419`, `values-b+zh+Hant+TW` and `values-b+yue` (BCP 47 form for a
/// script, a numeric region, a variant or a three-letter language). Resource names come
/// from the stable keys with every character outside `[a-z0-9_]` made `_`
/// (`recipe_old_fashioned_steps_2`); two keys that would share a name get a hash suffix.
/// Texts are escaped as aapt2 wants (`\'`, `\"`, `\\`, `\n`, `\@` and `\?` at the start,
/// `&amp;`, `&lt;`, spaces that would collapse as `\u0020`), and a text with `%` is marked
/// `formatted="false"` so "100% daily" is not taken for a format string; in a text with a
/// placeholder, which the app formats, a `%` that starts none is doubled ("%d items, 50%%
/// off"), and the placeholders are written as Java's formatter takes them (`%@` as `%s`,
/// `%ld` as `%d`: ``javaFormat(_:name:locale:)``). Plural texts
/// become `<plurals>` with exactly the categories the locale uses.
///
/// Hebrew, Indonesian and Yiddish are written twice: in `values-he`, `values-id` and
/// `values-yi`, and with the same strings in `values-iw`, `values-in` and `values-ji`
/// (region variants too: `values-iw-rIL` beside `values-he-rIL`), the folder right after
/// its locale's. Android before 7.0 names these languages by Java's old codes and looks
/// their resources up there only, so a phone set to Hebrew showed the source language.
/// A locale of the export that has that folder already (`iw`) keeps it, and no copy is
/// written. `b+` folders get no copy: the Android versions that read them know the new
/// codes.
///
///     exports:
///       - android: { out: dist/android/res }
public struct AndroidExporter: BundleExporter {
    public let id = "android"
    public let summary = "Android string resources: res/values*/strings.xml with Android's folder names and escaping."
    public let optionNames = ["fileName"]

    public init() {}

    /// The `values` folder of a locale: `values` for the source language, else
    /// `values-<qualifier>`.
    public static func folder(for locale: String, sourceLocale: String) -> String {
        if canonical(locale) == canonical(sourceLocale) { return "values" }
        return "values-" + qualifier(for: locale)
    }

    /// Android's locale qualifier: `vi`, `pt-rBR`, `b+es+419`, `b+zh+Hant+TW`.
    public static func qualifier(for locale: String) -> String {
        guard let tag = try? LanguageTag(locale) else { return "b+" + locale.replacingOccurrences(of: "-", with: "+") }
        if tag.language.count == 2, tag.script == nil, tag.variants.isEmpty {
            if let region = tag.region {
                if region.count == 2 { return "\(tag.language)-r\(region)" }
            } else {
                return tag.language
            }
        }
        return "b+" + tag.subtags.joined(separator: "+")
    }

    /// A resource name for a key: lower case, `[a-z0-9_]`, starting with a letter.
    static func resourceName(_ key: String) -> String {
        var out = ""
        for s in key.lowercased().unicodeScalars {
            switch s {
            case "a"..."z", "0"..."9": out.unicodeScalars.append(s)
            default: if !out.hasSuffix("_") { out += "_" }
            }
        }
        while out.hasSuffix("_") { out.removeLast() }
        if out.isEmpty || !(out.unicodeScalars.first!.properties.isAlphabetic) { out = "k_" + out }
        return out
    }

    /// The file name in each folder (the `fileName` option, `strings.xml` by default).
    static func fileName(_ run: ExportRun) throws(ExportError) -> String {
        SafeName.fileName((try run.options.string("fileName") ?? "strings.xml").replacingOccurrences(of: ".xml", with: "")) + ".xml"
    }

    /// Java's former codes of the languages whose folders old Android looks up by them
    /// (``legacyFolder(for:)``).
    static let legacyLanguages: [(language: String, legacy: String)] = [("he", "iw"), ("id", "in"), ("yi", "ji")]

    /// The folder Android before 7.0 reads a locale's strings from when it is not
    /// `folder`: `values-iw` for `values-he`, `values-in-rID` for `values-id-rID`,
    /// `values-ji` for `values-yi`; nil for any other folder (`b+` ones included, which
    /// only Android 7.0 and later reads, and which knows the new codes).
    public static func legacyFolder(for folder: String) -> String? {
        for (language, legacy) in legacyLanguages {
            let prefix = "values-" + language
            guard folder.hasPrefix(prefix) else { continue }
            let rest = folder.dropFirst(prefix.count)
            guard rest.isEmpty || rest.hasPrefix("-r") else { return nil }
            return "values-" + legacy + rest
        }
        return nil
    }

    /// The locales written, each with its folder: `values/` (the source language) always,
    /// as Android needs the defaults even when the `locales` option leaves the source out;
    /// a folder of ``legacyFolder(for:)`` right after its locale's, with the same locale,
    /// unless a locale written has that folder itself.
    static func folders(_ run: ExportRun) throws(ExportError) -> [(locale: String, folder: String)] {
        let locales = run.localesWithSource
        var seen: [String: String] = [:]
        let own = try locales.map { (locale: String) throws(ExportError) -> (locale: String, folder: String) in
            let folder = folder(for: locale, sourceLocale: run.sourceLocale)
            if let other = seen[folder] {
                throw ExportError("android: the locales \(other) and \(locale) both map to res/\(folder)")
            }
            seen[folder] = locale
            return (locale, folder)
        }
        return own.flatMap { written -> [(locale: String, folder: String)] in
            guard let legacy = legacyFolder(for: written.folder), seen[legacy] == nil else { return [written] }
            return [written, (written.locale, legacy)]
        }
    }

    static let header = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        + "<!-- Generated by Larder from the project's content: edit the content, not this file. -->\n<resources>\n"
    static let footer = "</resources>\n"

    /// True when the app formats the text: it has a printf placeholder (`%d`, `%1$s`) in one
    /// of its forms, so `getString(id, n)` and `getQuantityString(id, n, n)` run it through
    /// `String.format`, where the `%` of "50% off" throws (`MissingFormatArgumentException`);
    /// its other `%` are then doubled. A text without placeholders is shown as written
    /// (`getString(id)` does not format it).
    static func isFormatted(_ texts: some Sequence<String>) -> Bool {
        texts.contains(where: Placeholder.hasPrintfDirective)
    }

    /// One string's resource: `<string>`, or `<plurals>` with an item per category
    /// `locale` uses. (Android takes `zero` only from a language whose rules have it: the
    /// `zero` form an English text may have for i18next and Apple's formats is left out.)
    static func resource(_ name: String, _ value: TextValue, locale: String, into xml: inout String) throws(ExportError) {
        switch value {
        case .text(let s):
            let formatted = s.utf8.contains(0x25) ? " formatted=\"false\"" : ""
            let text = isFormatted([s]) ? try javaFormat(Placeholder.escapingLiteralPercents(s), name: name, locale: locale) : s
            xml += "    <string name=\"\(name)\"\(formatted)>\(Escape.android(text))</string>\n"
        case .plural(let all):
            let used = PluralRules.categories(for: locale)
            let forms = all.filter { used.contains($0.key) }
            let formatted = forms.values.contains { $0.utf8.contains(0x25) } ? " formatted=\"false\"" : ""
            let escape = isFormatted(forms.values)
            xml += "    <plurals name=\"\(name)\"\(formatted)>\n"
            for (category, s) in forms.sorted(by: { $0.key < $1.key }) {
                let text = escape ? try javaFormat(Placeholder.escapingLiteralPercents(s), name: name, locale: locale) : s
                xml += "        <item quantity=\"\(category.rawValue)\">\(Escape.android(text))</item>\n"
            }
            xml += "    </plurals>\n"
        }
    }

    /// A format `text` with each printf directive written as Android formats it.
    ///
    /// `getString(id, args)` and `getQuantityString(id, n, args)` format with Java's
    /// `java.util.Formatter`, which throws on what only C and Apple's formats take: `%@`
    /// (`UnknownFormatConversionException`), length modifiers (`%ld`, `%lld`, `%zu`), `%i`
    /// and `%u`. Those are written in Java's terms, with the same argument and meaning:
    /// `%@` and `%1$@` as `%s` and `%1$s`, `%ld` `%lld` `%zu` `%i` `%u` as `%d`, Apple's `%D`
    /// `%U` `%O` as `%d` and `%o`, `%F` as `%f`, C's grouping flag `'` as Java's `,` (and
    /// left out where Java does not group, `%'x`), and `#` left out of `%d`, where it does
    /// nothing. A directive Java cannot take at all is an error naming the text: a `*`
    /// width or precision (Java takes them only written), a precision on a whole number or
    /// a character (`%.3d`), a flag Java refuses on its conversion (`%+@`, `%05@`), flags
    /// that contradict each other (`%-05d`) or pad to no width (`%-d`), `%p`.
    static func javaFormat(_ text: String, name: String, locale: String) throws(ExportError) -> String {
        try PrintfRewrite.rewriting(text) { (d: PrintfParts) throws(ExportError) -> String in
            let java: Unicode.Scalar? = switch d.conversion {
            case "@", "S": "s"
            case "i", "u", "D", "U": "d"
            case "O": "o"
            case "F": "f"
            case "C": "c"
            case "p": nil
            default: d.conversion
            }
            func refuse(_ why: String) -> ExportError {
                ExportError("the text of '\(name)' in \(locale) holds \(d.spelling), \(why), so the app would crash formatting it; write the directive as Android's formatter (java.util.Formatter) takes it")
            }
            guard let java else { throw refuse("a pointer, which Android cannot format") }
            if d.stars > 0 { throw refuse("whose * takes the width or precision from an argument, which Android's formatter does not do") }
            // Flags, width and precision, checked as Java's formatter checks them.
            var flags = Set(d.flags)
            let rest = d.widthAndPrecision
            let hasWidth = rest.first.map { $0 != "." } ?? false
            let hasPrecision = rest.contains(".")
            let kind = "doxX".unicodeScalars.contains(java) ? "integer" : "eEfgGaA".unicodeScalars.contains(java) ? "float" : "cC".unicodeScalars.contains(java) ? "character" : "general"
            // C's grouping flag is Java's `,` where Java groups (d, f, g), and nothing where
            // neither groups; `#` does nothing to a C `%d` and Java refuses it there.
            if flags.remove("'") != nil, java == "d" || "fgG".unicodeScalars.contains(java) { flags.insert(",") }
            if java == "d" { flags.remove("#") }
            let allowed: Set<Unicode.Scalar> = switch (kind, java) {
            case ("integer", "d"): Set("-+ 0,(".unicodeScalars)
            case ("integer", _): Set("-#0".unicodeScalars)
            case ("float", "a"), ("float", "A"): Set("-#+ 0".unicodeScalars)
            case ("float", "e"), ("float", "E"): Set("-#+ 0(".unicodeScalars)
            case ("float", _): Set("-#+ 0,(".unicodeScalars)
            case ("character", _): Set("-".unicodeScalars)
            default: Set("-".unicodeScalars)
            }
            if let bad = flags.subtracting(allowed).sorted(by: { $0.value < $1.value }).first {
                throw refuse("whose flag '\(bad)' Android's formatter does not take on %\(java)")
            }
            if flags.contains("-") && flags.contains("0") || flags.contains("+") && flags.contains(" ") {
                throw refuse("whose flags contradict each other")
            }
            if (flags.contains("-") || flags.contains("0")) && !hasWidth {
                throw refuse("whose flag '\(flags.contains("-") ? "-" : "0")' pads to a width it does not give")
            }
            if hasPrecision, kind == "integer" || kind == "character" {
                throw refuse("a precision on \(kind == "integer" ? "a whole number" : "a character"), which Android's formatter does not take")
            }
            // Java's order of flags does not matter; written in C's order, as given.
            var out = String.UnicodeScalarView(["%"])
            if let position = d.position { out.appendScalars("\(position)$".unicodeScalars) }
            out.appendScalars(d.flags.filter { flags.contains($0) } + (flags.contains(",") && !d.flags.contains(",") ? [","] : []))
            out.appendScalars(rest)
            out.append(java)
            return String(out)
        }
    }

    public func exportWithDiagnostics(_ documents: [Document], context: ExportContext) throws -> ExportResult {
        var run = try ExportRun(self, documents, context)
        let fileName = try Self.fileName(run)
        // Names are given once, so they are the same in every locale. Keys that would share
        // a name all get a hash of their own key: a name never moves to another text when a
        // key is added (the first in key order kept the plain name, so adding `Foo` beside
        // `foo` gave `foo`'s name to `Foo`'s text, and the app showed the wrong one), and
        // code using the plain name fails to compile instead. A warning names them.
        var plain: [String: [TextEntry]] = [:]
        for entry in run.catalog.entries { plain[Self.resourceName(entry.key.description), default: []].append(entry) }
        var names: [String: String] = [:]
        var taken = Set(plain.filter { $0.value.count == 1 }.keys)
        var clashes: [Diagnostic] = []
        for (name, entries) in plain.sorted(by: { $0.key < $1.key }) {
            guard entries.count > 1 else {
                names[entries[0].key.description] = name
                continue
            }
            var given: [String] = []
            for entry in entries {
                let key = entry.key.description
                var hashed = name + "_" + SafeName.shortHash(key)
                while !taken.insert(hashed).inserted { hashed += "_" + SafeName.shortHash(hashed) }
                names[key] = hashed
                given.append("'\(key)' is \(hashed)")
            }
            // At the first text, with the others as related places (the document's start
            // named none of the texts).
            let (document, node) = run.catalog.location(of: entries[0])
            var clash = Diagnostic(
                ruleID: id, severity: .warning,
                message: "the keys \(entries.map { "'\($0.key.description)'" }.joined(separator: ", ")) all make the Android resource name '\(name)', so each has a hash added: \(given.joined(separator: ", ")); rename an id or a field to keep plain names",
                file: document.file, json: document.json, node: node)
            clash.related = entries.dropFirst().map { entry in
                let (other, node) = run.catalog.location(of: entry)
                return Diagnostic.RelatedLocation(file: other.file, json: other.json, node: node,
                                                  message: "'\(entry.key.description)' also makes the name '\(name)'")
            }
            clashes.append(clash)
        }
        var artifacts: [Artifact] = []
        var last: (locale: String, bytes: [UInt8])?
        for (locale, folder) in try Self.folders(run) {
            // A legacy folder (`values-iw`) follows its locale's, with the same file.
            if let last, last.locale == locale {
                artifacts.append(try artifact("\(folder)/\(fileName)", last.bytes))
                continue
            }
            var xml = Self.header
            for entry in run.catalog.entries {
                guard let value = run.resolve(entry, for: locale) else { continue }
                try Self.resource(names[entry.key.description]!, value, locale: locale, into: &xml)
            }
            xml += Self.footer
            let bytes = Array(xml.utf8)
            last = (locale, bytes)
            artifacts.append(try artifact("\(folder)/\(fileName)", bytes))
        }
        var result = run.result(artifacts)
        result.diagnostics = clashes + result.diagnostics
        return result
    }
}
