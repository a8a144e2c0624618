import LarderCore

/// Pseudo-locales: text made from the source language's, so that a team sees in the
/// running app which strings it does not take from the bundle, which layouts are too
/// tight for a longer translation, and which break right to left, before any translator
/// is involved. The tags are the ones Android and ICU reserve for it (`values-en-rXA`,
/// `values-ar-rXB` on Android).
///
/// - `en-XA`, accented: every ASCII letter takes an accent, the text is about 40% longer
///   (words of padding) and bracketed: `Serves %d` -> `[Šéŕvéš %d one two]`.
/// - `ar-XB`, right to left: each word is forced right to left (`U+202E` … `U+202C`) in a
///   right-to-left paragraph (`U+200F` at both ends), so the app lays the text out as it
///   would Arabic.
///
/// Placeholders (`%d`, `%1$@`, `{{name}}`, and in a text with one of those anything that may
/// be one), HTML tags, links and i18next nestings stay as they are, so the app fills them in
/// and follows them as usual. A text without a printf directive is prose, as the
/// `placeholders` rule and the exporters read it: its `%` is a percent sign, and the word
/// after it is made over like any other ("100% daily" -> `[100% ðåîļý …]`). An export takes
/// them with its `pseudo` option:
///
///     exports:
///       - android: { out: dist/android/res, pseudo: [en-XA, ar-XB] }
public enum PseudoLocale: String, Sendable, CaseIterable {
    case accented = "en-XA"
    case bidi = "ar-XB"

    /// The pseudo-locale a tag names (any case), if it names one.
    public init?(tag: String) {
        guard let found = Self.allCases.first(where: { canonical($0.rawValue) == canonical(tag) }) else { return nil }
        self = found
    }

    /// `text` as this pseudo-locale shows it. White space at either end (a line break that
    /// ends a paragraph) stays outside the brackets and marks, where the source has it:
    /// gettext requires a text and its translation to begin and end alike.
    public func apply(_ text: String) -> String {
        apply(text, isFormat: Placeholder.hasPrintfDirective(text))
    }

    /// ``apply(_:)`` for a text an app formats (`isFormat`: it has a printf directive, in
    /// this string or, for a plural form, in another form of its text) or shows as it is.
    private func apply(_ text: String, isFormat: Bool) -> String {
        let all = text.unicodeScalars
        guard let first = all.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = all.lastIndex(where: { !$0.properties.isWhitespace })
        else { return text }
        guard first != all.startIndex || all.index(after: last) != all.endIndex else { return applyWhole(text, isFormat: isFormat) }
        return String(all[..<first]) + applyWhole(String(all[first...last]), isFormat: isFormat) + String(all[all.index(after: last)...])
    }

