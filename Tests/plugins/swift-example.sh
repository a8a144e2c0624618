#!/bin/sh
# Builds Examples/plugins/swift (a package that depends on Larder and adds the abv-limit
# rule) and runs its `larder-bar` executable over a small project: the rule must fire, and
# `larder-bar plugins` must list it as coming from the Swift package. Then it runs Larder's
# SwiftPM command plugin (`swift package lint-content`) in the example. (The build also
# builds bar-menu through Larder's build-tool plugin; Tests/plugins/build-tool.sh tests it.)
#
# Slow (it builds Larder again inside the example's own .build), so CI runs it as a step
# of its own:  sh Tests/plugins/swift-example.sh
set -eu
repo=$(cd "$(dirname "$0")/../.." && pwd)
example="$repo/Examples/plugins/swift"
# SwiftPM may keep a path dependency's old file list in its build plan, so a file added to
# Larder since the last run would be missing: drop the plan (not the compiled objects).
rm -f "$example"/.build/*.yaml "$example"/.build/debug/description.json "$example"/.build/debug/plugin-tools-description.json
swift build --package-path "$example" -Xswiftc -warnings-as-errors >&2
bin="$(swift build --package-path "$example" --show-bin-path)/larder-bar"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/content"
cat > "$work/larder.yml" <<'YAML'
locales: [en]
content:
  - kind: recipe
    include: ["content/*.json"]
rules:
  abv-limit: { limit: 30 }
YAML
cat > "$work/content/drinks.json" <<'JSON'
[
  {"id": "negroni", "name": "Negroni", "ingredients": ["30 ml gin"], "steps": ["Stir."], "x-abv": 24.4},
  {"id": "zombie", "name": "Zombie", "ingredients": ["45 ml rum"], "steps": ["Shake."], "x-abv": 38.6}
]
JSON

fail() { echo "swift-example: $*" >&2; exit 1; }

status=0
out=$(cd "$work" && "$bin" lint --format xcode) || status=$?
[ "$status" -eq 1 ] || fail "lint exited with $status, expected 1; output: $out"
expected='content/drinks.json:3:98: error: alcohol by volume 38.6% is above the limit 30.0% [abv-limit]'
printf '%s\n' "$out" | grep -qF "$expected" || fail "lint did not report the strong drink; got: $out"
printf '%s\n' "$out" | grep -q 'negroni' && fail "lint flagged the negroni: $out"

plugins=$(cd "$work" && "$bin" plugins)
printf '%s\n' "$plugins" | grep -Eq '^abv-limit +lint +rule +Swift package$' || fail "plugins did not list abv-limit as a Swift package rule: $plugins"
printf '%s\n' "$plugins" | grep -Eq '^scale +transform +transform +built in$' || fail "plugins lost the built-in transforms: $plugins"

explain=$(cd "$work" && "$bin" explain abv-limit)
printf '%s\n' "$explain" | grep -q 'x-abv' || fail "explain abv-limit printed no example: $explain"

# The example's own content is clean for larder-bar (abv-limit at its default 40).
(cd "$example" && "$bin" lint) >/dev/null || fail "larder-bar lint failed on the example's own content"

# Larder's SwiftPM command plugin, from a package that depends on Larder: runs `larder lint`
# in the package folder and fails the command when larder lint fails.
# Same compiler flags as the build above, so the `larder` tool the plugin runs (built for
# the host, apart from larder-bar's copy of Larder) is not compiled again with other flags.
lint=$(swift package --package-path "$example" -Xswiftc -warnings-as-errors lint-content 2>&1) || fail "swift package lint-content failed: $lint"
printf '%s\n' "$lint" | grep -q 'No problems in 1 file' || fail "lint-content did not lint the example: $lint"
# Here (no sandbox) the lint cache is written: no warning that it was not.
if printf '%s\n' "$lint" | grep -q 'lint cache was not written'; then fail "lint-content could not write the lint cache: $lint"; fi
if swift package --package-path "$example" -Xswiftc -warnings-as-errors lint-content --format nope >/dev/null 2>&1; then
    fail "swift package lint-content passed although larder lint failed"
fi

echo "swift-example: ok"
