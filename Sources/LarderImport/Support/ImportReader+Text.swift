import Foundation
import LarderCore
import LarderJSON

extension ImportReader {
    /// A converted record's document with its text made what `larder lint` takes, so that a
    /// fresh import lints clean: every control character lint's `control-character` rule
    /// refuses (`\u0007` or `&#7;` in the input) is dropped, or made a space between words
    /// (``ImportText/droppingControls(_:)``), with a warning at the record (`record`, its
    /// node) that names the field; a text that nothing is left of is left out.
    ///
    /// A text that holds U+FFFD in place of a lone surrogate escape of the input
    /// (`"Sur\ud800rogate"`, which the parser reads as `Sur�rogate`; lint's `lone-surrogate`
    /// rule) keeps it, with a warning that names the field and the escape, and says so
    /// when the document's `id` was made from that field (`idFrom`).
    mutating func lintableText(_ value: JSONValue, record: Int, idFrom: JSONPointer? = nil) -> JSONValue {
        let surrogates = !json.loneSurrogates.isEmpty && Self.holdsReplacement(value)
        guard surrogates || Self.holdsControls(value) else { return value }
        let id = value["id"].flatMap { $0.stringValue ?? $0.numberValue?.literal }
        return lintable(value, at: JSONPointer(), record: record, id: idFrom.flatMap { from in id.map { (from, $0) } }) ?? value
    }

    /// True when a string of `value` holds U+FFFD.
    static func holdsReplacement(_ value: JSONValue) -> Bool {
        switch value {
        case .string(let text): text.unicodeScalars.contains("\u{FFFD}")
        case .array(let elements): elements.contains(where: holdsReplacement)
        case .object(let object): object.values.contains(where: holdsReplacement)
        default: false
        }
    }

    /// The lone surrogate escapes, as written, of the strings a converted `text` holding
    /// U+FFFD was made from: the strings of the input that hold one and whose cleaned text
    /// holds `text` or is part of it (a name is its string, a step part of a text of
    /// several lines, a step with its section's heading holds both).
    mutating func loneSurrogateEscapes(behind text: String) -> [String] {
        if loneSurrogateTexts == nil {
            var byNode: [Int: [String]] = [:]
            var order: [Int] = []
            for lone in json.loneSurrogates {
                if byNode[lone.node] == nil { order.append(lone.node) }
                byNode[lone.node, default: []].append(String(decoding: json.bytes[lone.escapeRange], as: UTF8.self))
            }
            loneSurrogateTexts = order.compactMap { node in
                guard let raw = json.string(node) else { return nil }
                let cleaned = ImportText.clean(raw)
                return (ImportText.droppingControls(cleaned)?.text ?? cleaned, byNode[node] ?? [])
            }
        }
        var escapes: [String] = []
        for source in loneSurrogateTexts ?? [] where !source.text.isEmpty && (source.text.contains(text) || text.contains(source.text)) {
            for escape in source.escapes where !escapes.contains(escape) { escapes.append(escape) }
        }
        return escapes
    }

    /// True when a string of `value` holds a control character lint refuses.
    static func holdsControls(_ value: JSONValue) -> Bool {
        switch value {
        case .string(let text): ImportText.droppingControls(text) != nil
        case .array(let elements): elements.contains(where: holdsControls)
        case .object(let object): object.values.contains(where: holdsControls)
        default: false
        }
    }

