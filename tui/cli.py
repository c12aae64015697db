"""The ``tablekeeper`` command: ``tablekeeper [SAVE]`` and ``tablekeeper check FILE...``."""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Sequence
from pathlib import Path

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["check"]:
        from tui.cli_check import check_main

        if len(args) < 2:
            print("usage: tablekeeper check FILE...", file=sys.stderr)
            return 2
        return check_main(args[1:])
    parser = argparse.ArgumentParser(
        prog="tablekeeper",
        description="A keyboard-first table tracker for tabletop RPG game masters. "
        "Use 'tablekeeper check FILE...' to validate saves.",
    )
    parser.add_argument("save", nargs="?", type=Path, help="campaign save to open (TOML)")
    parser.add_argument("--read-only", action="store_true", help="open as the player view")
    parser.add_argument("--saves", type=Path, help="folder of saves (default: saves/)")
    parser.add_argument("--seed", type=int, help="seed the dice (for demos and tests)")
    ns = parser.parse_args(args)
    seed = ns.seed if ns.seed is not None else os.environ.get("TABLEKEEPER_SEED")
    rng = random.Random(int(seed)) if seed is not None else random.Random()

    from tui.app import TablekeeperApp

    app = TablekeeperApp(ns.save, saves_dir=ns.saves, rng=rng, read_only=ns.read_only)
    app.run()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
