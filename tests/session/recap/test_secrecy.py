"""A players' recap never contains a GM-only name, whatever the system and the session."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial

import pytest

from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.session import Session
from tui.session.recap import RecapOptions, recap
from tui.session.table.table import Table
from tui.session.tables import open_table
from tui.store import demo_paths, read_campaign

DEMOS = {p.stem.removeprefix("demo-"): p for p in demo_paths()}


def _names(ch: Character) -> list[str]:
    aliases = ch.extra.get("aliases", [])
    return (
        [ch.name, *(a for a in aliases if isinstance(a, str))]
        if isinstance(aliases, list)
        else [ch.name]
    )


def _lines(t: Table, hidden: Character, campaign: Campaign) -> list[str]:
    def word(ch: Character) -> str:
        return f'"{ch.name}"' if " " in ch.name else ch.name

    others = [c for c in campaign.characters if c.name != hidden.name]
    lines = [
        f"/scene {hidden.name} at the gate",
        f"/hp {word(hidden)} =5",
        f"/hp {word(hidden)} -1",
    ]
    skill = t.rollables(hidden.name)[:1]
    for other in others:
        mine = t.rollables(other.name)[:1]
        if mine:
            lines.append(f"{word(other)} {mine[0]}")
            if skill:
                lines.append(f"{word(other)} {mine[0]} vs {word(hidden)} {skill[0]}")
    if skill:
        lines += [f"{word(hidden)} {skill[0]}", f"!{word(hidden)} {skill[0]}"]
    lines += [
        f"/note {hidden.name} is the traitor",
        f"/endscene {hidden.name} got away",
        "/scene Aftermath",
        f"/ext Search{hidden.name.split()[0][:3]} threshold=3 time=30m",
    ]
    return lines


@pytest.mark.parametrize("system", sorted(DEMOS))
def test_no_gm_only_name_in_any_players_recap(system: str) -> None:
    base = read_campaign(DEMOS[system])
    for hidden in base.characters:
        campaign = base.with_character(replace(hidden, gm_only=True))
        t = open_table(Session(campaign), rng=random.Random(11))
        done = [line for line in _lines(t, hidden, campaign) if t.submit(line).ok]
        assert len(done) >= 5, (system, hidden.name, done)
        gm = recap(t.system, t.campaign, partial(iter, t.session.log), RecapOptions(gm=True))
        assert hidden.name in gm
        for options in (
            RecapOptions(),
            RecapOptions(adventure=campaign.adventure),
            RecapOptions(scene="Aftermath"),
        ):
            text = recap(t.system, t.campaign, partial(iter, t.session.log), options).casefold()
            for name in _names(hidden):
                assert name.casefold() not in text, (system, name, options, text)
            assert "traitor" not in text  # a GM note
