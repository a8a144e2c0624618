// Loads every i18next bundle under the folders given on the command line with the real
// i18next (Debian's node-i18next) and checks, for every shipped locale and namespace:
//  - every key resolves through i18next to the value in the file;
//  - plural keys carry exactly the suffixes Intl.PluralRules gives the locale (and maybe
//    `_zero`, which i18next uses for a count of 0 in any language), and t(key, {count})
//    picks the right form for a count of each category (the `_zero` form for 0);
//  - every project locale has the same keys as the source language (no holes);
//  - fallbacks: a region the bundle does not ship (pt-ZZ, zh-Hant-ZZ) resolves to the
//    project locale's own text through the ancestors the bundle ships (never to zh for
//    Traditional Chinese); a pseudo-locale's texts (en-XA, ar-XB) go to no other region;
//    what browsers send for Traditional Chinese (zh-TW, zh-HK, zh-MO, no script) gets the
//    Traditional text, never Simplified zh's;
//  - keys an app builds from the JSON bundle beside it (`json-bundle/<lng>/<kind>.json`):
//    t('<id>.<field>', {ns: kind}) gives the bundle's text for every document whose id is a
//    plain key segment (letters, digits, `-`, `_`: `con` and `aux` too, which only file
//    names must not be).
// Prints one "PASS ..." or "FAIL ..." line per check.
'use strict';
const fs = require('fs');
const path = require('path');
const i18next = require('i18next');
const { leaves, loadResources } = require('./i18next_bundle');

const SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'];


function splitPlural(key) {
  const m = key.match(/^(.*)_(zero|one|two|few|many|other)$/);
  return m ? [m[1], m[2]] : [key, null];
}

function countFor(lng, category, from = 0) {
  const rules = new Intl.PluralRules(lng);
  for (let n = from; n < 2000000; n = n < 1000 ? n + 1 : n * 10) if (rules.select(n) === category) return n;
  return null;
}

let passed = 0, failed = 0;
function report(ok, what, detail) {
  if (ok) { passed++; console.log('PASS i18next ' + what); }
  else { failed++; console.log('FAIL i18next ' + what + (detail ? ': ' + detail : '')); }
}

