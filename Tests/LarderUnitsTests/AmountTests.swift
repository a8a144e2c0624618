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

    @Test func scalingARangeScalesBothEnds() throws {
        let a = try #require(try Amount(parsing: "2-3"))
        #expect(try a.scaled(by: r(1, 2)) == .range(r(1), r(3, 2)))
        #expect(a.lower == r(2) && a.upper == r(3) && a.isRange)
    }
}
