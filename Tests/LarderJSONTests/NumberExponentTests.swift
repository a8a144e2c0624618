import LarderJSON
import Testing

/// Exponents of any length: only their first 12 characters were read, so `1e0000000000000000005`
/// was 1 and `1e-99999999999999999999` equalled `1e-99999999999999999998`.
@Suite struct NumberExponentTests {
    @Test func longExponentsKeepTheirValue() {
        let cases: [(String, String, Int)] = [
            ("1e0000000000000000005", "100000", 0),
            ("1E+00000000000000000000000002", "1e2", 0),
            ("-25e-0000000000000000000001", "-2.5", 0),
            ("1e-99999999999999999999", "1e-99999999999999999998", -1),
            ("1e99999999999999999999", "1e99999999999999999998", 1),
            ("1e99999999999999999999", "1e99999999999999999999", 0),
            ("10e99999999999999999999", "1e100000000000000000000", 0),
            ("1e-99999999999999999999", "0", 1),
            ("-1e99999999999999999999", "-1e99999999999999999998", -1),
            ("1e99999999999999999999", "9e999999999", 1),
            ("1e-99999999999999999999", "1e-99999999999", -1),
            ("12e99999999999999999999", "13e99999999999999999999", -1),
        ]
        for (a, b, order) in cases {
            let x = JSONNumber(literal: a), y = JSONNumber(literal: b)
            #expect(JSONNumber.compare(x, y) == order, "\(a) vs \(b)")
            #expect(JSONNumber.compare(y, x) == -order, "\(b) vs \(a)")
            #expect((x == y) == (order == 0), "\(a) == \(b)")
            if order == 0 { #expect(x.hashValue == y.hashValue, "\(a) hash") }
        }
        #expect(JSONNumber(literal: "1e0000000000000000005").isInteger)
        #expect(!JSONNumber(literal: "1e-99999999999999999999").isInteger)
        #expect(JSONNumber(literal: "1e99999999999999999999").isInteger)
    }
}
