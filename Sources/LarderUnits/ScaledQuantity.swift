/// An amount after scaling or converting: exact, as shown, and in which unit.
public struct ScaledQuantity: Sendable, Hashable {
    /// The exact amount in ``unit`` (no rounding at all).
    public var exact: Amount
    /// The amount as shown: rounded for ``unit`` (kitchen fractions, three digits, whole
    /// counts). A range whose ends round to the same value shows as that one value.
    public var shown: Amount
    /// The unit after fitting (nil for counted things: `2 eggs`).
    public var unit: UnitDefinition?
    /// True when fitting chose another unit (`16 tbsp` became `1 cup`).
    public var unitChanged: Bool
    /// How the amount was rounded.
    public var rounding: DisplayRounding

    /// A scaled amount, as computed and as shown.
    public init(exact: Amount, shown: Amount, unit: UnitDefinition?, unitChanged: Bool, rounding: DisplayRounding) {
        self.exact = exact
        self.shown = shown
        self.unit = unit
        self.unitChanged = unitChanged
        self.rounding = rounding
    }

    /// The largest relative difference between shown and exact.
    public var relativeError: Double {
        max(QuantityFormatter.relativeError(shown: shown.lower, exact: exact.lower),
            QuantityFormatter.relativeError(shown: shown.upper, exact: exact.upper))
    }

    /// The shown amount as text: decimals for metric units (with `style`'s separator, `.`
    /// by default), kitchen fractions otherwise (`1 1/2`, or `1½` in the vulgar style).
    ///
    /// A kitchen amount in a style with a decimal separator (`0.5 tsp`) is written as a
    /// decimal when one of at most ``kitchenDecimalPlaces`` places holds it (`0.125`,
    /// `1.5`), else as its fraction, as a third is (`1/3`): the tiny fractions a kitchen
    /// amount is rounded to below 1/8 are `1/16`, `1/32` and `1/64`, not `0.0625`,
    /// `0.03125` and `0.015625`. Each end of a range is written so on its own (`0.5-48 tsp`
    /// x 1/32 is `1/64-1.5 tsp`; it was `0.015625-1.5 tsp`).
    public func text(style: AmountStyle) -> String {
        if case .decimal = rounding {
            var style = style
            if style.decimalSeparator == nil { style.decimalSeparator = "." }
            return QuantityFormatter.text(shown, style: style, preferFractions: false)
        }
        switch shown {
        case .exact(let v): return kitchenText(v, style: style)
        case .range(let a, let b): return kitchenText(a, style: style) + style.rangeJoin + kitchenText(b, style: style)
        }
    }

    /// The most decimal places a kitchen amount is written with in a style with a decimal
    /// separator (thousandths, as eighths need: `0.375`).
    public static let kitchenDecimalPlaces = 3

    /// One kitchen value as text (see ``text(style:)``).
    private func kitchenText(_ value: Rational, style: AmountStyle) -> String {
        var style = style
        if style.decimalSeparator != nil, (QuantityFormatter.decimalPlaces(value) ?? 0) > Self.kitchenDecimalPlaces { style.decimalSeparator = nil }
        return QuantityFormatter.text(value, style: style, preferFractions: true)
    }

    /// True when rounding a count to whole things (or halves) changed it by more than 10 %:
    /// `1 1/3 slices` shown as `1 slice`.
    public var countRoundingIsNoticeable: Bool {
        switch rounding {
        case .whole, .halves: relativeError > 0.1
        default: false
        }
    }
}

extension KitchenUnits {
    /// Scales `amount` of `unit` by `factor`: exact arithmetic, then the unit that reads
    /// best (within the unit's system), then display rounding. Temperatures and times
    /// never scale; a factor of 1 changes nothing. `notation` says how the amount is written
    /// (``AmountNotation``: text may show thirds of a tablespoon, numbers cannot).
    ///
    ///     let k = KitchenUnits.standard
    ///     try k.scale(.exact(8), unit: tbsp, by: 2).shown       // .exact(1), unit cup
    ///     try k.scale(.exact(500), unit: g, by: Rational(2, 3)).shown   // .exact(333)
    ///     try k.scale(.exact(2), unit: nil, by: Rational(1, 3)).shown   // .exact(1) (eggs)
    public func scale(_ amount: Amount, unit: UnitDefinition?, by factor: Rational, fitUnits: Bool = true, notation: AmountNotation = .text) throws(RationalError) -> ScaledQuantity {
        if neverScales(unit) || factor == .one {
            return ScaledQuantity(exact: amount, shown: amount, unit: unit, unitChanged: false, rounding: .exact)
        }
        let exact = try amount.scaled(by: factor)
        if let unit, fitUnits, unit.dimension == .mass || unit.dimension == .volume {
            let fitted = try fit(exact, in: unit, purpose: .scaling, notation: notation)
            return ScaledQuantity(exact: fitted.exact, shown: Self.collapse(fitted.shown), unit: fitted.unit,
                                  unitChanged: fitted.unit.id != unit.id, rounding: fitted.rounding)
        }
        let rounding = rounding(for: unit)
        let shown = exact.mapValues { QuantityFormatter.round($0, rounding) }
        return ScaledQuantity(exact: exact, shown: Self.collapse(shown), unit: unit, unitChanged: false, rounding: rounding)
    }

    /// Converts `amount` of `unit` into `system`; nil when it stays as it is.
    public func convert(_ amount: Amount, unit: UnitDefinition?, to system: TargetSystem) throws(RationalError) -> ScaledQuantity? {
        guard let unit, let fitted = try convert(amount, from: unit, to: system) else { return nil }
        return ScaledQuantity(exact: fitted.exact, shown: Self.collapse(fitted.shown), unit: fitted.unit,
                              unitChanged: fitted.unit.id != unit.id, rounding: fitted.rounding)
    }

    /// A range whose ends are equal, as one value.
    static func collapse(_ amount: Amount) -> Amount {
        if case .range(let a, let b) = amount, a == b { return .exact(a) }
        return amount
    }
}
