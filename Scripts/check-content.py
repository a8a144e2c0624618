#!/usr/bin/env python3
"""Checks Larder's built-in schemas and the example apps' content, independently of Larder.

It validates every example's larder.yml against Schemas/config.schema.json and every
document its content entries include against the kind's schema (the python `jsonschema`
package, draft 2020-12, all schemas of Schemas/ and the example's own loaded into one
registry), then runs small reference versions of the lint rules the examples rely on
(image-exists, unique-id, gtin-checksum, nutrition-consistency, locale-complete, placeholders,
reference, duplicate-key, unknown-unit, url, near-duplicate-location, non-empty-text), so that:

- every example is clean (no diagnostic at all), and
- every file of Examples/<app>/mistakes/ triggers exactly the diagnostic that
  mistakes/expected.json names (rule, JSON Pointer, line and column), and nothing else
  (apart from the ones an entry lists under `alsoReported`).

Line and column are 1-based; columns count UTF-16 code units, as Larder reports them.
`--write-positions` recomputes line and column in expected.json from each entry's pointer
(and `at`: the value, or the member's key) instead of checking them.

This is a test aid, not Larder: the rules here are deliberately simple, with the
tolerances written down below, so the examples stay unambiguous for the real rules.
"""
from __future__ import annotations

import argparse
import glob
import json
import math
import os
import re
import sys
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

import jsonschema
import referencing
import referencing.jsonschema
import yaml

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "Schemas"
EXAMPLES = ROOT / "Examples"
BUILT_IN = {"recipe", "location", "product", "taxonomy"}

# Units the examples use; the `unknown-unit` rule must know at least these.
KNOWN_UNITS = {
    "ml", "cl", "dl", "l", "oz", "fl oz", "tsp", "tbsp", "cup", "dash", "drop", "barspoon",
    "g", "kg", "mg", "lb", "piece", "slice", "wedge", "leaf", "sprig", "pinch", "can", "clove",
}

# Tolerances of the reference nutrition check (the examples are far inside them, the
# planted mistakes far outside).
KJ_PER_KCAL = 4.184
SALT_PER_SODIUM = 2.5


# --------------------------------------------------------------------------------------
# A JSON parser that keeps positions (offsets into the text) and reports duplicate keys.
# --------------------------------------------------------------------------------------

class ParseError(Exception):
    pass


@dataclass
class Parsed:
    text: str
    value: object
    value_at: dict = field(default_factory=dict)  # pointer -> offset of the value
    key_at: dict = field(default_factory=dict)  # pointer -> offset of the member's key
    duplicates: list = field(default_factory=list)  # (pointer, offset of second key)

    def position(self, offset: int) -> tuple[int, int]:
        line = self.text.count("\n", 0, offset) + 1
        start = self.text.rfind("\n", 0, offset) + 1
        column = sum(2 if ord(c) > 0xFFFF else 1 for c in self.text[start:offset]) + 1
        return line, column


def escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def parse(text: str) -> Parsed:
    out = Parsed(text=text, value=None)
    ws = " \t\r\n"
    i = 0

    def skip(i):
        while i < len(text) and text[i] in ws:
            i += 1
        return i

    def value(i, ptr):
        i = skip(i)
        out.value_at[ptr] = i
        c = text[i] if i < len(text) else ""
        if c == "{":
            obj, seen = {}, set()
            i = skip(i + 1)
            if text[i] == "}":
                return obj, i + 1
            while True:
                i = skip(i)
                key_start = i
                key, i = string(i)
                child = ptr + "/" + escape(key)
                if key in seen:
                    out.duplicates.append((child, key_start))
                seen.add(key)
                out.key_at[child] = key_start
                i = skip(i)
                if text[i] != ":":
                    raise ParseError(f"expected ':' at {i}")
                v, i = value(i + 1, child)
                obj[key] = v
                i = skip(i)
                if text[i] == ",":
                    i += 1
                    continue
                if text[i] == "}":
                    return obj, i + 1
                raise ParseError(f"expected ',' or '}}' at {i}")
        if c == "[":
            arr = []
            i = skip(i + 1)
            if text[i] == "]":
                return arr, i + 1
            while True:
                v, i = value(i, f"{ptr}/{len(arr)}")
                arr.append(v)
                i = skip(i)
                if text[i] == ",":
                    i += 1
                    continue
                if text[i] == "]":
                    return arr, i + 1
                raise ParseError(f"expected ',' or ']' at {i}")
        if c == '"':
            return string(i)
        m = re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?").match(text, i)
        if m and m.end() > i:
            lit = m.group(0)
            return (float(lit) if any(ch in lit for ch in ".eE") else int(lit)), m.end()
        for lit, v in (("true", True), ("false", False), ("null", None)):
            if text.startswith(lit, i):
                return v, i + len(lit)
        raise ParseError(f"unexpected character at {i}")

    def string(i):
        if text[i] != '"':
            raise ParseError(f"expected a string at {i}")
        decoder = json.JSONDecoder()
        s, end = decoder.raw_decode(text, i)
        return s, end

    out.value, i = value(0, "")
    if skip(i) != len(text):
        raise ParseError("trailing text")
    return out


