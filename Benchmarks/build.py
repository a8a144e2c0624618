#!/usr/bin/env python3
"""Build benchmark: `larder build` (json-bundle + xcstrings, 3 locales) against
`larder validate` on the same recipes, in one run, with peak memory.

Turns the recipes of ../shared/bench/gen_corpus.py (recipes.jsonl) into a Larder project in
Larder's recipe model (names and steps in en, pt and de; 50 recipes a file), then times
each command as a fresh process and reads its peak resident memory. Every text (names,
steps, ingredient names) is written in all three locales, so the build is clean: a corpus
whose ingredient names are English only gives 850,000 `locale-complete` warnings, which
measures the report rather than the build.

    python3 ../shared/bench/gen_corpus.py
    swift build -c release --product larder
    python3 Benchmarks/build.py [--n 100000] [--reps 3] [--whole]

The row "build with no exports" is the same build with `exports:` left out: it loads,
parses and lints every file, so the build's time above it is the exports' (rendering,
hashing and writing); the `dd` row is the floor for writing the exports' bytes.

`--whole` adds a row for `larder build --no-stream` (the whole-content path, which holds
every document: several GB at 100,000 recipes); `--all` a row for a build to every
exporter that streams (json-bundle, xcstrings, jsonld, android, gettext, strings, i18next;
config `larder-all.yml`, output in `dist-all/`).
"""
import json, os, shutil, statistics, subprocess, sys, tempfile, time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LARDER = str(Path(os.environ.get("LARDER_BIN", ROOT / ".build/release/larder")).resolve())
CORPUS = Path(os.environ.get("LARDER_BENCH_CORPUS", Path(tempfile.gettempdir()) / "larder-bench-corpus"))
UNITS = {"piece": "piece", "pinch": "pinch", "clove": "clove", "slice": "slice"}


def larder_recipe(r):
    name = r["name"]
    return {
        "id": r["id"],
        "name": {"en": name, "pt": name + " (pt)", "de": name + " (de)"},
        "category": r["category"],
        "servings": r["servings"],
        "time": {"prep": r["prepTimeMinutes"]},
        "ingredients": [{"name": {"en": i["name"], "pt": i["name"] + " (pt)", "de": i["name"] + " (de)"}, "quantity": i["quantity"], "unit": UNITS.get(i["unit"], i["unit"])} for i in r["ingredients"]],
        "steps": [{"en": s, "pt": s + " (pt)", "de": s + " (de)"} for s in r["steps"]],
        "tags": r["tags"],
    }


def write_all_config(base):
    """`larder-all.yml`: the project's content, built to every exporter that streams."""
    (base / "larder-all.yml").write_text(
        "locales: [en, pt, de]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\n"
        "rules:\n  unknown-unit: \"off\"\n"
        "exports:\n  - json-bundle: { out: dist-all/json }\n  - xcstrings: { out: dist-all/ios/Content.xcstrings }\n"
        "  - jsonld: { out: dist-all/jsonld }\n  - android: { out: dist-all/android/res }\n  - gettext: { out: dist-all/po }\n"
        "  - strings: { out: dist-all/strings }\n  - i18next: { out: dist-all/i18next }\n")


def write_lint_only_config(base):
    """`larder-lint-only.yml`: the project's content with no exports, so that a build of it
    loads, parses and lints every file and writes nothing: the part of the build's time
    that is not the exports'."""
    (base / "larder-lint-only.yml").write_text(
        "locales: [en, pt, de]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\n"
        "rules:\n  unknown-unit: \"off\"\n")


def make_project(n):
    base = Path(tempfile.gettempdir()) / f"larder-build-bench-v2-{n}"
    if (base / ".ready").exists():
        write_all_config(base)
        write_lint_only_config(base)
        return base
    shutil.rmtree(base, ignore_errors=True)
    (base / "content").mkdir(parents=True)
    batch, k = [], 0
    with open(CORPUS / "recipes.jsonl") as f:
        for i, line in enumerate(f):
            if i >= n:
                break
            batch.append(larder_recipe(json.loads(line)))
            if len(batch) == 50:
                (base / "content" / f"recipes-{k:04d}.json").write_text(json.dumps(batch, indent=2, ensure_ascii=False))
                batch, k = [], k + 1
    if batch:
        (base / "content" / f"recipes-{k:04d}.json").write_text(json.dumps(batch, indent=2, ensure_ascii=False))
    (base / "larder.yml").write_text(
        "locales: [en, pt, de]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\n"
        "rules:\n  unknown-unit: \"off\"\n"
        "exports:\n  - json-bundle: { out: dist/json }\n  - xcstrings: { out: dist/ios/Content.xcstrings }\n")
    (base / "recipes-array.schema.json").write_text(json.dumps({
        "$schema": "https://json-schema.org/draft/2020-12/schema", "type": "array",
        "items": {"$ref": "https://larder.dev/schemas/recipe.schema.json"}}))
    write_all_config(base)
    write_lint_only_config(base)
    (base / ".ready").write_text("")
    return base


