"""Stand-in letters are kept with the campaign: they never move, whatever the turn order, a
rename or a restart does (issue: after a GM-only character was renamed and the app restarted,
old entries' "Unknown A" became "Unknown B")."""

from __future__ import annotations

import random
from dataclasses import replace

from tests.systems import demo_campaign
from tui.session.campaign.model import Campaign
from tui.session.campaign.session import Session
from tui.session.campaign.stand_ins import STAND_INS
from tui.session.characters.roster import rename
from tui.session.players import players
from tui.session.systems.registry import tracker
from tui.session.table.table import Table
from tui.session.tables import open_table


def with_hidden(*names: str) -> Campaign:
    campaign = demo_campaign("brp")
    npc = campaign.character("Boulder")
    hidden = tuple(replace(npc, name=n, gm_only=True, extra={}) for n in names)
    return replace(campaign, characters=(*campaign.characters, *hidden))


def run(table: Table, *lines: str) -> None:
    for line in lines:
        assert table.submit(line).ok, line


def scene_entry_says(campaign: Campaign, log: list) -> str:  # type: ignore[type-arg]
    _view, shown = players(tracker("brp"), campaign, log)
    return next(e.text for e in shown if "den" in e.text)


def test_letters_stay_through_the_turn_order_a_rename_and_a_restart() -> None:
    table = open_table(Session(with_hidden("Ghoul", "Ogre")), rng=random.Random(2))
    run(table, "/scene Ambush at the Ogre den")
    first = scene_entry_says(table.campaign, table.session.log)
    assert "Ogre" not in first and "Unknown A" in first
    # the Ghoul comes first in the turn order: once, that took the letter A from the Ogre
    run(table, "/order ghoul alice boris ogre")
    view, _shown = players(tracker("brp"), table.campaign, table.session.log)
    assert view.scene is not None and view.scene.turn_order[0] == "Unknown B"
    assert scene_entry_says(table.campaign, table.session.log) == first
    fb = table.change(lambda c: rename(table.system, c, "Ogre", "Ogre Chief"), "renamed")
    assert fb.ok
    # a restart: a new session over the saved state and log
    again = Session(table.campaign, table.session.log, last_seq=len(table.session.log))
    assert scene_entry_says(again.campaign, again.log) == first
    view, _shown = players(tracker("brp"), again.campaign, again.log)
    assert view.scene is not None and view.scene.turn_order[-1] == "Unknown A"
    assert table.campaign.options[STAND_INS] == {"Ogre": "A", "Ghoul": "B", "Ogre Chief": "A"}


def test_a_hidden_character_the_players_never_met_takes_no_letter() -> None:
    """Letters are given as the players meet them, so they never tell how many are hidden."""
    table = open_table(Session(with_hidden("Ghoul", "Ogre", "Wraith")), rng=random.Random(2))
    run(table, "/cond ghoul prone", "/note the Wraith waits", "/scene Ogre den")
    assert table.campaign.options[STAND_INS] == {"Ogre": "A"}


def test_undo_keeps_the_letters() -> None:
    table = open_table(Session(with_hidden("Ogre")), rng=random.Random(2))
    run(table, "/scene Ogre den")
    table.session.undo()
    assert table.campaign.options[STAND_INS] == {"Ogre": "A"}


def _shown(table: Table, name: str) -> Table:
    """``name`` made visible as the editor's GM-only toggle does: one logged change."""
    from tui.session.characters.form import fields_of, toggle_field

    ch = table.campaign.character(name)
    field = next(f for f in fields_of(ch, table.system) if f.kind == "gm")
    new, said = toggle_field(table.campaign, name, field)
    assert table.change(lambda _c: new, said).ok
    return table


def test_a_revealed_character_gets_its_name_back_everywhere_but_in_its_past() -> None:
    """Issue 47: a revealed character stayed "Unknown A" in the party panel and in later
    public notes, after a restart too."""
    table = open_table(Session(with_hidden("Mordecai")), rng=random.Random(2))
    run(table, "/scene Lair of Mordecai", "/note! Mordecai watches")
    before = [e.text for e in players(tracker("brp"), table.campaign, table.session.log)[1]]
    assert "Mordecai" not in str(before) and "Lair of Unknown A" in str(before)
    _shown(table, "Mordecai")
    run(table, "/note! Mordecai waves", "/cond alice Mordecai's curse")
    for session in (
        table.session,
        Session(table.campaign, table.session.log, last_seq=len(table.session.log)),
    ):
        view, shown = players(tracker("brp"), session.campaign, session.log)
        assert "Mordecai" in [c.name for c in view.characters]
        assert view.scene is not None and view.scene.name == "Lair of Mordecai"
        texts = [e.text for e in shown]
        assert texts[: len(before)] == before  # what the players saw then is kept
        assert "note: Mordecai waves" in texts
        conditions = [c.name for c in view.character("Alice Moore").conditions]
        assert "Mordecai's curse" in conditions