# --------------------------------------------------------------------------------------
# Schemas
# --------------------------------------------------------------------------------------

def load_registry(extra: list[Path] = ()) -> referencing.Registry:
    resources = []
    for path in sorted(SCHEMAS.glob("*.schema.json")) + list(extra):
        contents = json.loads(path.read_text())
        resource = referencing.jsonschema.DRAFT202012.create_resource(contents)
        uri = contents.get("$id") or path.resolve().as_uri()
        resources.append((uri, resource))
        resources.append((path.resolve().as_uri(), resource))
    return referencing.Registry().with_resources(resources)


try:  # ECMA-262 regexes, as JSON Schema (and Larder) define `pattern`; Python's re otherwise.
    import regress

    _ecma_cache: dict = {}

    def _ecma_pattern(validator, pattern, instance, schema):
        if not validator.is_type(instance, "string"):
            return
        regex = _ecma_cache.get(pattern) or _ecma_cache.setdefault(pattern, regress.Regex(pattern, "u"))
        if regex.find(instance) is None:
            yield jsonschema.ValidationError(f"{instance!r} does not match {pattern!r}")

    Validator = jsonschema.validators.extend(jsonschema.Draft202012Validator, {"pattern": _ecma_pattern})
except ImportError:
    Validator = jsonschema.Draft202012Validator


def validator_for(schema_path: Path, registry) -> jsonschema.Validator:
    contents = json.loads(schema_path.read_text())
    uri = contents.get("$id") or schema_path.resolve().as_uri()
    return validator_for_schema({"$ref": uri}, registry)


def validator_for_schema(schema, registry) -> jsonschema.Validator:
    return Validator(schema, registry=registry, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)


# Values each common definition must accept (True) or reject (False): the contract in
# examples, checked on every run.
SCHEMA_CASES = {
    "id": [("negroni", True), ("old-fashioned", True), ("10", True), (0, True), (42, True),
           ("Negroni", False), ("-negroni", False), ("", False), (-1, False), (1.5, False), (None, False)],
    "localizedText": [("Negroni", True), ({"en": "Stir.", "es": "Remueve."}, True),
                      ({"pt-BR": "a", "zh-Hant-TW": "b", "es-419": "c", "sr-Latn": "d"}, True),
                      ("", False), ("   ", False), ("\u3000", False), ({}, False), ({"en": ""}, False),
                      ({"en": " \t"}, False), ({"english": "x"}, False), ({"en_US": "x"}, False), (3, False)],
    "image": [("a.png", True), ("drinks/negroni-1.png", True), (".hidden/a.png", True), ("a/...png", True),
              ({"src": "a.png"}, True), ({"src": "a.png", "alt": {"en": "A"}}, True), ({"src": "a.png", "x-credit": "me"}, True),
              ("/a.png", False), ("../a.png", False), ("a/../b.png", False), ("./a.png", False), ("a//b.png", False),
              ("a/", False), ("a\\b.png", False), ("https://x.org/a.png", False), ("C:/a.png", False), ("", False),
              ({"alt": "A"}, False), ({"src": "a.png", "title": "A"}, False)],
    "localizedImage": [("a.png", True), ({"src": "a.png", "alt": "A"}, True), ({"en": "a.png", "fr": {"src": "b.png"}}, True),
                       ({"en": "../a.png"}, False), ({"english": "a.png"}, False)],
    "video": [("dQw4w9WgXcQ", True), ("a_b-c_d-e_f", True), ("https://youtu.be/dQw4w9WgXcQ", True), ("https://vimeo.com/1", True),
              ("dQw4w9WgXc", False), ("dQw4w9WgXcQQ", False), ("youtu.be/dQw4w9WgXcQ", False), ("ftp://x.org/v", False)],
    "link": [("https://www.thewhiskyexchange.com/", True), ("http://example.org/a?b=c", True),
             ("HTTPS://x.org", True), ("Http://x.org", True),
             ("ftp://example.org", False), ("www.example.org", False), ("HTTPX://x.org", False)],
    "quantity": [(1, True), (22.5, True), ("1 1/2", True), ("1/2", True), ("½", True), ("1½", True), ("1 ½", True),
                 ("2-3", True), ("2–3", True), ("1 to 2", True), ("1,5", True), ({"min": 2, "max": 3}, True),
                 (0, False), (-2, False), ("a pinch", False), ("", False), ("2-", False), ({"min": 0, "max": 1}, False),
                 ({"min": 2}, False)],
    "coordinates": [({"latitude": 10.78, "longitude": 106.7}, True), ({"latitude": -90, "longitude": 180}, True),
                    ({"latitude": 90.1, "longitude": 0}, False), ({"latitude": 0, "longitude": -180.5}, False),
                    ({"latitude": 0}, False), ({"lat": 0, "longitude": 0}, False)],
    "rating": [(0, True), (4.5, True), (5, True), (-0.1, False), (5.5, False), ("5", False)],
    "tag": [("classic", True), ("en:citrus", True), ("Classic", False), ("en:", False), ("a b", False)],
    "taxonomyTag": [("en:milk", True), ("fr:confitures-de-fraises", True), ("milk", False), ("EN:milk", False)],
    "unit": [("ml", True), ("fl oz", True), ("°C", True), ("", False), ("2ml", False)],
    "address": [({"en": "2 Cong xa Paris", "vi": "2 Công xã Paris"}, True), ({"street": "2 Bedford Street", "country": "GB"}, True),
                ({"street": "2 Bedford Street", "country": "gb"}, False), ({}, False)],
    "nutrition": [({"per": "serving", "energy": {"value": 900, "unit": "kcal"}}, True), ({"per": "100g", "salt": 0}, True),
                  ({"energy": {"value": 900, "unit": "kcal"}}, False), ({"per": "serving", "energy": {"value": 900, "unit": "cal"}}, False),
                  ({"per": "serving", "fat": -1}, False), ({"per": "serving", "fibre": 1}, False)],
}


