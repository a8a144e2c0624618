#!/usr/bin/env python3
"""Larder lint plugin: a cocktail's alcohol by volume (`x-abv`, in percent) stays under a limit.

larder.yml:
    plugins:
      - id: abv-limit
        stage: lint
        command: [python3, ../python/abv-limit.py]
        options: { limit: 30 }

Speaks larder-plugin/1 (see Docs/plugin-protocol.md): one request on standard input, one
response on standard output.
"""
import json
import sys


def main():
    request = json.load(sys.stdin)
    if request.get("protocol") != "larder-plugin/1":
        sys.exit("abv-limit speaks larder-plugin/1, not %r" % request.get("protocol"))
    limit = request["options"].get("limit", 40)
    field = request["options"].get("field", "x-abv")
    diagnostics = []
    for document in request["documents"]:
        value = document["value"]
        if document["kind"] != "recipe" or not isinstance(value, dict):
            continue
        abv = value.get(field)
        if isinstance(abv, (int, float)) and not isinstance(abv, bool) and abv > limit:
            diagnostics.append({
                "file": document["file"],
                "pointer": document["pointer"] + "/" + field.replace("~", "~0").replace("/", "~1"),
                "message": "%s: alcohol by volume %g%% is above the limit %g%%" % (value.get("id", "?"), abv, limit),
                "severity": "error",
                "rule": "over-limit",
            })
    json.dump({"diagnostics": diagnostics}, sys.stdout)


main()
