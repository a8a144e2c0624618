#!/bin/sh
# Larder's SwiftPM build-tool plugin (Plugins/LarderBuildPlugin), through the `bar-menu`
# target of Examples/plugins/swift, which applies it:
#   (a) the example builds, and bar-menu prints the drinks it reads from the bundle the
#       plugin built into its resources (Bundle.module);
#   (b) in a copy of the example, a broken recipe fails `swift build`, and the build log
#       shows Larder's `path:line:column: error: ... [rule]` lines;
#   (c) fixing the recipe makes the next (incremental) build pass, and bar-menu prints the
#       fixed content: the build command ran again when the content changed.
#
# A script of its own rather than more of swift-example.sh, so a failure names the plugin
# and CI times it as a step; it shares that script's build folder (Larder is compiled once).
# The copy lives in a temporary folder named like the example (`swift`), so it is the same
# package to SwiftPM, and builds in the example's .build (--scratch-path): only the
# example's own targets compile again, not Larder (every build here and in swift-example.sh
# passes the same flags, or SwiftPM would compile Larder again). The repository is never
# modified.
#
# Every swift command runs under `timeout` with standard input closed: a plugin or build
# command that hangs fails the test instead of stalling CI.
#
# Time (2 cores, measured once): 31 s right after a fresh swift-example.sh, 11 s when
# nothing changed since the last run.
#
#     sh Tests/plugins/build-tool.sh
set -eu
repo=$(cd "$(dirname "$0")/../.." && pwd)
example="$repo/Examples/plugins/swift"
scratch="$example/.build"
limit=${LARDER_SWIFT_TIMEOUT:-900}

fail() { echo "build-tool: $*" >&2; exit 1; }
swiftpm() { timeout "$limit" swift "$@" </dev/null; }

# As in swift-example.sh: drop a build plan that may list Larder's files of an older run.
rm -f "$scratch"/*.yaml "$scratch"/debug/description.json "$scratch"/debug/plugin-tools-description.json

# (a) The example as it is in the repository.
swiftpm build --package-path "$example" --product bar-menu -Xswiftc -warnings-as-errors >&2 \
    || fail "the example did not build"
bin=$(swiftpm build --package-path "$example" --show-bin-path)
menu=$(timeout 60 "$bin/bar-menu" </dev/null) || fail "bar-menu failed: $menu"
printf '%s\n' "$menu" | grep -qx 'Menu (2 drinks):' || fail "bar-menu did not read the bundle's two drinks: $menu"
printf '%s\n' "$menu" | grep -qx -- '- Negroni \[negroni\]' || fail "bar-menu lost the negroni: $menu"
manifest="$bin/LarderBar_bar-menu.resources/Larder/dist/json/manifest.json"
[ -f "$manifest" ] || fail "the bundle's manifest is not among bar-menu's resources ($manifest)"

# (b) A copy with a broken recipe: a duplicate id and a negative serving count.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
copy="$work/$(basename "$example")"  # the same folder name: the same package identity
mkdir "$copy"
cp -R "$example/larder.yml" "$example/Sources" "$example/content" "$copy/"
sed "s|path: \"../../..\"|path: \"$repo\"|" "$example/Package.swift" > "$copy/Package.swift"
grep -qF "path: \"$repo\"" "$copy/Package.swift" || fail "could not point the copy's Package.swift at $repo"
cat > "$copy/content/drinks.json" <<'JSON'
[
  {"id": "negroni", "name": "Negroni", "ingredients": ["30 ml gin"], "steps": ["Stir."], "x-abv": 24.4},
  {"id": "negroni", "name": "Sbagliato", "ingredients": ["30 ml Campari"], "steps": ["Stir."], "servings": -2}
]
JSON
build_copy() { swiftpm build --package-path "$copy" --scratch-path "$scratch" --product bar-menu -Xswiftc -warnings-as-errors > "$work/log" 2>&1; }

status=0
build_copy || status=$?
log=$(cat "$work/log")
[ "$status" -ne 124 ] || fail "swift build timed out after ${limit}s with the broken recipe: $log"
[ "$status" -ne 0 ] || fail "swift build passed with a broken recipe: $log"
drinks="$copy/content/drinks.json"
printf '%s\n' "$log" | grep -qF "$drinks:3:10: error: recipe id 'negroni' is already used" \
    || fail "the build log lacks the duplicate id at $drinks:3:10: $log"
printf '%s\n' "$log" | grep -qF "$drinks:3:108: error: \"servings\": -2 is less than the minimum 1 [schema]" \
    || fail "the build log lacks the schema error at $drinks:3:108: $log"
printf '%s\n' "$log" | grep -qF '[unique-id]' || fail "the build log does not name the unique-id rule: $log"

# (c) Fixed: the next build passes and bar-menu shows the changed content.
cat > "$copy/content/drinks.json" <<'JSON'
[
  {"id": "negroni", "name": "Negroni", "ingredients": ["30 ml gin"], "steps": ["Stir."], "x-abv": 24.4},
  {"id": "sbagliato", "name": "Sbagliato", "ingredients": ["30 ml Campari"], "steps": ["Stir."], "servings": 1},
  {"id": "americano", "name": "Americano", "ingredients": ["30 ml Campari"], "steps": ["Top with soda."]}
]
JSON
build_copy || fail "swift build failed after the recipe was fixed: $(cat "$work/log")"
menu=$(timeout 60 "$bin/bar-menu" </dev/null) || fail "bar-menu of the copy failed: $menu"
printf '%s\n' "$menu" | grep -qx 'Menu (3 drinks):' || fail "bar-menu does not show the fixed content (the build command did not run again?): $menu"
printf '%s\n' "$menu" | grep -qx -- '- Americano \[americano\]' || fail "bar-menu lacks the americano: $menu"

# And a change to the content alone (no Swift change) reaches the bundle too.
sed 's/"Americano"/"Americano Perfetto"/' "$copy/content/drinks.json" > "$work/drinks" && cp "$work/drinks" "$copy/content/drinks.json"
build_copy || fail "swift build failed after a content change: $(cat "$work/log")"
menu=$(timeout 60 "$bin/bar-menu" </dev/null) || fail "bar-menu of the copy failed: $menu"
printf '%s\n' "$menu" | grep -qx -- '- Americano Perfetto \[americano\]' || fail "the renamed drink did not reach the bundle: $menu"

echo "build-tool: ok"
