import LarderUnits
import Testing

private func r(_ n: Int, _ d: Int = 1) -> Rational { try! Rational(n, d) }

@Suite struct AmountTests {
    @Test(arguments: [
        ("3", Amount.exact(r(3))), ("1.5", .exact(r(3, 2))), ("1,5", .exact(r(3, 2))), ("1/2", .exact(r(1, 2))),
        ("1 1/2", .exact(r(3, 2))), ("½", .exact(r(1, 2))), ("⅓", .exact(r(1, 3))), ("¼", .exact(r(1, 4))),
        ("¾", .exact(r(3, 4))), ("⅛", .exact(r(1, 8))), ("1½", .exact(r(3, 2))), ("2 ¾", .exact(r(11, 4))),
        ("1⁄2", .exact(r(1, 2))), ("2-3", .range(r(2), r(3))), ("2 - 3", .range(r(2), r(3))),
        ("2–3", .range(r(2), r(3))), ("1 to 2", .range(r(1), r(2))), ("½-1", .range(r(1, 2), r(1))),
        ("1 1/2 to 2", .range(r(3, 2), r(2))), ("  4 ", .exact(r(4))), ("4 a 5", .range(r(4), r(5))),
        ("¹⁄₂", .exact(r(1, 2))), ("1 ¹⁄₂", .exact(r(3, 2))), ("1²/₃", .exact(r(5, 3))), ("³∕₁₆", .exact(r(3, 16))), ("²/3", .exact(r(2, 3))),
        (".5", .exact(r(1, 2))),
    ])
    func parses(_ text: String, _ expected: Amount) throws {
        #expect(try Amount(parsing: text) == expected, "\(text)")
    }

    @Test(arguments: ["", "a pinch", "one", "1 cup", "3-2", "1/0", "½½", "2 to", "10⁶", "¹/₀", "¹/", "1.5.5", "..5"])
    func rejects(_ text: String) throws {
        #expect(try Amount(parsing: text) == nil, "\(text)")
    }

    /// The quantities the schema's pattern lets through that are no amount to scale: lint
    /// reports them, and the scale transform leaves them as written.
    @Test(arguments: [
        ("3-2", QuantityProblem.reversedRange(lower: "3", upper: "2")), ("5 to 1", .reversedRange(lower: "5", upper: "1")),
        ("2½ – 1", .reversedRange(lower: "2½", upper: "1")), ("1/0", .zeroDenominator("1/0")), ("1 1/00", .zeroDenominator("1 1/00")),
        ("0", .notPositive("0")), (" 0,0 ", .notPositive("0,0")), ("0-2", .notPositive("0-2")), ("1 3/2", .unreadable("1 3/2")),
        ("a pinch", .unreadable("a pinch")), ("99999999999999999999999", .tooLarge("99999999999999999999999")),
        // Down to zero: "write the smaller amount first (0-½)" advised another mistake.
        ("½-0", .notPositive("½-0")), ("3 to 0", .notPositive("3 to 0")),
        // A minus sign: below zero (it was "not an amount Larder can read").
        ("-2", .negative("-2")), (" \u{2212}½ ", .negative("\u{2212}½")), ("-1 1/2", .negative("-1 1/2")), ("-0", .notPositive("-0")),
        ("- 2", .unreadable("- 2")), ("-2 cups", .unreadable("-2 cups")),
    ])
    func problems(_ text: String, _ expected: QuantityProblem) {
        #expect(Amount.problem(in: text) == expected, "\(text)")
    }

    @Test(arguments: ["1", "1.5", "1 1/2", "½", "2-3", "2 to 3", "0.25", "1-1/2", "3-3"])
    func noProblem(_ text: String) {
        #expect(Amount.problem(in: text) == nil, "\(text)")
    }

