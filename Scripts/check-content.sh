#!/usr/bin/env bash
# Checks the built-in schemas and the example apps' content with tools other than Larder:
#  1. every schema (Schemas/, Examples/*/schemas/) against its draft's metaschema;
#  2. every example's larder.yml against Schemas/config.schema.json, and every content file
#     of the built-in kinds against its kind's schema, with check-jsonschema (ECMA-262
#     regexes, as Larder's engine; a file may hold one document or an array of them);
#  3. every planted mistake whose expected rule is `schema` is rejected by check-jsonschema,
#     and every other one is schema-valid (only its lint rule should fire);
#  4. Scripts/check-content.py: schemas, reference rules, cleanliness of every example and
#     the rule, pointer, line and column of every planted mistake.
# Needs check-jsonschema and python3 with jsonschema, referencing and PyYAML.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

echo "== metaschemas"
check-jsonschema --check-metaschema Schemas/*.json Examples/*/schemas/*.json

echo "== larder.yml"
check-jsonschema --schemafile Schemas/config.schema.json --base-uri "file://$root/Schemas/config.schema.json" Examples/*/larder.yml

# A schema that takes one document of KIND or an array of them, resolved next to Schemas/.
wrapper() {
    printf '{"$schema": "https://json-schema.org/draft/2020-12/schema", "anyOf": [{"$ref": "%s.schema.json"}, {"type": "array", "items": {"$ref": "%s.schema.json"}}]}\n' "$1" "$1" > "$tmp/$1.json"
    echo "$tmp/$1.json"
}
validate() {  # KIND FILE...
    local kind=$1; shift
    check-jsonschema --schemafile "$(wrapper "$kind")" --base-uri "file://$root/Schemas/$kind-or-array.json" "$@"
}

echo "== content"
validate recipe Examples/cocktails/content/drinks.json Examples/portuguese-recipes/content/recipes.json
validate location Examples/cocktails/content/shops.json Examples/saigon-photo-spots/content/spots.json
validate product Examples/food-products/content/products.json
validate taxonomy Examples/cocktails/content/taxonomy.json Examples/saigon-photo-spots/content/taxonomy.json \
    Examples/food-products/content/taxonomy/*.json Examples/portuguese-recipes/content/categories.json

echo "== planted mistakes: schema ones rejected, the others schema-valid"
for expected in Examples/*/mistakes/expected.json; do
    dir=$(dirname "$expected")
    # Card War's schemas $ref the built-in ones by their https ids, which check-jsonschema
    # would fetch; check-content.py covers them with a local registry.
    case "$dir" in Examples/card-war/*) continue ;; esac
    while IFS=' ' read -r file kind rule; do
        if validate "$kind" "$dir/$file" > "$tmp/out" 2>&1; then valid=yes; else valid=no; fi
        if [ "$rule" = schema ] && [ "$valid" = yes ]; then
            echo "FAIL $dir/$file: check-jsonschema accepted it"; failures=$((failures + 1))
        elif [ "$rule" != schema ] && [ "$valid" = no ]; then
            echo "FAIL $dir/$file: a [$rule] mistake, but check-jsonschema rejected it:"; cat "$tmp/out"; failures=$((failures + 1))
        else
            echo "ok -- $dir/$file ($rule): schema-valid: $valid"
        fi
    done < <(python3 -c 'import json,sys; [print(m["file"], m["kind"], m["rule"]) for m in json.load(open(sys.argv[1]))["mistakes"]]' "$expected")
done

echo "== rules, cleanliness and planted mistakes"
python3 Scripts/check-content.py || failures=$((failures + 1))

[ "$failures" -eq 0 ] && echo "check-content: OK" || { echo "check-content: $failures failure(s)"; exit 1; }
