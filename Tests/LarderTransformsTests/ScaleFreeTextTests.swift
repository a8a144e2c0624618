import Foundation
import LarderCore
import LarderJSON
import LarderTransforms
import LarderUnits
import Testing

/// Free-text ingredient lines through the `scale` transform: what each line becomes, and
/// the notes.
@Suite struct ScaleFreeTextTests {
    let scale = ScaleTransform()

    /// The lines of a recipe of two servings scaled by `factor` (a number or a fraction),
    /// and the messages.
    func scaled(_ lines: [String], by factor: Rational, language: String? = "en") throws -> (lines: [String], messages: [String]) {
        let items = lines.map { line in
            let escaped = line.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            return "\"\(escaped)\""
        }
        let recipe = #"{"id": "x", "name": "X", "servings": 2, "ingredients": [\#(items.joined(separator: ", "))]}"#
        let (_, v, diagnostics) = try transformed(recipe) {
            scale.outcome(for: $0, options: ScaleOptions(target: .factor(factor)), language: language)
        }
        let out = (0..<lines.count).map { v.at("ingredients/\($0)")?.stringValue ?? "?" }
        return (out, diagnostics.map(\.message))
    }

    /// A temperature or a time after the number never scales, in free text as in
    /// structured ingredients (they became "700 °F oven", "2 hour rests").
    @Test func temperaturesAndTimesInFreeTextNeverScale() throws {
        let lines = ["350 °F oven", "180 °C oven", "350°F oven", "200 ºC forno", "1 hour rest", "30 minutes marinating",
                     "10 min resting", "350 degrees F oven", "2 minute steaks"]
        for factor in [Rational(2), try Rational(1, 2)] {
            let (out, messages) = try scaled(lines, by: factor)
            #expect(Array(out.dropLast()) == Array(lines.dropLast()), "× \(factor)")
            #expect(messages.allSatisfy { !$0.contains("°") && !$0.contains("hour") && !$0.contains("min") }, "\(messages)")
        }
        // A minute steak is a cut of meat, and scales.
        #expect(try scaled(["2 minute steaks"], by: Rational(2)).lines == ["4 minute steaks"])
        let (pt, _) = try scaled(["1 hora de descanso", "180 graus forno", "20 minutos de forno"], by: Rational(2), language: "pt")
        #expect(pt == ["1 hora de descanso", "180 graus forno", "20 minutos de forno"])
        let (de, _) = try scaled(["2 Stunden ruhen lassen"], by: Rational(3), language: "de")
        #expect(de == ["2 Stunden ruhen lassen"])
    }
}
