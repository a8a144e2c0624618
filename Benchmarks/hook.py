#!/usr/bin/env python3
"""Hook-speed benchmark: `larder lint` on 20 changed files in a project of 10,000 content
files, as a pre-commit hook runs it (paths given; cross-file rules still see every file).

Makes the project in the system temp folder (10,000 recipes in 100 folders, a larder.yml,
a git repository with the 20 changes staged), then times each command as a fresh process,
median of --runs (default 21), and prints the table. The lint cache (.larder-cache/) is
removed first: the first run builds it (timed once, as "first run"); the medians are of
the runs after it, as hooks run day to day; `--no-cache` runs parse every file.

    swift build -c release --product larder
    python3 Benchmarks/hook.py [--runs 21] [--files 10000]
"""
import json, os, shutil, statistics, subprocess, sys, tempfile, time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LARDER = os.path.abspath(os.environ.get("LARDER_BIN", str(ROOT / ".build/release/larder")))
INGREDIENTS = ["flour", "sugar", "butter", "egg", "milk", "salt", "olive oil", "garlic", "onion", "tomato"]


def recipe(i, servings=4):
    return {
        "id": f"recipe-{i:05d}",
        "name": {"en": f"Recipe number {i}"},
        "description": {"en": "A dish for the benchmark, with a description of ordinary length."},
        "category": "dinner",
        "difficulty": ["easy", "medium", "hard"][i % 3],
        "servings": servings,
        "time": {"prep": 10 + i % 30, "cook": 20},
        "ingredients": [{"name": INGREDIENTS[(i + k) % 10], "quantity": 1 + k, "unit": "g"} for k in range(6)],
        "steps": [{"en": f"Step {k + 1}: mix, heat and serve."} for k in range(5)],
    }


def make_project(n):
    base = Path(tempfile.gettempdir()) / f"larder-hook-bench-{n}"
    if (base / ".ready").exists():
        return base
    shutil.rmtree(base, ignore_errors=True)
    (base / "content/recipes").mkdir(parents=True)
    for i in range(n):
        folder = base / "content/recipes" / f"{i // 100:03d}"
        folder.mkdir(exist_ok=True)
        (folder / f"recipe-{i:05d}.json").write_text(json.dumps(recipe(i), indent=2, ensure_ascii=False) + "\n")
    (base / "larder.yml").write_text(
        "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/recipes/**/*.json\"]\n"
        "rules:\n  locale-complete: warning\n")
    git = lambda *a: subprocess.run(["git", *a], cwd=base, check=True, capture_output=True)
    git("init", "-q")
    git("add", ".")
    git("-c", "user.email=bench@example.com", "-c", "user.name=bench", "commit", "-qm", "corpus")
    (base / ".ready").write_text("")
    return base


def changed_files(base, count):
    paths = []
    for k in range(count):
        i = k * 487 % 10000
        path = base / "content/recipes" / f"{i // 100:03d}" / f"recipe-{i:05d}.json"
        if not path.exists():
            continue
        path.write_text(json.dumps(recipe(i, servings=6), indent=2) + "\n")
        paths.append(str(path.relative_to(base)))
    subprocess.run(["git", "add", *paths], cwd=base, check=True)
    return paths


def median_ms(argv, cwd, runs):
    times, rc = [], None
    for _ in range(runs):
        t0 = time.perf_counter()
        r = subprocess.run(argv, cwd=cwd, capture_output=True)
        times.append((time.perf_counter() - t0) * 1000)
        rc = r.returncode
    return statistics.median(times), min(times), rc


def main():
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 21
    n = int(sys.argv[sys.argv.index("--files") + 1]) if "--files" in sys.argv else 10000
    base = make_project(n)
    paths = changed_files(base, 20)
    shutil.rmtree(base / ".larder-cache", ignore_errors=True)
    first = [LARDER, "lint", *paths]
    t0 = time.perf_counter()
    rc = subprocess.run(first, cwd=base, capture_output=True).returncode
    cold = (time.perf_counter() - t0) * 1000
    cases = [
        ("lint 20 changed files", [LARDER, "lint", *paths]),
        ("lint --staged 20 changed files", [LARDER, "lint", "--staged", *paths]),
        ("lint --no-cache 20 changed files", [LARDER, "lint", "--no-cache", *paths]),
        ("lint whole project", [LARDER, "lint"]),
        ("lint --no-cache whole project", [LARDER, "lint", "--no-cache"]),
    ]
    print(f"{n} content files, {len(paths)} changed; wall clock per process, {runs} runs, {os.cpu_count()} cores")
    print("| command | median ms | min ms | exit |")
    print("|---|---|---|---|")
    print(f"| lint 20 changed files, first run (no cache yet; writes it) | {cold:.0f} | {cold:.0f} | {rc} |")
    for name, argv in cases:
        subprocess.run(argv, cwd=base, capture_output=True)  # a warm-up (the staged run fills in blob ids)
        med, low, rc = median_ms(argv, base, runs if "whole" not in name else max(3, runs // 5))
        print(f"| {name} | {med:.0f} | {low:.0f} | {rc} |")


if __name__ == "__main__":
    main()
