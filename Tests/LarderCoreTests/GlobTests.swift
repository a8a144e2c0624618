import Testing
import LarderCore

@Suite struct GlobTests {
    @Test(arguments: [
        ("content/recipes/**/*.json", "content/recipes/caldo-verde.json", true),
        ("content/recipes/**/*.json", "content/recipes/pt/sopas/caldo-verde.json", true),
        ("content/recipes/**/*.json", "content/recipes.json", false),
        ("content/*.json", "content/a/b.json", false),
        ("content/*.json", "content/b.json", true),
        ("**/*.json", "a.json", true),
        ("**/*.json", "x/y/z.json", true),
        ("**", "x/y/z.json", true),
        ("data/drink?.json", "data/drink1.json", true),
        ("data/drink?.json", "data/drink12.json", false),
        ("data/[a-c]*.json", "data/bolo.json", true),
        ("data/[!a-c]*.json", "data/bolo.json", false),
        ("data/*.{json,jsonl}", "data/x.jsonl", true),
        ("data/*.{json,jsonl}", "data/x.yaml", false),
        ("{recipes,drinks}/**/*.json", "drinks/classic/negroni.json", true),
        ("content/achievements.json", "content/achievements.json", true),
        ("content/achievements.json", "content/Achievements.json", false),
        ("*a*b*c", "xxaxxbxxc", true),
        ("*a*b*c", "xxaxxbxxcx", false),
    ])
    func matching(pattern: String, path: String, expected: Bool) {
        #expect(Glob(pattern).matches(path) == expected)
    }

    @Test func syntaxProblems() {
        for fine in ["content/**/*.json", "a/[abc].json", "a/[!x].json", "a/[]].json", "a/[!]]x", "{a,b}/*.json", "a/{x,{y,z}}"] {
            #expect(Glob(fine).syntaxProblem == nil, "\(fine)")
        }
        #expect(Glob("c/[*.json").syntaxProblem == "the '[' of a character class is never closed with ']'")
        #expect(Glob("c/[]").syntaxProblem == "the '[' of a character class is never closed with ']'")
        #expect(Glob("{a,b").syntaxProblem?.hasPrefix("the '{' of a group") == true)
        #expect(Glob("a}").syntaxProblem == "a '}' closes no '{'")
    }

    @Test func literalPrefix() {
        #expect(Glob("content/recipes/**/*.json").literalPrefix == "content/recipes")
        #expect(Glob("content/achievements.json").literalPrefix == "content")
        #expect(Glob("**/*.json").literalPrefix == "")
    }
}

@Suite struct GlobUnicodeTests {
    @Test func questionMarkAndClassesTakeWholeCharacters() {
        #expect(Glob("receitas/p?o.json").matches("receitas/pão.json"))
        #expect(Glob("receitas/[ã-õ]*.json").matches("receitas/ãgua.json"))
        #expect(!Glob("receitas/[a-c]*.json").matches("receitas/ãgua.json"))
        #expect(Glob("*/café-*.json").matches("bebidas/café-com-leite.json"))
    }

    /// Whether a pattern may take in files below a folder (a linked folder, not walked).
    @Test func mayTakeFilesUnderAFolder() {
        #expect(Glob("content/**/*.json").mayTakeFiles(under: "content/shared"))
        #expect(Glob("content/**/*.json").mayTakeFiles(under: "content/a/b"))
        #expect(Glob("content/*/*.json").mayTakeFiles(under: "content/shared"))
        #expect(Glob("content/shared/*.json").mayTakeFiles(under: "content/shared"))
        #expect(Glob("{content,data}/s*/*.json").mayTakeFiles(under: "data/shared"))
        #expect(!Glob("content/*.json").mayTakeFiles(under: "content/shared"))
        #expect(!Glob("content/shared/*.json").mayTakeFiles(under: "content/other"))
        #expect(!Glob("content/shared").mayTakeFiles(under: "content/shared"))
        #expect(!Glob("other/**/*.json").mayTakeFiles(under: "content/shared"))
    }
}
