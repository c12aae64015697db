"""The table is handed its system and its command sets (nothing registers by being imported).

A handler gets the table as its :class:`SlashContext`; the shared sets are the ones
:func:`shared_commands` lists, and their hooks run in that order after the system's own.
"""

from __future__ import annotations

from dataclasses import replace

from tests.session.conftest import brp_campaign, make_table
from tui.session.campaign.model import Campaign
from tui.session.campaign.session import Outcome, Session
from tui.session.protocol.answers import Feedback
from tui.session.protocol.commands import ChangeHook, CommandSet
from tui.session.protocol.context import SlashContext
from tui.session.protocol.lines import Slash
from tui.session.protocol.system import System
from tui.session.systems.registry import tracker
from tui.session.table.table import Table
from tui.session.tables import shared_commands


def _table(*sets: CommandSet) -> Table:
    return Table(
        Session(brp_campaign()), system=tracker("brp"), system_name="BRP", shared=lambda: sets
    )


def test_a_table_knows_only_the_sets_it_is_handed() -> None:
    mine = CommandSet()
    seen: list[tuple[str, str]] = []

    @mine.slash("ping", "/ping TEXT", "answer", args="TEXT")
    def _ping(ctx: SlashContext, cmd: Slash) -> Feedback:
        seen.append((ctx.system.key, cmd.rest))
        return ctx.change(lambda c: replace(c, name=cmd.rest), f"renamed to {cmd.rest}")

    table = _table(mine)
    assert table.submit("/ping Harbour").ok
    assert seen == [("brp", "Harbour")] and table.campaign.name == "Harbour"
    assert not table.submit("/undo").ok  # the core commands were not handed over
    assert {c.name for c in table.commands()} == {"ping"} | {
        c.name for c in tracker("brp").commands().listed()
    }


def test_change_hooks_run_in_the_order_the_sets_are_listed() -> None:
    first, second = CommandSet(), CommandSet()

    def hook(tag: str) -> ChangeHook:
        def run(system: System, before: Campaign, out: Outcome) -> Outcome:
            return replace(out, draft=out.draft.with_effects((f"{tag} {system.key}",)))

        return run

    first.change_hook(hook("first"))
    second.change_hook(hook("second"))
    for sets, order in (
        ((first, second), ["first", "second"]),
        ((second, first), ["second", "first"]),
    ):
        fb = _table(*sets).change(lambda c: c, "nothing")
        assert fb.outcome is not None
        assert list(fb.outcome.draft.effects) == [f"{tag} brp" for tag in order]


def test_the_opened_table_has_the_systems_set_then_the_shared_ones() -> None:
    table = make_table(brp_campaign())
    sets = table.command_sets
    assert sets[1:] == shared_commands()
    assert [c.name for c in sets[0].listed()] == [
        c.name for c in tracker("brp").commands().listed()
    ]
