#!/usr/bin/env python3
"""Validation benchmark: `larder validate` against jsonschema-rs + orjson, in one run.

Runs ../shared/bench/peers.py, which times each case as a fresh process over the same
2,000 files of 50 recipes (start-up, schema compile, read, parse, validate), with
LARDER_BIN set so `larder validate --schema recipe-array.schema.json FILE...` is timed in
the same run, then prints the table and the wall-clock ratios.

    pip install jsonschema-rs orjson
    python3 ../shared/bench/gen_corpus.py
    swift build -c release --product larder
    python3 Benchmarks/validate.py [--reps 3]
"""
import json, os, subprocess, sys, tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PEERS = Path(os.environ.get("LARDER_BENCH_PEERS", ROOT.parent / "shared/bench/peers.py"))
RESULTS = Path(os.environ.get("LARDER_BENCH_RESULTS", Path(tempfile.gettempdir()) / "larder-bench-results"))


def main():
    reps = sys.argv[sys.argv.index("--reps") + 1] if "--reps" in sys.argv else "3"
    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else "jsonschema-rs+orjson,parse-orjson"
    env = dict(os.environ, LARDER_BIN=str(ROOT / ".build/release/larder"), LARDER_BENCH_RESULTS=str(RESULTS))
    subprocess.run([sys.executable, str(PEERS), "all", "--reps", reps, "--only", only, "--skip-cli"], env=env, check=True)
    data = json.loads((RESULTS / "bench-partial.json").read_text())
    rows = [r for r in data["results"] if r["input"] == "files"]
    larder = next(r for r in rows if r["case"] == "larder CLI")
    if larder.get("rc") != 0:
        sys.exit(f"larder exited {larder.get('rc')}: {larder.get('stdout_tail')}")
    print(f"\n{larder['docs']} recipes in 2,000 files, {larder['bytes'] / 1e6:.0f} MB, wall clock per process, median of {reps}, {data['nproc']} cores")
    print("| case | wall s | MB/s | larder is faster by |")
    print("|---|---|---|---|")
    for r in rows:
        ratio = r["wall_s"] / larder["wall_s"]
        print(f"| {r['case']} | {r['wall_s']:.2f} | {r['bytes'] / 1e6 / r['wall_s']:.0f} | {ratio:.2f}x |")


if __name__ == "__main__":
    main()
