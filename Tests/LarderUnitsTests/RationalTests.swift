import Foundation
import LarderUnits
import Testing

private func r(_ n: Int, _ d: Int = 1) -> Rational { try! Rational(n, d) }

@Suite struct RationalTests {
    @Test func reducesAndNormalizesSign() throws {
        let x = try Rational(6, -8)
        #expect(x.numerator == -3)
        #expect(x.denominator == 4)
        #expect(x.description == "-3/4")
        #expect(try Rational(0, 5) == .zero)
    }

    @Test func zeroDenominatorThrows() {
        #expect(throws: RationalError.divisionByZero) { try Rational(1, 0) }
        #expect(throws: RationalError.divisionByZero) { try r(1) / .zero }
    }

    @Test(arguments: [
        ("1.5", 3, 2), ("1,5", 3, 2), ("-0.25", -1, 4), ("236.5882365", 473176473, 2000000), ("2.5e3", 2500, 1),
        ("1e-2", 1, 100), ("0", 0, 1), ("007", 7, 1), ("4.92892159375", 157725491, 32000000),
    ])
    func decimalLiteralsAreExact(_ text: String, _ n: Int, _ d: Int) throws {
        let value = try #require(try Rational(decimal: text))
        #expect(value == r(n, d), "\(text)")
    }

    @Test(arguments: ["", "-", "1.2.3", "abc", "1e", "1/2", " 1"])
    func nonDecimalsAreNil(_ text: String) throws {
        #expect(try Rational(decimal: text) == nil)
    }

    @Test func tooManyDigitsThrowInsteadOfRounding() {
        #expect(throws: RationalError.self) { try Rational(decimal: "123456789012345678901234567890") }
        #expect(throws: RationalError.self) { try Rational(decimal: "1e40") }
        #expect(throws: RationalError.self) { try Rational(decimal: "0.0000000000000000000001") }
    }

    /// Too many digits for 64 bits is too precise when the number itself is small (its
    /// decimals overflow), too large when its whole part does (both were too large).
    @Test(arguments: [
        ("2.333333333333333333333", true), ("0.12345678901234567890", true), ("12345678901234567.890", true),
        ("1234567890123456789.5", false), ("99999999999999999999.5", false), ("1.00000000000000000001e20", false),
        ("123456789012345678901234567890", false),
    ])
    func tooManyDigitsAreTooPreciseOrTooLarge(_ literal: String, _ tooPrecise: Bool) {
        #expect {
            _ = try Rational(decimal: literal)
        } throws: { error in
            switch error as? RationalError {
            case .tooPrecise?: tooPrecise
            case .overflow?: !tooPrecise
            default: false
            }
        }
    }

    @Test func arithmeticIsExact() throws {
        #expect(try r(1, 3) + r(1, 6) == r(1, 2))
        #expect(try r(1, 3) - r(1, 2) == r(-1, 6))
        #expect(try r(2, 3) * r(9, 4) == r(3, 2))
        #expect(try r(3, 4) / r(3, 8) == r(2))
        let tenth = try #require(try Rational(decimal: "0.1"))
        #expect(try tenth + tenth + tenth == r(3, 10))  // not 0.30000000000000004
    }

    @Test func overflowThrowsInsteadOfWrapping() {
        let big = r(Int.max / 2 + 1)
        #expect(throws: RationalError.self) { try big * r(2) }
        #expect(throws: RationalError.self) { try big + big }
        #expect(throws: RationalError.self) { try r(1, Int.max) + r(1, Int.max - 1) }
    }

    @Test func comparisonDoesNotOverflow() {
        let a = r(Int.max, Int.max - 1), b = r(Int.max - 1, Int.max - 2)
        #expect(a < b)  // 1 + 1/(max-1) < 1 + 1/(max-2)
        #expect(!(b < a))
        #expect(r(-1, 2) < r(1, 3))
    }

    @Test func roundingToDenominators() {
        #expect(r(7, 3).rounded(toDenominator: 8) == r(19, 8))
        #expect(r(1, 16).rounded(toDenominator: 8) == r(1, 8))  // halves away from zero
        #expect(r(-5, 2).roundedToInteger == -3)
        #expect(r(5, 2).roundedToInteger == 3)
        #expect(r(1000, 3).rounded(toDenominator: 1) == r(333))
    }

    @Test func floorAndFraction() {
        #expect(r(7, 2).floor == 3)
        #expect(r(-7, 2).floor == -4)
        #expect(r(-7, 2).fractionalPart == r(1, 2))
    }

    /// The example of `Rational`'s doc comment, as written there.
    @Test func docCommentExample() throws {
        let third = try Rational(1, 3)
        let cup = try Rational(decimal: "236.5882365")!
        #expect(try third * 3 == 1)
        #expect(try (cup * 3 / 3) == cup)
        #expect(third.description == "1/3")
    }

    @Test func decimalConversionFromFoundation() throws {
        let d = Decimal(string: "14.78676478125", locale: Locale(identifier: "en_US_POSIX"))!
        #expect(try Rational(d) == Rational(decimal: "14.78676478125"))
    }
}
