// What the i18next checkers share: reading a bundle Larder wrote (locales/<lng>/<ns>.json)
// as i18next's `resources`, and flattening a namespace's nested keys.
'use strict';
const fs = require('fs');
const path = require('path');

// The keys of a namespace's tree, joined with '.', each with its text.
function leaves(obj, prefix = '', out = {}) {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? prefix + '.' + k : k;
    if (v !== null && typeof v === 'object') leaves(v, key, out);
    else out[key] = v;
  }
  return out;
}

// `{lng: {ns: tree}}` of the bundle folder (the folder that holds `locales`).
function loadResources(bundle) {
  const root = path.join(bundle, 'locales');
  const resources = {};
  for (const lng of fs.readdirSync(root).sort()) {
    resources[lng] = {};
    for (const file of fs.readdirSync(path.join(root, lng)).sort()) {
      resources[lng][file.replace(/\.json$/, '')] = JSON.parse(fs.readFileSync(path.join(root, lng, file), 'utf8'));
    }
  }
  return resources;
}

module.exports = { leaves, loadResources };
