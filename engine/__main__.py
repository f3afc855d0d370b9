"""``python -m engine``: the command line (see ``engine.cli``)."""

from __future__ import annotations

import os
import sys

from .cli import main

try:
    status = main()
    sys.stdout.flush()
except BrokenPipeError:
    # The reader went away (``... | head``): stop quietly, as Unix tools do, and keep the
    # interpreter from complaining when it flushes stdout on exit.
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    status = 1
raise SystemExit(status)
