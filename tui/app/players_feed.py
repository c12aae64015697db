"""The players' view of an open campaign, following the writer (no Textual).

:class:`PlayersFeed` holds a read-only :class:`~tui.store.Store` and a table over what the
players may see of it (:func:`tui.session.players.players`), never over the GM's state, so
every panel, completion, the palette and the help of the view render filtered data.
:meth:`PlayersFeed.poll` takes in what the writer committed (:meth:`Store.refresh`, two
``stat`` calls when nothing changed) and says whether the players' state changed, so the
screen repaints only then. The view's table knows two commands, ``/help`` and ``/quit``, and
its session refuses every change: nothing reachable from the view can write.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from tui.language import N_, Msg, tr
from tui.session.campaign.model import Campaign
from tui.session.campaign.session import Command, CommandError, Outcome, Session
from tui.session.players import players
from tui.session.protocol.commands import SlashCommand
from tui.session.systems.registry import tracker
from tui.session.table.table import Feedback, Table
from tui.session.tables import open_as
from tui.store import SaveError, Store

__all__ = ["VIEW_COMMANDS", "PlayersFeed", "PlayersTable"]

#: The only commands of the players' view (aliases included).
VIEW_COMMANDS = frozenset({"help", "?", "quit", "q", "exit"})
_REFUSED = N_("the players' view changes nothing (it follows the GM's table): /help, /quit")


class _ViewSession(Session):
    """A session that refuses every change (the players' view only looks)."""

    def execute(self, command: Command) -> Outcome:
        raise CommandError(tr(_REFUSED))

    def undo(self) -> None:
        return None

    def redo(self) -> None:
        return None


class PlayersTable(Table):
    """The table of the players' view: ``/help`` and ``/quit``, nothing else."""

    def commands(self) -> list[SlashCommand]:
        return [c for c in super().commands() if c.name in VIEW_COMMANDS]

    def submit(self, line: str) -> Feedback:
        words = line.strip().split()
        if words and words[0].startswith("/") and words[0][1:].casefold() in VIEW_COMMANDS:
            return super().submit(line)
        return Feedback(False, tr(_REFUSED))

    def change(
        self,
        fn: Callable[[Campaign], Campaign],
        text: str | Msg,
        *,
        actor: str = "",
        effects: Sequence[str | Msg] = (),
    ) -> Feedback:
        return Feedback(False, tr(_REFUSED))


class PlayersFeed:
    """A read-only store and the players' table over it, kept up to date by :meth:`poll`."""

    def __init__(self, store: Store, *, rng: random.Random | None = None) -> None:
        if not store.read_only:
            raise ValueError("the players' view needs a read-only store")
        self.store = store
        campaign, log = players(tracker(store.campaign.system), store.campaign, store.log)
        self.session = _ViewSession(campaign, log, last_seq=store.log_count)
        self.table = open_as(PlayersTable, self.session, rng=rng)
        #: why the files cannot be read right now ("" when they can); the view keeps showing
        #: the last state it had
        self.problem = ""

    def poll(self) -> bool:
        """Take in the writer's changes; whether what the players see changed."""
        try:
            new = self.store.refresh()
        except (SaveError, OSError) as exc:
            problem = str(exc)
            changed, self.problem = problem != self.problem, problem
            return changed
        had_problem, self.problem = bool(self.problem), ""
        if new == []:
            return had_problem
        campaign = self.store.campaign
        campaign, log = players(tracker(campaign.system), campaign, self.store.log)
        if campaign == self.session.campaign and log == self.session.log:
            return had_problem
        self.session.campaign, self.session.log = campaign, log
        return True
