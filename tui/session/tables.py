"""Opening a table: the campaign's system from the registry, and the command sets every
campaign has, listed once in the order their hooks run.

This is the top of the session model: it alone knows both the registry and every shared
room with commands, so the table below is handed its system and its command sets instead
of looking either up. The sets load on the table's first use (after the first frame).
"""

from __future__ import annotations

import random
from typing import TypeVar

from tui.session.campaign.session import Session
from tui.session.protocol.commands import CommandSet
from tui.session.systems.registry import info, rules_module, tracker
from tui.session.table.table import Table

__all__ = ["open_as", "open_table", "shared_commands"]

T = TypeVar("T", bound=Table)


def shared_commands() -> tuple[CommandSet, ...]:
    """The command sets every campaign has, in the order their hooks run (and their
    commands are listed): core, characters, scenes, turn order, extended checks and the
    rolls that count toward them, /best, looking back, the players' requests for a roll,
    prepared encounters."""
    from tui.session.asks import commands as asks
    from tui.session.asks import own_commands as own_rolls
    from tui.session.characters import commands as characters
    from tui.session.characters import damage, modifiers, rest
    from tui.session.encounters import commands as encounters
    from tui.session.extended import commands as extended
    from tui.session.extended import rolls as extended_rolls
    from tui.session.review import commands as review
    from tui.session.scenes import commands as scenes
    from tui.session.scenes import order
    from tui.session.table import best, core_commands

    return (
        core_commands.COMMANDS,
        characters.COMMANDS,
        rest.COMMANDS,
        damage.COMMANDS,
        modifiers.COMMANDS,
        scenes.COMMANDS,
        order.COMMANDS,
        extended.COMMANDS,
        extended_rolls.COMMANDS,
        best.COMMANDS,
        review.COMMANDS,
        asks.COMMANDS,
        own_rolls.COMMANDS,
        encounters.COMMANDS,
    )


def open_table(session: Session, *, rng: random.Random | None = None) -> Table:
    """A table for ``session``, its system found by the registry."""
    return open_as(Table, session, rng=rng)


def open_as(kind: type[T], session: Session, *, rng: random.Random | None = None) -> T:
    """A table of ``kind`` (a :class:`Table` that refuses more, say) for ``session``."""
    key = session.campaign.system

    def shared() -> tuple[CommandSet, ...]:
        rules_module(key)  # the rules load with the commands, after the first frame
        return shared_commands()

    return kind(session, system=tracker(key), system_name=info(key).name, shared=shared, rng=rng)
