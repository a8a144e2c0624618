import Foundation
import LarderUnits

/// Nutrition values as schema.org's `NutritionInformation` writes them (`"143 kcal"`,
/// `"629 mg"`, `"9 g"`, `"1,5 g"`), read and converted to what Larder's nutrition holds:
/// nutrients in grams, energy in kcal or kJ.
///
///     try NutritionText.grams("629 mg")     // 0.629
///     try NutritionText.grams("0.5 oz")     // 14.175 (avoirdupois ounce, 28.349523125 g)
///     try NutritionText.grams("9")          // 9 (a bare number is grams)
///     try NutritionText.energy("143 kcal")  // (143, "kcal")
///     try NutritionText.energy("240 calories")  // (240, "kcal"): food calories
///     try NutritionText.energy("600 kJ")    // (600, "kJ")
public enum NutritionText {
    /// A number and the unit written after it (nil when none was).
    public static func parse(_ text: String) throws(ImportValueError) -> (value: Decimal, unit: String?) {
        let cleaned = ImportText.clean(text)
        let numberPart = cleaned.prefix(while: { ($0.isASCII && $0.isNumber) || $0 == "." || $0 == "," })
        guard !numberPart.isEmpty else {
            // "-5 kcal" starts with a number, one below zero.
            if let sign = cleaned.first, sign == "-" || sign == "\u{2212}", let digit = cleaned.dropFirst().first, digit.isASCII, digit.isNumber {
                throw ImportValueError("'\(text)' is below zero, and an amount of a nutrient is 0 or more")
            }
            throw ImportValueError("'\(text)' does not start with a number (such as \"9 g\" or \"143 kcal\")")
        }
        guard let value = ImportNumber.decimal(numberPart) else {
            let quoted = numberPart == cleaned ? "'\(numberPart)'" : "'\(numberPart)' in '\(text)'"
            // Too long to be a value, not unreadable: it was "is not a number".
            if let why = ImportNumber.tooManyDigits(numberPart) { throw ImportValueError("\(quoted) \(why)") }
            throw ImportValueError("\(quoted) is not a number")
        }
        var unit = cleaned.dropFirst(numberPart.count).trimmingCharacters(in: .whitespaces)
        // The same amount in another unit, in brackets ("240 kcal (1004 kJ)"), says nothing
        // more (the whole was no unit, and the value was left out).
        if let open = unit.firstIndex(of: "("), open > unit.startIndex, unit.hasSuffix(")") {
            unit = unit[..<open].trimmingCharacters(in: .whitespaces)
        }
        return (value, unit.isEmpty ? nil : unit)
    }

    /// A unit as nutrition labels write it: as spelled, else in lower case (`12 G`, `5 MG`),
    /// else without a plural `s` (`300 kcals`); these were refused.
    static func lenientUnit(_ text: String) -> UnitDefinition? {
        let table = UnitTable.standard
        if let unit = table.unit(named: text) { return unit }
        let lower = text.lowercased()
        if let unit = table.unit(named: lower) { return unit }
        if lower.count > 2, lower.hasSuffix("s") { return table.unit(named: String(lower.dropLast())) }
        return nil
    }

    /// The unit of `dimension` a value's text names after its number: the whole text
    /// (``lenientUnit(_:)``), else its first word when the words after it only name what is
    /// measured (`"10 grams fat"`, `"0.2 milligram of sodium"`, `"268 calories per
    /// serving"`, as some recipe sites write every value: each was "not a unit", and such a
    /// recipe lost every nutrient). Nil when neither is a unit of `dimension`.
    static func unit(_ text: String, of dimension: UnitDimension) -> UnitDefinition? {
        if let unit = lenientUnit(text), unit.dimension == dimension { return unit }
        guard let space = text.firstIndex(of: " "),
              text[space...].allSatisfy({ $0.isLetter || $0 == " " || $0 == "-" }),
              let unit = lenientUnit(String(text[..<space])), unit.dimension == dimension
        else { return nil }
        return unit
    }

    /// A mass in grams: `g`, `mg`, `µg`/`mcg`, `kg`, `oz`, `lb`, or a bare number (grams).
    public static func grams(_ text: String) throws(ImportValueError) -> Decimal {
        let (value, unitText) = try parse(text)
        guard let unitText else { return value }
        guard let unit = unit(unitText, of: .mass),
              let grams = UnitTable.standard.unit(id: "g"), let converted = UnitTable.convert(value, from: unit, to: grams)
        else {
            throw ImportValueError("'\(text)': '\(unitText)' is not a unit of mass (g, mg, µg, kg, oz or lb)")
        }
        return converted
    }

    /// Energy in kcal or kJ: `kcal`, `Cal`, `calories` (food calories: kilocalories), `kJ`,
    /// or a bare number (kcal, as schema.org's `calories` names it).
    public static func energy(_ text: String) throws(ImportValueError) -> (value: Decimal, unit: String) {
        let (value, unitText) = try parse(text)
        guard let unitText else { return (value, "kcal") }
        guard let unit = unit(unitText, of: .energy) else {
            throw ImportValueError("'\(text)': '\(unitText)' is not a unit of energy (kcal, calories or kJ)")
        }
        return (value, unit.id == "kJ" ? "kJ" : "kcal")
    }
}
