"""What a slash command may do: the :class:`SlashContext` a handler is given.

A handler reads the session and its campaign, asks the campaign's system, resolves names,
plans a line, and changes the campaign only through :meth:`SlashContext.change` or
:meth:`SlashContext.run_change` (one undoable, logged step). The table is one such context;
a handler never gets the table itself, so it cannot call back into what called it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from tui.language import Msg
from tui.session.campaign.model import Campaign
from tui.session.campaign.session import Command, Draft, Session
from tui.session.protocol.answers import Feedback, Preview
from tui.session.protocol.lines import Check, FreeRoll, Slash
from tui.session.protocol.plans import Plan
from tui.session.protocol.system import System

__all__ = ["Named", "SlashContext"]


class Named(Protocol):
    """A character named by the leading words of a command's arguments."""

    @property
    def name(self) -> str: ...

    @property
    def consumed(self) -> int: ...


class SlashContext(Protocol):
    """The open campaign as a slash command sees it."""

    @property
    def session(self) -> Session:
        """The session: its log, undo and redo, notes that are no change."""
        ...

    @property
    def campaign(self) -> Campaign: ...

    @property
    def system(self) -> System:
        """The campaign's system."""
        ...

    @property
    def system_name(self) -> str:
        """The system's name in the GM's language."""
        ...

    @property
    def rng(self) -> random.Random:
        """The dice a command rolls (injected, so tests and replays are exact)."""
        ...

    def change(
        self,
        fn: Callable[[Campaign], Campaign],
        text: str | Msg,
        *,
        actor: str = "",
        effects: Sequence[str | Msg] = (),
    ) -> Feedback:
        """Apply a pure change as one undoable, logged step."""
        ...

    def run_change(
        self, fn: Callable[[Campaign], Campaign], draft: Draft, *, next: str = ""
    ) -> Feedback:
        """Apply ``fn`` and log ``draft`` as one undoable step; errors change nothing.

        ``next`` is the line the entry offers afterwards (the step the rules ask for next).
        """
        ...

    def execute(self, command: Command) -> Feedback:
        """Run ``command`` (a roll step, say) as one undoable, logged step; errors change
        nothing."""
        ...

    def prepare_change(self, fn: Callable[[Campaign], Campaign]) -> None:
        """Get ready for the change ``fn`` the GM is about to make (nothing changes yet)."""
        ...

    def check_step(self, line: str) -> Command:
        """The step Enter hands the session for the check ``line`` (every hook in it), not
        run; raises on a line that is not a check or is refused."""
        ...

    def character_names(self) -> list[str]:
        """Every name a character answers to (aliases too)."""
        ...

    def match_character(self, words: Sequence[str]) -> Named:
        """The character the leading ``words`` name (aliases resolved to the real name)."""
        ...

    def rollables(self, name: str) -> Sequence[str]:
        """What ``name`` can roll, aliases included."""
        ...

    def skill_aliases(self, name: str) -> dict[str, str]:
        """What ``name`` can roll, aliases included → the real skill."""
        ...

    def plan(self, line: str) -> Plan:
        """The plan of a roll line, as the preview would make it (raises on a bad line)."""
        ...

    def parse(self, line: str) -> Slash | FreeRoll | Check:
        """``line`` in the roll-entry language, names resolved (raises on a bad line)."""
        ...

    def preview(self, line: str) -> Preview:
        """What the line under the entry says for ``line`` (never raises)."""
        ...
