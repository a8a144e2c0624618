import Foundation
import LarderJSON

/// Numbers in imported text: `12`, `1.5`, `1,5` (a decimal comma), `1,234` (a thousands
/// comma), and the JSON numbers written from them.
enum ImportNumber {
    static let posix = Locale(identifier: "en_US_POSIX")

    /// The number a text of digits with at most one `.` or `,` stands for; nil for
    /// anything else. A comma followed by exactly three digits (and no dot) separates
    /// thousands when what comes before it can lead a group of thousands (one to three
    /// digits, not starting with 0: `1,234`); any other comma is a decimal comma (`0,125`).
    static func decimal(_ text: Substring) -> Decimal? {
        guard !text.isEmpty, text.count <= 24 else { return nil }
        var digits = ""
        var separators = 0
        for ch in text {
            if ch.isASCII && ch.isNumber {
                digits.append(ch)
            } else if ch == "." || ch == "," {
                separators += 1
                digits.append(ch)
            } else {
                return nil
            }
        }
        guard separators <= 1, digits.first != ".", digits.first != ",", digits.last != ".", digits.last != "," else {
            return nil
        }
        if let comma = digits.firstIndex(of: ",") {
            let before = digits[..<comma]
            let after = digits[digits.index(after: comma)...]
            let thousands = after.count == 3 && before.count <= 3 && before.first != "0"
            digits = thousands ? digits.replacingOccurrences(of: ",", with: "") : digits.replacingOccurrences(of: ",", with: ".")
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
