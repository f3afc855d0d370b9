"""Shared test set-up. Engine tests run on CPython and, unchanged, inside Pyodide under Node
(tests/pyodide/); tests that need a subprocess, the network or a browser are marked so the
Pyodide run skips them."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

IN_PYODIDE = sys.platform == "emscripten"
ROOT = Path(__file__).resolve().parents[1]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not IN_PYODIDE:
        return
    skip = pytest.mark.skip(reason="needs CPython (subprocess, files or a browser)")
    for item in items:
        if item.get_closest_marker("cpython_only") or item.get_closest_marker("browser"):
            item.add_marker(skip)


# --- the built site, shared by the browser suites (tests/browser, tests/engines) ----------------


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once per test session into a folder of its own (never the shared
    ``dist/``, so test runs at the same time, or ``build.py serve``, cannot clash)."""
    from sitebuild.assemble import build_site  # not at the top: Pyodide runs lack sitebuild
    from sitebuild.steps import StepFailed

    try:
        site: Path = build_site(tmp_path_factory.mktemp("site") / "dist")
    except StepFailed as exc:
        pytest.fail(f"could not build the site: {exc}")
    return site


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    """The built site (``site_dir``), served on a free port of 127.0.0.1."""
    from sitebuild.server import site_server

    server = site_server(site_dir, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()
