#!/usr/bin/env python3
"""Parse benchmark: Larder's parser against Python's json and orjson, in one run.

Each case reads and parses every file of the corpus made by ../shared/bench/gen_corpus.py
(2,000 files of 50 recipes, about 174 MB) on one core, best of --reps, and the table
reports MB/s and the ratio to orjson. Larder runs as the release `larder-bench` binary.

    swift build -c release --product larder-bench
    python3 ../shared/bench/gen_corpus.py            # once; needs nothing but Python
    python3 Benchmarks/parse.py [--reps 3]            # pip install orjson for the orjson row
"""
import json, os, subprocess, sys, tempfile, time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = Path(os.environ.get("LARDER_BENCH_CORPUS", Path(tempfile.gettempdir()) / "larder-bench-corpus"))
BIN = Path(os.environ.get("LARDER_BENCH_BIN", ROOT / ".build/release/larder-bench"))


def python_case(loads, mode, files, reps):
    best, total = float("inf"), 0
    for _ in range(reps):
        total = 0
        t0 = time.perf_counter()
        for p in files:
            with open(p, mode) as f:
                raw = f.read()
            total += len(raw)
            loads(raw)
        best = min(best, time.perf_counter() - t0)
    return total, best


def main():
    reps = int(sys.argv[sys.argv.index("--reps") + 1]) if "--reps" in sys.argv else 3
    files = sorted((CORPUS / "files").glob("*.json"))
    if not files:
        sys.exit(f"no corpus at {CORPUS}: run python3 ../shared/bench/gen_corpus.py first")
    if not BIN.exists():
        sys.exit(f"{BIN} is missing: run swift build -c release --product larder-bench first")
    rows = []
    out = subprocess.run([str(BIN), "parse", "--reps", str(reps)] + [str(p) for p in files],
                         capture_output=True, text=True, check=True).stdout
    d = json.loads(out.strip().splitlines()[-1])
    rows.append(("larder (Swift)", d["bytes"], d["seconds"]))
    rows.append(("python json", *python_case(json.loads, "r", files, reps)))
    try:
        import orjson
        rows.append(("orjson", *python_case(orjson.loads, "rb", files, reps)))
    except ImportError:
        print("orjson is not installed (pip install orjson); its row is left out")
    ref = next((r for r in rows if r[0] == "orjson"), rows[1])
    print(f"{len(files)} files, {rows[0][1] / 1e6:.0f} MB, read + parse, one core, best of {reps}")
    print(f"| parser | seconds | MB/s | vs {ref[0]} |")
    print("|---|---|---|---|")
    for name, nbytes, secs in rows:
        print(f"| {name} | {secs:.3f} | {nbytes / 1e6 / secs:.0f} | {ref[2] / secs:.2f}x |")


if __name__ == "__main__":
    main()