def timed(argv, cwd):
    """Wall seconds, CPU seconds (user + system), peak resident KiB and exit status of one
    fresh process (wait4 reports the child's own usage)."""
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, os.waitstatus_to_exitcode(status)


def measure(cases, cwd, reps):
    """Each (name, argv) of `cases` run `reps` times in `cwd`: (name, median wall s, median
    CPU s, peak resident KiB). A run that fails stops the script."""
    rows = []
    for name, argv in cases:
        runs = []
        for _ in range(reps):
            wall, cpu, rss, rc = timed(argv, cwd)
            if rc != 0:
                sys.exit(f"{name} exited {rc}; run it in {cwd} to see why")
            runs.append((wall, cpu, rss))
        rows.append((name, statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs), max(r[2] for r in runs)))
    return rows


def main():
    n = int(sys.argv[sys.argv.index("--n") + 1]) if "--n" in sys.argv else 100000
    reps = int(sys.argv[sys.argv.index("--reps") + 1]) if "--reps" in sys.argv else 3
    base = make_project(n)
    files = sorted(str(p.relative_to(base)) for p in (base / "content").glob("*.json"))
    size = sum((base / f).stat().st_size for f in files)
    cases = [
        ("larder validate", [LARDER, "validate", "--schema", "recipes-array.schema.json",
                             "--ref-map", f"https://larder.dev/schemas/={ROOT / 'Schemas'}", *files]),
        ("larder build with no exports (load and lint)", [LARDER, "build", "--config", "larder-lint-only.yml"]),
        ("larder build (json-bundle + xcstrings)", [LARDER, "build"]),
    ]
    if "--whole" in sys.argv:
        cases.append(("larder build --no-stream", [LARDER, "build", "--no-stream"]))
    if "--all" in sys.argv:
        cases.append(("larder build, all seven streaming exporters", [LARDER, "build", "--config", "larder-all.yml"]))
    rows = measure(cases, base, reps)
    # The floor no build can go under here: writing as many bytes as the build's outputs
    # hold with dd (1 MiB blocks, to a new file that is then removed, as a rebuild replaces
    # its previous output), timed the same way. On a virtual machine the kernel's copy into
    # the page cache costs far more than a memory copy.
    out_bytes = sum(p.stat().st_size for p in (base / "dist").rglob("*") if p.is_file())  # json-bundle + xcstrings
    floor = base / ".write-floor"
    runs = []
    for _ in range(reps):
        runs.append(timed(["dd", "if=/dev/zero", f"of={floor}", "bs=1M", f"count={(out_bytes >> 20) + 1}"], base)[:3])
        floor.unlink()
    rows.append((f"dd writing the build's {out_bytes / 1e6:.0f} MB of output", statistics.median(r[0] for r in runs),
                 statistics.median(r[1] for r in runs), max(r[2] for r in runs)))
    load = os.getloadavg()[0]
    print(f"{n} recipes in {len(files)} files, {size / 1e6:.0f} MB, 3 locales; median of {reps}, {os.cpu_count()} cores, load {load:.1f}")
    print("| command | wall s | CPU s | peak memory MB | wall vs validate | CPU vs validate | memory / input |")
    print("|---|---|---|---|---|---|---|")
    for name, wall, cpu, rss in rows:
        print(f"| {name} | {wall:.2f} | {cpu:.2f} | {rss / 1024:.0f} | {wall / rows[0][1]:.2f}x | {cpu / rows[0][2]:.2f}x | {rss * 1024 / size:.2f}x |")


if __name__ == "__main__":
    main()
