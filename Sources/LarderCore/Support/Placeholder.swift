/// A placeholder an app fills in at run time, found in a text: a printf directive (`%d`,
/// `%1$@`, `%.1f`: `String(format:)`, Android's `getString`, gettext's `c-format`) or an
/// i18next `{{name}}`. The `placeholders` rule compares them across languages, and the
/// pseudo-locales keep them as they are.
///
///     Placeholder.scan("%1$@ has {{count}} items, 100% fresh").map(\.spelling)
///     // ["%1$@", "{{count}}"]
public struct Placeholder: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A printf directive: its argument number when written (`1` in `%1$@`), how many
        /// arguments its `*` width and precision take, its length modifier (`l`, `ll`…)
        /// and its conversion (`d`, `@`, `f`…).
        case printf(position: Int?, starArguments: Int, length: String, conversion: Unicode.Scalar)
        /// `{{name}}`, `{{ name }}`, `{{- name}}` or `{{name, format}}`, with the name alone.
        case named(String)
    }

    public var kind: Kind
    /// Where it is in the text, as offsets in its Unicode scalars.
    public var scalars: Range<Int>
    /// As written.
    public var spelling: String

    /// The conversions a printf directive may end with: C's and Apple's, and Java's
    /// (`%b`, `%h`, `%n`, which takes no argument) for Android.
    public static let conversions = Set("@dDiuUxXoOfFeEgGaAcCsSpbBhHn".unicodeScalars)

    /// True when `text` holds a printf directive (`%d`, `%1$@`): an app formats it, so every
    /// other `%` in it must be written `%%` (``escapingLiteralPercents(_:)``).
    public static func hasPrintfDirective(_ text: String) -> Bool {
        text.utf8.contains(0x25) && scan(text).contains { if case .printf = $0.kind { true } else { false } }
    }

    /// `text` as an export writes it for an app that formats it: with its literal `%` signs
    /// doubled when it holds a printf directive ("%d items, 50% off" is formatted with the
    /// count, and printf reads "% o" as a directive: "3 items, 50115ff"), else as it is.
    /// Android, Apple's formats and gettext write texts alike.
    public static func formatText(_ text: String) -> String {
        hasPrintfDirective(text) ? escapingLiteralPercents(text) : text
    }

    /// `text` as a printf format whose only directives are its placeholders: every `%` that
    /// starts none (the sign in "50% off") doubled. A plural form of a `.stringsdict` or a
    /// String Catalog is always formatted with the count, and "one 50% item" printed as
    /// "one 50 1tem".
    public static func escapingLiteralPercents(_ text: String) -> String {
        guard text.utf8.contains(0x25) else { return text }
        let directives = scan(text).filter { if case .printf = $0.kind { true } else { false } }.map(\.scalars)
        var out = String.UnicodeScalarView()
        var next = directives.first
        var rest = directives.dropFirst()
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            if let d = next, d.lowerBound == i {
                out.appendScalars(scalars[d])
                i = d.upperBound
                next = rest.popFirst()
                continue
            }
            if scalars[i] == "%" {
                // `%%` is already a percent sign.
                if i + 1 < scalars.count, scalars[i + 1] == "%" {
                    out.appendScalars("%%".unicodeScalars)
                    i += 2
                    continue
                }
                out.appendScalars("%%".unicodeScalars)
            } else {
                out.append(scalars[i])
            }
            i += 1
        }
        return String(out)
    }

    /// The placeholders of `text`, in order. `%%` is a percent sign, and so is a `%` that
    /// starts no directive: there is no space flag, so "100% daily" is text.
    ///
    /// `lenient` finds more, for a caller that must not change anything that may be a
    /// directive (the pseudo-locales): a space flag, and any ASCII letter as the conversion.
    public static func scan(_ text: String, lenient: Bool = false) -> [Placeholder] {
        // Most texts have neither: answered from the bytes.
        guard text.utf8.contains(where: { $0 == 0x25 || $0 == 0x7B }) else { return [] }
        let scalars = Array(text.unicodeScalars)
        func spelling(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
        func digit(_ s: Unicode.Scalar) -> Int? { s.value >= 0x30 && s.value <= 0x39 ? Int(s.value - 0x30) : nil }
        func trimmed(_ s: ArraySlice<Unicode.Scalar>) -> ArraySlice<Unicode.Scalar> {
            var s = s
            while s.first == " " { s = s.dropFirst() }
            while s.last == " " { s = s.dropLast() }
            return s
        }
        let flags = Set((lenient ? "-+#0',( " : "-+#0',(").unicodeScalars)
        var found: [Placeholder] = []
        // Once a `{{` has no `}}` after it, no later one has: not looked for again (a text
        // of many `{` stays linear).
        var closed = true
        var i = 0
        while i < scalars.count {
            if closed, scalars[i] == "{", i + 1 < scalars.count, scalars[i + 1] == "{" {
                var j = i + 2
                while j + 1 < scalars.count, !(scalars[j] == "}" && scalars[j + 1] == "}") { j += 1 }
                guard j + 1 < scalars.count else {
                    closed = false
                    i += 1
                    continue
                }
                var inner = scalars[(i + 2)..<j]
                // `{{ a {{name}}`: the first `{{` is text, the last before the `}}` opens the
                // placeholder (jumped to at once: a text of many `{` stays linear).
                if let k = inner.indices.last(where: { inner[$0] == "{" && $0 + 1 < j && scalars[$0 + 1] == "{" }) {
                    i = k
                    continue
                }
                if let comma = inner.firstIndex(of: ",") { inner = inner[..<comma] }
                inner = trimmed(inner)
                if inner.first == "-" { inner = trimmed(inner.dropFirst()) }
                if !inner.isEmpty {
                    found.append(Placeholder(kind: .named(String(String.UnicodeScalarView(inner))), scalars: i..<(j + 2), spelling: spelling(i..<(j + 2))))
                }
                i = j + 2
                continue
            }
            guard scalars[i] == "%" else { i += 1; continue }
            var j = i + 1
            if j < scalars.count, scalars[j] == "%" { i = j + 1; continue }
            // %[n$][flags][width][.precision][length]conversion
            var position: Int?
            var k = j
            var digits = 0
            while k < scalars.count, let d = digit(scalars[k]), digits < 1_000_000 { digits = digits * 10 + d; k += 1 }
            if k > j, k < scalars.count, scalars[k] == "$", digits > 0 {
                position = digits
                j = k + 1
            }
            while j < scalars.count, flags.contains(scalars[j]) { j += 1 }
            var stars = 0
            if j < scalars.count, scalars[j] == "*" { stars += 1; j += 1 } else { while j < scalars.count, digit(scalars[j]) != nil { j += 1 } }
            if j < scalars.count, scalars[j] == "." {
                j += 1
                if j < scalars.count, scalars[j] == "*" { stars += 1; j += 1 } else { while j < scalars.count, digit(scalars[j]) != nil { j += 1 } }
            }
            var length = ""
            while j < scalars.count, "hlqLzjt".unicodeScalars.contains(scalars[j]), length.unicodeScalars.count < 2 {
                length.unicodeScalars.append(scalars[j])
                j += 1
            }
            let isConversion = j < scalars.count
                && (conversions.contains(scalars[j]) || (lenient && scalars[j].isASCII && scalars[j].properties.isAlphabetic))
            guard isConversion else {
                i += 1  // a `%` that starts no directive is text
                continue
            }
            found.append(Placeholder(kind: .printf(position: position, starArguments: stars, length: length, conversion: scalars[j]),
                                     scalars: i..<(j + 1), spelling: spelling(i..<(j + 1))))
            i = j + 1
        }
        return found
    }
}
