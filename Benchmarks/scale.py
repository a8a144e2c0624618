#!/usr/bin/env python3
"""Scaling benchmark: `larder scale --jsonl --factor 2` against `larder validate --jsonl`.

Times both over the same 100,000 recipes (one per line) in the same run, as fresh
processes (start-up, read, parse, work, write), and prints the ratio. The target is that
scaling takes no more than twice as long as validating. The corpus's recipes have fields
Larder's recipe model does not (numeric quantities with unit strings, extra fields): the
structured-ingredient path scales them and everything else passes through untouched.

    python3 ../shared/bench/gen_corpus.py          # the corpus, into the system temp folder
    swift build -c release --product larder
    python3 Benchmarks/scale.py [--reps 5] [--corpus DIR] [--bin PATH]

Output goes to /dev/null (stdout) and a temporary file (stderr, the notes); peak memory
is each process's maximum resident set.
"""
import argparse, os, statistics, subprocess, sys, tempfile, time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CORPUS = Path(os.environ.get("LARDER_BENCH_CORPUS", Path(tempfile.gettempdir()) / "larder-bench-corpus"))


def run(argv, cwd):
    """Runs argv; returns (wall seconds, CPU seconds, peak RSS in MB, exit status, stderr tail)."""
    with open(os.devnull, "wb") as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(argv, cwd=cwd, stdout=out, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        err.seek(0)
        tail = err.read()[-400:].decode("utf-8", "replace")
    rss_mb = usage.ru_maxrss / 1024  # kilobytes on Linux
    cpu = usage.ru_utime + usage.ru_stime
    return wall, cpu, rss_mb, os.waitstatus_to_exitcode(status), tail


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    ap.add_argument("--bin", type=Path, default=Path(os.environ.get("LARDER_BIN", ROOT / ".build/release/larder")))
    a = ap.parse_args()
    corpus = a.corpus
    lines = corpus / "recipes.jsonl"
    if not lines.exists():
        sys.exit(f"no corpus at {lines}: run python3 ../shared/bench/gen_corpus.py first")
    if not a.bin.exists():
        sys.exit(f"no binary at {a.bin}: run swift build -c release --product larder first")
    cases = {
        "validate": [str(a.bin), "validate", "--jsonl", "--schema", "recipe.schema.json", "recipes.jsonl"],
        "scale": [str(a.bin), "scale", "--jsonl", "--factor", "2", "recipes.jsonl"],
    }
    results = {name: [] for name in cases}
    for rep in range(a.reps):
        # Alternate the order so drift on a shared machine hits both alike.
        order = list(cases) if rep % 2 == 0 else list(reversed(cases))
        for name in order:
            wall, cpu, rss, code, tail = run(cases[name], corpus)
            if code not in (0, 1) or (name == "scale" and code != 0):
                sys.exit(f"{name} exited {code}: {tail}")
            results[name].append((wall, cpu, rss))
    size_mb = lines.stat().st_size / 1e6
    print(f"\n100,000 recipes, {size_mb:.0f} MB of JSON Lines; median of {a.reps} runs; {os.cpu_count()} cores")
    print("| command | wall s (median) | wall s (min) | CPU s (median) | MB/s | peak RSS MB |")
    print("|---|---|---|---|---|---|")
    medians, cpus = {}, {}
    for name, runs in results.items():
        walls = [w for w, _, _ in runs]
        medians[name] = statistics.median(walls)
        cpus[name] = statistics.median(c for _, c, _ in runs)
        print(f"| larder {name} --jsonl | {medians[name]:.2f} | {min(walls):.2f} | {cpus[name]:.2f} | "
              f"{size_mb / medians[name]:.0f} | {max(r for _, _, r in runs):.0f} |")
    ratio = medians["scale"] / medians["validate"]
    print(f"\nscale / validate, wall clock = {ratio:.2f}x (target: at most 2x) -> {'OK' if ratio <= 2 else 'over target'}")
    print(f"scale / validate, CPU time   = {cpus['scale'] / cpus['validate']:.2f}x (steadier on a busy machine)")


if __name__ == "__main__":
    main()