# larder.yml documents the config schema must accept (True) or reject (False).
_ENTRY = {"kind": "recipe", "include": ["content/*.json"]}
CONFIG_CASES = [
    ({"content": [_ENTRY]}, True),
    ({"locales": ["en", "pt-BR"], "content": [_ENTRY], "rules": {"locale-complete": "warning",
      "image-exists": {"severity": "error", "extensions": ["png"]}, "acme/spelling": "off"},
      "transforms": ["scale", {"scale": {"servings": 4}}, {"energy": None}], "exports": [{"json-bundle": {"out": "dist/json"}}],
      "plugins": [{"id": "acme", "stage": "lint", "command": ["python3", "lint.py"], "timeout": 5}], "exclude": ["drafts/**"]}, True),
    ({"content": [{"kind": "achievement", "schema": "schemas/a.schema.json", "include": ["a.json"],
                   "rules": {"unique-id": {"key": "/id"}}}]}, True),
    ({}, False),                                                     # content is required
    ({"content": [_ENTRY], "export": []}, False),                    # a typo at the top level
    ({"content": [dict(_ENTRY, inclde=["x"])]}, False),              # a typo in an entry
    ({"content": [{"kind": "achievement", "include": ["a.json"]}]}, False),              # a team's kind needs a schema
    ({"content": [dict(_ENTRY, schema="my.schema.json")]}, False),   # a built-in kind takes none
    ({"content": [dict(_ENTRY, include=["../outside/*.json"])]}, False),
    ({"content": [dict(_ENTRY, images="/var/images")]}, False),
    ({"content": [_ENTRY], "rules": {"url": "fatal"}}, False),
    ({"content": [_ENTRY], "rules": {"Image_Exists": "error"}}, False),
    ({"content": [_ENTRY], "exports": [{"json-bundle": {}, "xcstrings": {}}]}, False),  # one exporter per item
    ({"content": [_ENTRY], "locales": ["english"]}, False),
    ({"content": [_ENTRY], "plugins": [{"id": "acme", "stage": "build", "command": ["x"]}]}, False),
]


def schema_self_test(registry) -> list[str]:
    failures = []
    config = validator_for(SCHEMAS / "config.schema.json", registry)
    for value, ok in CONFIG_CASES:
        if config.is_valid(value) != ok:
            failures.append(f"config.schema.json should {'accept' if ok else 'reject'} {json.dumps(value)}")
    base = "https://larder.dev/schemas/common.schema.json#/$defs/"
    for name, cases in SCHEMA_CASES.items():
        v = validator_for_schema({"$ref": base + name}, registry)
        for value, ok in cases:
            if v.is_valid(value) != ok:
                failures.append(f"common $defs/{name} should {'accept' if ok else 'reject'} {json.dumps(value, ensure_ascii=False)}")
    return failures