    /// `value`, at `pointer` in the document, with its text cleaned; nil when a text is
    /// left empty.
    private mutating func lintable(_ value: JSONValue, at pointer: JSONPointer, record: Int, id: (from: JSONPointer, id: String)?) -> JSONValue? {
        switch value {
        case .string(var text):
            if let (cleaned, controls) = ImportText.droppingControls(text) {
                report(.warning, Self.controlMessage(pointer, controls: controls, emptied: cleaned.isEmpty), at: record)
                if cleaned.isEmpty { return nil }
                text = cleaned
            }
            if !json.loneSurrogates.isEmpty, text.unicodeScalars.contains("\u{FFFD}") {
                let escapes = loneSurrogateEscapes(behind: text)
                if !escapes.isEmpty {
                    report(.warning, Self.surrogateMessage(pointer, escapes: escapes, id: id?.from == pointer ? id?.id : nil), at: record)
                }
            }
            return .string(text)
        case .array(let elements):
            // Emptiness and repeats were decided on the texts as read; a text cleaned here
            // may now repeat another ("Fer\u{7}rero, Ferrero"), or a list lose its every
            // element. Each is left out with a warning, so an optional field costs its
            // value, not the record (a list of brands had failed `uniqueItems`, and the whole
            // product was not imported).
            var cleaned: [(index: Int, value: JSONValue, changed: Bool)] = []
            for (i, element) in elements.enumerated() {
                guard let kept = lintable(element, at: pointer.appending(i), record: record, id: id) else { continue }
                cleaned.append((i, kept, kept != element))
            }
            var out: [JSONValue] = []
            for (k, item) in cleaned.enumerated() {
                // A cleaned text that another element of the list is already (one kept as
                // read, or an earlier cleaned one) is the repeat to leave out.
                if item.changed, case .string(let text) = item.value,
                   cleaned.enumerated().contains(where: { j, other in j != k && other.value == item.value && (!other.changed || j < k) }) {
                    report(.warning, "\(pointer.appending(item.index)) is \(JSONWriter.compact.string(.string(text))) once its control characters are dropped, as another of the list is; it is left out", at: record)
                    continue
                }
                out.append(item.value)
            }
            if out.isEmpty && !elements.isEmpty {
                report(.warning, "nothing is left of \(pointer) once its control characters are dropped: it is left out", at: record)
                return nil
            }
            return .array(out)
        case .object(let object):
            var out = JSONObject()
            for (key, member) in object {
                if let kept = lintable(member, at: pointer.appending(key), record: record, id: id) { out[key] = kept }
            }
            if out.isEmpty && !object.isEmpty && !pointer.tokens.isEmpty {
                report(.warning, "nothing is left of \(pointer) once its control characters are dropped: it is left out", at: record)
                return nil
            }
            return .object(out)
        default:
            return value
        }
    }

    /// "/name holds the control character U+0007 (BEL), which no reader shows and lint's
    /// control-character rule refuses; it is dropped".
    static func controlMessage(_ field: JSONPointer, controls: [Unicode.Scalar], emptied: Bool) -> String {
        let names = controls.map(ImportText.controlName)
        let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
        let spaces = controls.filter(ImportText.separatesWords).count
        let one = controls.count == 1
        let done: String
        if spaces == 0 {
            done = one ? "it is dropped" : "they are dropped"
        } else if spaces == controls.count {
            done = one ? "it is made a space" : "they are made spaces"
        } else {
            done = "they are dropped, or made a space between words"
        }
        let subject = one ? "the control character \(list)" : "the control characters \(list)"
        return "\(field) holds \(subject), which no reader shows and lint's control-character rule refuses; \(done)"
            + (emptied ? ", and nothing is left of the text: it is left out" : "")
    }

    /// "/name holds U+FFFD (�) in place of the escape \ud800, half of a surrogate pair
    /// without its other half, ...; it is kept as U+FFFD, and the id 'sur-rogate' is made
    /// from it".
    static func surrogateMessage(_ field: JSONPointer, escapes: [String], id: String?) -> String {
        let one = escapes.count == 1
        let list = one ? escapes[0] : escapes.dropLast().joined(separator: ", ") + " and " + escapes[escapes.count - 1]
        let what = one
            ? "the escape \(list), half of a surrogate pair without its other half, which stands for no character"
            : "the escapes \(list), halves of surrogate pairs without their other halves, which stand for no character"
        return "\(field) holds U+FFFD (\u{FFFD}) in place of \(what) (lint's lone-surrogate rule refuses \(one ? "it" : "them")); it is kept as U+FFFD"
            + (id.map { ", and the id '\($0)' is made from it" } ?? "")
    }
}
