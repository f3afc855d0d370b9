"""``python -m engine``: the command line (see ``engine.cli``)."""

from __future__ import annotations

from .cli import main

raise SystemExit(main())
