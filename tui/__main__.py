"""``python -m tui``: the same as the ``tablekeeper`` command."""

from __future__ import annotations

from tui.cli.main import main

raise SystemExit(main())