for (const bundle of process.argv.slice(2)) {
  const project = JSON.parse(fs.readFileSync(path.join(bundle, '..', 'project.json'), 'utf8'));
  const source = project.sourceLocale;
  const resources = loadResources(bundle);
  const namespaces = Object.keys(resources[source] || {});
  const i18n = i18next.createInstance();
  i18n.init({
    resources, lng: source, fallbackLng: source, ns: namespaces, defaultNS: namespaces[0],
    initImmediate: false, compatibilityJSON: 'v4', interpolation: { escapeValue: false },
    returnNull: false, returnEmptyString: false,
  });
  const name = path.basename(path.dirname(bundle));
  for (const lng of Object.keys(resources)) {
    const errors = [];
    for (const ns of namespaces) {
      const flat = leaves(resources[lng][ns] || {}, '', {});
      const plurals = {};
      for (const [key, value] of Object.entries(flat)) {
        if (typeof value !== 'string' || value.trim() === '') errors.push(`${ns}:${key} is empty`);
        const [base, category] = splitPlural(key);
        if (category) { (plurals[base] = plurals[base] || {})[category] = value; continue; }
        const got = i18n.t(key, { lng, ns });
        if (got !== value) errors.push(`${ns}:${key} resolves to ${JSON.stringify(got)}, the file has ${JSON.stringify(value)}`);
      }
      const expected = new Intl.PluralRules(lng).resolvedOptions().pluralCategories.slice().sort();
      for (const [base, forms] of Object.entries(plurals)) {
        const got = Object.keys(forms).sort();
        // A `zero` form beyond the language's categories: i18next shows it for a count of 0.
        const extraZero = 'zero' in forms && !expected.includes('zero');
        const want = extraZero ? expected.concat(['zero']).sort() : expected;
        if (JSON.stringify(got) !== JSON.stringify(want)) errors.push(`${ns}:${base} has plural forms ${got}, Intl.PluralRules(${lng}) wants ${expected}`);
        if (extraZero) {
          const value = i18n.t(base, { lng, ns, count: 0 });
          if (value !== forms.zero) errors.push(`${ns}:${base} with count 0 gives ${JSON.stringify(value)}, expected the 'zero' form`);
        }
        for (const category of got) {
          if (category === 'zero' && extraZero) continue;
          // With a `_zero` form, 0 is its count: the category's next count is checked.
          const n = countFor(lng, category, extraZero ? 1 : 0);
          if (n === null) continue;
          const value = i18n.t(base, { lng, ns, count: n });
          if (value !== forms[category]) errors.push(`${ns}:${base} with count ${n} gives ${JSON.stringify(value)}, expected the '${category}' form`);
        }
      }
    }
    report(errors.length === 0, `${name} ${lng} (${namespaces.length} namespaces)`, errors.slice(0, 5).join('; '));
  }
  // Keys from the bundle's ids: the text of a document's top-level field that is a text of
  // its kind (a key `<some id>.<field>` in the namespace).
  const jsonBundle = path.join(bundle, '..', 'json-bundle');
  for (const lng of Object.keys(resources)) {
    if (!fs.existsSync(path.join(jsonBundle, lng))) continue;
    const errors = [];
    let checked = 0;
    for (const ns of namespaces) {
      const file = path.join(jsonBundle, lng, ns + '.json');
      if (!fs.existsSync(file)) continue;
      const docs = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (!Array.isArray(docs)) continue;
      const fields = new Set();
      for (const doc of Object.values(resources[source][ns] || {})) {
        if (doc !== null && typeof doc === 'object') for (const field of Object.keys(doc)) fields.add(field);
      }
      for (const doc of docs) {
        if (doc === null || typeof doc !== 'object') continue;
        // The id is the first of these a document has (README: "Which field is the id").
        const idField = ['id', 'code', 'key', 'slug'].find(f => typeof doc[f] === 'string' || typeof doc[f] === 'number');
        if (!idField || !/^[A-Za-z0-9_][A-Za-z0-9_-]*$/.test(String(doc[idField]))) continue;
        for (const [field, value] of Object.entries(doc)) {
          if (field === idField || typeof value !== 'string' || !fields.has(field)) continue;
          checked++;
          const key = `${doc[idField]}.${field}`;
          const got = i18n.t(key, { lng, ns });
          if (got !== value) errors.push(`${ns}:${key} (the bundle's id) gives ${JSON.stringify(got)}, the bundle has ${JSON.stringify(value)}`);
        }
      }
    }
    if (checked) report(errors.length === 0, `${name} ${lng} keys from the bundle's ids (${checked} texts)`, errors.slice(0, 3).join('; '));
  }
  // Completeness: every project locale has the source's keys.
  for (const lng of project.locales) {
    const missing = [];
    for (const ns of namespaces) {
      const have = new Set(Object.keys(leaves(resources[lng][ns] || {}, '', {})).map(k => splitPlural(k)[0]));
      for (const key of Object.keys(leaves(resources[source][ns] || {}, '', {})).map(k => splitPlural(k)[0])) {
        if (!have.has(key)) missing.push(`${ns}:${key}`);
      }
    }
    report(missing.length === 0, `${name} ${lng} has every key of ${source}`, missing.slice(0, 5).join(', '));
  }
  // Fallbacks through the shipped CLDR ancestors.
  for (const lng of project.locales) {
    const parts = lng.split('-');
    if (parts.length < 2 || lng === source) continue;
    // A sibling region (pt-BR -> pt-ZZ, zh-Hant-TW -> zh-Hant-ZZ), or a region under a
    // script (sr-Latn -> sr-Latn-ZZ): never a tag CLDR would give another parent.
    const last = parts[parts.length - 1];
    const visitor = (/^[A-Za-z]{4}$/.test(last) ? parts : parts.slice(0, -1)).concat(['ZZ']).join('-');
    // A pseudo-locale's texts are for testers: a sibling region must never get them.
    const pseudo = /^(en-XA|ar-XB)$/i.test(lng);
    const errors = [];
    for (const ns of namespaces) {
      for (const key of Object.keys(leaves(resources[lng][ns] || {}, '', {}))) {
        if (splitPlural(key)[1]) continue;
        const want = i18n.t(key, { lng, ns });
        const got = i18n.t(key, { lng: visitor, ns });
        if (pseudo && got === want) errors.push(`${ns}:${key} for ${visitor} gives ${lng}'s pseudo-text ${JSON.stringify(got)}`);
        if (!pseudo && got !== want) errors.push(`${ns}:${key} for ${visitor} gives ${JSON.stringify(got)}, not ${lng}'s ${JSON.stringify(want)}`);
      }
    }
    report(errors.length === 0, pseudo ? `${name} ${visitor} is never given ${lng}'s pseudo-texts` : `${name} ${visitor} falls back to ${lng}'s texts`,
           errors.slice(0, 3).join('; '));
  }
  // Browsers send zh-TW, zh-HK and zh-MO; i18next tries each, then zh (Simplified).
  const traditional = project.locales.find(l => /^zh-Hant(-|$)/i.test(l));
  if (traditional) {
    for (const browser of ['zh-TW', 'zh-HK', 'zh-MO']) {
      const errors = [];
      for (const ns of namespaces) {
        for (const key of Object.keys(leaves(resources[traditional][ns] || {}, '', {}))) {
          if (splitPlural(key)[1]) continue;
          const want = i18n.t(key, { lng: traditional, ns });
          const got = i18n.t(key, { lng: browser, ns });
          if (got !== want) errors.push(`${ns}:${key} for ${browser} gives ${JSON.stringify(got)}, not ${traditional}'s ${JSON.stringify(want)}`);
        }
      }
      report(errors.length === 0, `${name} ${browser} gets ${traditional}'s Traditional texts`, errors.slice(0, 3).join('; '));
    }
  }
}
console.log(`i18next: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
