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
    ])
    func parses(_ text: String, _ expected: Amount) throws {
        #expect(try Amount(parsing: text) == expected, "\(text)")
    }

    @Test(arguments: ["", "a pinch", "one", "1 cup", "3-2", "1/0", "½½", "2 to"])
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
    }

    @Test func scalingARangeScalesBothEnds() throws {
        let a = try #require(try Amount(parsing: "2-3"))
        #expect(try a.scaled(by: r(1, 2)) == .range(r(1), r(3, 2)))
        #expect(a.lower == r(2) && a.upper == r(3) && a.isRange)
    }
}
