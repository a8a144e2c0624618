import LarderCore

/// Pseudo-locales: text made from the source language's, so that a team sees in the
/// running app which strings it does not take from the bundle, which layouts are too
/// tight for a longer translation, and which break right to left, before any translator
/// is involved. The tags are the ones Android and ICU reserve for it (`values-en-rXA`,
/// `values-ar-rXB` on Android).
///
/// - `en-XA`, accented: every ASCII letter takes an accent, the text is about 40% longer
///   (words of padding) and bracketed: `Serves %d` -> `[Šéŕvéš %d one two]`.
/// - `ar-XB`, right to left: each word is forced right to left (`U+202E` … `U+202C`), so
///   the app lays the text out as it would Arabic.
///
/// Placeholders (`%d`, `%1$@`, `{{name}}`) stay as they are, so the app fills them in as
/// usual. An export takes them with its `pseudo` option:
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

    /// `text` as this pseudo-locale shows it.
    public func apply(_ text: String) -> String {
        guard !text.isEmpty else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var placeholders = Placeholder.scan(text)[...]
        switch self {
        case .accented:
            out.append("[")
            var i = 0
            var letters = 0
            while i < scalars.count {
                if let next = placeholders.first, next.scalars.lowerBound == i {
                    out.append(contentsOf: scalars[next.scalars])
                    i = next.scalars.upperBound
                    placeholders.removeFirst()
                    continue
                }
                let s = scalars[i]
                if let accented = Self.accents[s] {
                    out.append(accented)
                } else {
                    out.append(s)
                }
                if s.properties.isAlphabetic { letters += 1 }
                i += 1
            }
            // About 40% longer, whole words of padding, at least one.
            var padding = ""
            for word in Self.padding where padding.isEmpty || padding.unicodeScalars.count < (letters * 2 + 4) / 5 {
                padding += " " + word
            }
            out.append(contentsOf: padding.unicodeScalars)
            out.append("]")
        case .bidi:
            var i = 0
            var inWord = false
            while i < scalars.count {
                if let next = placeholders.first, next.scalars.lowerBound == i {
                    if inWord { out.append(Self.popDirection); inWord = false }
                    out.append(contentsOf: scalars[next.scalars])
                    i = next.scalars.upperBound
                    placeholders.removeFirst()
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
        }
        return String(out)
    }

    /// The value as this pseudo-locale shows it, each plural form made from its own.
    func apply(_ value: TextValue) -> TextValue {
        switch value {
        case .text(let s): .text(apply(s))
        case .plural(let forms): .plural(forms.mapValues(apply))
        }
    }

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
