"""Shared test set-up. Engine tests run on CPython and, unchanged, inside Pyodide under Node
(tests/pyodide/); tests that need a subprocess, the network or a browser are marked so the
Pyodide run skips them."""

from __future__ import annotations

import sys

import pytest

IN_PYODIDE = sys.platform == "emscripten"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not IN_PYODIDE:
        return
    skip = pytest.mark.skip(reason="needs CPython (subprocess, files or a browser)")
    for item in items:
        if item.get_closest_marker("cpython_only") or item.get_closest_marker("browser"):
            item.add_marker(skip)
