"""The crash handler: an uncaught error in the app leaves a report and one paragraph.

Textual catches an error raised in the app (a handler, a worker, a render), restores the
terminal and prints a traceback with the local variables of every frame — which hold the
campaign — and then it is gone. :func:`guard` replaces that on one app: the error is kept,
the app closes the way Textual closes it (the terminal restored, ``on_unmount`` writing the
last checkpoint; every change shown on screen is already in the campaign's log, so nothing
confirmed is lost), and :meth:`Crash.report` writes a report to the user log folder (beside
the bug-report log) and prints one paragraph naming it.

The report is for the developers and in English: versions, platform, terminal, the last
lines of the app's own log, the traceback without local variables. It holds nothing read
from the campaign except what an exception's own message may quote. The folder keeps the
newest :data:`KEEP_REPORTS` reports: writing one deletes the older ones.
"""

from __future__ import annotations

import contextlib
import os
import platform
import re
import sys
import threading
import traceback
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

from tui.language import _
from tui.store.regular import TEXT_LIMIT, read_regular

__all__ = [
    "KEEP_REPORTS",
    "LOG_LINES",
    "Crash",
    "guard",
    "prune_reports",
    "report_text",
    "write_report",
]

#: how many of the app's own log lines the report ends with (the newest)
LOG_LINES = 40
#: how many crash reports the log folder keeps (the newest); older ones are deleted
KEEP_REPORTS = 10
_REPORT = re.compile(r"crash-\d{8}-\d{6}-\d+\.txt")


class Crash:
    """What :func:`guard` caught: the app's uncaught error, or ``None`` while there is none."""

    def __init__(self) -> None:
        self.error: BaseException | None = None
        #: set once an error is caught (a test waits on it: the app closes, no key is awaited)
        self.caught = threading.Event()

    def report(self, *, stream: TextIO | None = None) -> int:
        """Write the report, print the paragraph; the exit status (1), or 0 without a crash."""
        if self.error is None:
            return 0
        out = stream if stream is not None else sys.stderr
        path, problem = write_report(self.error)
        kind = type(self.error).__name__
        if path is not None:
            print(paragraph(kind, str(path)), file=out)
        else:  # no report file: the GM still gets what it would have held
            print(
                _(
                    "Tablekeeper stopped on an unexpected error ({error}). The campaign is as of "
                    "its last change shown on screen. The report could not be written ({why}); "
                    "here it is, for a bug report:"
                ).format(error=kind, why=problem),
                file=out,
            )
            print(report_text(self.error), file=out)
        return 1


def paragraph(kind: str, path: str) -> str:
    """The one paragraph printed after a crash (in the GM's language)."""
    return _(
        "Tablekeeper stopped on an unexpected error ({error}). The campaign is as of its last "
        "change shown on screen: nothing confirmed is lost. A report for the developers "
        "(versions, the app's last log lines and the traceback; nothing from the campaign) is "
        "in {path}: please attach it to a bug report."
    ).format(error=kind, path=path)


def guard(app: Any) -> Crash:
    """Catch ``app``'s uncaught error instead of Textual's traceback; what was caught.

    Textual hands every uncaught error of a running app to ``App._handle_exception``; this
    replaces it on the instance with one that keeps the error and closes the app as Textual
    would (return code 1), without printing anything to the terminal.
    """
    crash = Crash()

    def handle(error: Exception) -> None:
        if crash.error is None:
            crash.error = error
            crash.caught.set()
        app._return_code = 1
        app._close_messages_no_wait()

    # Textual's hook is a private method (Textual is held to one minor series, and a test
    # makes a real handler fail, so a change on Textual's side is caught)
    setattr(app, "_handle_exception", handle)  # noqa: B010
    return crash


def _version(name: str) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(name)
    except PackageNotFoundError:
        return "not installed"


def _log_tail(path: Path, lines: int = LOG_LINES) -> list[str]:
    try:
        text = read_regular(path, limit=TEXT_LIMIT).decode("utf-8", "replace")
    except OSError:
        return []
    return text.splitlines()[-lines:]


def report_text(error: BaseException, *, now: datetime | None = None) -> str:
    """The report: versions, platform, terminal, the app's last log lines, the traceback."""
    from tui.base.bugreport import log_file

    when = (now or datetime.now(UTC)).isoformat(timespec="seconds")
    python = f"{platform.python_version()} ({platform.python_implementation()})"
    terminal = ", ".join(
        f"{name}={os.environ[name]}"
        for name in ("TERM", "COLORTERM", "TERM_PROGRAM", "LANG", "LC_ALL")
        if os.environ.get(name)
    )
    log = log_file()
    tail = _log_tail(log)
    trace = "".join(traceback.format_exception(error)).rstrip()
    parts = [
        "Tablekeeper crash report: attach this file to a bug report.",
        "",
        f"time: {when}",
        f"tablekeeper: {_version('tablekeeper')}",
        f"Textual: {_version('textual')}",
        f"Rich: {_version('rich')}",
        f"Python: {python}",
        f"platform: {platform.platform()}",
        f"terminal: {terminal or '-'}",
        "",
        f"last lines of the app's log ({log}):" if tail else f"the app's log ({log}): none",
        *(f"  {line}" for line in tail),
        "",
        "traceback:",
        trace,
        "",
    ]
    return "\n".join(parts)


def write_report(error: BaseException) -> tuple[Path | None, str]:
    """Write the report to the user log folder: its path (or ``None`` and why not)."""
    from tui.base.locations import bug_log_path

    now = datetime.now(UTC)
    folder = bug_log_path().parent
    path = folder / f"crash-{now:%Y%m%d-%H%M%S}-{os.getpid()}.txt"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(report_text(error, now=now), encoding="utf-8")
    except OSError as exc:
        return None, exc.strerror or str(exc)
    prune_reports(folder)
    return path, ""


def prune_reports(folder: Path, *, keep: int = KEEP_REPORTS) -> None:
    """Delete all but the newest ``keep`` crash reports in ``folder`` (by the date and time
    in their names, which sort as text; a report from the same second sorts by process id).
    A report that cannot be deleted stays: pruning never stops the crash from being told."""
    reports = sorted(p for p in folder.glob("crash-*.txt") if _REPORT.fullmatch(p.name))
    for old in reports[:-keep] if keep > 0 else reports:
        with contextlib.suppress(OSError):
            old.unlink()
