"""An unexpected error in the table said once: into the bug-report log, and a notification
naming where it is, so the GM can attach it (the same error per keystroke is said once)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui.language import _

if TYPE_CHECKING:
    from textual.app import App

    from tui.session.table.table import Table

__all__ = ["ErrorNotice"]


class ErrorNotice:
    """Remembers the last error said, so a preview repeating it per keystroke says it once."""

    def __init__(self) -> None:
        self._said = ""

    def check(self, table: Table, app: App[object]) -> None:
        """Say ``table``'s last internal error, if it has one not said yet, and clear it."""
        trace = table.last_internal_error
        if not trace:
            return
        table.last_internal_error = ""
        if trace == self._said:
            return
        self._said = trace
        from tui.base.bugreport import record

        logged = record("internal error", trace)
        where = (
            _("details are in {path}").format(path=logged)
            if logged
            else _("the log could not be written")
        )
        said = _("Internal error: {where}. Please attach it to a bug report.")
        app.notify(said.format(where=where), severity="error", timeout=15, markup=False)