    /// ``apply(_:isFormat:)`` for a text that neither begins nor ends with white space.
    private func applyWhole(_ text: String, isFormat: Bool) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var kept = Self.kept(scalars, text, isFormat: isFormat)[...]
        switch self {
        case .accented:
            out.append("[")
            var i = 0
            var letters = 0
            while i < scalars.count {
                if let next = kept.first, next.lowerBound == i {
                    out.appendScalars(scalars[next])
                    i = next.upperBound
                    kept.removeFirst()
                    continue
                }
                let s = scalars[i]
                // A letter that already has a combining accent after it keeps its own (é́).
                let marked = i + 1 < scalars.count && scalars[i + 1].properties.generalCategory == .nonspacingMark
                out.append(marked ? s : Self.accents[s] ?? s)
                if s.properties.isAlphabetic { letters += 1 }
                i += 1
            }
            // About 40% more letters, in whole words of padding (at least one), the list
            // taken again as often as a long text needs.
            let target = (letters * 2 + 4) / 5
            var added = 0
            var w = 0
            repeat {
                let word = Self.padding[w % Self.padding.count]
                out.append(" ")
                out.appendScalars(word.unicodeScalars)
                added += word.unicodeScalars.count + 1
                w += 1
            } while added < target
            out.append("]")
        case .bidi:
            // A right-to-left mark first, as Android's own pseudo-locale has: the paragraph
            // is laid out right to left even where it starts with a placeholder or a digit.
            out.append(Self.rightToLeftMark)
            var i = 0
            var inWord = false
            while i < scalars.count {
                if let next = kept.first, next.lowerBound == i {
                    if inWord { out.append(Self.popDirection); inWord = false }
                    out.appendScalars(scalars[next])
                    i = next.upperBound
                    kept.removeFirst()
                    continue
                }
                let s = scalars[i]
                let isSpace = s.properties.isWhitespace
                if !isSpace && !inWord { out.append(Self.rightToLeftOverride); inWord = true }
                if isSpace && inWord { out.append(Self.popDirection); inWord = false }
                out.append(s)
                i += 1
            }
            if inWord { out.append(Self.popDirection) }
            out.append(Self.rightToLeftMark)
        }
        return String(out)
    }

    /// The parts of a text kept as they are, in order and apart: its placeholders
    /// (``Placeholder/scan(_:lenient:)``: `%d`, `{{name}}`, and in a format, `isFormat`,
    /// anything that may be a directive: `%,d`, `% d`), an HTML tag (`<b>`, `</a>`), an HTML
    /// character reference (`&amp;`), a link (`https://…` up to a space) and an i18next
    /// nesting (`$t(other.key)`). In prose, which no app formats, `% d` of "100% daily" is a
    /// percent sign and a word: kept, the word lost its first letter's accent, and in ar-XB
    /// that letter stood outside the word's override.
    static func kept(_ scalars: [Unicode.Scalar], _ text: String, isFormat: Bool) -> [Range<Int>] {
        var ranges = Placeholder.scan(text, lenient: isFormat).map(\.scalars)
        func starts(_ prefix: String, at i: Int) -> Bool {
            let p = Array(prefix.unicodeScalars)
            return i + p.count <= scalars.count && Array(scalars[i..<(i + p.count)]) == p
        }
        var i = 0
        // Where a `$t(` found no `)` after it: none after a later one either. (Each unclosed
        // `$t(` scanned to the end of the text: 60,000 of them took 3 s, and time grew with
        // the square of their number.)
        var noCloseFrom = scalars.count
        while i < scalars.count {
            let s = scalars[i]
            var end: Int?
            if s == "<", i + 1 < scalars.count, scalars[i + 1] == "/" || scalars[i + 1] == "!" || (scalars[i + 1].isASCII && scalars[i + 1].properties.isAlphabetic) {
                var j = i + 1
                while j < scalars.count, j - i < 200, scalars[j] != ">", scalars[j] != "<" { j += 1 }
                if j < scalars.count, scalars[j] == ">" { end = j + 1 }
            } else if s == "h", starts("https://", at: i) || starts("http://", at: i) {
                var j = i
                while j < scalars.count, !scalars[j].properties.isWhitespace { j += 1 }
                end = j
            } else if s == "&", i + 1 < scalars.count, scalars[i + 1] == "#" || (scalars[i + 1].isASCII && scalars[i + 1].properties.isAlphabetic) {
                // An HTML character reference (`&amp;`, `&#39;`): `&åɱþ;` names nothing.
                var j = i + 1
                if scalars[j] == "#" { j += 1 }
                while j < scalars.count, j - i < 12, scalars[j].isASCII, scalars[j].properties.isAlphabetic || scalars[j].properties.numericType != nil { j += 1 }
                if j < scalars.count, scalars[j] == ";", j > i + 1 { end = j + 1 }
            } else if s == "$", i + 3 < noCloseFrom, starts("$t(", at: i) {
                var j = i + 3
                while j < scalars.count, scalars[j] != ")" { j += 1 }
                if j < scalars.count { end = j + 1 } else { noCloseFrom = i }
            }
            if let end {
                ranges.append(i..<end)
                i = end
            } else {
                i += 1
            }
        }
        // In order, overlapping ones merged.
        var merged: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound < last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    /// The value as this pseudo-locale shows it, each plural form made from its own. The
    /// forms are one text: a format when any of them has a printf directive (as Android
    /// formats every form then).
    func apply(_ value: TextValue) -> TextValue {
        switch value {
        case .text(let s):
            return .text(apply(s))
        case .plural(let forms):
            let isFormat = forms.values.contains(where: Placeholder.hasPrintfDirective)
            return .plural(forms.mapValues { apply($0, isFormat: isFormat) })
        }
    }

    static let rightToLeftMark: Unicode.Scalar = "\u{200F}"
    static let rightToLeftOverride: Unicode.Scalar = "\u{202E}"
    static let popDirection: Unicode.Scalar = "\u{202C}"

    /// Words that make an `en-XA` text longer (plain, so a tester tells them apart).
    static let padding = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                          "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"]

    /// An accented look-alike of each ASCII letter.
    static let accents: [Unicode.Scalar: Unicode.Scalar] = {
        let plain = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars)
        let marked = Array("åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ".unicodeScalars)
        return Dictionary(uniqueKeysWithValues: zip(plain, marked))
    }()
}
