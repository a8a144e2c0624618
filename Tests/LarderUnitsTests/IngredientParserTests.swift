import LarderUnits
import Testing

private func r(_ n: Int, _ d: Int = 1) -> Rational { try! Rational(n, d) }

@Suite struct IngredientParserTests {
    let parser = IngredientParser()

    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var language: String? = nil
        var amount: Amount?
        var unit: String?
        var name: String
        var note: String? = nil
        var size: String? = nil
        var testDescription: String { text }
    }

    @Test(arguments: [
        Case(text: "1 1/2 cups flour, sifted", amount: .exact(r(3, 2)), unit: "us-cup", name: "flour", note: "sifted"),
        Case(text: "2-3 cloves garlic", amount: .range(r(2), r(3)), unit: "clove", name: "garlic"),
        Case(text: "½ tsp salt", amount: .exact(r(1, 2)), unit: "us-tsp", name: "salt"),
        Case(text: "1 (14 oz) can tomatoes", amount: .exact(r(1)), unit: "can", name: "tomatoes", size: "1 oz×14"),
        Case(text: "2 x 400g tins", amount: .exact(r(2)), unit: "tin", name: "", size: "1 g×400"),
        Case(text: "4 slices of loaf bread", amount: .exact(r(4)), unit: "slice", name: "loaf bread"),
        Case(text: "salt to taste", amount: nil, unit: nil, name: "salt", note: "to taste"),
        Case(text: "2 eggs", amount: .exact(r(2)), unit: nil, name: "eggs"),
        Case(text: "1 14-ounce can chickpeas, drained", amount: .exact(r(1)), unit: "can", name: "chickpeas", note: "drained", size: "1 oz×14"),
        Case(text: "2 T butter", amount: .exact(r(2)), unit: "us-tbsp", name: "butter"),
        // A unit word joined to the next by a hyphen is another word (T-bone was 2 tablespoons of "-bone steaks").
        Case(text: "2 T-bone steaks", amount: .exact(r(2)), unit: nil, name: "T-bone steaks"),
        Case(text: "2 t-shirts", amount: .exact(r(2)), unit: nil, name: "t-shirts"),
        Case(text: "1 tsp. vanilla", amount: .exact(r(1)), unit: "us-tsp", name: "vanilla"),
        Case(text: "3 fl. oz. cream", amount: .exact(r(3)), unit: "us-fl-oz", name: "cream"),
        Case(text: "1,500 g flour", amount: .exact(r(1500)), unit: "g", name: "flour"),
        // A comma after 0 (or after four digits) leads no group of thousands: a decimal comma.
        Case(text: "0,125 kg sugar", amount: .exact(r(1, 8)), unit: "kg", name: "sugar"),
        Case(text: "1250,500 g flour", amount: .exact(r(2501, 2)), unit: "g", name: "flour"),
        Case(text: "4 fatias de pão de forma", language: "pt", amount: .exact(r(4)), unit: "slice", name: "pão de forma"),
        Case(text: "2 colheres de sopa de azeite", language: "pt", amount: .exact(r(2)), unit: "us-tbsp", name: "azeite"),
        Case(text: "1 colher de chá de piri-piri", language: "pt", amount: .exact(r(1)), unit: "us-tsp", name: "piri-piri"),
        Case(text: "2 dentes de alho", language: "pt", amount: .exact(r(2)), unit: "clove", name: "alho"),
        Case(text: "1,5 l de água", language: "pt", amount: .exact(r(3, 2)), unit: "l", name: "água"),
        // In Portuguese a dot separates thousands (1.500 g was read as 1.5 g).
        Case(text: "1.500 g de farinha", language: "pt", amount: .exact(r(1500)), unit: "g", name: "farinha"),
        Case(text: "0.250 kg de açúcar", language: "pt", amount: .exact(r(1, 4)), unit: "kg", name: "açúcar"),
        Case(text: "Sal e pimenta q.b.", language: "pt", amount: nil, unit: nil, name: "Sal e pimenta", note: "q.b."),
        Case(text: "1 polvo com cerca de 1,2 kg", language: "pt", amount: .exact(r(1)), unit: nil, name: "polvo com cerca de 1,2 kg"),
        Case(text: "1 pitada de sal", language: "pt", amount: .exact(r(1)), unit: "pinch", name: "sal"),
        Case(text: "1 cálice de vinho do Porto", language: "pt", amount: .exact(r(1)), unit: "glass", name: "vinho do Porto"),
        Case(text: "330 ml de cerveja", language: "pt", amount: .exact(r(330)), unit: "ml", name: "cerveja"),
        Case(text: "1 cebola pequena picada", language: "pt", amount: .exact(r(1)), unit: nil, name: "cebola pequena picada"),
        Case(text: "2 cucharadas de aceite", language: "es", amount: .exact(r(2)), unit: "us-tbsp", name: "aceite"),
        Case(text: "1 cup (240 ml) milk", amount: .exact(r(1)), unit: "us-cup", name: "milk"),
        Case(text: "2% milk", amount: nil, unit: nil, name: "2% milk"),
        Case(text: "1 whole chicken", amount: .exact(r(1)), unit: nil, name: "whole chicken"),
        Case(text: "1 day-old baguette", amount: .exact(r(1)), unit: nil, name: "day-old baguette"),
    ])
    func parsesLine(_ c: Case) throws {
        let line = parser.parse(c.text, language: c.language)
        #expect(line.amount == c.amount)
        #expect(line.unit?.id == c.unit)
        #expect(line.name == c.name)
        #expect(line.note == c.note)
        if let size = c.size {
            let parts = size.split(separator: "×")
            let q = try #require(line.size)
            #expect(q.amount == .exact(r(Int(parts[1])!)))
            #expect(q.unit?.symbol == String(parts[0].dropFirst(2)))
        } else {
            #expect(line.size == nil)
        }
    }

    @Test func aNumberThatIsNotAQuantityIsAProblem() {
        let line = parser.parse("Juice of 2 lemons")
        #expect(line.amount == nil)
        #expect(line.problem != nil)
        #expect(!line.isScalable)
        #expect(parser.parse("salt to taste").problem == nil)
        #expect(parser.parse("a pinch of love").problem == nil)
    }

    /// A number with a thousands separator and a decimal mark is read whole, as the line's
    /// language groups thousands (a comma and a point in English, a point and a comma in
    /// Portuguese and German); "1,234.5" was read as 1.234, and the ".5" left in the name.
    @Test(arguments: [
        ("1,234.5 g flour", nil, r(2469, 2)), ("1,234.5 g flour", "en", r(2469, 2)), ("1,000.0 ml water", nil, r(1000)),
        ("2,000.25 ml milk", nil, r(8001, 4)), ("1,000,000 g salt", nil, r(1_000_000)), ("1,234,567.5 g x", "en-GB", r(2_469_135, 2)),
        ("1.000,5 g de farinha", "pt", r(2001, 2)), ("1.000,5 g Mehl", "de", r(2001, 2)), ("1.000.000 g de sal", "pt-BR", r(1_000_000)),
    ] as [(String, String?, Rational)])
    func aNumberWithThousandsAndDecimalsIsReadWhole(_ text: String, _ language: String?, _ amount: Rational) {
        let line = parser.parse(text, language: language)
        #expect(line.amount == .exact(amount))
        #expect(line.unit?.id == "g" || line.unit?.id == "ml")
        #expect(line.problem == nil)
        #expect(line.name.first?.isLetter == true, "the name is \(line.name)")
    }

    /// A number whose marks do not group thousands as the language does ("1.000,5" in
    /// English, "1,234.5" in Portuguese, "1.2.3", a group of two digits) is no amount: no
    /// part of it is read as one, and the line says why.
    @Test(arguments: [
        ("1.000,5 g flour", nil), ("1.000,5 g flour", "en"), ("1,234.5 g de farinha", "pt"), ("1.2.3 g x", nil),
        ("1,23.5 g x", nil), ("1,234.5.6 g x", nil), ("0,123.5 g x", nil), ("1.234,5 g x", "ja"),
    ] as [(String, String?)])
    func aNumberWithMarksThatReadNoOneWayIsNoAmount(_ text: String, _ language: String?) throws {
        let line = parser.parse(text, language: language)
        #expect(line.amount == nil)
        #expect(!line.isScalable)
        let problem = try #require(line.problem)
        #expect(problem.contains("'\(text.split(separator: " ")[0])'"), "\(problem)")
        #expect(try parser.scale(line, by: r(2)).text == text)
        #expect(try Amount(parsing: String(text.split(separator: " ")[0]), language: language) == nil)
    }

    /// A number joined to a word by a hyphen or by letters that are no unit is part of a
    /// name (they were scaled: "7-up" doubled was "14-up", "5-spice" "10-spice", and the
    /// line's own amount, "1 can", stayed as it was): the line is kept, and says why. A unit
    /// glued to its amount is still one.
    @Test(arguments: [
        ("7-up, 1 can", "7-up"), ("7UP soda", "7UP"), ("5-spice powder, 1 tsp", "5-spice"), ("7\u{2010}up", "7\u{2010}up"),
        ("2-inch piece ginger", "2-inch"), ("1/2-inch slice of lemon", "1/2-inch"), ("1e3 g flour", "1e3"),
    ])
    func aNumberInANameIsNoQuantity(_ text: String, _ name: String) throws {
        let line = parser.parse(text)
        #expect(line.amount == nil)
        let problem = try #require(line.problem)
        #expect(problem == "'\(name)' is a name with a number in it, not a quantity")
        #expect(try parser.scale(line, by: r(2)).text == text)
    }

    @Test(arguments: [
        ("400g flour", "g"), ("2tbsp oil", "us-tbsp"), ("1kg potatoes", "kg"), ("2C flour", "us-cup"), ("2x400g tins", "tin"),
        ("1 can 7-up", "can"),
    ])
    func aUnitGluedToItsAmountIsStillOne(_ text: String, _ unit: String) {
        let line = parser.parse(text)
        #expect(line.problem == nil)
        #expect(line.unit?.id == unit)
        #expect(parser.parse("180C oven").fixedUnit?.id == "celsius")
        #expect(parser.parse("20min rest").fixedUnit != nil)
    }

    /// Words after an amount that go on with it in a way the parser does not read: a
    /// fraction in words, an article, or how full a cup or spoon is. These lines were read
    /// as counts ("three" of "quarters cup sugar", 1 × 1.5 "heaping cup flour" rounded to
    /// 2), or left with no note ("a quarter cup oil"); they are kept, with the reason.
    @Test func amountsGoingOnInWordsItDoesNotReadAreProblems() {
        let reasons = [
            "1 heaping cup flour": "a word between the amount and its unit ('heaping'), which is not read",
            "2 scant cups milk": "a word between the amount and its unit ('scant'), which is not read",
            "1 lightly packed cup brown sugar": "a word between the amount and its unit ('lightly packed'), which is not read",
            "three quarters cup sugar": "a fraction in words ('three quarters'), which is not read",
            "1 quarter cup oil": "a fraction in words ('1 quarter'), which is not read",
            "1/2 an onion": "an article after the amount ('1/2 an'), which is not read",
            "a quarter cup oil": "a fraction in words ('a quarter'), which is not read",
            "one-half cup cream": "a fraction in words ('one-half'), which is not read",
            "two thirds cup flour": "a fraction in words ('two thirds'), which is not read",
        ]
        for (text, reason) in reasons {
            let line = parser.parse(text)
            #expect(line.problem == reason, "\(text)")
            #expect(!line.isScalable, "\(text)")
        }
        // Still read: a size before a counted unit or a noun, a half in words, after the unit.
        for text in ["2 small glasses of port wine", "2 large eggs", "a large onion", "half a cup milk", "a half cup milk", "1 cup packed brown sugar", "1 small onion, diced"] {
            #expect(parser.parse(text).isScalable, "\(text)")
        }
        // English words: another language's line is read as before.
        #expect(parser.parse("1 a 2 colheres de sopa", language: "pt").isScalable)
    }

    /// A range that goes on ("1-1-1-2 cups") is not an amount: it was read as the range
    /// "1-1", and the rest of the line was taken for the name.
    @Test func anAmountThatGoesOnPastARangeIsNotRead() {
        for (text, quoted) in [("1-1-1-2 cups water", "1-1-1"), ("1-2-3 eggs", "1-2-3"), ("2 - 3 - 4 cups flour", "2 - 3 - 4"), ("1-1/2-2-3 cups", "1-1/2-2-3")] {
            let line = parser.parse(text)
            #expect(!line.isScalable, "\(text)")
            #expect(line.problem == "'\(quoted)' is not an amount Larder can read", "\(text): \(line.problem ?? "read")")
        }
        // Ranges still read, and what follows one that is not a number.
        for text in ["1-2 cups water", "1-1/2-2 cups flour", "2 - 3 cups", "2-3 (400 g) cans"] {
            #expect(parser.parse(text).isScalable, "\(text)")
        }
        // A size joined to its word ("1-2-inch") is part of a name, not a range to scale
        // (doubling gave "2-4-inch piece of ginger").
        #expect(parser.parse("1-2-inch piece of ginger").problem == "'1-2-inch' is a name with a number in it, not a quantity")
    }

    /// A flour's grade written first is no amount: doubling "00 flour, 500 g" made it
    /// "0 flour, 500 g". The line is kept as written, with a note.
    @Test func aNumberWithALeadingZeroIsNoAmount() {
        for text in ["00 flour, 500 g", "00 flour", "007 sauce, 2 tbsp"] {
            let line = parser.parse(text)
            #expect(line.amount == nil, "\(text)")
            #expect(!line.isScalable, "\(text)")
        }
        #expect(parser.parse("0.5 cup milk").amount != nil)
        #expect(parser.parse("0 g sugar").amount != nil)
        #expect(parser.parse("500 g 00 flour").amount != nil)
    }

    @Test func anOverlongNumberIsAProblemNotACrash() {
        let line = parser.parse("123456789012345678901234 g sugar")
        #expect(line.problem != nil)
        #expect(!line.isScalable)
    }

    @Test func emptyAndBlankLines() {
        #expect(parser.parse("").amount == nil)
        #expect(parser.parse("   ").name == "")
        #expect(parser.parse("").problem == nil)
    }

    /// An oven setting "gas mark 4 / 180 °C" written `4/180°C` was read as the fraction
    /// 4/180 of a degree: the heat is the number after the slash.
    @Test(arguments: ["4/180°C oven", "4/180 °C oven", "4/180C oven", "4/350°F"])
    func aGasMarkAndAHeatAreNoFraction(_ text: String) {
        let line = parser.parse(text)
        #expect(line.fixedUnit?.dimension == .temperature)
        #expect(line.amount == .exact(r(text.contains("350") ? 350 : 180)))
        #expect(parser.parse("1/2 cup milk").amount == .exact(r(1, 2)))
    }

    /// A capital C is a cup where nothing else can be meant (an ingredient follows, a
    /// cook's number of cups), and a heat after a number of 90 or more, spaced or not.
    @Test func aCapitalCIsACupOrAHeat() {
        for text in ["2 C flour", "2C flour", "1 1/2 C. milk", "2-3 C stock", "1 C (240 ml) milk", "2 C of flour"] {
            #expect(parser.parse(text).unit?.id == "us-cup", "\(text)")
        }
        #expect(parser.parse("2 C flour", language: "en-US").name == "flour")
        #expect(parser.parse("1 C sugar", language: nil).unit?.id == "us-cup")
        #expect(IngredientParser(kitchen: KitchenUnits(convention: .metric)).parse("1 C sugar").unit?.id == "metric-cup")
        for text in ["180 C oven", "180C oven", "200 C", "350 F oven"] {
            let line = parser.parse(text)
            #expect(line.unit == nil && line.fixedUnit?.dimension == .temperature, "\(text)")
        }
        // Ambiguous: a C alone, before an oven's or a time's word, after more cups than a
        // gallon, or in another language.
        for (text, language) in [("2 C", nil), ("4 C overnight", nil), ("10 C for an hour", nil), ("20 C water", nil),
                                 ("2 C de farinha", "pt")] as [(String, String?)] {
            let line = parser.parse(text, language: language)
            #expect(line.unit == nil && line.fixedUnit == nil, "\(text)")
        }
    }

    @Test func theEquivalentInBracketsIsRead() throws {
        let line = parser.parse("1 cup (240 ml) milk")
        let eq = try #require(line.equivalent)
        #expect(eq.amount == .exact(r(240)))
        #expect(eq.unit?.id == "ml")
    }
}
