"""Compiles every .po given with msgfmt and formats its texts with the count as an app does:
Python's gettext reads the compiled catalog (pgettext, npgettext for n = 0...1e6) and
Python's `%` formats each answer, a printf of its own that reads `% d` ("50 % de remise")
as a directive with a space flag, as C's printf does. Checked: every entry whose source
text counts with a plain `%d` (its other `%` doubled: "%d items, 50%% off"), singular or
plural, in every form of every locale. A form may leave the count out ("one item"), then
it must format with no argument. Prints one PASS or FAIL line per file."""
import gettext, os, re, subprocess, sys, tempfile

COUNTS = [0, 1, 2, 3, 5, 11, 21, 100, 101, 1000, 1000000]


ESCAPES = {'n': '\n', 't': '\t', 'r': '\r', 'a': '\a', 'b': '\b', 'f': '\f', 'v': '\v'}


def unquote(lines):
    """The text of a PO string's lines (`"a\\n"` `"b"`), its C escapes read."""
    text = ''.join(re.match(r'^\s*"(.*)"\s*$', line).group(1) for line in lines)
    return re.sub(r'\\(?:([0-7]{1,3})|(.))', lambda m: chr(int(m.group(1), 8)) if m.group(1) else ESCAPES.get(m.group(2), m.group(2)), text)


def entries(path):
    """(msgctxt, msgid, msgid_plural) of each entry of the file, read from its fields."""
    fields, current, found = {}, None, []
    for line in open(path, encoding='utf-8').read().split('\n') + ['']:
        m = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?) (".*")$', line)
        if m:
            if m.group(1) == 'msgctxt' and fields:
                found.append(fields)
                fields = {}
            current = m.group(1)
            fields[current] = [m.group(2)]
        elif line.startswith('"') and current:
            fields[current].append(line)
        elif not line.strip() and fields:
            found.append(fields)
            fields, current = {}, None
    for f in found:
        if 'msgctxt' in f:
            yield unquote(f['msgctxt']), unquote(f['msgid']), unquote(f['msgid_plural']) if 'msgid_plural' in f else None


def counted(source):
    """True when `source` counts with a plain %d and has no other directive Python's printf
    lacks (`%1$d`, `%@`): a `%` before anything that starts no directive ("50% off") is
    the literal sign, which the export must have doubled for the app's printf."""
    after = re.findall(r'%(.?)', source.replace('%%', ''), re.S)
    return 'd' in after and all(c == 'd' or not re.match(r"[0-9A-Za-z@.*#+'-]", c) for c in after)


def formats(text, n):
    """None when `text` formats with the count (or, leaving it out, with nothing), else
    the error."""
    try:
        text % (n,)
        return None
    except (TypeError, ValueError) as with_count:
        try:
            text % ()
            return None
        except (TypeError, ValueError):
            return str(with_count)


passed = failed = 0
work = tempfile.mkdtemp()
for path in sys.argv[1:]:
    problems = []
    mo = os.path.join(work, 'catalog.mo')
    result = subprocess.run(['msgfmt', '-o', mo, path], capture_output=True, text=True)
    if result.returncode != 0:
        problems.append('msgfmt: ' + result.stderr.strip()[:200])
    else:
        with open(mo, 'rb') as f:
            catalog = gettext.GNUTranslations(f)
        for context, msgid, plural in entries(path):
            if not counted(plural if plural is not None else msgid):
                continue
            for n in COUNTS:
                text = catalog.npgettext(context, msgid, plural, n) if plural is not None else catalog.pgettext(context, msgid)
                error = formats(text, n)
                if error:
                    problems.append(f'{context} with n={n}: {text!r} % {n}: {error}')
                    break
    if problems:
        failed += 1
        print(f'FAIL gettext {path}: ' + '; '.join(problems[:5]))
    else:
        passed += 1
        print(f'PASS gettext {path}')
print(f'gettext: {passed} passed, {failed} failed')
sys.exit(1 if failed else 0)
