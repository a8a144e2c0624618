#!/bin/sh
# Larder lint plugin in POSIX sh (no jq, no Python): flags every document whose text
# holds "TODO" (a warning at the document itself).
#
# larder.yml:
#   plugins:
#     - id: no-todo
#       stage: lint
#       command: [sh, ../shell/no-todo.sh]
#
# Larder writes the request as compact JSON in which each document starts with
# {"file":"…", …, "pointer":"…", "value":…}, so awk can cut it at those points.
awk '
  { request = request $0 "\n" }
  END {
    n = split(request, parts, /\{"file":"/)
    out = ""
    for (i = 2; i <= n; i++) {
      piece = parts[i]
      file = substr(piece, 1, index(piece, "\"") - 1)
      pointer = ""
      if (match(piece, /"pointer":"[^"]*"/)) pointer = substr(piece, RSTART + 11, RLENGTH - 12)
      if (index(piece, "TODO") > 0) {
        if (out != "") out = out ","
        out = out "{\"file\":\"" file "\",\"pointer\":\"" pointer "\",\"severity\":\"warning\",\"rule\":\"todo\",\"message\":\"the text still holds a TODO\"}"
      }
    }
    printf "{\"diagnostics\":[%s]}\n", out
  }'