# --------------------------------------------------------------------------------------
# Diagnostics
# --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Diag:
    file: str
    rule: str
    pointer: str
    at: str  # "value" or "key"
    message: str


def schema_diags(file, prefix, doc, validator):
    diags = []
    for err in validator.iter_errors(doc):
        ptr = prefix + "".join("/" + escape(str(t)) for t in err.absolute_path)
        if err.validator in ("additionalProperties", "unevaluatedProperties") and isinstance(err.instance, dict):
            # Reported at each unknown member's key, where the typo is.
            known = set(err.schema.get("properties", {}))
            patterns = [re.compile(p) for p in err.schema.get("patternProperties", {})]
            for name in err.instance:
                if name not in known and not any(p.search(name) for p in patterns):
                    diags.append(Diag(file, "schema", ptr + "/" + escape(name), "key", err.message))
        elif "propertyNames" in err.schema_path:
            # A bad key (a language tag, a tag): reported at that key.
            diags.append(Diag(file, "schema", ptr + "/" + escape(str(err.instance)), "key", err.message))
        else:
            diags.append(Diag(file, "schema", ptr, "value", err.message))
    return diags


def is_language_map(v):
    tag = re.compile(r"^[A-Za-z]{2,3}(-[A-Za-z]{4})?(-([A-Za-z]{2}|[0-9]{3}))?(-([A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))*$")
    return isinstance(v, dict) and v and all(tag.match(k) for k in v) and all(isinstance(x, str) for x in v.values())


def localized_fields(kind, doc, prefix):
    """(pointer, value) of every localized text of a built-in document."""
    out = []
    if not isinstance(doc, dict):
        return out

    def add(ptr, v):
        if v is not None:
            out.append((ptr, v))

    def image_alts(ptr, img):
        if isinstance(img, dict) and "src" in img:
            add(ptr + "/alt", img.get("alt"))

    for key in ("name", "description", "summary"):
        add(f"{prefix}/{key}", doc.get(key))
    if isinstance(doc.get("address"), (str,)) or is_language_map(doc.get("address")):
        add(f"{prefix}/address", doc["address"])
    for i, step in enumerate(doc.get("steps") or []):
        add(f"{prefix}/steps/{i}", step)
    for i, ing in enumerate(doc.get("ingredients") or []):
        if isinstance(ing, dict) and not is_language_map(ing):
            add(f"{prefix}/ingredients/{i}/name", ing.get("name"))
            add(f"{prefix}/ingredients/{i}/note", ing.get("note"))
        else:
            add(f"{prefix}/ingredients/{i}", ing)
    images = doc.get("images")
    if isinstance(images, list):
        for i, img in enumerate(images):
            image_alts(f"{prefix}/images/{i}", img)
    for i, shop in enumerate(doc.get("shops") or []):
        if isinstance(shop, dict):
            out.extend(localized_fields("location", shop, f"{prefix}/shops/{i}"))
    return out


def image_paths(doc, prefix):
    """(pointer, path) of every image a built-in document references."""
    out = []

    def one(ptr, img):
        if isinstance(img, str):
            out.append((ptr, img))
        elif isinstance(img, dict) and "src" in img:
            out.append((ptr + "/src", img["src"]))
        elif isinstance(img, dict):
            for lang, sub in img.items():
                one(f"{ptr}/{escape(lang)}", sub)

    images = doc.get("images") if isinstance(doc, dict) else None
    if isinstance(images, list):
        for i, img in enumerate(images):
            one(f"{prefix}/images/{i}", img)
    elif isinstance(images, dict):
        for role, img in images.items():
            if not role.startswith("x-"):
                one(f"{prefix}/images/{escape(role)}", img)
    if isinstance(doc, dict):
        for i, shop in enumerate(doc.get("shops") or []):
            if isinstance(shop, dict):
                out.extend(image_paths(shop, f"{prefix}/shops/{i}"))
    return out


def url_ok(url: str) -> bool:
    if re.search(r"\s", url):
        return False
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return False
    labels = parts.hostname.split(".")
    if len(labels) < 2 or not all(re.fullmatch(r"[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?", l) for l in labels):
        return False
    if re.search(r"%(?![0-9A-Fa-f]{2})", url):
        return False
    try:
        parts.port
    except ValueError:
        return False
    return True


def gtin_ok(code: str) -> bool:
    digits = [int(c) for c in code]
    body, check = digits[:-1], digits[-1]
    total = sum(d * (3 if i % 2 == 0 else 1) for i, d in enumerate(reversed(body)))
    return (10 - total % 10) % 10 == check


