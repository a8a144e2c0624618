// Holds Larder's plural table against node's own CLDR (Intl.PluralRules), the rules the
// apps' platforms apply: for every language of the table, its categories (what a plural
// text must give), the category of each count 0…1099 and of some large ones, and its
// gettext Plural-Forms expression evaluated for those counts (except for the languages
// whose gettext conventions differ from CLDR's on purpose: pt, pt-BR, fr, hi, and the
// two forms gettext gives es, it, ca and pt-PT, whose CLDR `many` is for millions alone).
//
// Every 2- and 3-letter language code node has plural rules for is checked too (node
// reads an alias such as `rus` or `in` as the language it stands for): one the file lacks
// fails, so a language a newer CLDR adds, or whose rules Larder does not hold, is caught
// rather than left to Larder's one/other fallback unseen.
//
// Usage: node check_plurals.js BUNDLES/.plurals.json
// Prints PASS/FAIL per language and `plurals: N passed, N failed` last.
"use strict";
const fs = require("fs");

const table = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));

// Every language code of two or three letters that node has plural rules for.
function nodeLanguages() {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  const out = [];
  for (const a of letters) {
    for (const b of letters) {
      const codes = [a + b];
      for (const c of letters) codes.push(a + b + c);
      // One at a time: supportedLocalesOf answers with canonical tags (`in` as `id`).
      for (const code of codes) {
        if (Intl.PluralRules.supportedLocalesOf([code]).length > 0) out.push(code);
      }
    }
  }
  return out;
}

let passed = 0;
let failed = 0;
let unknown = 0;
const supported = nodeLanguages();
for (const language of supported) {
  if (!(language in table.languages)) {
    failed++;
    const rules = new Intl.PluralRules(language).resolvedOptions();
    console.log(`FAIL plurals ${language}: not in .plurals.json (node: ${rules.locale}, ${JSON.stringify(rules.pluralCategories)});`
      + " add it to PluralRules' families or languageAliases");
  }
}
for (const [language, entry] of Object.entries(table.languages)) {
  // A language node's CLDR has no data for is no evidence either way.
  if (Intl.PluralRules.supportedLocalesOf([language]).length === 0) { unknown++; continue; }
  const rules = new Intl.PluralRules(language);
  const problems = [];
  const expected = rules.resolvedOptions().pluralCategories;
  const given = entry.categories;
  if (expected.length !== given.length || !expected.every((c) => given.includes(c))) {
    problems.push(`categories ${JSON.stringify(given)}, node has ${JSON.stringify(expected)}`);
  }
  const pick = new Function("n", `return Number(${entry.gettext.expression});`);
  table.n.forEach((n, i) => {
    const cldr = rules.select(n);
    if (entry.counts[i] !== cldr && problems.length < 5) problems.push(`${n} is ${entry.counts[i]}, node says ${cldr}`);
    if (!entry.gettextConvention) {
      const index = pick(n);
      const form = entry.gettext.categories[index];
      // A gettext form stands for its category; `many` for fractions has none (Manx, Samogitian).
      if (form !== cldr && problems.length < 5) problems.push(`gettext form ${index} (${form}) for ${n}, node says ${cldr}`);
    }
  });
  if (problems.length) {
    failed++;
    console.log(`FAIL plurals ${language}: ${problems.join("; ")}`);
  } else {
    passed++;
    console.log(`PASS plurals ${language}`);
  }
}
console.log(`(${supported.length} language codes with CLDR data in node; ${unknown} languages of the file without it skipped)`);
console.log(`plurals: ${passed} passed, ${failed} failed`);
