"""``tablekeeper recap FILE [--adventure N] [--since DATE] [--scene NAME] [--gm] [-o FILE.md]``.

Writes the Markdown recap (:mod:`tui.session.recap`) of the campaign in FILE to stdout, or
to ``-o FILE.md`` (written whole to a temporary file, then renamed over the target, so a
reader never sees half a recap). The save is opened read-only, so a recap can be written
while the GM's app has the campaign open; the log is streamed, never loaded whole. For the
players unless ``--gm``. The log's index (:mod:`tui.store.logindex`) is brought up to date
first, so only the entries the recap covers are read from the log. Exit status: 0, 1 for a
save or log that does not read (the message names the file and place), 2 for a bad argument.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tui.session.recap import RecapOptions, recap
from tui.session.systems.registry import tracker
from tui.store.errors import SaveError
from tui.store.files import write_text
from tui.store.logfile import iter_entries
from tui.store.logindex import LogIndex
from tui.store.store import Store

__all__ = ["recap_file", "recap_main"]


def recap_file(save: Path, options: RecapOptions) -> str:
    """The recap of the campaign saved at ``save`` (its log replayed, as opening does), by
    the log's index, brought up to date first (built, if there is none), when it can be
    written beside the log; else by streaming the log."""
    with Store.open(save, read_only=True, keep=1) as store:
        campaign, log = store.campaign, store.log_path
    index = LogIndex(log, wait=5.0)
    try:
        usable = index if index.sync() else None
        return recap(
            tracker(campaign.system), campaign, lambda: iter_entries(log), options, index=usable
        )
    finally:
        index.close()


def recap_main(save: Path, options: RecapOptions, output: Path | None) -> int:
    try:
        text = recap_file(save, options)
    except SaveError as exc:
        print(f"tablekeeper recap: {exc}", file=sys.stderr)
        return 1
    except ValueError as exc:  # a scene name no scene has
        print(f"tablekeeper recap: {exc}", file=sys.stderr)
        return 2
    if output is None:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
        return 0
    try:
        write_text(output, text if text.endswith("\n") else text + "\n")
    except OSError as exc:
        print(f"tablekeeper recap: {output}: cannot write: {exc.strerror or exc}", file=sys.stderr)
        return 1
    return 0
