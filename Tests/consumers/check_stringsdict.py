"""Reads every .stringsdict given with Python's plistlib (after `xmllint --noout` has
checked the XML) and checks each entry's shape: NSStringLocalizedFormatKey naming one
variable, that variable an NSStringPluralRuleType dictionary with a value type and an
`other` form, and only CLDR category names. Prints one PASS or FAIL line per file."""
import plistlib, re, sys

CATEGORIES = {'zero', 'one', 'two', 'few', 'many', 'other'}
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
            names = re.findall(r'%#@([A-Za-z0-9_]+)@', fmt)
            if not names:
                problems.append(f'{key}: NSStringLocalizedFormatKey {fmt!r} names no variable')
                continue
            for name in names:
                rule = entry.get(name)
                if not isinstance(rule, dict) or rule.get('NSStringFormatSpecTypeKey') != 'NSStringPluralRuleType':
                    problems.append(f'{key}: {name} is not an NSStringPluralRuleType dictionary')
                    continue
                if not rule.get('NSStringFormatValueTypeKey'):
                    problems.append(f'{key}: {name} has no NSStringFormatValueTypeKey')
                forms = set(rule) - {'NSStringFormatSpecTypeKey', 'NSStringFormatValueTypeKey'}
                if 'other' not in forms or not forms <= CATEGORIES:
                    problems.append(f'{key}: forms {sorted(forms)}')
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
