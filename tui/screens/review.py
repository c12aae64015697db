"""Looking back from the main screen: where the log comes from, and the keys that open the
log search (f6, ``/find``), the past scenes (f7, ``/scenes``), the dice statistics (f8,
``/stats``) and the recap (``/recap``).

The screens read the *whole* log, streamed from the campaign's log file
(:func:`tui.store.logfile.iter_entries`), plus any entry of the session newer than the file
(there is none once the autosave has written it; without a file — a test — the session's
own entries are all there is). The work runs in a thread so the table stays responsive.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from textual.screen import Screen

from tui.session.campaign.log import LogEntry
from tui.session.table.table import Table

if TYPE_CHECKING:
    from tui.store import Store

__all__ = ["GM_ONLY_ACTIONS", "ReviewActions", "Source", "log_source"]

Source = Callable[[], Iterable[LogEntry]]
#: The review actions: the players' view has none of them (they read the GM's whole log).
GM_ONLY_ACTIONS = ("find_log", "past_scenes", "dice_stats", "recap")


def log_source(table: Table, store: Store | None) -> Source:
    """A function streaming every entry of the campaign's log, oldest first."""
    path = store.log_path if store is not None else None

    def entries() -> Iterator[LogEntry]:
        from tui.store.logfile import iter_entries

        newest = 0
        if path is not None and path.exists():
            for entry in iter_entries(path):
                newest = entry.seq
                yield entry
        yield from (e for e in list(table.session.log) if e.seq > newest)

    return entries


class ReviewActions(Screen[None]):
    """The main screen's review keys (its base class: the main screen stays one module)."""

    table: Table

    def _source(self) -> Source:
        return log_source(self.table, getattr(self.app, "store", None))

    def open_review(self, action: str, argument: str) -> bool:
        """Open the screen a review command asked for; False for any other action."""
        if action in GM_ONLY_ACTIONS and getattr(self, "read_only", False):
            return False
        if action == "find_log":
            self.action_find_log(argument)
        elif action == "past_scenes":
            self.action_past_scenes()
        elif action == "dice_stats":
            self.action_dice_stats()
        elif action == "recap":
            self.action_recap(argument)
        else:
            return False
        return True

    def action_find_log(self, text: str = "") -> None:
        from tui.screens.log_search import LogSearchScreen
        from tui.session.review.find import LogFilter

        self.app.push_screen(
            LogSearchScreen(self.table.campaign, self._source(), LogFilter(text=text))
        )

    def action_past_scenes(self) -> None:
        from tui.screens.scenes_list import ScenesScreen

        self.app.push_screen(ScenesScreen(self.table.campaign, self._source()))

    def action_dice_stats(self) -> None:
        from tui.screens.dice_stats import DiceStatsScreen

        self.app.push_screen(DiceStatsScreen(self.table, self._source()))

    def action_recap(self, words: str = "") -> None:
        from tui.screens.recap_view import RecapScreen

        store = getattr(self.app, "store", None)
        self.app.push_screen(
            RecapScreen(
                self.table.campaign,
                self._source(),
                words,
                store.path if store is not None else None,
            )
        )
