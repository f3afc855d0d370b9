"""Screenshots of the rules dialog (web/js/rules/dialog.js), in English and Korean, for the docs
and for looking at the layout:

    python3 tools/rules_screens.py              # every shot into docs/screens/
    python3 tools/rules_screens.py --out /tmp/s

It builds the site into a temporary folder, serves it on 127.0.0.1 and opens each rules link
(`?lang=<lang>&rules=<page>#<section>`) in headless Chromium, saving
``rules-<page>-<lang>-<width>.png``. The browser and server helpers are tools/screens.py's.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screens"
HEIGHTS = {360: 740, 1280: 800}

# (page, section, widths): a worked example with pictures for each game, and the variants.
SHOTS = (
    ("nine-virtues", "scoring", (360, 1280)),
    ("to-the-moon", "scoring", (360,)),
    ("quodlibet", "snack", (360, 1280)),
    ("reading", "variants", (360,)),
)
LANGS = ("en", "ko")


def load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder for the PNGs")
    args = parser.parse_args(argv)
    screens = load("parlour_screens", ROOT / "tools" / "screens.py")
    args.out.mkdir(parents=True, exist_ok=True)
    with screens.served_page() as (page, url, errors):
        for doc, section, widths in SHOTS:
            for lang in LANGS:
                for width in widths:
                    page.set_viewport_size({"width": width, "height": HEIGHTS[width]})
                    page.goto(f"{url}?lang={lang}&rules={doc}#{section}")
                    page.wait_for_selector(f'dialog[open][data-section="{section}"]')
                    page.wait_for_timeout(300)
                    path = args.out / f"rules-{doc}-{lang}-{width}.png"
                    page.screenshot(path=str(path))
                    screens.report("rules_screens", path)
    failed: int = screens.failed("rules_screens", errors)
    return failed


if __name__ == "__main__":
    sys.exit(main())
