"""The front end's own modules and stylesheets, minified with the pinned esbuild."""

from __future__ import annotations

import subprocess
from pathlib import Path

from sitebuild.paths import ROOT
from sitebuild.steps import StepFailed

MINIFY_DIRS = ("js", "css")
"""Where build.py minifies every ``.js`` and ``.css`` in place (``--no-minify`` keeps them as
written). sw.js, the pages and ``vendor/`` are left alone."""


def minify(stage: Path) -> tuple[int, int]:
    """Minify the front end's own modules and stylesheets with the pinned esbuild, one file
    at a time (a transform: imports, exports and top-level await are kept, nothing is
    bundled). Returns the bytes before and after."""
    tool = ROOT / "node_modules" / "esbuild" / "bin" / "esbuild"
    if not tool.is_file():
        raise StepFailed("build: node_modules/esbuild is missing (npm ci installs it)")
    kinds = {".js", ".css"}
    files = sorted(p for d in MINIFY_DIRS for p in (stage / d).rglob("*") if p.suffix in kinds)
    before = sum(p.stat().st_size for p in files)
    for chunk in range(0, len(files), 40):
        batch = files[chunk : chunk + 40]
        loader = [f"--loader:{suffix}={suffix[1:]}" for suffix in (".js", ".css")]
        done = subprocess.run(
            [str(tool), *map(str, batch), "--minify", "--target=es2022,chrome110",
             f"--outbase={stage}", f"--outdir={stage}", "--allow-overwrite", "--log-level=error",
             "--charset=utf8", *loader],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        if done.returncode != 0:
            raise StepFailed(f"build: esbuild could not minify:\n{done.stderr.strip()[-2000:]}")
    return before, sum(p.stat().st_size for p in files)
