#!/usr/bin/env python3
"""Larder export plugin: writes `abv.csv`, one line per recipe with its id and `x-abv`."""
import json
import sys

request = json.load(sys.stdin)
lines = ["id,abv"]
for document in request["documents"]:
    value = document["value"]
    if document["kind"] == "recipe" and "x-abv" in value:
        lines.append("%s,%s" % (value["id"], value["x-abv"]))
json.dump({"artifacts": [{"path": "abv.csv", "text": "\n".join(lines) + "\n"}]}, sys.stdout)
