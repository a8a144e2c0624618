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

    /// Expects `line` scaled by `factor` to read `expected`, with no note or warning.
    func expectQuietly(_ line: String, scaledBy factor: Rational, language: String?, gives expected: String,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (out, messages) = try scaled([line], by: factor, language: language)
        #expect(out == [expected], sourceLocation: sourceLocation)
        #expect(messages.isEmpty, "\(messages)", sourceLocation: sourceLocation)
    }

    /// French and Spanish spoon abbreviations are spoons ("2 c. à s." was read as 2 cups,
    /// "c" and a point, and x 1/8 became "1/4 c à s."; "1 c.s. de aceite" converted became
    /// "237 ml.s. de aceite"); a letter and a point that no word of the line's language
    /// names is no cup: the line is kept as written, with a note.
    @Test func frenchAndSpanishSpoonAbbreviations() throws {
        try expectQuietly("2 c. à s. de sucre", scaledBy: try Rational(1, 2), language: "fr", gives: "1 c. à s. de sucre")
        let (eighth, _) = try scaled(["2 c. à s. de sucre", "1 c. à c. de sel"], by: try Rational(1, 8), language: "fr")
        #expect(eighth == ["3/4 c. à café de sucre", "1/8 c. à c. de sel"])
        try expectQuietly("1 c. à c. de sel", scaledBy: 2, language: "fr", gives: "2 c. à c. de sel")
        try expectQuietly("1 c.s. d'huile", scaledBy: 3, language: "fr", gives: "3 c.s. d'huile")
        try expectQuietly("1 cuil. à café de sel", scaledBy: 2, language: "fr", gives: "2 cuil. à café de sel")
        try expectQuietly("1 c.s. de aceite", scaledBy: 2, language: "es", gives: "2 c.s. de aceite")
        try expectQuietly("1 c. de sopa de azúcar", scaledBy: 3, language: "es", gives: "3 c. de sopa de azúcar")
        try expectQuietly("1 cucharada sopera de aceite", scaledBy: 2, language: "es", gives: "2 cucharadas soperas de aceite")
        try expectQuietly("1 c.c. de sal", scaledBy: 2, language: "es", gives: "2 c.c. de sal")
        let lines = ["2 c. à s. de sucre", "1 c.s. de aceite", "2 c. à dessert de sucre", "1 t.s. salt"]
        for language in ["en", "fr", "es"] as [String?] {
            let (out, messages) = try scaled(lines, by: 2, language: language)
            let kept = lines.filter { line in messages.contains { $0.contains("'\(line)'") && $0.contains("an abbreviation that is not read") } }
            #expect(out.allSatisfy { !$0.contains("c à") && !$0.contains("ml") && !$0.contains("cup") }, "\(out)")
            for (line, written) in zip(lines, out) where written == line { #expect(kept.contains(line), "\(line): \(messages)") }
        }
        let (en, _) = try scaled(lines, by: 2, language: "en")
        #expect(en == lines)
        let (plain, plainMessages) = try scaled(["2 c flour", "1 c. sugar", "1 T butter"], by: 2, language: "en")
        #expect(plain == ["4 c flour", "2 c sugar", "2 T butter"])
        #expect(plainMessages.isEmpty, "\(plainMessages)")
    }

    /// Thousands grouped by a space are one number in French, and by a no-break space in any
    /// language: "2 500 ml eau" doubled was "4 500 ml eau" (2 read alone, " 500 ml" kept). In
    /// English a plain space is no grouping: "2 400 g cans" is two cans.
    @Test func thousandsGroupedByASpace() throws {
        let (fr, frMessages) = try scaled(["1 000 g de farine", "2 500 ml d'eau", "1 000,5 g de sel", "1 000 000 g de x", "1 1/2 tasse"], by: 2, language: "fr")
        #expect(fr == ["2 kg de farine", "5 l d'eau", "2 kg de sel", "2000 kg de x", "3 tasses"], "\(frMessages)")
        let (en, _) = try scaled(["1\u{202F}000 g flour", "2\u{00A0}500 ml water"], by: 2, language: "en")
        #expect(en == ["2 kg flour", "5 l water"])
        let (cans, _) = try scaled(["2 400 g cans tomatoes"], by: 2, language: "en")
        #expect(cans != ["4 800 g cans tomatoes"] && !cans[0].hasPrefix("4800") && !cans[0].hasPrefix("4.8"), "\(cans)")
    }

    /// Outside French text a plain space groups no thousands, and "1 500 ml water" is not
    /// guessed at: scale kept "1" and wrote "2 500 ml water" (which French reads as 2500
    /// ml), and convert left the line without a word. Both keep it as written with one note;
    /// "2 400g cans tomatoes" is still two cans.
    @Test func anAmountGroupedByAPlainSpaceIsKeptWithANote() throws {
        let lines = ["1 500 ml water", "1 000 g sugar", "2 400g cans tomatoes"]
        let (out, messages) = try scaled(lines, by: 2, language: "en")
        #expect(out == ["1 500 ml water", "1 000 g sugar", "4 × 400g cans tomatoes"])
        let note = "'1 500 ml water': a plain space groups no thousands outside French text, so '1 500 ml' is read neither as one number nor as one thing of that size; left as is: write it without the space (or with a no-break space) for one amount, or '1 × 500 ml' for things of a size"
        #expect(messages.first == note, "\(messages)")
        #expect(messages.count == 2, "\(messages)")
        let recipe = #"{"id": "x", "name": "X", "servings": 2, "ingredients": ["1 500 ml water", "2 400g cans tomatoes"]}"#
        let (_, v, diagnostics) = try transformed(recipe) { ConvertTransform().outcome(for: $0, options: ConvertOptions(units: .us)) }
        #expect(v.at("ingredients/0") == "1 500 ml water")
        #expect(v.at("ingredients/1") == "2 14oz cans tomatoes")
        #expect(diagnostics.map(\.message).contains(note), "\(diagnostics.map(\.message))")
        let (fr, _) = try scaled(["1 500 ml d'eau"], by: 2, language: "fr")
        #expect(fr == ["3 l d'eau"])
    }

    /// Cups move up to gallons from a gallon on, as quarts do ("1 cup stock" x 16 stayed
    /// "16 cups stock" while "1 quart milk" became "4 gallons milk"); 4 or 8 cups stay cups.
    @Test func cupsMoveUpToGallons() throws {
        let (out, _) = try scaled(["1 cup stock", "1 quart milk"], by: 16)
        #expect(out == ["1 gal stock", "4 gallons milk"])
        let (more, _) = try scaled(["1 cup stock"], by: 24)
        #expect(more == ["1 1/2 gal stock"])
        let (eight, _) = try scaled(["1 cup stock", "2 cups stock"], by: 4)
        #expect(eight == ["4 cups stock", "8 cups stock"])
    }

    /// A cocktail's parts are a unit (`unknown-unit` suggested `pat` for them): "2 parts gin"
    /// for four scales to four parts, and a half part stays a half.
    @Test func partsAreACountedUnit() throws {
        let (out, messages) = try scaled(["2 parts gin", "1 part dry vermouth", "1/2 part Campari"], by: 2)
        #expect(out == ["4 parts gin", "2 parts dry vermouth", "1 part Campari"], "\(messages)")
        #expect(UnitTable.standard.unit(named: "parts")?.id == "part")
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

    /// Amounts of one system written in two units are one amount: they scale together (×1/2
    /// gave "8 oz 8 oz beef", ×2 "2 lb 8 oz beef", and "1 cup + 2 tbsp" kept its 2 tbsp).
    @Test(arguments: [
        ("1 lb 8 oz beef", 2, 1, "3 lb beef"),
        ("1 lb 8 oz beef", 1, 2, "12 oz beef"),
        ("1 cup + 2 tbsp flour", 1, 2, "9 tbsp flour"),
        ("1 cup + 2 tbsp flour", 2, 1, "2 1/4 cups flour"),
        ("1 cup plus 2 tablespoons flour", 2, 1, "2 1/4 cups flour"),
        // The second amount in words is added in too ("2 cups plus two tablespoons" before).
        ("1 cup plus two tablespoons flour", 2, 1, "2 1/4 cups flour"),
        ("1 cup plus a tablespoon flour", 2, 1, "2 1/8 cups flour"),
        ("1 tbsp + 1 tsp sugar", 3, 1, "1/4 cup sugar"),
        ("1 kg 200 g potatoes", 1, 2, "600 g potatoes"),
        ("1 kg e 200 g de batatas", 2, 1, "2,4 kg de batatas"),
        // In three units, in brackets, after a slash and at both ends of a range, the same
        // (the third part, the bracket and the upper end were left as written, with a note:
        // "4 1/4 cups + 1 tsp water", "1.13 kg (1 lb 4 oz) beef", "2 1/2 lb-1 lb 8 oz beef").
        ("2 cups + 2 tbsp + 1 tsp water", 2, 1, "4 1/4 cups water"),
        ("1 cup + 2 tbsp + 1 tsp water", 1, 3, "6 tbsp water"),
        ("567 g (1 lb 4 oz) beef", 2, 1, "1.13 kg (2 1/2 lb) beef"),
        ("2 cups flour (1 lb 2 oz)", 2, 1, "4 cups flour (2 1/4 lb)"),
        ("570g/1 lb 4 oz beef", 2, 1, "1.14kg/2 1/2 lb beef"),
        ("1 lb 4 oz-1 lb 8 oz beef", 2, 1, "2 1/2 lb-3 lb beef"),
        ("1 lb 4 oz-1 lb 8 oz beef", 1, 2, "10 oz-12 oz beef"),
        ("2 lb-2 lb 8 oz beef", 2, 1, "4 lb-5 lb beef"),
        // The same unit twice, joined by a sign or a word (it was kept, with a note: "a
        // second amount ('+ 1/3') that is not read").
        ("1 cup + 1/3 cup milk", 2, 1, "2 2/3 cups milk"),
        ("1 cup plus 1/3 cup milk", 2, 1, "2 2/3 cups milk"),
        ("1 cup + 1/3 cup + 1 tbsp milk", 3, 1, "4 1/4 cups milk"),
        ("1/2 cup & 1/4 cup sugar", 2, 1, "1 1/2 cups sugar"),
        // A whole number and its fraction joined by a word (it became "2 and 1/2 cups": the
        // fraction was left as written, with a note).
        ("1 and 1/2 cups sugar", 2, 1, "3 cups sugar"),
        ("1 and a half cups milk", 3, 1, "4 1/2 cups milk"),
        ("2 y ½ tazas de harina", 2, 1, "5 tazas de harina"),
        ("1 e 1/2 kg de batatas", 2, 1, "3 kg de batatas"),
        // A smaller amount taken away (it became "2 cups minus 2 tbsp").
        ("1 cup minus 2 tbsp stock", 2, 1, "1 3/4 cups stock"),
        ("1 cup minus 1/3 cup milk", 2, 1, "1 1/3 cups milk"),
        ("1 cup less 1 tbsp sugar", 2, 1, "1 7/8 cups sugar"),
        // "half-and-half" is cream, not a half (it became "5-and-half").
        ("2 and half-and-half", 2, 1, "4 and half-and-half"),
    ] as [(String, Int, Int, String)])
    func compoundAmountsScaleAsOne(_ line: String, _ n: Int, _ d: Int, _ expected: String) throws {
        let (out, messages) = try scaled([line], by: try Rational(n, d), language: line.hasSuffix("batatas") ? "pt" : "en")
        #expect(out == [expected])
        #expect(!messages.contains { $0.contains("second amount") }, "\(messages)")
    }

    /// A bracketed total said to be approximate ("(about 1 2/3 cups)", "(approx. 4 oz)")
    /// was left as written, with no note, so the line contradicted itself; a size of each
    /// ("of about 1.2 kg", "(about 1.2 kg each)") stays.
    @Test func anApproximateTotalInBracketsScales() throws {
        let (out, messages) = try scaled([
            "200 g flour (about 1 2/3 cups)", "2 large eggs (about 100 g)", "1 cup chopped walnuts (approx. 4 oz)", "100 g sugar (~1/2 cup)",
            "1 octopus of about 1.2 kg", "2 octopuses (about 1.2 kg each)",
        ], by: Rational(2))
        #expect(out == [
            "400 g flour (about 3 1/3 cups)", "4 large eggs (about 200 g)", "2 cups chopped walnuts (approx. 8 oz)", "200 g sugar (~1 cup)",
            "2 octopuses of about 1.2 kg", "4 octopuses (about 1.2 kg each)",
        ])
        #expect(!messages.contains { $0.contains("second amount") }, "\(messages)")
    }

    /// An approximate amount in brackets that does not end the line or has words after it
    /// ("(about 200 g), chopped", "(about 1 cup chopped)") is the things' total too, which
    /// is not scaled: it gets the note that the same bracket without "about" gets ("2 onions
    /// (about 200 g), chopped" and "4 lemons (about 1/4 cup juice)" were written with no
    /// word). A size of each ("(about 6 oz each)", "(cerca de 300 g cada)", "(je etwa 150 g)")
    /// stays quiet.
    @Test func anApproximateAmountInBracketsThatIsNotScaledIsNoted() throws {
        let (out, messages) = try scaled([
            "1 onion (about 200 g), chopped", "2 lemons (about 1/4 cup juice)", "3 carrots (about 1 1/2 cups diced)",
            "4 chicken breasts (about 6 oz each)", "2 octopuses (about 1.2 kg each), cleaned",
        ], by: Rational(2))
        #expect(out == [
            "2 onions (about 200 g), chopped", "4 lemons (about 1/4 cup juice)", "6 carrots (about 1 1/2 cups diced)",
            "8 chicken breasts (about 6 oz each)", "4 octopuses (about 1.2 kg each), cleaned",
        ])
        #expect(messages == [
            "'1 onion (about 200 g), chopped' has a second amount, '200 g', which is not scaled; check the line",
            "'2 lemons (about 1/4 cup juice)' has a second amount, '1/4 cup', which is not scaled; check the line",
            "'3 carrots (about 1 1/2 cups diced)' has a second amount, '1 1/2 cups', which is not scaled; check the line",
        ])
        let (_, pt) = try scaled(["2 cebolas (cerca de 300 g), picadas", "2 polvos (cerca de 1 kg cada)"], by: Rational(2), language: "pt")
        #expect(pt == ["'2 cebolas (cerca de 300 g), picadas' has a second amount, '300 g', which is not scaled; check the line"])
        let (_, de) = try scaled(["2 Zwiebeln (je etwa 150 g), gehackt"], by: Rational(2), language: "de")
        #expect(de.isEmpty, "\(de)")
        // "each" after the bracket says it too, and an approximate size before the unit is
        // each thing's: both were noted as a second amount left as it was.
        // A second amount without its leading zero is one too (it passed with no note).
        let (_, dot) = try scaled(["2 cups rice, .5 cup water"], by: Rational(2))
        #expect(dot == ["'2 cups rice, .5 cup water' has a second amount, '.5 cup', which is not scaled; check the line"])
        let (each, quiet) = try scaled(["4 chicken breasts (about 6 oz) each", "1 (about 14 oz) can tomatoes"], by: Rational(2))
        #expect(each == ["8 chicken breasts (about 6 oz) each", "2 (about 14 oz) cans tomatoes"])
        #expect(quiet.isEmpty, "\(quiet)")
    }

    /// A pack's size said to be approximate, in brackets after its unit, is each pack's, as
    /// before the unit in English ("1 (about 14 oz) can"): it was taken for a second amount,
    /// kept with a note, while the cans doubled. An exact weight there is still the packs'
    /// total, and an approximate one after things of no set size still gets its note.
    @Test func anApproximateSizeAfterAPackIsEachPacks() throws {
        let (pt, ptNotes) = try scaled(["1 lata (cerca de 400 g) de tomate", "2 latas grandes (cerca de 800 g) de grão"], by: Rational(2), language: "pt")
        #expect(pt == ["2 latas (cerca de 400 g) de tomate", "4 latas grandes (cerca de 800 g) de grão"])
        #expect(ptNotes.isEmpty, "\(ptNotes)")
        let (es, esNotes) = try scaled(["1 lata (unos 400 g) de tomate"], by: Rational(2), language: "es")
        #expect(es == ["2 latas (unos 400 g) de tomate"])
        #expect(esNotes.isEmpty, "\(esNotes)")
        let (en, enNotes) = try scaled(["1 can (about 14 oz) tomatoes", "2 jars (approx. 500 g) passata"], by: Rational(1, 2))
        #expect(en == ["1/2 can (about 14 oz) tomatoes", "1 jar (approx. 500 g) passata"])
        #expect(enNotes.isEmpty, "\(enNotes)")
        let (total, _) = try scaled(["1 lata (400 g) de tomate"], by: Rational(2), language: "pt")
        #expect(total == ["2 latas (800 g) de tomate"])
        let (slices, sliceNotes) = try scaled(["4 fatias (cerca de 120 g) de bacon"], by: Rational(2), language: "pt")
        #expect(slices == ["8 fatias (cerca de 120 g) de bacon"])
        #expect(sliceNotes.count == 1, "\(sliceNotes)")
    }

    /// An approximate total in brackets said in more than one word ("(cerca de 200 g)",
    /// "(alrededor de 200 g)", "(più o meno 200 g)", "(à peu près 200 g)") scales as the
    /// one-word ones do: it was left as written, with no note, so "8 ovos (cerca de 200 g)"
    /// contradicted itself.
    @Test(arguments: [
        ("4 ovos (cerca de 200 g)", "pt", "8 ovos (cerca de 400 g)"),
        ("4 ovos (aproximadamente 200 g)", "pt", "8 ovos (aproximadamente 400 g)"),
        ("4 ovos (uns 200 g)", "pt", "8 ovos (uns 400 g)"),
        ("2 batatas (por volta de 300 g)", "pt", "4 batatas (por volta de 600 g)"),
        ("4 huevos (unos 200 g)", "es", "8 huevos (unos 400 g)"),
        ("4 huevos (alrededor de 200 g)", "es", "8 huevos (alrededor de 400 g)"),
        ("2 patatas (más o menos 300 g)", "es", "4 patatas (más o menos 600 g)"),
        ("4 uova (circa 200 g)", "it", "8 uova (circa 400 g)"),
        ("4 uova (più o meno 200 g)", "it", "8 uova (più o meno 400 g)"),
        ("4 Eier (etwa 200 g)", "de", "8 Eier (etwa 400 g)"),
        ("4 Eier (ca. 200 g)", "de", "8 Eier (ca. 400 g)"),
        ("4 Eier (ungefähr 200 g)", "de", "8 Eier (ungefähr 400 g)"),
        ("4 œufs (environ 200 g)", "fr", "8 œufs (environ 400 g)"),
        ("4 œufs (à peu près 200 g)", "fr", "8 œufs (à peu près 400 g)"),
    ] as [(String, String, String)])
    func anApproximateTotalInWordsOfAnyLanguageScales(_ line: String, _ language: String, _ expected: String) throws {
        let (out, messages) = try scaled([line], by: Rational(2), language: language)
        #expect(out == [expected])
        #expect(messages.isEmpty, "\(messages)")
    }

    /// A second amount is looked for at each number of a line without reading the rest of
    /// the line again for each: a line of 8,000 number words ("two two ... cups flour") took
    /// 12 s, and 4,000 took a quarter of that. A line ten times longer takes about ten times
    /// as long (at most twenty, with room for a busy machine), and the note is the same.
    @Test func aLineOfManyNumberWordsIsReadInLinearTime() throws {
        // This thread's CPU time, not the wall clock, which other work on the machine
        // stretches (a full test run beside two builds took x2000 past its bound).
        func threadSeconds() -> Double {
            var now = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
            return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        }
        func time(_ words: Int, _ word: String, _ tail: String) throws -> (Double, [String]) {
            let line = String(repeating: word, count: words) + tail
            var messages: [String] = []
            var fastest = 1_000.0
            for _ in 0..<3 {
                let started = threadSeconds()
                messages = try scaled([line], by: Rational(2)).messages
                fastest = min(fastest, threadSeconds() - started)
            }
            return (fastest, messages)
        }
        for (word, tail, second) in [("two ", "cups flour", "'two cups'"), ("half a ", "cup", "'half a cup'")] {
            let (short, shortMessages) = try time(200, word, tail)
            let (long, longMessages) = try time(2_000, word, tail)
            #expect(long < max(short * 20, 0.1), "\(word)x200 took \(short) s, x2000 took \(long) s")
            #expect(shortMessages.count == 1 && shortMessages[0].contains("has a second amount, \(second)"), "\(shortMessages)")
            #expect(longMessages.count == 1 && longMessages[0].contains("has a second amount, \(second)"), "\(longMessages)")
        }
    }

    /// A second amount that counts things, after "and", "plus" or the like, is noted as one
    /// of weight or volume is ("1 onion and 2 carrots" became "2 onions and 2 carrots" with
    /// no note, while "2 eggs and 100 ml milk" had one); other numbers stay quiet.
    @Test func aSecondCountedAmountIsNoted() throws {
        let (out, messages) = try scaled(["1 onion and 2 carrots", "2 eggs plus 1 yolk", "1 onion and two carrots"], by: Rational(2))
        #expect(out == ["2 onions and 2 carrots", "4 eggs plus 1 yolk", "2 onions and two carrots"])
        #expect(messages == [
            "'1 onion and 2 carrots' has a second amount, '2 carrots', which is not scaled; check the line",
            "'2 eggs plus 1 yolk' has a second amount, '1 yolk', which is not scaled; check the line",
            "'1 onion and two carrots' has a second amount, 'two carrots', which is not scaled; check the line",
        ])
        let (_, pt) = try scaled(["1 cebola e 2 cenouras"], by: Rational(2), language: "pt")
        #expect(pt == ["'1 cebola e 2 cenouras' has a second amount, '2 cenouras', which is not scaled; check the line"])
        let (_, quiet) = try scaled(["1 onion, cut into 8 wedges", "1 tbsp butter and a little oil", "4 chicken thighs, cut in 2", "1 cup milk and 2% yogurt"],
                                    by: Rational(2))
        #expect(quiet.isEmpty, "\(quiet)")
    }

    /// A count in brackets that end the line, after a weight or volume, is the things'
    /// total and scales, as it does before the name ("1 lb bacon (8 slices)" kept 8 slices
    /// beside 2 lb), and so does a number alone there ("1 1/2 pounds chicken thighs (about
    /// 6)" x 2 kept "(about 6)", with a note); after a count a number alone is not read, and
    /// gets a note.
    @Test func aCountInClosingBracketsScalesAndABareNumberIsNoted() throws {
        let (out, messages) = try scaled(["1 lb bacon (8 slices)", "1 cup butter (2 sticks)", "1 kg potatoes (about 6)", "4 eggs (2)", "1 1/2 pounds chicken thighs (about 6)", "1 lb bacon (8)"], by: Rational(2))
        #expect(out == ["2 lb bacon (16 slices)", "2 cups butter (4 sticks)", "2 kg potatoes (about 12)", "8 eggs (2)", "3 pounds chicken thighs (about 12)", "2 lb bacon (16)"])
        #expect(messages == [
            "'4 eggs (2)' has a second amount, '2', which is not scaled; check the line",
        ])
        let (half, notes) = try scaled(["500 g potatoes (approx. 3)"], by: Rational(1, 2))
        #expect(half == ["250 g potatoes (approx. 2)"])
        #expect(notes == ["'500 g potatoes (approx. 3)' (the count in brackets) × 0.5 is 1 1/2; rounded to 2 (counted things are rounded to whole numbers)"])
    }

    /// A size joined to its unit by a hyphen before the name is an adjective, and the name
    /// after it takes the number: "1 9-inch pie crust" x 2 was "2 9-inch pie crust".
    @Test func theNameAfterAHyphenatedSizeTakesTheNumber() throws {
        let (out, _) = try scaled(["1 9-inch pie crust", "1 10-inch tortilla, warmed", "2 9-inch pie crusts"], by: Rational(2))
        #expect(out == ["2 9-inch pie crusts", "2 10-inch tortillas, warmed", "4 9-inch pie crusts"])
        let (half, _) = try scaled(["2 9-inch pie crusts"], by: Rational(1, 2))
        #expect(half == ["1 9-inch pie crust"])
    }

    /// Two amounts of different systems are no compound: the line keeps the second with a
    /// note, as before.
    @Test func aSecondAmountOfAnotherSystemIsNoted() throws {
        let (out, messages) = try scaled(["1 lb-500 g pork", "1 lb 4 kg beef"], by: Rational(2))
        #expect(out == ["2 lb-500 g pork", "2 lb 4 kg beef"])
        #expect(messages.filter { $0.contains("second amount") }.count == 2, "\(messages)")
    }

    /// The same amount in another unit after a slash, and a weight or volume in brackets at
    /// the end of the line, scale with the amount (they stayed as they were, with no note:
    /// "400g/7oz flour", "4 cups flour (250 g)", "6 eggs (150 g)"). After one can the weight
    /// is the total too, as after several (it stayed, "2 cans tomatoes (400 g)", which then
    /// read as 400 g in all).
    @Test func aSecondAmountAfterASlashOrInClosingBracketsScales() throws {
        let lines = ["200g/7oz flour", "200 g / 7 oz sugar", "2 cups flour (250 g)", "3 eggs (150 g)", "2 cups flour, sifted (250g)",
                     "1 can tomatoes (400 g)", "2 cups (250 g) flour"]
        let (doubled, notes) = try scaled(lines, by: Rational(2))
        #expect(doubled == ["400g/14oz flour", "400 g / 14 oz sugar", "4 cups flour (500 g)", "6 eggs (300 g)", "4 cups flour, sifted (500g)",
                            "2 cans tomatoes (800 g)", "4 cups (500 g) flour"])
        #expect(notes.isEmpty, "\(notes)")
        // Eggs with their weight come in halves, as the weight says (it was "2 eggs (75 g)").
        let (halved, _) = try scaled(lines, by: try Rational(1, 2))
        #expect(halved == ["100g/3 1/2 oz flour", "100 g / 3 1/2 oz sugar", "1 cup flour (125 g)", "1 1/2 eggs (75 g)", "1 cup flour, sifted (125g)",
                           "1/2 can tomatoes (200 g)", "1 cup (125 g) flour"])
        // A bracket that is not one amount stays, with a note.
        let (kept, messages) = try scaled(["2 cups flour (250 g or 9 oz)"], by: Rational(2))
        #expect(kept == ["4 cups flour (250 g or 9 oz)"])
        #expect(messages == ["'2 cups flour (250 g or 9 oz)' has a second amount, '250 g', which is not scaled; check the line"])
    }

    /// A bracket at the end of the line is not part of the name `--to` looks for.
    @Test func theClosingBracketIsNotPartOfTheName() throws {
        let line = IngredientParser().parse("2 cups flour (250 g)")
        #expect(line.name == "flour")
        #expect(line.equivalent?.description == "250 g")
    }

    /// Quantities written as words scale (they stayed as they were while the servings
    /// changed, with no note): numbers up to twelve, half, and "a" or "an" before a unit.
    @Test(arguments: [
        ("a cup of sugar", 2, 1, "en", "2 cups of sugar"),
        ("A cup of sugar", 1, 2, "en", "1/2 cup of sugar"),
        ("two cups flour", 2, 1, "en", "4 cups flour"),
        ("three eggs", 2, 1, "en", "6 eggs"),
        ("three eggs", 1, 3, "en", "1 egg"),
        ("half a cup of milk", 2, 1, "en", "1 cup of milk"),
        ("one and a half cups milk", 2, 1, "en", "3 cups milk"),
        ("a dozen eggs", 2, 1, "en", "2 dozen eggs"),
        ("meio quilo de farinha", 2, 1, "pt", "1 quilo de farinha"),
        ("meio quilo de farinha", 1, 2, "pt", "250 gramas de farinha"),
        ("duas cebolas", 1, 2, "pt", "1 cebola"),
        ("uma chávena de leite", 2, 1, "pt", "2 chávenas de leite"),
        ("dos tazas de harina", 2, 1, "es", "4 tazas de harina"),
        ("deux œufs", 2, 1, "fr", "4 œufs"),
        ("eine halbe Tasse Milch", 2, 1, "de", "1 Tasse Milch"),
        ("tre uova", 2, 1, "it", "6 uova"),
    ] as [(String, Int, Int, String, String)])
    func quantitiesInWordsScale(_ line: String, _ n: Int, _ d: Int, _ language: String, _ expected: String) throws {
        #expect(try scaled([line], by: try Rational(n, d), language: language).lines == [expected])
    }

    /// "a" before a pinch, a dash or a thing is no amount: the line stays, with no note.
    /// A line that starts with an amount of zero is left as written, with a note, as the
    /// quantity rule says (it was rewritten with no note: "0.0 kg salt" became "0 g salt",
    /// and "0,0 g sal" "0 g sal"); a range from zero still scales.
    @Test func aLeadingZeroIsKeptWithANote() throws {
        let lines = ["0 g sugar", "0.0 kg salt", "0,0 g sal"]
        let (out, messages) = try scaled(lines, by: Rational(2))
        #expect(out == lines)
        #expect(messages == [
            "could not scale the quantity of '0 g sugar' (0 is not above zero); left as is",
            "could not scale the quantity of '0.0 kg salt' (0.0 is not above zero); left as is",
            "could not scale the quantity of '0,0 g sal' (0,0 is not above zero); left as is",
        ])
        let (pt, ptNotes) = try scaled(["0,0 g de sal"], by: Rational(2), language: "pt")
        #expect(pt == ["0,0 g de sal"])
        #expect(ptNotes.count == 1, "\(ptNotes)")
        let (range, _) = try scaled(["0-2 eggs"], by: Rational(2))
        #expect(range == ["0-4 eggs"])
    }

    /// A line that starts with a negative amount is left as written, with a note that says
    /// so, as the quantity rule does (the note said "no quantity at the start of the line"
    /// of "-2 cups flour"); a count of zero before a size in brackets is kept with a note,
    /// and a dash a space follows (a list's bullet) is no minus sign.
    @Test func aLeadingNegativeAmountIsKeptWithANote() throws {
        let lines = ["-2 cups flour", "\u{2212}½ tsp salt", "-1 (14 oz) can tomatoes", "0 (14 oz) can tomatoes", "- 2 cups flour"]
        let (out, messages) = try scaled(lines, by: Rational(2))
        #expect(out == lines)
        #expect(messages == [
            "could not read the quantity of '-2 cups flour' (-2 is below zero); left as is",
            "could not read the quantity of '\u{2212}½ tsp salt' (\u{2212}½ is below zero); left as is",
            "could not read the quantity of '-1 (14 oz) can tomatoes' (-1 is below zero); left as is",
            "could not scale the quantity of '0 (14 oz) can tomatoes' (0 is not above zero); left as is",
            "could not read the quantity of '- 2 cups flour' (no quantity at the start of the line); left as is",
        ])
        // A structured quantity written with a minus sign is said to be below zero too.
        let structured = #"{"id": "x", "name": "X", "servings": 2, "ingredients": [{"name": "Gin", "quantity": "-2", "unit": "oz"}]}"#
        let (_, _, notes) = try transformed(structured) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(Rational(2)))) }
        #expect(notes.map(\.message) == [#"could not read the quantity "-2" (-2 is below zero); left as is"#])
    }

    /// An article before a noun is one of it: "an egg" stayed "an egg" when the recipe
    /// doubled, with no note.
    @Test func anArticleBeforeANounIsOne() throws {
        let (out, _) = try scaled(["an egg", "a large onion", "half an onion", "a lemon, juiced", "a bay leaf"], by: Rational(2))
        #expect(out == ["2 eggs", "2 large onions", "1 onion", "2 lemons, juiced", "2 bay leaves"])
        let (pt, _) = try scaled(["um ovo", "uma cebola"], by: Rational(2), language: "pt")
        #expect(pt == ["2 ovos", "2 cebolas"])
    }

    /// A half before a plain noun is one half of it in the languages that put the half first
    /// as an adjective, as "half an onion" is in English: "meia cebola", "mezza cipolla",
    /// "media cebolla" and "eine halbe Zitrone" stayed as written when the recipe doubled,
    /// with no note, while "1 ovo" next to them became "2 ovos".
    @Test(arguments: [
        ("meia cebola", 2, 1, "pt", "1 cebola"), ("meio limão", 2, 1, "pt", "1 limão"), ("meio limão", 4, 1, "pt", "2 limões"),
        ("meia cebola picada", 6, 1, "pt", "3 cebolas picadas"), ("meia dúzia de ovos", 2, 1, "pt", "1 dúzia de ovos"),
        ("mezza cipolla", 2, 1, "it", "1 cipolla"), ("mezzo limone", 2, 1, "it", "1 limone"),
        ("media cebolla", 2, 1, "es", "1 cebolla"), ("medio limón", 4, 1, "es", "2 limones"),
        ("eine halbe Zitrone", 2, 1, "de", "1 Zitrone"), ("halbe Zwiebel", 4, 1, "de", "2 Zwiebeln"),
    ] as [(String, Int, Int, String, String)])
    func aHalfBeforeANounIsHalfOfIt(_ line: String, _ n: Int, _ d: Int, _ language: String, _ expected: String) throws {
        try expectQuietly(line, scaledBy: try Rational(n, d), language: language, gives: expected)
    }

    /// A half that is no amount stays with no note ("meio a meio", "half and half", "meia
    /// pitada", a half before a time); a half before a word it does not count (English "half
    /// onion") stays with a note, not silently.
    @Test func aHalfThatIsNotReadIsKeptWithANoteOrIsNoAmount() throws {
        let pt = ["meio a meio", "meia pitada de sal", "meia hora de descanso", "meia de leite", "1 ovo"]
        let (ptOut, ptNotes) = try scaled(pt, by: Rational(2), language: "pt")
        #expect(ptOut == ["meio a meio", "meia pitada de sal", "meia hora de descanso", "meia de leite", "2 ovos"])
        #expect(ptNotes.isEmpty, "\(ptNotes)")
        let (en, enNotes) = try scaled(["half onion, chopped", "half-and-half", "half and half"], by: Rational(2))
        #expect(en == ["half onion, chopped", "half-and-half", "half and half"])
        #expect(enNotes == ["could not read the quantity of 'half onion, chopped' (a half in words ('half onion'), which is not read); left as is"])
    }

    /// Words that go on with an amount in a way scale does not read keep the line as it
    /// is, with a note: a range in words was scaled at its first end ("4 to three cloves").
    @Test func amountsInWordsThatGoOnAreKeptWithANote() throws {
        let lines = ["two to three cloves garlic", "one or two eggs", "1/2 cup and a half of milk"]
        let (out, messages) = try scaled(lines, by: Rational(2))
        #expect(out == lines)
        #expect(messages.count == 3, "\(messages)")
        #expect(messages.allSatisfy { $0.contains("left as is") }, "\(messages)")
        let (pt, ptNotes) = try scaled(["dois a três dentes de alho"], by: Rational(2), language: "pt")
        #expect(pt == ["dois a três dentes de alho"])
        #expect(ptNotes.count == 1, "\(ptNotes)")
    }

    /// A whole amount and a half said in words is one and a half, before the unit ("1 e
    /// meia chávena": it became "2 e meia chávena", 2 1/2 cups for 3, with a note calling
    /// "meia chávena" a second amount) or after it ("a cup and a half", "une tasse et
    /// demie": kept as written, with a note).
    @Test(arguments: [
        ("1 e meia chávena de açúcar", 2, 1, "pt", "3 chávenas de açúcar"),
        ("2 e meio quilos de batatas", 2, 1, "pt", "5 quilos de batatas"),
        ("duas e meia chávenas de leite", 2, 1, "pt", "5 chávenas de leite"),
        ("uma chávena e meia de farinha", 2, 1, "pt", "3 chávenas de farinha"),
        ("1 y media taza de azúcar", 2, 1, "es", "3 tazas de azúcar"),
        ("una taza y media de harina", 2, 1, "es", "3 tazas de harina"),
        ("1 e mezzo bicchiere di latte", 2, 1, "it", "3 bicchieri di latte"),
        ("un bicchiere e mezzo di latte", 2, 1, "it", "3 bicchieri di latte"),
        ("1 und eine halbe Tasse Milch", 2, 1, "de", "3 Tassen Milch"),
        ("1 tasse et demie de farine", 2, 1, "fr", "3 tasses de farine"),
        ("une tasse et demie de lait", 1, 2, "fr", "3/4 tasse de lait"),
        ("a cup and a half of flour", 2, 1, "en", "3 cups of flour"),
        ("1 cup and a half of milk", 1, 2, "en", "3/4 cup of milk"),
        ("2 and a half cups milk", 2, 1, "en", "5 cups milk"),
        // A half with a unit of its own is a second amount, added in.
        ("1 chávena e meia chávena de leite", 2, 1, "pt", "3 chávenas de leite"),
        ("1 cup and a half tablespoon sugar", 8, 1, "en", "8 1/4 cups sugar"),
    ] as [(String, Int, Int, String, String)])
    func aWholeAmountAndAHalfInWordsIsOneAmount(_ line: String, _ n: Int, _ d: Int, _ language: String, _ expected: String) throws {
        try expectQuietly(line, scaledBy: try Rational(n, d), language: language, gives: expected)
    }

    /// A second amount after a joining word that cannot be added in ("plus 2 heaping
    /// tablespoons": no unit right after the number) kept the first amount scaling alone, with
    /// no note: "2 cups plus 2 heaping tablespoons flour". The line is kept, with a note.
    @Test func aSecondAmountThatCannotBeAddedKeepsTheLine() throws {
        let lines = ["1 cup plus 2 heaping tablespoons flour", "1 cup + two heaped tablespoons sugar", "1 cup and 2 eggs"]
        let (out, messages) = try scaled(lines, by: Rational(2))
        #expect(out == lines)
        #expect(messages == [
            "could not read the quantity of '1 cup plus 2 heaping tablespoons flour' (a second amount ('plus 2') that is not read); left as is",
            "could not read the quantity of '1 cup + two heaped tablespoons sugar' (a second amount ('+ two') that is not read); left as is",
            "could not read the quantity of '1 cup and 2 eggs' (a second amount ('and 2') that is not read); left as is",
        ])
        // "and a pinch" is no second amount of the measure.
        let (pinch, pinchNotes) = try scaled(["1 tbsp butter and a pinch of salt", "2 tbsp and a pinch of salt"], by: Rational(2))
        #expect(pinch == ["2 tbsp butter and a pinch of salt", "1/4 cup and a pinch of salt"])
        #expect(pinchNotes.isEmpty, "\(pinchNotes)")
    }

    /// One thing of a size, counted with an article or a number in words ("A 400 g can of
    /// tomatoes", "one 400 g tin"), was left as is with "no quantity at the start of the
    /// line". The count scales and the size stays; a `×` keeps "2 400 g" from reading as one
    /// number.
    @Test func anArticleBeforeASizeCountsOne() throws {
        let lines = ["A 400 g can of tomatoes", "one 400 g tin of beans", "a 14-ounce can of tomatoes", "an 8 oz package cream cheese", "2 400 g cans chickpeas"]
        let (out, messages) = try scaled(lines, by: Rational(2))
        #expect(out == ["2 × 400 g cans of tomatoes", "2 × 400 g tins of beans", "2 14-ounce cans of tomatoes", "2 × 8 oz packages cream cheese", "4 × 400 g cans chickpeas"])
        #expect(messages.isEmpty, "\(messages)")
        // "a 400 g piece of beef" is no counted unit of a size: "piece" is, and it scales.
        let (half, _) = try scaled(["A 400 g can of tomatoes"], by: Rational(1, 2))
        #expect(half == ["1/2 × 400 g can of tomatoes"])
    }

    /// A half or an article before a word that is no counted noun is no amount: "half and
    /// half" became "1 and half", "a quarter cup oil" "2 quarter cup oils".
    @Test func aHalfOrAnArticleBeforeNoNounIsNoAmount() throws {
        let lines = ["half and half, for serving", "half the lemon juice", "half of the butter", "a quarter cup oil",
                     "an eighth teaspoon salt", "a la carte garnish", "one-pot pasta"]
        let (out, _) = try scaled(lines, by: Rational(2))
        #expect(out == lines)
    }

    @Test func anArticleBeforeAVagueMeasureIsNoAmount() throws {
        let lines = ["a pinch of love", "a little olive oil", "uma pitada de sal", "a few leaves of basil", "a good pinch of salt",
                     "a large handful of spinach", "a couple of sprigs of thyme", "un poco de sal", "ein paar Blätter"]
        let (out, messages) = try scaled(lines, by: Rational(2), language: nil)
        #expect(out == lines)
        #expect(messages.isEmpty, "\(messages)")
    }

    /// Common unit words of each language are units: without them the line was a count of
    /// "chili di patate" or "cdas de aceite", and halving it left 1 with a note that counted
    /// things are rounded. A dozen is a unit, halved to a half of it; German `Pfund` is 500
    /// g; Italian `chili` is kilograms only in Italian text (English "2 chili peppers" are
    /// chillies).
    @Test(arguments: [
        ("2 chili di patate", 1, 2, "it", "1 chilo di patate"), ("1 chilo di patate", 1, 2, "it", "500 grammi di patate"),
        ("1 etto di prosciutto", 1, 2, "it", "0,5 etto di prosciutto"), ("1 etto di prosciutto", 3, 1, "it", "3 etti di prosciutto"),
        ("1 dozzina di uova", 1, 2, "it", "1/2 dozzina di uova"),
        ("1 cda de aceite", 1, 2, "es", "1 1/2 cdtas de aceite"), ("1 cdta de sal", 1, 2, "es", "1/2 cdta de sal"),
        ("1 docena de huevos", 1, 2, "es", "1/2 docena de huevos"), ("1 onza de queso", 1, 2, "es", "1/2 onza de queso"),
        ("1 libra de carne", 1, 2, "es", "8 onzas de carne"),
        ("1 Kilogramm Mehl", 1, 2, "de", "500 Gramm Mehl"), ("1 Pfund Hackfleisch", 1, 2, "de", "1/2 Pfund Hackfleisch"),
        ("1 Dutzend Eier", 1, 2, "de", "1/2 Dutzend Eier"),
        ("1 douzaine d'œufs", 1, 2, "fr", "1/2 douzaine d'œufs"),
        ("1 cuillerée à soupe d'huile", 1, 2, "fr", "1 1/2 cuillères à café d'huile"),
        ("1 cuillerée à café de sel", 1, 2, "fr", "1/2 cuillerée à café de sel"),
        ("1 dúzia de ovos", 1, 2, "pt", "1/2 dúzia de ovos"), ("meia dúzia de ovos", 3, 1, "pt", "1 1/2 dúzias de ovos"),
        ("2 chili peppers", 2, 1, "en", "4 chili peppers"),
    ] as [(String, Int, Int, String, String)])
    func unitWordsOfEachLanguageAreUnits(_ line: String, _ n: Int, _ d: Int, _ language: String, _ expected: String) throws {
        try expectQuietly(line, scaledBy: try Rational(n, d), language: language, gives: expected)
        if language == "en" {
            #expect(try scaled([line], by: try Rational(n, d), language: nil).lines == [expected])
        }
    }

    /// An alternative amount in brackets after "or" scales with the line: "2 large (or 3
    /// small) onions" x 2 was "4 large (or 3 small) onions", x 1/2 "1 large (or 3 small)
    /// onions", with no note.
    @Test(arguments: [
        ("2 large (or 3 small) onions", 2, 1, "4 large (or 6 small) onions"),
        ("2 large (or 3 small) onions", 3, 1, "6 large (or 9 small) onions"),
        ("1 onion (or 2 shallots), chopped", 1, 2, "1 onion (or 1 shallot), chopped"),
        ("1 cup butter (or 2 sticks)", 1, 2, "1/2 cup butter (or 1 stick)"),
        ("2 eggs (or 100 ml egg whites)", 2, 1, "4 eggs (or 200 ml egg whites)"),
        ("2 cebolas grandes (ou 3 pequenas)", 2, 1, "4 cebolas grandes (ou 6 pequenas)"),
    ] as [(String, Int, Int, String)])
    func anAlternativeAmountInBracketsScales(_ line: String, _ n: Int, _ d: Int, _ expected: String) throws {
        let language = line.contains("(ou ") ? "pt" : "en"
        let (out, messages) = try scaled([line], by: try Rational(n, d), language: language)
        #expect(out == [expected])
        #expect(!messages.contains { $0.contains("check the line") }, "\(messages)")
    }

    /// Halved, "3 small" is 1 1/2 small onions, rounded to 2 with a note, as the line's own
    /// count is; an alternative that cannot scale (a heat) leaves the line as written, with
    /// a note.
    @Test func anAlternativeRoundedOrUnreadIsNoted() throws {
        let (half, notes) = try scaled(["2 large (or 3 small) onions"], by: try Rational(1, 2))
        #expect(half == ["1 large (or 2 small) onions"])
        #expect(notes == ["'2 large (or 3 small) onions' (the amount in brackets) × 0.5 is 1 1/2; rounded to 2 (counted things are rounded to whole numbers)"])
        let (kept, why) = try scaled(["1 cup warm water (or 110 °F)"], by: 2)
        #expect(kept == ["1 cup warm water (or 110 °F)"])
        #expect(why == ["'1 cup warm water (or 110 °F)' has an alternative amount, '110 °F', which Larder cannot scale with the line; left as is, check the line"])
    }

    /// French, German and Italian names take the number as Portuguese and Spanish ones do
    /// ("3 œufs" for one serving was "1 œufs"), and an Italian can halves as an English one
    /// ("1 scatola di tonno" was rounded as a whole thing).
    @Test(arguments: [
        ("3 œufs", 1, 3, "fr", "1 œuf"), ("1 œuf", 2, 1, "fr", "2 œufs"), ("1 gâteau", 2, 1, "fr", "2 gâteaux"),
        ("3 Eier", 1, 3, "de", "1 Ei"), ("1 Ei", 2, 1, "de", "2 Eier"), ("1 Zwiebel", 2, 1, "de", "2 Zwiebeln"),
        ("3 uova", 1, 3, "it", "1 uovo"), ("1 cipolla", 2, 1, "it", "2 cipolle"),
        ("1 scatola di tonno", 1, 2, "it", "1/2 scatola di tonno"), ("1 can tuna", 1, 2, "en", "1/2 can tuna"),
        ("3 ovos", 1, 3, "pt", "1 ovo"), ("2 œufs frais", 1, 2, "fr", "1 œuf frais"), ("1 cipolla rossa", 2, 1, "it", "2 cipolle rosse"),
    ] as [(String, Int, Int, String, String)])
    func namesTakeTheNumberInEveryLanguage(_ line: String, _ n: Int, _ d: Int, _ language: String, _ expected: String) throws {
        #expect(try scaled([line], by: try Rational(n, d), language: language).lines == [expected])
    }

    /// A German noun outside Larder's list is left in its number, with a note that says so
    /// (it was left without a word: `1 Rettich` x 2 read `2 Rettich`); a noun of the list
    /// takes its number quietly.
    @Test func aGermanNounOutsideTheListIsLeftWithANote() throws {
        let (up, upNotes) = try scaled(["1 Rettich", "1 Zwiebel"], by: 2, language: "de")
        #expect(up == ["2 Rettich", "2 Zwiebeln"])
        #expect(upNotes == ["'1 Rettich' × 2: Larder does not know the plural of 'Rettich', so the name is left as written; check the line"])
        let (down, downNotes) = try scaled(["2 Rettiche"], by: try Rational(1, 2), language: "de")
        #expect(down == ["1 Rettiche"])
        #expect(downNotes == ["'2 Rettiche' × 0.5: Larder does not know the singular of 'Rettiche', so the name is left as written; check the line"])
        // A count whose number does not change says nothing of its noun.
        try expectQuietly("2 Rettiche", scaledBy: 2, language: "de", gives: "4 Rettiche")
    }

    /// Adjectives before a German noun, a comma between them, are no noun: the note named the
    /// first of them (`'2 mittelgroße, festkochende Kartoffeln' × 0.5: Larder does not know
    /// the singular of 'mittelgroße'`) and the line was left as written. Correct German: `1
    /// mittelgroße, festkochende Kartoffel`. A noun outside the list is named, not an
    /// adjective before it.
    @Test func aGermanNoteNamesTheNounNotAnAdjectiveBeforeIt() throws {
        let (down, downNotes) = try scaled(["2 mittelgroße, festkochende Kartoffeln"], by: try Rational(1, 2), language: "de")
        #expect(down == ["1 mittelgroße, festkochende Kartoffel"])
        #expect(downNotes.isEmpty, "\(downNotes)")
        let (radish, radishNotes) = try scaled(["1 großer, weißer Rettich"], by: 2, language: "de")
        #expect(radish == ["2 großer, weißer Rettich"])
        #expect(radishNotes == ["'1 großer, weißer Rettich' × 2: Larder does not know the plural of 'Rettich', so the name is left as written; check the line"])
    }

    /// An adjective before a bracket is no noun either: `2 große (à 200 g) Kartoffeln`
    /// halved was `1 große (à 200 g) Kartoffeln`, with a note that Larder did not know the
    /// singular of `große`. The weight of each in the bracket stays as written, with the
    /// note it had that it is not scaled.
    @Test func aGermanAdjectiveBeforeABracketIsNoNoun() throws {
        let (down, notes) = try scaled(["2 große (à 200 g) Kartoffeln"], by: try Rational(1, 2), language: "de")
        #expect(down == ["1 große (à 200 g) Kartoffel"])
        #expect(notes == ["'2 große (à 200 g) Kartoffeln' has a second amount, '200 g', which is not scaled; check the line"])
    }
}