def nutrition_diags(file, ptr, n, per100):
    """Reference nutrition-consistency: returns (pointer, message) pairs."""
    out = []
    if not isinstance(n, dict):
        return out
    grams = ["fat", "saturatedFat", "carbohydrates", "sugars", "fiber", "protein", "salt", "sodium"]
    if per100:
        for g in grams:
            v = n.get(g)
            if isinstance(v, (int, float)) and v > 100:
                out.append((f"{ptr}/{g}", f"{g} {v} g exceeds 100 g per 100 g"))
    kcal = n.get("energyKcal")
    kj = n.get("energyKj")
    energy = n.get("energy")
    if isinstance(energy, dict):
        if energy.get("unit") == "kcal":
            kcal = energy.get("value")
        elif energy.get("unit") == "kJ":
            kj = energy.get("value")
    if isinstance(kcal, (int, float)) and isinstance(kj, (int, float)) and "energy" not in n:
        if abs(kj - kcal * KJ_PER_KCAL) > max(2, 0.02 * kcal * KJ_PER_KCAL):
            out.append((f"{ptr}/energyKj", f"energyKj {kj} does not match energyKcal {kcal} x 4.184"))
    salt, sodium = n.get("salt"), n.get("sodium")
    if isinstance(salt, (int, float)) and isinstance(sodium, (int, float)):
        if abs(salt - sodium * SALT_PER_SODIUM) > max(0.01, 0.05 * salt):
            out.append((f"{ptr}/sodium", f"sodium {sodium} g does not match salt {salt} g / 2.5"))
    macros = [n.get(k) for k in ("fat", "carbohydrates", "protein")]
    if all(isinstance(m, (int, float)) for m in macros):
        computed = macros[0] * 9 + macros[1] * 4 + macros[2] * 4 + (n.get("fiber") or 0) * 2
        declared = kcal if isinstance(kcal, (int, float)) else (kj / KJ_PER_KCAL if isinstance(kj, (int, float)) else None)
        if declared is not None and abs(declared - computed) > max(15, 0.15 * max(declared, computed)):
            where = f"{ptr}/energy" if "energy" in n else (f"{ptr}/energyKcal" if "energyKcal" in n else f"{ptr}/energyKj")
            out.append((where, f"energy {declared:.0f} kcal is far from {computed:.0f} kcal computed from the macronutrients"))
    return out


PRINTF = re.compile(r"%(?:(\d+)\$)?[-+#0',(]*(?:\d+|\*)?(?:\.(?:\d+|\*))?(hh|h|ll|l|q|L|z|j|t)?([@dDiuUxXoOfFeEgGaAcCsSpbBhH])")
PRINTF_CLASS = {**{c: "object" for c in "@"}, **{c: "integer" for c in "dDiuUxXoO"}, **{c: "float" for c in "fFeEgGaA"},
                **{c: "char" for c in "cC"}, **{c: "string" for c in "sS"}, **{c: "boolean" for c in "bB"},
                **{c: "hash" for c in "hH"}, "p": "pointer"}


def placeholders(text: str) -> tuple[dict, set]:
    """printf arguments (number -> (length, class)) and {{names}} of a text (simplified:
    no `*` widths)."""
    args, n = {}, 1
    for m in PRINTF.finditer(text.replace("%%", "")):
        index = int(m.group(1)) if m.group(1) else n
        if not m.group(1):
            n += 1
        length = m.group(2) or ""
        long = "" if not length else "short" if length.startswith("h") else "long"
        args.setdefault(index, (long if PRINTF_CLASS[m.group(3)] == "integer" else "", PRINTF_CLASS[m.group(3)]))
    names = {x.split(",")[0].strip().lstrip("-").strip() for x in re.findall(r"\{\{(.*?)\}\}", text)}
    return args, names - {""}


def near(a, b, metres=25.0):
    r = 6371000.0
    p1, p2 = math.radians(a["latitude"]), math.radians(b["latitude"])
    dp = p2 - p1
    dl = math.radians(b["longitude"] - a["longitude"])
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * r * math.asin(math.sqrt(h)) <= metres


def get(doc, pointer):
    cur = doc
    for token in pointer.split("/")[1:]:
        token = token.replace("~1", "/").replace("~0", "~")
        if isinstance(cur, list):
            cur = cur[int(token)] if token.isdigit() and int(token) < len(cur) else None
        elif isinstance(cur, dict):
            cur = cur.get(token)
        else:
            return None
    return cur


# --------------------------------------------------------------------------------------
# A project: larder.yml, its entries and documents
# --------------------------------------------------------------------------------------

