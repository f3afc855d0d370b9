"""Where the build reads and writes: the repository, its web/ sources, dist/ and .cache/."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
WEB = ROOT / "web"
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
