/// Nutrition arithmetic as food labels and Open Food Facts do it.
///
/// | conversion | rule |
/// |---|---|
/// | kcal → kJ | `kJ = kcal × 4.184`, rounded as Open Food Facts does (`int(kcal × 4.184 + 0.5)`): 100 kcal → 418 kJ, 280 kcal → 1172 kJ |
/// | kJ → kcal | `kcal = kJ / 4.184`, to the nearest whole kcal |
/// | salt ↔ sodium | `salt = sodium × 2.5` (EU 1169/2011 Annex I), exact both ways |
/// | per 100 g ↔ per serving | `per serving = per 100 g × serving g / 100` |
///
///     try NutritionConversion.kilojoules(fromKilocalories: 280)   // 1172
///     try NutritionConversion.sodium(fromSalt: Rational(decimal: "1.25")!)   // 1/2
public enum NutritionConversion {
    /// kJ in one kcal (the thermochemical calorie).
    public static let kilojoulesPerKilocalorie = Rational(unchecked: 523, 125)  // 4.184
    /// Grams of salt per gram of sodium, as labels use it.
    public static let saltPerSodium = Rational(unchecked: 5, 2)

    /// Energy factors of EU 1169/2011 Annex XIV, per gram: (kJ, kcal).
    public static let energyFactors: [String: (kilojoules: Rational, kilocalories: Rational)] = [
        "fat": (37, 9), "carbohydrates": (17, 4), "protein": (17, 4), "alcohol": (29, 7),
        "polyols": (10, Rational(unchecked: 12, 5)), "fiber": (8, 2), "organicAcid": (13, 3), "salatrim": (25, 6),
        "erythritol": (0, 0),
    ]

    /// kcal to kJ with Open Food Facts' rounding: `int(kcal × 4.184 + 0.5)`. Throws when
    /// the result does not fit a 64-bit fraction (never a clamped figure).
    public static func kilojoules(fromKilocalories kcal: Rational) throws(RationalError) -> Rational {
        let half = try kcal * kilojoulesPerKilocalorie + Rational(unchecked: 1, 2)
        return Rational(half.floor)
    }

    /// kJ to kcal, to the nearest whole kcal (halves up). Throws when the result does not
    /// fit a 64-bit fraction.
    public static func kilocalories(fromKilojoules kj: Rational) throws(RationalError) -> Rational {
        let exact = try kj / kilojoulesPerKilocalorie
        return Rational(exact.roundedToInteger)
    }

    /// Sodium from salt: `salt / 2.5`, exact.
    public static func sodium(fromSalt salt: Rational) throws(RationalError) -> Rational {
        try salt / saltPerSodium
    }

    /// Salt from sodium: `sodium × 2.5`, exact.
    public static func salt(fromSodium sodium: Rational) throws(RationalError) -> Rational {
        try sodium * saltPerSodium
    }

    /// A value per 100 g (or 100 ml) as a value per serving of `servingSize` grams (or ml).
    public static func perServing(fromPer100g value: Rational, servingSize: Rational) throws(RationalError) -> Rational {
        try value * servingSize / 100
    }

    /// A value per serving of `servingSize` grams (or ml) as a value per 100 g.
    public static func per100g(fromPerServing value: Rational, servingSize: Rational) throws(RationalError) -> Rational {
        try value * 100 / servingSize
    }

    /// A computed nutrient amount for display: exact when it has at most three decimals
    /// (`0.99`, `0.132`), otherwise three significant digits (`3.33`, `0.0333`).
    public static func rounded(_ value: Rational) -> Rational {
        if let places = QuantityFormatter.decimalPlaces(value), places <= 3 { return value }
        return QuantityFormatter.round(value, .decimal)
    }
}
