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
# awk reads the request as JSON, one character at a time: it keeps track of strings (with
# their escapes) and of how deep it is, so it finds each document of the request's
# "documents" array and takes that document's own "file" and "pointer". (Searching the text
# for {"file":" also finds an object of a document whose first key is "file", and cutting a
# name at its first quote cuts content/say \"hi\".json short.) The file name and pointer are
# copied as the request writes them, escapes and all, so the answer is JSON for any name.
# LC_ALL=C: awk counts bytes, which JSON's quotes, brackets and backslashes are.
LC_ALL=C awk '
  { request = request $0 "\n" }
  END {
    n = length(request)
    depth = 0         # the containers open around the current character
    documents = 0     # inside the "documents" array of the request (depth 2)
    out = ""
    for (i = 1; i <= n; i++) {
      c = substr(request, i, 1)
      if (c == "\"") {
        # A string: to its closing quote, stepping over escapes (\" \\ \u0022).
        start = i + 1
        for (i = start; i <= n; i++) {
          c = substr(request, i, 1)
          if (c == "\\") i++
          else if (c == "\"") break
        }
        text = substr(request, start, i - start)
        if (object[depth] && expectkey[depth]) {
          key[depth] = text
        } else if (documents && depth == 3 && key[3] == "file") {
          file = text
        } else if (documents && depth == 3 && key[3] == "pointer") {
          pointer = text
        } else if (documents && depth > 3 && index(text, "TODO") > 0) {
          todo = 1
        }
      } else if (c == "{" || c == "[") {
        if (depth == 1 && c == "[" && key[1] == "documents") documents = 1
        depth++
        object[depth] = (c == "{")
        expectkey[depth] = 1
        key[depth] = ""
        if (documents && depth == 3) { file = ""; pointer = ""; todo = 0 }
      } else if (c == "}" || c == "]") {
        if (documents && depth == 3 && todo) {
          if (out != "") out = out ","
          out = out "{\"file\":\"" file "\",\"pointer\":\"" pointer "\",\"severity\":\"warning\",\"rule\":\"todo\",\"message\":\"the text still holds a TODO\"}"
        }
        if (depth == 2) documents = 0
        depth--
      } else if (c == ":") {
        expectkey[depth] = 0
      } else if (c == ",") {
        expectkey[depth] = 1
      }
    }
    printf "{\"diagnostics\":[%s]}\n", out
  }'
