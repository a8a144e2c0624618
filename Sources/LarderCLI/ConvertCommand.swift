import ArgumentParser
import Foundation
import LarderCore
import LarderJSON
import LarderTransforms
import LarderUnits

/// `larder convert FILE [--units metric|us] [--energy kJ|kcal] [--salt salt|sodium] [--per 100g|serving]`.
struct ConvertCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert amounts and temperatures (metric/US), energy (kJ/kcal), salt/sodium and per 100 g/per serving.",
        discussion: """
            --units converts ingredient amounts, structured or free text (1 cup -> 237 ml, \
            200 g -> 7 oz; spoons stay spoons), a product's quantity (as labels state it: \
            330 ml -> 11.2 fl oz, 400 g -> 14.1 oz), and temperatures in the \
            steps (350 °F -> 175 °C, rounded to 5 degrees above boiling; both ends of a range: \
            350 to 375 °F -> 175 to 190 °C; every heat of a list: 350, 375 or 400 °F -> 175, \
            190 or 205 °C, and a list whose numbers are too far apart to be heats of one stays \
            as it is, with a note; a heat given in both systems, 350°F/180°C, stays as it is). Cups and spoons are read as --convention says (US customary by \
            default), and a note says which. Every amount in US units is within 6 % of the \
            exact one: a kitchen fraction when one is that close (250 ml -> 1 cup), fluid \
            ounces rather than more than 8 tbsp, else a decimal (5 g -> 0.18 oz); metric \
            amounts have three digits.

            --energy: kJ = kcal x 4.184, rounded as Open Food Facts does (100 kcal -> 418 kJ). \
            --salt: salt = sodium x 2.5 (EU 1169/2011). --per: per serving = per 100 g x \
            serving / 100; a product's serving size comes from its "serving" (else \
            --serving-size), a recipe's from --serving-size, and without one the conversion is \
            an error. So is a serving in the other measure than the figures (a volume for a \
            product sold by weight or for a recipe, a weight for a product sold by volume, \
            whose figures are per 100 ml): converting needs the density. A product with \
            nutrition both per 100 g and per serving keeps the values of the one asked for and gets those only the other gives, \
            computed (a note names them).

            The field converted from is replaced by the new one, in its place; --keep keeps \
            both (a product's label often shows kcal and kJ). Only the changed values are \
            rewritten.

            A value that cannot be converted is an error for its document and is never \
            carried across as written: a nutrient or quantity that is not a number (a string \
            such as "100" or "0,5", true, null, [0.5], {"value": 3}), a negative one, or one \
            beyond exact 64-bit arithmetic (1e19, 0.1234567890123456789, 3e18 kcal in kJ). A free-text ingredient line ("2 cups \
            flour") is text: it is converted when its amount and unit can be read, and kept \
            as written otherwise (with a warning when its amount was read but cannot be \
            converted). Lines are read as larder scale reads them (see larder scale --help: \
            1 ¹⁄₂ cups, .5 cup, 1 small bunch, 1 (about 14 oz) can), and the size of one \
            thing in brackets converts with the line: 1 (about 14 oz) can -> 1 (about 397 g) \
            can.

            Notes and errors go to standard error. Exit status: 0 when every document was \
            converted, 1 when one could not be (nothing is written then, except with --jsonl), \
            2 for a usage error.
            """
    )

    @Argument(help: "The recipe or product file (JSON, or JSON Lines with --jsonl); - reads standard input.")
    var file: String

    @Option(name: .long, help: "Write ingredient amounts and temperatures in metric or us units.")
    var units: String?

    @Option(name: .long, help: "State energy in kJ or kcal.")
    var energy: String?

    @Option(name: .long, help: "State salt or sodium.")
    var salt: String?

    @Option(name: .long, help: "Give nutrition per 100g or per serving.")
    var per: String?

    @Option(name: .customLong("serving-size"), help: "The weight or volume of one serving, with its unit, when the content gives none (such as 350 g or 250 ml).")
    var servingSize: String?

    @Flag(name: .long, help: "Keep the fields converted from beside the new ones.")
    var keep = false

    @OptionGroup var output: TransformOutputOptions

    mutating func validate() throws {
        if units == nil && energy == nil && salt == nil && per == nil {
            throw ValidationError("give at least one of --units, --energy, --salt or --per")
        }
        try output.validate(file: file)
        _ = try options()
    }

    func options() throws -> ConvertOptions {
        var object = JSONObject()
        if let units { object["units"] = .string(units) }
        if let energy { object["energy"] = .string(energy) }
        if let salt { object["salt"] = .string(salt) }
        if let per { object["per"] = .string(per) }
        if let servingSize { object["servingSize"] = .string(servingSize) }
        object["convention"] = .string(output.convention)
        object["keep"] = .bool(keep)
        do {
            return try ConvertOptions(json: .object(object))
        } catch {
            // Option names as the command line spells them.
            let message = error.message
                .replacingOccurrences(of: "servingSize", with: "--serving-size")
                .replacingOccurrences(of: "units must", with: "--units must")
                .replacingOccurrences(of: "energy must", with: "--energy must")
                .replacingOccurrences(of: "salt must", with: "--salt must")
                .replacingOccurrences(of: "per must", with: "--per must")
            throw ValidationError(message)
        }
    }

    func run() async throws {
        let options = try options()
        let transform = ConvertTransform()
        let language = try output.languageTag()
        let runner = TransformFileRunner(output: output, file: file) { document, locator in
            transform.outcome(for: document, options: options, language: language, locator: locator)
        }
        try await runner.run()
    }
}
