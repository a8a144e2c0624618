#!/usr/bin/env bash
# Tests Larder's .pre-commit-hooks.yaml with the real pre-commit framework (PyPI
# `pre-commit`) in a scratch git repository: a bad staged file blocks the commit with
# Larder's message, a fixed one passes, a partially staged file is judged by its staged
# part, and a commit that only deletes an image the content shows is refused; and a commit whose committed bundle is out of date with its content is
# refused (larder-build-check) until it is rebuilt. pre-commit builds Larder itself (`language: swift`) from this repository's
# HEAD commit, so run it on a committed tree.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
rev=$(git -C "$repo" rev-parse HEAD)
command -v pre-commit >/dev/null 2>&1 || python3 -m pip install --quiet --disable-pip-version-check pre-commit
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$scratch"
git init -q
git config user.email larder@example.com
git config user.name "Larder CI"
cat > .pre-commit-config.yaml <<YAML
repos:
  - repo: $repo
    rev: $rev
    hooks:
      - id: larder-lint
      - id: larder-build-check
YAML
cat > larder.yml <<'YAML'
locales: [en]
content:
  - kind: recipe
    include: ["recipes/*.json"]
YAML
mkdir recipes
good='{"id": "caldo-verde", "name": "Caldo verde", "servings": 4, "ingredients": ["4 potatoes", "200 g kale"]}'
good2='{"id": "caldo-verde", "name": "Caldo verde", "servings": 6, "ingredients": ["6 potatoes", "300 g kale"]}'
bad='{"id": "caldo-verde", "name": "Caldo verde", "servings": -4, "ingredients": ["4 potatoes", "200 g kale"]}'
echo "$good" > recipes/caldo-verde.json
git add .
pre-commit install >/dev/null
fail() { echo "pre-commit test FAILED: $*" >&2; exit 1; }

echo "-- a clean first commit passes"
git commit -qm "start" || fail "the clean commit was refused"

echo "-- a bad staged file blocks the commit with Larder's message"
echo "$bad" > recipes/caldo-verde.json
git add recipes/caldo-verde.json
if git commit -qm "bad" > out.txt 2>&1; then cat out.txt; fail "the bad commit went through"; fi
grep -q "recipes/caldo-verde.json:1:" out.txt || { cat out.txt; fail "Larder's file:line:column is missing"; }
grep -q "less than the minimum" out.txt || { cat out.txt; fail "Larder's message is missing"; }

echo "-- the fixed file passes"
echo "$good2" > recipes/caldo-verde.json
git add recipes/caldo-verde.json
git commit -qm "fixed" || fail "the fixed commit was refused"

echo "-- a partially staged file is judged by its staged part"
echo "$bad" > recipes/caldo-verde.json
git add recipes/caldo-verde.json
echo "$good" > recipes/caldo-verde.json      # the working tree is fine, the index is not
if git commit -qm "staged bad" > out.txt 2>&1; then cat out.txt; fail "a bad staged part went through"; fi
echo "$good" > recipes/caldo-verde.json
git add recipes/caldo-verde.json              # stage a good version (not the committed one)
echo "$bad" > recipes/caldo-verde.json        # now only the working tree is bad
git commit -qm "staged good" > out.txt 2>&1 || { cat out.txt; fail "a good staged part was refused"; }

echo "-- a commit that only deletes an image the content shows is refused"
cat > larder.yml <<'YAML'
locales: [en]
content:
  - kind: recipe
    include: ["recipes/*.json"]
    images: images
YAML
mkdir -p images
printf 'png' > images/caldo-verde.png
echo '{"id": "caldo-verde", "name": "Caldo verde", "servings": 4, "ingredients": ["4 potatoes"], "images": ["caldo-verde.png"]}' > recipes/caldo-verde.json
git add larder.yml images recipes
git commit -qm "with an image" > out.txt 2>&1 || { cat out.txt; fail "the commit with its image was refused"; }
git rm -q images/caldo-verde.png
if git commit -qm "drop the image" > out.txt 2>&1; then cat out.txt; fail "deleting a used image went through"; fi
grep -q "recipes/caldo-verde.json:1:[0-9]*: error: image 'caldo-verde.png' does not exist" out.txt || { cat out.txt; fail "the missing image is not named"; }
git reset -q HEAD images/caldo-verde.png && git checkout -q -- images/caldo-verde.png

echo "-- larder-build-check: a commit whose bundle is out of date is refused until it is rebuilt"
# The bundle is made by the Larder these tests were built with (the one pre-commit builds
# is inside its cache).
larder_bin="$repo/.build/debug/larder"
[ -x "$larder_bin" ] || (cd "$repo" && swift build --product larder >/dev/null 2>&1)
cat >> larder.yml <<'YAML'
exports:
  - json-bundle: { out: dist/json }
YAML
echo "$good" > recipes/caldo-verde.json
git add larder.yml recipes/caldo-verde.json
if git commit -qm "exports, no bundle" > out.txt 2>&1; then cat out.txt; fail "a commit without its bundle went through"; fi
grep -q "dist/json:1:1: error: missing: the build writes this folder" out.txt || { cat out.txt; fail "the missing bundle is not named"; }
"$larder_bin" build >/dev/null 2>&1 || fail "larder build failed"
git add dist
git commit -qm "with the bundle" > out.txt 2>&1 || { cat out.txt; fail "an up-to-date bundle was refused"; }
echo "$good2" > recipes/caldo-verde.json
git add recipes/caldo-verde.json
if git commit -qm "content without a rebuild" > out.txt 2>&1; then cat out.txt; fail "an out-of-date bundle went through"; fi
grep -q "dist/json/en/recipe.json:[0-9]*:[0-9]*: error: out of date" out.txt || { cat out.txt; fail "the stale bundle file is not named"; }
"$larder_bin" build >/dev/null 2>&1 || fail "larder build failed"
git add dist
git commit -qm "rebuilt" > out.txt 2>&1 || { cat out.txt; fail "the rebuilt bundle was refused"; }
echo "pre-commit: 9 passed, 0 failed"
