import LarderCore
import LarderJSON

extension ImportReader {
    /// A converted record's document with its text made what `larder lint` takes, so that a
    /// fresh import lints clean: every control character lint's `control-character` rule
    /// refuses (`\u0007` or `&#7;` in the input) is dropped, or made a space between words
    /// (``ImportText/droppingControls(_:)``), with a warning at the record (`record`, its
    /// node) that names the field; a text that nothing is left of is left out.
    mutating func lintableText(_ value: JSONValue, record: Int) -> JSONValue {
        guard Self.holdsControls(value) else { return value }
        return lintable(value, at: JSONPointer(), record: record) ?? value
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
    private mutating func lintable(_ value: JSONValue, at pointer: JSONPointer, record: Int) -> JSONValue? {
        switch value {
        case .string(let text):
            guard let (cleaned, controls) = ImportText.droppingControls(text) else { return value }
            report(.warning, Self.controlMessage(pointer, controls: controls, emptied: cleaned.isEmpty), at: record)
            return cleaned.isEmpty ? nil : .string(cleaned)
        case .array(let elements):
            var out: [JSONValue] = []
            for (i, element) in elements.enumerated() {
                if let kept = lintable(element, at: pointer.appending(i), record: record) { out.append(kept) }
            }
            return .array(out)
        case .object(let object):
            var out = JSONObject()
            for (key, member) in object {
                if let kept = lintable(member, at: pointer.appending(key), record: record) { out[key] = kept }
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
}
