// Loads every i18next bundle Larder wrote with option `printf: sprintf` (the folders given on
// the command line) into the real i18next (Debian's node-i18next), with a postProcessor that
// formats with sprintf-js (Debian's node-sprintf-js) as i18next-sprintf-postprocessor does,
// and checks every text that holds a sprintf-js placeholder, in every shipped locale:
//  - t(key, {postProcess: 'sprintf', sprintf: args}) formats it without throwing, given an
//    argument of each placeholder's type (a word for s, a boolean for t, a number for the
//    rest; sprintf-js throws "[sprintf] unexpected placeholder" on `%@` or `%ld`, and
//    "expecting number" on a number placeholder given a word);
//  - every word argument shows in the result (a placeholder was filled, not left as text);
//  - a literal percent (`%%` in the file) shows as one `%`, and no other `%` is left.
// Fails when no bundle holds such a text (the check would have checked nothing).
// Prints one "PASS ..." or "FAIL ..." line per bundle and locale.
'use strict';
const path = require('path');
const i18next = require('i18next');
const { leaves, loadResources } = require('./i18next_bundle');
const { vsprintf } = require('sprintf-js');

// sprintf-js's own placeholder grammar (src/sprintf.js), and its `%%`.
const PLACEHOLDER = /%%|%(?:([1-9]\d*)\$)?(\+)?(0|'[^$])?(-)?(\d+)?(?:\.(\d+))?([b-gijostTuvxX])/g;
// A printf directive as C, Apple and Java write them (Larder's Placeholder.scan): a text
// that holds one is formatted by the app, whatever sprintf-js makes of it.
const DIRECTIVE = /%%|%(\d+\$)?[-+#0',(]*(\*|\d+)?(\.(\*|\d+))?(hh|h|ll|l|q|L|z|j|t)?[@dDiuUxXoOfFeEgGaAcCsSpbBhHn]/g;


// The arguments for `value`'s placeholders (numbered ones by their number, the others in
// order), with the words that must show; null when the app does not format it (it holds
// no directive but `%%`).
function argumentsFor(value) {
  if (![...value.matchAll(DIRECTIVE)].some((m) => m[0] !== '%%')) return null;
  const args = [];
  const words = [];
  let next = 0;
  for (const m of value.matchAll(PLACEHOLDER)) {
    if (m[0] === '%%') continue;
    const index = m[1] ? Number(m[1]) - 1 : next++;
    const type = m[7];
    if (args[index] !== undefined) continue;
    if (type === 's') { args[index] = `w${index}x`; words.push(args[index]); }
    else if (type === 't') args[index] = true;
    else if (type === 'c') args[index] = 65 + index;
    else if ('efg'.includes(type)) args[index] = 1.5 + index;
    else args[index] = 7 + index;
  }
  for (let i = 0; i < args.length; i++) if (args[i] === undefined) args[i] = 0;
  return { args, words };
}

let passed = 0, failed = 0, formatted = 0;
function report(ok, what, detail) {
  if (ok) { passed++; console.log('PASS i18next-sprintf ' + what); }
  else { failed++; console.log('FAIL i18next-sprintf ' + what + (detail ? ': ' + detail : '')); }
}

for (const bundle of process.argv.slice(2)) {
  const name = path.basename(path.dirname(bundle));
  const resources = loadResources(bundle);
  const i18n = i18next.createInstance();
  i18n.use({ type: 'postProcessor', name: 'sprintf', process: (value, key, options) => vsprintf(value, options.sprintf) });
  const first = Object.keys(resources)[0];
  i18n.init({
    resources, lng: first, fallbackLng: false, ns: Object.keys(resources[first] || {}),
    initImmediate: false, compatibilityJSON: 'v4', interpolation: { escapeValue: false },
  });
  for (const lng of Object.keys(resources)) {
    const errors = [];
    let count = 0;
    for (const ns of Object.keys(resources[lng])) {
      for (const [key, value] of Object.entries(leaves(resources[lng][ns], '', {}))) {
        if (typeof value !== 'string') continue;
        const found = argumentsFor(value);
        if (!found) continue;
        count++;
        let got;
        try {
          got = i18n.t(key, { lng, ns, postProcess: 'sprintf', sprintf: found.args });
        } catch (e) {
          errors.push(`${ns}:${key} ${JSON.stringify(value)} throws ${e.message}`);
          continue;
        }
        for (const word of found.words) {
          if (!got.includes(word)) errors.push(`${ns}:${key} ${JSON.stringify(value)} gave ${JSON.stringify(got)}, without the argument ${word}`);
        }
        const literal = (value.match(/%%/g) || []).length;
        const shown = (got.match(/%/g) || []).length;
        if (shown !== literal) errors.push(`${ns}:${key} ${JSON.stringify(value)} gave ${JSON.stringify(got)}: ${shown} '%' where the text has ${literal} percent signs`);
      }
    }
    formatted += count;
    report(errors.length === 0, `${name} ${lng} (${count} formatted texts)`, errors.slice(0, 5).join('; '));
  }
}
report(formatted > 0, `formatted ${formatted} texts in all`, 'no bundle holds a text with a placeholder');
console.log(`i18next-sprintf: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