@dataclass
class Entry:
    kind: str
    config: dict
    validator: jsonschema.Validator

    def rule(self, project, rule_id):
        merged = {}
        for source in (project.config.get("rules") or {}, self.config.get("rules") or {}):
            if rule_id in source:
                v = source[rule_id]
                merged = v if isinstance(v, dict) else {"severity": v}
        return merged


@dataclass
class Doc:
    file: str
    entry: Entry
    prefix: str
    value: object


class Project:
    def __init__(self, folder: Path, config_validator):
        self.folder = folder
        self.config_path = folder / "larder.yml"
        self.config = yaml.safe_load(self.config_path.read_text())
        self.config_errors = [e.message for e in config_validator.iter_errors(self.config)]
        extra = [folder / e["schema"] for e in self.config.get("content", []) if "schema" in e]
        self.registry = load_registry(extra)
        self.locales = self.config.get("locales") or ["en"]
        self.entries = []
        for e in self.config.get("content", []):
            schema = folder / e["schema"] if "schema" in e else SCHEMAS / f"{e['kind']}.schema.json"
            self.entries.append(Entry(e["kind"], e, validator_for(schema, self.registry)))

    def files(self, entry: Entry) -> list[str]:
        out = []
        excluded = set()
        for pattern in (self.config.get("exclude") or []) + (entry.config.get("exclude") or []):
            excluded.update(glob.glob(str(self.folder / pattern), recursive=True))
        for pattern in entry.config["include"]:
            for f in sorted(glob.glob(str(self.folder / pattern), recursive=True)):
                if f not in excluded and os.path.isfile(f):
                    out.append(f)
        return out

    def entry_for(self, kind):
        return next(e for e in self.entries if e.kind == kind)

    def lint(self, extra: list[tuple[str, str]] = ()) -> dict[str, list[Diag]]:
        """Lints the project's content plus `extra` (file, kind) pairs; diagnostics by file."""
        diags: dict[str, list[Diag]] = {}
        parsed: dict[str, Parsed] = {}
        docs: list[Doc] = []
        work = [(f, e) for e in self.entries for f in self.files(e)]
        work += [(f, self.entry_for(k)) for f, k in extra]
        for f, entry in work:
            p = parse(Path(f).read_text())
            parsed[f] = p
            d = diags.setdefault(f, [])
            for ptr, _ in p.duplicates:
                d.append(Diag(f, "duplicate-key", ptr, "key", "duplicate key"))
            items = list(enumerate(p.value)) if isinstance(p.value, list) else [(None, p.value)]
            for index, value in items:
                prefix = "" if index is None else f"/{index}"
                docs.append(Doc(f, entry, prefix, value))
                d.extend(schema_diags(f, prefix, value, entry.validator))
        self.rules(docs, diags)
        return diags, parsed

    def rules(self, docs: list[Doc], diags):
        def report(doc, rule, ptr, message, at="value"):
            diags[doc.file].append(Diag(doc.file, rule, ptr, at, message))

        taxonomy = {}
        for doc in docs:
            if doc.entry.kind == "taxonomy" and isinstance(doc.value, dict):
                taxonomy.update(doc.value)
        location_ids = {d.value.get("id") for d in docs if d.entry.kind == "location" and isinstance(d.value, dict)}
        seen_keys: dict[tuple, Doc] = {}
        places: list[tuple[Doc, dict]] = []

        for doc in docs:
            v = doc.value
            if not isinstance(v, dict):
                continue
            kind = doc.entry.kind
            builtin = kind in BUILT_IN
            # image-exists
            images_dir = self.folder / doc.entry.config.get("images", ".")
            if builtin:
                paths = image_paths(v, doc.prefix)
            else:  # a team's kind: the pointers larder.yml gives the rule
                paths = [(doc.prefix + p, get(v, p)) for p in doc.entry.rule(self, "image-exists").get("pointers", [])]
            for ptr, path in paths:
                if isinstance(path, str) and not (images_dir / path).is_file():
                    report(doc, "image-exists", ptr, f"image {path} not found")
            # unique-id
            key_ptr = (doc.entry.rule(self, "unique-id").get("key")
                       or ("/code" if kind == "product" else "/id" if kind != "taxonomy" else None))
            if key_ptr:
                key = get(v, key_ptr)
                if key is not None:
                    k = (kind, json.dumps(key))
                    if k in seen_keys:
                        report(doc, "unique-id", doc.prefix + key_ptr, f"{key_ptr} {key!r} repeats")
                    else:
                        seen_keys[k] = doc
            # non-empty-text (configured pointers)
            for ptr in doc.entry.rule(self, "non-empty-text").get("pointers", []):
                t = get(v, ptr)
                if isinstance(t, str) and not t.strip():
                    report(doc, "non-empty-text", doc.prefix + ptr, "empty text")
            # locale-complete
            lc = doc.entry.rule(self, "locale-complete")
            if lc.get("severity") != "off":
                if builtin and kind != "taxonomy":
                    fields = localized_fields(kind, v, doc.prefix)
                elif kind == "taxonomy":
                    fields = [(f"{doc.prefix}/{escape(k)}", t) for k, t in v.items()]
                else:
                    fields = [(doc.prefix + p, get(v, p)) for p in lc.get("pointers", [])]
                for ptr, text in fields:
                    if text is None:
                        continue
                    if isinstance(text, str):
                        report(doc, "locale-complete", ptr, "plain text: no translations")
                    elif isinstance(text, dict):
                        missing = [l for l in self.locales if l not in text]
                        if missing:
                            report(doc, "locale-complete", ptr, f"missing {missing}")
            # placeholders: each translation against the source language's text
            ph = doc.entry.rule(self, "placeholders")
            if ph.get("severity") != "off":
                ph_fields = (localized_fields(kind, v, doc.prefix) if builtin and kind != "taxonomy"
                             else [(doc.prefix + p, get(v, p)) for p in ph.get("pointers", [])])
                for ptr, text in ph_fields:
                    if not isinstance(text, dict) or not isinstance(text.get(self.locales[0]), str):
                        continue
                    expected = placeholders(text[self.locales[0]])
                    for lang, t in text.items():
                        if lang == self.locales[0] or not isinstance(t, str):
                            continue
                        got = placeholders(t)
                        # a family the source text does not use is prose, not compared
                        if (expected[0] and got[0] != expected[0]) or (expected[1] and got[1] != expected[1]):
                            report(doc, "placeholders", f"{ptr}/{escape(lang)}", "placeholders differ")
            if not builtin:
                continue
            # gtin-checksum
            if kind == "product" and isinstance(v.get("code"), str) and v["code"].isdigit() and len(v["code"]) in (8, 12, 13, 14):
                if not gtin_ok(v["code"]):
                    report(doc, "gtin-checksum", doc.prefix + "/code", "bad check digit")
            # nutrition-consistency
            if kind == "product" and isinstance(v.get("nutrition"), dict):
                for part in ("per100g", "perServing"):
                    for ptr, msg in nutrition_diags(doc.file, f"{doc.prefix}/nutrition/{part}",
                                                    v["nutrition"].get(part), part == "per100g"):
                        report(doc, "nutrition-consistency", ptr, msg)
            if kind == "recipe" and isinstance(v.get("nutrition"), dict):
                n = v["nutrition"]
                for ptr, msg in nutrition_diags(doc.file, f"{doc.prefix}/nutrition", n, n.get("per") == "100g"):
                    report(doc, "nutrition-consistency", ptr, msg)
            # unknown-unit
            for i, ing in enumerate(v.get("ingredients") or []):
                if isinstance(ing, dict) and isinstance(ing.get("unit"), str) and ing["unit"] not in KNOWN_UNITS:
                    report(doc, "unknown-unit", f"{doc.prefix}/ingredients/{i}/unit", f"unknown unit {ing['unit']}")
            q = v.get("quantity")
            if kind == "product" and isinstance(q, dict) and isinstance(q.get("unit"), str) and q["unit"] not in KNOWN_UNITS:
                report(doc, "unknown-unit", f"{doc.prefix}/quantity/unit", f"unknown unit {q['unit']}")
            # url
            for i, link in enumerate(v.get("links") or []):
                if isinstance(link, str) and link.startswith(("http://", "https://")) and not url_ok(link):
                    report(doc, "url", f"{doc.prefix}/links/{i}", f"malformed URL {link}")
            video = v.get("video")
            if isinstance(video, str) and video.startswith(("http://", "https://")) and not url_ok(video):
                report(doc, "url", f"{doc.prefix}/video", f"malformed URL {video}")
            # reference
            for i, shop in enumerate(v.get("shops") or []):
                if isinstance(shop, (str, int)) and shop not in location_ids:
                    report(doc, "reference", f"{doc.prefix}/shops/{i}", f"no location with id {shop!r}")
            if taxonomy:
                for field_name in ("allergens", "categories", "labels", "origins", "tags"):
                    for i, tag in enumerate(v.get(field_name) or []):
                        if isinstance(tag, str) and tag not in taxonomy:
                            report(doc, "reference", f"{doc.prefix}/{field_name}/{i}", f"tag {tag} not in the taxonomy")
                if isinstance(v.get("category"), str) and v["category"] not in taxonomy:
                    report(doc, "reference", f"{doc.prefix}/category", f"category {v['category']} not in the taxonomy")
            # near-duplicate-location
            if kind == "location" and isinstance(v.get("coordinates"), dict):
                c = v["coordinates"]
                if isinstance(c.get("latitude"), (int, float)) and isinstance(c.get("longitude"), (int, float)):
                    for other, oc in places:
                        if near(oc, c):
                            report(doc, "near-duplicate-location", f"{doc.prefix}/coordinates",
                                   f"within 25 m of {other.value.get('id')}")
                            break
                    places.append((doc, c))


