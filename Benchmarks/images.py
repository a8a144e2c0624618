#!/usr/bin/env python3
"""Images benchmark: the peak memory and time of `larder build` with the `images` exporter,
streamed and with `--no-stream` (the whole-content path), on a recipe app with many
pictures, in one run.

Makes the project in the system temp folder: --n recipes (default 2,000) in files of 50,
each with two pictures of --kb KiB (default 256; random bytes, so no two are alike), and a
larder.yml that exports json-bundle and images (and larder-bundle-images.yml, json-bundle
with `images: true`, which copies the pictures into its own folder). Each command runs as a fresh process; the
table gives the median wall and CPU time of --reps runs and the peak resident memory, also
as a multiple of the pictures' size (the whole path holds every picture and every document
at once; the stream holds one picture at a time).

    swift build -c release --product larder
    python3 Benchmarks/images.py [--n 2000] [--kb 256] [--reps 3]
"""
import json, os, shutil, sys, tempfile
from pathlib import Path

from build import LARDER, measure  # the binary and the timing of build.py, beside this script



def arg(name, default):
    return int(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


def recipe(i):
    return {
        "id": f"recipe-{i:05d}",
        "name": {"en": f"Recipe {i}", "pt": f"Receita {i}"},
        "servings": 4,
        "ingredients": [{"name": {"en": "flour", "pt": "farinha"}, "quantity": 200, "unit": "g"}],
        "steps": [{"en": "Mix and bake.", "pt": "Misture e asse."}],
        "images": [f"recipe-{i:05d}-1.jpg", f"recipe-{i:05d}-2.jpg"],
    }


def make_project(n, kb):
    base = Path(tempfile.gettempdir()) / f"larder-images-bench-{n}-{kb}"
    if (base / ".ready").exists():
        return base
    shutil.rmtree(base, ignore_errors=True)
    (base / "content").mkdir(parents=True)
    (base / "images").mkdir()
    for start in range(0, n, 50):
        batch = [recipe(i) for i in range(start, min(n, start + 50))]
        (base / "content" / f"recipes-{start // 50:04d}.json").write_text(json.dumps(batch, indent=2))
        for r in batch:
            for name in r["images"]:
                (base / "images" / name).write_bytes(os.urandom(kb * 1024))
    (base / "larder.yml").write_text(
        "locales: [en, pt]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\n    images: images\n"
        "exports:\n  - json-bundle: { out: dist/json }\n  - images: { out: dist/images }\n")
    (base / "larder-bundle-images.yml").write_text(
        "locales: [en, pt]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\n    images: images\n"
        "exports:\n  - json-bundle: { out: dist/json, images: true }\n")
    (base / ".ready").write_text("")
    return base


def main():
    n, kb, reps = arg("--n", 2000), arg("--kb", 256), arg("--reps", 3)
    base = make_project(n, kb)
    pictures = sum(p.stat().st_size for p in (base / "images").iterdir())
    content = sum(p.stat().st_size for p in (base / "content").iterdir())
    rows = measure([("larder build (streamed)", [LARDER, "build"]),
                    ("larder build, json-bundle with images: true (streamed)", [LARDER, "build", "--config", "larder-bundle-images.yml"]),
                    ("larder build --no-stream", [LARDER, "build", "--no-stream"])], base, reps)
    print(f"{n} recipes ({content / 1e6:.1f} MB) with {2 * n} pictures ({pictures / 1e6:.0f} MB); median of {reps}, {os.cpu_count()} cores")
    print("| command | wall s | CPU s | peak memory MB | memory / pictures |")
    print("|---|---|---|---|---|")
    for name, wall, cpu, rss in rows:
        print(f"| {name} | {wall:.2f} | {cpu:.2f} | {rss / 1024:.0f} | {rss * 1024 / pictures:.2f}x |")


if __name__ == "__main__":
    main()
