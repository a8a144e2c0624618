import Foundation
import LarderUnits
import Testing

private func dec(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))! }

@Suite struct UnitTableTests {
    let units = UnitTable.standard

    @Test(arguments: [
        ("g", "g"), ("grams", "g"), ("Gram", "g"), ("kg", "kg"), ("Kilograms", "kg"), ("mg", "mg"),
        ("µg", "µg"), ("μg", "µg"), ("mcg", "µg"), ("oz", "oz"), ("ounces", "oz"), ("lb", "lb"), ("lbs", "lb"),
        ("ml", "ml"), ("mL", "ml"), ("millilitres", "ml"), ("cl", "cl"), ("dl", "dl"), ("L", "l"), ("l", "l"),
        ("liters", "l"), ("cup", "us-cup"), ("Cups", "us-cup"), ("c", "us-cup"), ("tbsp", "us-tbsp"),
        ("Tbsp.", "us-tbsp"), ("tablespoons", "us-tbsp"), ("T", "us-tbsp"), ("t", "us-tsp"), ("tsp", "us-tsp"),
        ("teaspoon", "us-tsp"), ("fl oz", "us-fl-oz"), ("fl. oz.", "us-fl-oz"), ("fl.oz", "us-fl-oz"),
        ("floz", "us-fl-oz"), ("fluid ounces", "us-fl-oz"), ("pint", "us-pint"), ("imperial pint", "imperial-pint"),
        ("metric cup", "metric-cup"), ("au tbsp", "au-tbsp"), ("quart", "us-quart"), ("gal", "us-gallon"),
        ("piece", "piece"), ("pcs", "piece"), ("dozen", "dozen"), ("clove", "clove"), ("cloves", "clove"),
        ("leaves", "leaf"), ("pinches", "pinch"), ("dash", "dash"), ("barspoon", "barspoon"), ("bar spoon", "barspoon"),
        ("can", "can"), ("tins", "tin"), ("sprig", "sprig"), ("bunch", "bunch"), ("drops", "drop"),
        ("splash", "splash"), ("wedges", "wedge"), ("twist", "twist"), ("°C", "celsius"), ("ºC", "celsius"),
        ("℃", "celsius"), ("degrees Fahrenheit", "fahrenheit"), ("°F", "fahrenheit"), ("K", "kelvin"),
        ("min", "min"), ("minutes", "min"), ("h", "h"), ("hrs", "h"), ("sec", "s"), ("days", "day"),
        ("kJ", "kJ"), ("kj", "kJ"), ("kcal", "kcal"), ("Calories", "kcal"), ("  fl   oz ", "us-fl-oz"),
    ])
    func knownSpellings(_ spelling: String, _ id: String) {
        #expect(units.unit(named: spelling)?.id == id, "\(spelling)")
    }

    @Test(arguments: ["", " ", "glug", "cupz", "m", "F", "C", "k", "handfull", "tea spoon"])
    func unknownSpellings(_ spelling: String) {
        #expect(units.unit(named: spelling) == nil, "\(spelling)")
        #expect(!units.contains(spelling))
    }

    @Test func caseMattersOnlyWhereItDisambiguates() {
        #expect(units.unit(named: "T")?.id == "us-tbsp")
        #expect(units.unit(named: "t")?.id == "us-tsp")
        #expect(units.unit(named: "TBSP")?.id == "us-tbsp")
        #expect(units.unit(named: "TSP")?.id == "us-tsp")
        #expect(units.unit(named: "G") == nil)  // one character: case is kept
    }

    @Test func exactFactorsFromConversionsDoc() {
        func base(_ name: String) -> Decimal? { units.unit(named: name)?.toBase(1) }
        #expect(base("cup") == dec("236.5882365"))
        #expect(base("tbsp") == dec("14.78676478125"))
        #expect(base("tsp") == dec("4.92892159375"))
        #expect(base("fl oz") == dec("29.5735295625"))
        #expect(base("oz") == dec("28.349523125"))
        #expect(base("lb") == dec("453.59237"))
        #expect(base("metric cup") == 250)
        #expect(base("metric tbsp") == 15)
        #expect(base("au tbsp") == 20)
        #expect(base("imperial pint") == dec("568.26125"))
        #expect(base("kcal") == dec("4.184"))
    }

    @Test func kitchenIdentitiesAreExact() {
        #expect(units.convert(16, from: "tbsp", to: "cup") == 1)
        #expect(units.convert(3, from: "tsp", to: "tbsp") == 1)
        #expect(units.convert(8, from: "fl oz", to: "cup") == 1)
        #expect(units.convert(16, from: "oz", to: "lb") == 1)
        #expect(units.convert(1500, from: "g", to: "kg") == dec("1.5"))
        #expect(units.convert(2, from: "dozen", to: "piece") == 24)
        // Italian etto is a hectogram; German Pfund is 500 g, not a US pound.
        #expect(units.convert(3, from: "etti", to: "g") == 300)
        #expect(units.convert(1, from: "Pfund", to: "g") == 500)
        #expect(units.convert(90, from: "min", to: "h") == dec("1.5"))
        #expect(units.convert(100, from: "kcal", to: "kJ") == dec("418.4"))
    }

    @Test func temperaturesAreAffine() throws {
        let c = try #require(units.convert(350, from: "°F", to: "°C"))
        #expect(abs(NSDecimalNumber(decimal: c).doubleValue - 176.6667) < 0.0001)
        let f = try #require(units.convert(100, from: "°C", to: "°F"))
        #expect(abs(NSDecimalNumber(decimal: f).doubleValue - 212) < 1e-9)
        #expect(units.convert(0, from: "K", to: "°C") == dec("-273.15"))
    }

    @Test func noConversionAcrossDimensionsOrBetweenCountedUnits() {
        #expect(units.convert(1, from: "g", to: "ml") == nil)
        #expect(units.convert(1, from: "clove", to: "slice") == nil)
        #expect(units.convert(2, from: "clove", to: "cloves") == 2)
        #expect(units.convert(1, from: "glug", to: "ml") == nil)
    }

    @Test func conventionsChangeTheGenericNamesOnly() {
        let metric = UnitTable(convention: .metric)
        #expect(metric.unit(named: "cup")?.id == "metric-cup")
        #expect(metric.unit(named: "tbsp")?.id == "metric-tbsp")
        #expect(metric.unit(named: "us cup")?.id == "us-cup")
        let au = UnitTable(convention: .australian)
        #expect(au.unit(named: "tablespoon")?.id == "au-tbsp")
        #expect(au.unit(named: "pint")?.id == "imperial-pint")
        let uk = UnitTable(convention: .imperial)
        #expect(uk.unit(named: "pint")?.toBase(1) == dec("568.26125"))
        #expect(uk.unit(named: "fl oz")?.id == "imperial-fl-oz")
    }

    @Test func projectUnitsCanBeAdded() {
        let glug = UnitDefinition.counted("glug", names: ["glugs"])
        let table = units.adding([glug])
        #expect(table.unit(named: "glugs")?.id == "glug")
        #expect(table.unit(named: "ml")?.id == "ml")
        #expect(units.unit(named: "glug") == nil)
    }

    @Test func idsAreUniqueAndEveryUnitIsReachableByItsId() {
        let ids = units.units.map(\.id)
        #expect(Set(ids).count == ids.count)
        for unit in units.units { #expect(units.unit(named: unit.id)?.id == unit.id, "\(unit.id)") }
        #expect(units.spellings.contains("tablespoons"))
    }
}