    @Test func theAmountThatStartsALine() {
        #expect(Amount.leadingProblem(in: "1/0 cup flour") == .zeroDenominator("1/0"))
        #expect(Amount.leadingProblem(in: "  3-2 eggs") == .reversedRange(lower: "3", upper: "2"))
        #expect(Amount.leadingProblem(in: "5 to 1 limes") == .reversedRange(lower: "5", upper: "1"))
        for (reversed, lower, upper) in [("4 a 2 ovos", "4", "2"), ("3 O 2 huevos", "3", "2"), ("6 bis 5 Eier", "6", "5"), ("3 ou 2 ovos", "3", "2"), ("2 or 1 eggs", "2", "1"), ("3 – 2 limes", "3", "2")] {
            #expect(Amount.leadingProblem(in: reversed) == .reversedRange(lower: lower, upper: upper), "\(reversed)")
        }
        for fine in ["1/2 cup flour", "2-3 eggs", "1-1/2 cups milk", "00 flour", "salt to taste", "2 cups 1/0 flour", "", "80/20 beef"] {
            #expect(Amount.leadingProblem(in: fine) == nil, "\(fine)")
        }
        #expect(QuantityProblem.zeroDenominator("1/0").description == "the fraction 1/0 has a zero denominator, so it is no amount; write the amount meant (1/2, 1 1/2)")
        #expect(QuantityProblem.negative("\u{2212}1 ½").description
            == "\u{2212}1 ½ is below zero, and an amount cannot be negative; write it without the minus sign (1 ½), or leave the quantity out")
    }

    /// A zero, a zero denominator or a backwards range later in a free-text line (`flour,
    /// 0 g`, `2 eggs and 0 ml milk`) passed lint: only the amount that starts the line was
    /// read, and a zero not even there.
    @Test(arguments: [
        ("flour, 0 g", LineAmountProblem(.notPositive("0 g"), isLeading: false)),
        ("2 eggs and 0 ml milk", LineAmountProblem(.notPositive("0 ml"), isLeading: false)),
        ("0 g sugar", LineAmountProblem(.notPositive("0 g"), isLeading: true)),
        ("sugar (0g)", LineAmountProblem(.notPositive("0g"), isLeading: false)),
        ("garlic, 0,0 cloves", LineAmountProblem(.notPositive("0,0 cloves"), isLeading: false)),
        ("salt, 1/0 tsp", LineAmountProblem(.zeroDenominator("1/0"), isLeading: false)),
        ("2 cups 1/0 flour", LineAmountProblem(.zeroDenominator("1/0"), isLeading: false)),
        ("2 eggs and 3-2 ml milk", LineAmountProblem(.reversedRange(lower: "3", upper: "2"), isLeading: false)),
        ("oil, 5 to 1 tbsp", LineAmountProblem(.reversedRange(lower: "5", upper: "1"), isLeading: false)),
        ("1/0 cup flour", LineAmountProblem(.zeroDenominator("1/0"), isLeading: true)),
        ("3-2 eggs", LineAmountProblem(.reversedRange(lower: "3", upper: "2"), isLeading: true)),
        ("leite, 0 ml", LineAmountProblem(.notPositive("0 ml"), isLeading: false)),
        ("1 cup (0 ml) milk", LineAmountProblem(.notPositive("0 ml"), isLeading: false)),
        // A zero count before a size in brackets, as "0 cans" is one (it passed).
        ("0 (14 oz) can tomatoes", LineAmountProblem(.notPositive("0"), isLeading: true)),
        ("0,0 (400 g) tins tomatoes", LineAmountProblem(.notPositive("0,0"), isLeading: true)),
        // A minus sign on the amount that starts the line (it passed).
        ("-2 cups flour", LineAmountProblem(.negative("-2"), isLeading: true)),
        ("  -1/2 tsp salt", LineAmountProblem(.negative("-1/2"), isLeading: true)),
        ("\u{2212}2 eggs", LineAmountProblem(.negative("\u{2212}2"), isLeading: true)),
        ("-½ cup milk", LineAmountProblem(.negative("-½"), isLeading: true)),
        ("-2-3 limes", LineAmountProblem(.negative("-2-3"), isLeading: true)),
        ("-1 (14 oz) can tomatoes", LineAmountProblem(.negative("-1"), isLeading: true)),
        ("-0 g sugar", LineAmountProblem(.notPositive("-0"), isLeading: true)),
        ("-1/0 cup flour", LineAmountProblem(.zeroDenominator("1/0"), isLeading: true)),
    ])
    func amountsAnywhereInTheLine(_ line: String, _ expected: LineAmountProblem) {
        #expect(Amount.lineProblem(in: line) == expected, "\(line)")
        var text = line
        #expect(text.withUTF8 { Amount.mayHaveLineProblem(utf8: $0) }, "\(line)")
    }

    /// Numbers that are no amount of an ingredient, or amounts above zero.
    @Test(arguments: [
        "00 flour", "500 g tipo 0 flour", "farina 00, 500 g", "0.5 tsp salt", "10 g butter", "rest 0:30 in the fridge",
        "water at 0 °C", "chill for 0 min", "2 cups 0% milk", "0 % fat yoghurt", "1 lb 0 oz beef", "1 kg 0 g", "0-2 tbsp sugar",
        "1 (14 oz) can tomatoes", "2 x 400g tins", "rice, 2 to 1 water", "vitamin B12", "B0 g", "80/20 beef",
        "2 eggs and 1 ml milk", "1 1/2 cups flour", "½ tsp salt", "salt to taste", "", "0", "flour, 0", "1-1/2 cups milk",
        // A zero with a bracket and no word after it, or that describes the word.
        "0 (14 oz)", "0 (0%) fat yogurt", "0 (see note", "00 (14 oz) can flour",
        // A dash that is no minus sign on an amount: a list's bullet, a range, a word; and
        // a minus no unit or word follows (a temperature, a percentage).
        "- 2 cups flour", "- salt to taste", "-", "2-3 cups milk", "1 - 2 cups water", "1 -2 cups water", "half-and-half", "7-up",
        "sugar-free syrup, 2 tbsp", "water at -18 °C", "-18 °C water", "-5% fat", "-2", "--2 cups",
    ])
    func numbersThatAreNoProblem(_ line: String) {
        #expect(Amount.lineProblem(in: line) == nil, "\(line)")
    }

    /// The check from the bytes lets through every line the full check reports, and answers
    /// the common lines at once.
    @Test func theByteCheckNeverMissesAProblem() {
        let parts = ["0", "00", "1", "2", "10", "0.5", "0,0", "1/0", "3-2", "2-3", "½", "1 3/2", "5 to 1", "0:30", "2%", "-2", "-0", "\u{2212}½", "- 2"]
        let units = ["", " g", "g", " ml", " cups", " cloves", " flour", " °C", " min", " to 3 g", "-1 g", " (14 oz) can", "(14 oz) cans"]
        let before = ["", "flour, ", "2 eggs and ", "sugar (", "  ", "x\u{00A0}", "B"]
        for b in before {
            for p in parts {
                for u in units {
                    var line = b + p + u + " milk"
                    let found = Amount.lineProblem(in: line)
                    let maybe = line.withUTF8 { Amount.mayHaveLineProblem(utf8: $0) }
                    #expect(found == nil || maybe, "\(line): \(String(describing: found))")
                }
            }
        }
        for common in ["4 slices of bread", "30 ml gin", "salt to taste", "2 x 400g tins", "1 (14 oz) can tomatoes", "200 g de açúcar", "3 eggs"] {
            var line = common
            #expect(!line.withUTF8 { Amount.mayHaveLineProblem(utf8: $0) }, "\(common)")
        }
    }

    @Test func scalingARangeScalesBothEnds() throws {
        let a = try #require(try Amount(parsing: "2-3"))
        #expect(try a.scaled(by: r(1, 2)) == .range(r(1), r(3, 2)))
        #expect(a.lower == r(2) && a.upper == r(3) && a.isRange)
    }
}
