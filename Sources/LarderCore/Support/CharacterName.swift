/// How a message shows one character: itself in quotes (`','`), or, when it cannot be
/// seen (an invisible format character, white space, a control character, a combining
/// mark on its own, the blank braille pattern), by its code point and Unicode name
/// (`U+200B ZERO WIDTH SPACE`), which quotes would show as nothing.
public enum CharacterName {
    /// `','`, or `U+200B ZERO WIDTH SPACE` for a character that cannot be seen (each of
    /// its code points that cannot be, `and` between them).
    public static func shown(_ character: Character) -> String {
        let scalars = character.unicodeScalars
        var hidden: [Unicode.Scalar] = scalars.filter(isInvisible)
        if hidden.isEmpty, let first = scalars.first, isMark(first) { hidden = Array(scalars) }
        guard !hidden.isEmpty else { return "'\(character)'" }
        let names = hidden.map(name(of:))
        return names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }

    /// `U+200B ZERO WIDTH SPACE`; `U+0007 ALERT` for a control character (its alias).
    public static func name(of scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        guard let name = scalar.properties.name ?? scalar.properties.nameAlias, !name.isEmpty else { return code }
        return code + " " + name
    }

    /// True for a code point that shows nothing, or nothing that tells it apart.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        let p = scalar.properties
        if p.isDefaultIgnorableCodePoint || p.isWhitespace || scalar.value == 0x2800 { return true }
        switch p.generalCategory {
        case .format, .control, .unassigned, .privateUse, .surrogate, .spaceSeparator, .lineSeparator, .paragraphSeparator:
            return true
        default:
            return false
        }
    }

    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        default: return false
        }
    }
}
