#!/usr/bin/env python3
"""Parlour's developer entry point (stdlib only, so it runs before anything is installed).

    python3 build.py test    # set up, then lint, type-check and test on CPython and Pyodide
    python3 build.py bench   # engine speed: random full games per second, CPython vs Pyodide
    python3 build.py build   # the static browser site in dist/ (engine wheel + vendored runtime)
    python3 build.py serve   # build, then serve dist/ on http://127.0.0.1:8000/ (--port N)

Each subcommand is a small function registered with argparse in ``main``; the work is in the
package ``sitebuild/``, a module per job (``assemble.build_site`` builds the site,
``server.site_server`` serves it; ``tools_install`` holds the set-up helpers, safe to call more
than once and fast when nothing changed). Note: this file is named ``build.py``, which shadows
the PyPI ``build`` package when the repo root is the working directory, so never run
``python -m build`` from here (wheels are built with ``pip wheel`` instead).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from sitebuild.assemble import DEFAULT_ENGINE_INSTALL, ENGINE_INSTALLS, build_site
from sitebuild.embed_pages import DEFAULT_BASE_URL
from sitebuild.paths import DIST, PYTHON
from sitebuild.server import site_server
from sitebuild.stdlib import DEFAULT_STDLIB, STDLIBS
from sitebuild.steps import STEPS_DONE, StepFailed, run, say
from sitebuild.tools_install import (
    NEEDS_TOOLS,
    ensure_browser,
    ensure_node_modules,
    ensure_python_deps,
    externally_managed,
    rerun_in_venv,
)

# --- subcommands -------------------------------------------------------------------------


def cmd_test(args: argparse.Namespace) -> None:
    """Set up, then every check in order; stop at the first failure."""
    ensure_python_deps()
    ensure_node_modules()
    ensure_browser()
    run("ruff check", [PYTHON, "-m", "ruff", "check", "."])
    run("ruff format", [PYTHON, "-m", "ruff", "format", "--check", "."])
    run("mypy", [PYTHON, "-m", "mypy"])  # the files in pyproject.toml: engine, sitebuild, build.py
    # Exit code 5 means "no tests collected": that is a failure here, not a pass.
    run("pytest (CPython)", [PYTHON, "-m", "pytest", "-q", *args.pytest_args])
    run("pytest (Pyodide)", [PYTHON, "tests/pyodide/run.py", *args.pytest_args])


def cmd_bench(args: argparse.Namespace) -> None:
    """Random full games per second per game, on CPython and on Pyodide under Node."""
    ensure_python_deps()
    ensure_node_modules()
    run("benchmark", [PYTHON, "benchmarks/engine_speed.py", *args.bench_args])


def cmd_build(args: argparse.Namespace) -> None:
    """The static site in ``dist/``: front end, engine wheel and the vendored runtime."""
    build_site(
        Path(args.out).resolve(), args.engine_install, args.base_url, args.stdlib, args.minify
    )


def cmd_serve(args: argparse.Namespace) -> None:
    """Build, then serve ``dist/`` on 127.0.0.1 until interrupted."""
    base_url = args.base_url or f"http://127.0.0.1:{args.port}"
    site = build_site(DIST, base_url=base_url, stdlib=args.stdlib, minified=args.minify)
    try:
        server = site_server(site, args.port, verbose=True)
    except OSError as exc:
        raise StepFailed(f"serve: cannot listen on 127.0.0.1:{args.port} ({exc})") from exc
    say(f"serving {site} at http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)")
    try:
        server.serve_forever()
    finally:
        server.server_close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)

    p_test = sub.add_parser("test", help="set up, lint, type-check, test on CPython and Pyodide")
    p_test.add_argument("pytest_args", nargs="*", help="extra pytest arguments (after --)")
    p_test.set_defaults(func=cmd_test)

    p_bench = sub.add_parser("bench", help="engine speed on CPython and Pyodide")
    p_bench.add_argument("bench_args", nargs="*", help="arguments for engine_speed.py")
    p_bench.set_defaults(func=cmd_bench)

    p_build = sub.add_parser("build", help="build the static site into dist/")
    p_build.add_argument("--out", default=str(DIST), help="output folder (default: dist)")
    p_build.add_argument(
        "--engine-install",
        choices=ENGINE_INSTALLS,
        default=DEFAULT_ENGINE_INSTALL,
        help="how the browser installs the engine wheel (benchmarks compare them)",
    )
    p_build.add_argument(
        "--base-url",
        help="where the site is published, for oEmbed and discovery links (default: "
        f"$PARLOUR_BASE_URL, else Netlify's $URL, else {DEFAULT_BASE_URL})",
    )
    p_serve = sub.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    for p_site in (p_build, p_serve):
        p_site.add_argument(
            "--stdlib",
            choices=STDLIBS,
            default=DEFAULT_STDLIB,
            help="trimmed: only the stdlib files a visit imports, compiled ahead (default); "
            "full: Pyodide's stock python_stdlib.zip",
        )
        p_site.add_argument(
            "--no-minify",
            dest="minify",
            action="store_false",
            help="keep js/ and css/ as written (default: minified with the pinned esbuild)",
        )
    p_build.set_defaults(func=cmd_build)

    p_serve.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    p_serve.add_argument("--base-url", help="as for build (default: this server's address)")
    p_serve.set_defaults(func=cmd_serve)

    args = parser.parse_args(argv)
    if args.command in NEEDS_TOOLS and externally_managed():
        return rerun_in_venv(sys.argv[1:] if argv is None else list(argv))
    func: Callable[[argparse.Namespace], None] = args.func
    start = time.monotonic()
    try:
        func(args)
    except StepFailed as exc:
        say(f"FAILED: {exc} ({time.monotonic() - start:.1f} s)")
        return 1
    except KeyboardInterrupt:
        say("interrupted")
        return 130
    steps = ", ".join(f"{step} {seconds:.0f} s" for step, seconds in STEPS_DONE)
    say(f"OK: {args.command} passed in {time.monotonic() - start:.1f} s ({steps})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
