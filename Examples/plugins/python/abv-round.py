#!/usr/bin/env python3
"""Larder transform plugin: rounds `x-abv` to `options.digits` decimals (0 by default).

Returns only the documents it changed; Larder keeps the others as they are.
"""
import json
import sys

request = json.load(sys.stdin)
digits = request["options"].get("digits", 0)
changed = []
for document in request["documents"]:
    value = document["value"]
    abv = value.get("x-abv") if isinstance(value, dict) else None
    if isinstance(abv, float):
        rounded = round(abv, digits)
        value["x-abv"] = int(rounded) if digits == 0 else rounded
        changed.append({"file": document["file"], "index": document["index"], "value": value})
json.dump({"documents": changed}, sys.stdout)