# --------------------------------------------------------------------------------------

def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--write-positions", action="store_true",
                    help="recompute line and column in every mistakes/expected.json")
    ap.add_argument("examples", nargs="*", help="example folders (default: all of Examples/)")
    args = ap.parse_args()

    config_validator = validator_for(SCHEMAS / "config.schema.json", load_registry())
    self_test = schema_self_test(load_registry())
    for msg in self_test:
        print(f"FAIL {msg}")
    print(f"Schemas: {sum(len(c) for c in SCHEMA_CASES.values())} example values of common definitions "
          f"and {len(CONFIG_CASES)} larder.yml documents checked")
    folders = [Path(e).resolve() for e in args.examples] or sorted(
        p for p in EXAMPLES.iterdir() if (p / "larder.yml").is_file())
    failures = len(self_test)

    def fail(msg):
        nonlocal failures
        failures += 1
        print(f"FAIL {msg}")

    for folder in folders:
        name = folder.relative_to(ROOT)
        project = Project(folder, config_validator)
        for msg in project.config_errors:
            fail(f"{name}/larder.yml: {msg}")
        diags, parsed = project.lint()
        count = sum(len(project.files(e)) for e in project.entries)
        docs = 0
        for f, ds in diags.items():
            p = parsed[f]
            docs += len(p.value) if isinstance(p.value, list) else 1
            for d in ds:
                off = p.key_at.get(d.pointer) if d.at == "key" else p.value_at.get(d.pointer)
                line, col = p.position(off) if off is not None else (0, 0)
                fail(f"{os.path.relpath(f, ROOT)}:{line}:{col}: [{d.rule}] {d.pointer}: {d.message}")
        print(f"{name}: {count} files, {docs} documents, "
              f"{sum(len(v) for v in diags.values())} diagnostics")

        expected_path = folder / "mistakes" / "expected.json"
        if not expected_path.is_file():
            fail(f"{name}: no mistakes/expected.json")
            continue
        expected = json.loads(expected_path.read_text())
        included = {os.path.realpath(f) for e in project.entries for f in project.files(e)}
        listed = set()
        for case in expected["mistakes"]:
            f = str(folder / "mistakes" / case["file"])
            listed.add(case["file"])
            if os.path.realpath(f) in included:
                fail(f"{case['file']}: matched by an include glob of {name}/larder.yml")
            got, parsed = project.lint(extra=[(f, case["kind"])])
            mine = got.get(f, [])
            p = parsed[f]
            want = [d for d in mine if d.rule == case["rule"] and d.pointer == case["pointer"]]
            if not want:
                fail(f"{name}/mistakes/{case['file']}: expected [{case['rule']}] at {case['pointer']}, got "
                     + ", ".join(f"[{d.rule}] {d.pointer} ({d.message})" for d in mine))
                continue
            others = [d for d in mine if d not in want and d.rule not in case.get("alsoReported", [])]
            if others:
                fail(f"{name}/mistakes/{case['file']}: unexpected " + ", ".join(
                    f"[{d.rule}] {d.pointer} ({d.message})" for d in others))
            at = case.get("at", "value")
            off = p.key_at.get(case["pointer"]) if at == "key" else p.value_at.get(case["pointer"])
            line, col = p.position(off)
            if args.write_positions:
                case["line"], case["column"] = line, col
            elif (case.get("line"), case.get("column")) != (line, col):
                fail(f"{name}/mistakes/{case['file']}: expected.json says {case.get('line')}:{case.get('column')}, "
                     f"the {at} at {case['pointer']} starts at {line}:{col}")
        present = {p.name for p in (folder / "mistakes").glob("*.json")} - {"expected.json"}
        for missing in sorted(present - listed):
            fail(f"{name}/mistakes/{missing}: not listed in expected.json")
        if args.write_positions:
            expected_path.write_text(json.dumps(expected, indent=2, ensure_ascii=False) + "\n")
        print(f"{name}: {len(expected['mistakes'])} planted mistakes checked")

    print("OK" if failures == 0 else f"{failures} failure(s)")
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
