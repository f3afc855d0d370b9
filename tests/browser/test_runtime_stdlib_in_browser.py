"""The runtime the site ships: the trimmed, compiled stdlib (tools/runtime_stdlib.py) under a
content-hashed name, passed by the boot shim as ``stdLibURL``; Pyodide's lock cut to micropip;
``--stdlib full`` keeping the stock zip. Files only, no page: the rest of the browser suite
plays every game on this same build, so a module missing from it fails there too."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import zipfile
from pathlib import Path

import pytest

from sitebuild.assemble import build_site
from sitebuild.micropip import MICROPIP_OMITS
from sitebuild.steps import StepFailed
from sitebuild.wheel import BROWSER_OMITS

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.browser


def manifest(site: Path) -> dict[str, object]:
    found = re.search(
        r'<script type="application/json" id="parlour-build">(.*?)</script>',
        (site / "index.html").read_text(),
        re.DOTALL,
    )
    assert found is not None
    data: dict[str, object] = json.loads(found.group(1))
    return data


def runtime_dir(site: Path) -> Path:
    (folder,) = sorted((site / "vendor").glob("pyodide-*"))
    return folder


def shim_stdlib(folder: Path) -> str:
    (shim,) = sorted(folder.glob("parlour-boot-*.mjs"))
    found = re.search(r'^const STDLIB = "([^"]+)"; // build:stdlib$', shim.read_text(), re.M)
    assert found is not None, "the boot shim does not name its stdlib"
    return found.group(1)


def test_the_site_ships_the_trimmed_compiled_stdlib(site_dir: Path) -> None:
    folder = runtime_dir(site_dir)
    zips = sorted(p.name for p in folder.glob("*.zip"))
    assert len(zips) == 1 and re.fullmatch(r"python_stdlib-[0-9a-f]{10}\.zip", zips[0]), zips
    assert shim_stdlib(folder) == zips[0]
    downloads = [d["url"] for d in manifest(site_dir)["downloads"]]  # type: ignore[attr-defined]
    where = folder.relative_to(site_dir).as_posix()
    assert downloads == [f"{where}/{name}" for name in ("pyodide.asm.wasm", zips[0])]
    with zipfile.ZipFile(folder / zips[0]) as archive:
        infos = archive.infolist()
    names = {info.filename for info in infos}
    assert names and all(name.endswith(".pyc") for name in names)
    # Stored: the host compresses the whole file on the wire, far better than per entry.
    assert {info.compress_type for info in infos} == {zipfile.ZIP_STORED}
    stock = zipfile.ZipFile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip").namelist()
    assert len(names) < len([n for n in stock if n.endswith(".py")]) / 2
    # What the engine and its worker need, micropip's share, and the safety list.
    for needed in ("json/__init__.pyc", "hashlib.pyc", "zipfile/__init__.pyc", "email/parser.pyc"):
        assert needed in names
    assert "encodings/utf_16.pyc" in names and "traceback.pyc" in names
    assert "unittest/__init__.pyc" not in names and "sqlite3/__init__.pyc" not in names
    # The service worker precaches it (offline after one visit).
    sw = (site_dir / "sw.js").read_text()
    assert f"{folder.relative_to(site_dir)}/{zips[0]}" in sw


def test_the_lock_names_only_micropip_with_the_hash_of_the_wheel_shipped(site_dir: Path) -> None:
    folder = runtime_dir(site_dir)
    lock = json.loads((folder / "pyodide-lock.json").read_text())
    assert set(lock) == {"info", "packages"} and list(lock["packages"]) == ["micropip"]
    entry = lock["packages"]["micropip"]
    assert entry["sha256"] == hashlib.sha256((folder / entry["file_name"]).read_bytes()).hexdigest()
    assert lock["info"]["python"].startswith("3.14")
    # Both wheels are stored, for the host to compress (docs/RUNTIME.md, "Compression").
    for wheel in [folder / entry["file_name"], *site_dir.glob("py/*/*.whl")]:
        with zipfile.ZipFile(wheel) as archive:
            assert {i.compress_type for i in archive.infolist()} == {zipfile.ZIP_STORED}, wheel


def test_stdlib_full_keeps_the_stock_zip(tmp_path: Path) -> None:
    site = build_site(tmp_path / "site", stdlib="full")
    folder = runtime_dir(site)
    assert sorted(p.name for p in folder.glob("*.zip")) == ["python_stdlib.zip"]
    assert shim_stdlib(folder) == "python_stdlib.zip"
    stock = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
    assert (folder / "python_stdlib.zip").read_bytes() == stock.read_bytes()
    with pytest.raises(StepFailed, match="unknown stdlib"):
        build_site(tmp_path / "other", stdlib="tiny")


def test_the_browser_wheel_is_the_engine_less_its_terminal_front_end(site_dir: Path) -> None:
    """The wheel the page installs holds every engine file byte for byte as the source tree
    (the same rules, bots and saves CPython runs) but the terminal commands (engine/cli,
    ``python -m engine``), which no page imports; its RECORD lists exactly what it holds."""
    (wheel,) = sorted(site_dir.glob("py/*/parlour_engine-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        files = {n: archive.read(n) for n in names if not n.endswith("/")}
    source = {
        p.relative_to(ROOT).as_posix(): p.read_bytes()
        for p in (ROOT / "engine").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    kept = {n for n in source if not n.startswith(BROWSER_OMITS)}
    assert "engine/cli/__init__.py" in source and "engine/games/quodlibet/__init__.py" in kept
    engine_files = {n for n in files if n.startswith("engine/")}
    assert engine_files == kept
    assert all(files[n] == source[n] for n in kept)
    (record,) = [n for n in names if n.endswith(".dist-info/RECORD")]
    listed = {line.split(",", 1)[0] for line in files[record].decode().splitlines() if line}
    assert listed == set(files)
    assert not any(n.endswith("entry_points.txt") for n in names)


def test_micropip_ships_compiled_without_what_the_install_never_imports(site_dir: Path) -> None:
    """micropip's wheel less ``MICROPIP_OMITS`` (the stdlib trace installs the engine with
    this very wheel, so an omitted module that the install needs fails the build), every
    module compiled by Pyodide's Python to a sourceless ``.pyc`` in its place (no source left
    to compile on a first visit), its licence files kept, METADATA's licence cut to its name
    and RECORD true to the files."""
    folder = runtime_dir(site_dir)
    (wheel,) = sorted(folder.glob("micropip-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        files = {n: archive.read(n) for n in archive.namelist() if not n.endswith("/")}
    assert "micropip/package_manager.pyc" in files
    assert not [n for n in files if n.endswith(".py")]
    magic = (site_dir / "vendor").glob("pyodide-*/python_stdlib-*.zip")
    with zipfile.ZipFile(next(magic)) as stdlib:
        pyodide_magic = stdlib.read("os.pyc")[:4]
    assert all(files[n][:4] == pyodide_magic for n in files if n.endswith(".pyc"))
    sources = {n[:-1] if n.endswith(".pyc") else n for n in files}
    assert not [n for n in sources if n.startswith(MICROPIP_OMITS)]
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in files)
    (metadata,) = [files[n] for n in files if n.endswith(".dist-info/METADATA")]
    assert b"License: Mozilla Public License Version 2.0\n" in metadata
    assert b"1. Definitions" not in metadata and len(metadata) < 2000
    (record,) = [n for n in files if n.endswith(".dist-info/RECORD")]
    for line in files[record].decode().splitlines():
        name, digest, size = line.split(",")
        if name != record:
            sha = hashlib.sha256(files[name]).digest()
            assert digest == "sha256=" + base64.urlsafe_b64encode(sha).rstrip(b"=").decode()
            assert int(size) == len(files[name])
    assert {line.split(",", 1)[0] for line in files[record].decode().splitlines()} == set(files)
