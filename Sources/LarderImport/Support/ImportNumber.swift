import Foundation
import LarderJSON
import LarderUnits

/// Numbers in imported text: `12`, `1.5`, `1,5` (a decimal comma), `1,234` (a thousands
/// comma), and the JSON numbers written from them.
enum ImportNumber {
    static let posix = Locale(identifier: "en_US_POSIX")

    /// The most characters (digits and separators) a number read from text has.
    static let maximumLength = 24

    /// Why a text of digits, `.` and `,` that ``decimal(_:)`` does not read is no number,
    /// when it is its length: "has too many digits (…)". Nil otherwise.
    static func tooManyDigits(_ text: Substring) -> String? {
        guard text.count > maximumLength, text.allSatisfy({ ($0.isASCII && $0.isNumber) || $0 == "." || $0 == "," }) else { return nil }
        return "has too many digits (\(text.filter { $0.isNumber }.count); Larder reads a number of at most \(maximumLength) digits and separators)"
    }

    /// The number a text of digits, `.` and `,` stands for; nil for anything else.
    ///
    /// - One separator: a comma followed by exactly three digits separates thousands when
    ///   what comes before it can lead a group of thousands (one to three digits, not
    ///   starting with 0: `1,234`); any other comma, and a dot, is a decimal point (`0,125`,
    ///   `1.5`).
    /// - Several: groups of thousands (`1,234,567`, `1.234.567`), and a last separator of
    ///   the other kind is the decimal point (`1,250.5`, `1.250,5`). The groups after the
    ///   first have three digits each, the first one to three not starting with 0; any
    ///   other mix (`1,2,3`, `1.2,3.4`) is no number.
    static func decimal(_ text: Substring) -> Decimal? {
        guard !text.isEmpty, text.count <= maximumLength else { return nil }
        var separators: [(offset: Int, mark: Character)] = []
        for (offset, ch) in text.enumerated() {
            if ch == "." || ch == "," {
                separators.append((offset, ch))
            } else if !(ch.isASCII && ch.isNumber) {
                return nil
            }
        }
        var digits = String(text)
        guard digits.first != ".", digits.first != ",", digits.last != ".", digits.last != "," else { return nil }
        switch separators.count {
        case 0:
            break
        case 1:
            if separators[0].mark == "," {
                let before = digits.prefix(separators[0].offset)
                let after = digits.dropFirst(separators[0].offset + 1)
                let thousands = after.count == 3 && before.count <= 3 && before.first != "0"
                digits = thousands ? digits.replacingOccurrences(of: ",", with: "") : digits.replacingOccurrences(of: ",", with: ".")
            }
        default:
            // The grouping mark is the first one; a last mark of the other kind is the
            // decimal point.
            let grouping = separators[0].mark
            var groupMarks = separators
            var decimalAt: Int?
            if let last = separators.last, last.mark != grouping {
                decimalAt = last.offset
                groupMarks.removeLast()
            }
            guard groupMarks.allSatisfy({ $0.mark == grouping }) else { return nil }
            let integerEnd = decimalAt ?? digits.count
            guard groupMarks[0].offset <= 3, digits.first != "0" else { return nil }
            var previous = groupMarks[0].offset
            for mark in groupMarks.dropFirst() {
                guard mark.offset - previous - 1 == 3 else { return nil }
                previous = mark.offset
            }
            guard integerEnd - previous - 1 == 3 else { return nil }
            var plain = digits.filter { $0 != grouping }
            if decimalAt != nil { plain = plain.replacingOccurrences(of: ",", with: ".") }
            digits = plain
        }
        return Decimal(string: digits, locale: posix)
    }

    /// `value` rounded to `places` decimals (half up), as a JSON number without an
    /// exponent or trailing zeros: 14.1747615625 -> 14.175. A value that would round to 0
    /// keeps three significant digits instead (a 0.004 g serving was 0, and its product was
    /// not imported; 10 µg of sodium was 0 g).
    static func json(_ value: Decimal, places: Int = 3) -> JSONValue {
        var input = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &input, places, .plain)
        if rounded.isZero && !value.isZero {
            var p = places
            while rounded.isZero && p < 30 {
                p += 1
                NSDecimalRound(&rounded, &input, p, .plain)
            }
            NSDecimalRound(&rounded, &input, p + 2, .plain)
        }
        return .number(JSONNumber(literal: literal(rounded)))
    }

    /// A value read from text, or converted by a factor that ends (mg, µg, oz to grams), as
    /// a JSON number with every digit kept: `12.3456789` stays `12.3456789`, `1.25 mg` is
    /// `0.00125` g. Decimal arithmetic, so no binary floating-point noise.
    static func exact(_ value: Decimal) -> JSONValue {
        .number(JSONNumber(literal: literal(value)))
    }

    /// The least number of significant digits a converted value that does not end keeps.
    static let minimumSignificantDigits = 6

    /// `value` converted from unit `a` to `b` as a JSON number: exact when the result ends
    /// (it converts back to `value`: mg to g, kcal to kJ); a result that does not end (kJ to
    /// kcal, ÷ 4.184) rounded to as many significant digits as `value` was written with, and
    /// at least ``minimumSignificantDigits`` (`1000 kJ` is `239.006 kcal`, not `239.0057`…
    /// to 38 digits, nor 239.01, nor a tiny value rounded to 0). Nil when the units do not
    /// convert.
    static func converted(_ value: Decimal, from a: UnitDefinition, to b: UnitDefinition) -> JSONValue? {
        guard let result = UnitTable.convert(value, from: a, to: b) else { return nil }
        if let back = UnitTable.convert(result, from: b, to: a), back == value { return exact(result) }
        return exact(rounded(result, significantDigits: max(minimumSignificantDigits, significantDigits(value))))
    }

    /// How many significant digits the plain text of `value` has (`0.00125` has 3, `1200`
    /// has 2, `0` has 1).
    static func significantDigits(_ value: Decimal) -> Int {
        var digits = Substring(literal(value).filter { $0.isASCII && $0.isNumber })
        digits = digits.drop(while: { $0 == "0" })
        while digits.last == "0" { digits = digits.dropLast() }
        return max(1, digits.count)
    }

    /// `value` rounded (half up) to `significantDigits` significant digits:
    /// 23.900573613766… to 6 is 23.9006, 0.000239005736… is 0.000239006.
    static func rounded(_ value: Decimal, significantDigits: Int) -> Decimal {
        guard !value.isZero else { return value }
        // The place of the leading digit: 23.9 -> 1, 0.00239 -> -3.
        let text = literal(value.magnitude)
        let integerPart = text.prefix(while: { $0 != "." })
        let leading: Int
        if integerPart != "0" {
            leading = integerPart.count - 1
        } else {
            let fraction = text.drop(while: { $0 != "." }).dropFirst()
            leading = -(fraction.prefix(while: { $0 == "0" }).count + 1)
        }
        var input = value
        var result = Decimal()
        NSDecimalRound(&result, &input, significantDigits - 1 - leading, .plain)
        return result
    }

    /// The plain decimal text of a value (`0.629`, `143`).
    static func literal(_ value: Decimal) -> String {
        let text = NSDecimalNumber(decimal: value).description(withLocale: posix)
        return text == "-0" ? "0" : text
    }

    /// Whole-number values as JSON integers when they fit: 8 -> 8.
    static func int(_ value: Decimal) -> Int? {
        var input = value
        var whole = Decimal()
        NSDecimalRound(&whole, &input, 0, .down)
        guard whole == value, whole.magnitude < Decimal(Int32.max) else { return nil }
        return NSDecimalNumber(decimal: whole).intValue
    }
}
