"""Reads every .stringsdict given with Python's plistlib (after `xmllint --noout` has
checked the XML) and checks each entry's shape: NSStringLocalizedFormatKey naming one
variable, that variable an NSStringPluralRuleType dictionary with a value type and an
`other` form, and only CLDR category names. The variable is the count: when the `other`
form prints a number, the variable's argument (`%2$#@value@` is argument 2, `%#@value@`
argument 1) is one of its numbers, with that conversion as NSStringFormatValueTypeKey
(Foundation reads the argument as that type to pick the form: `@` for a name read an object
as the count). Prints one PASS or FAIL line per file."""
import plistlib, re, sys

CATEGORIES = {'zero', 'one', 'two', 'few', 'many', 'other'}
# A printf directive as Foundation reads one: %[n$][flags][width][.precision][length]conversion.
DIRECTIVE = re.compile(r"%(?:(\d+)\$)?[-+#0 ']*(\*|\d+)?(?:\.(\*|\d+))?(hh|h|ll|l|q|z|j|t|L)?([diouxXDOUfFeEgGaAcCsSp@])")
NUMBER = set('diouxXDOUfFeEgGaA')


def arguments(text):
    """The directives of `text` by argument number: {n: 'ld', ...} (`%%` is no directive)."""
    found, following = {}, 1
    for m in DIRECTIVE.finditer(text.replace('%%', '')):
        position, width, precision, length, conversion = m.groups()
        if position:
            n = int(position)
        else:
            following += (width == '*') + (precision == '*')
            n = following
            following += 1
        found.setdefault(n, (length or '') + conversion)
    return found
passed = failed = 0
for path in sys.argv[1:]:
    problems = []
    try:
        with open(path, 'rb') as f:
            plist = plistlib.load(f)
        if not isinstance(plist, dict) or not plist:
            problems.append('not a non-empty dictionary')
        for key, entry in (plist or {}).items():
            fmt = entry.get('NSStringLocalizedFormatKey', '')
            variables = re.findall(r'%(?:(\d+)\$)?#@([A-Za-z0-9_]+)@', fmt)
            if not variables:
                problems.append(f'{key}: NSStringLocalizedFormatKey {fmt!r} names no variable')
                continue
            for position, name in variables:
                rule = entry.get(name)
                if not isinstance(rule, dict) or rule.get('NSStringFormatSpecTypeKey') != 'NSStringPluralRuleType':
                    problems.append(f'{key}: {name} is not an NSStringPluralRuleType dictionary')
                    continue
                if not rule.get('NSStringFormatValueTypeKey'):
                    problems.append(f'{key}: {name} has no NSStringFormatValueTypeKey')
                forms = set(rule) - {'NSStringFormatSpecTypeKey', 'NSStringFormatValueTypeKey'}
                if 'other' not in forms or not forms <= CATEGORIES:
                    problems.append(f'{key}: forms {sorted(forms)}')
                printed = arguments(rule.get('other', ''))
                numbers = {n: t for n, t in printed.items() if t[-1] in NUMBER}
                argument = int(position or 1)
                if numbers and numbers.get(argument) != rule.get('NSStringFormatValueTypeKey'):
                    numbered = ', '.join(f'argument {n} as {t!r}' for n, t in sorted(numbers.items()))
                    problems.append(f'{key}: {name} is argument {argument} typed {rule.get("NSStringFormatValueTypeKey")!r}, '
                                    f'but the other form {rule.get("other")!r} prints its number as {numbered}')
    except Exception as error:
        problems.append(str(error))
    if problems:
        failed += 1
        print(f'FAIL stringsdict {path}: ' + '; '.join(problems[:5]))
    else:
        passed += 1
        print(f'PASS stringsdict {path}')
print(f'stringsdict: {passed} passed, {failed} failed')
sys.exit(1 if failed else 0)
