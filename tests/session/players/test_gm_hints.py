"""GM hints (the next command to type) never reach the players (issue 45): the phone page,
the browser and the read-only view showed "damage: /damage TARGET 1d6 dr=DR". The filter
drops them by their stored kind, not by their words, and the kind survives the save."""

from __future__ import annotations

from tests.session.conftest import gurps_campaign, make_table
from tests.session.systems.gurps.test_attack import demo
from tui.language import GM_HINT, gm_hint, msg
from tui.session.campaign.log import entry_from_doc, entry_to_doc
from tui.session.players import players_log


def test_the_damage_to_type_next_is_the_gms_and_the_hit_the_players() -> None:
    t = make_table(demo(), faces=[2, 5, 1])  # the demo's Stevenson: a hit, 2 pellets
    assert t.submit("ruth shotgun yd=51").ok
    gm = t.session.log[-1]
    assert any(e.startswith("damage: /damage TARGET") for e in gm.effects), gm.effects
    assert any(m.kind == GM_HINT for m in gm.effect_msgs)
    seen = players_log(t.system, t.session.log, t.campaign)[-1]
    assert seen.text == gm.text  # the hit itself is the players' to see
    assert not any("/damage" in e for e in seen.effects), seen.effects
    assert not any(m.kind == GM_HINT for m in seen.effect_msgs)


def test_an_extended_checks_roll_with_hint_is_the_gms() -> None:
    t = make_table(gurps_campaign())
    assert t.submit("/ext Safe threshold=4 time=1h per=15m").ok
    gm = t.session.log[-1].effects
    assert "roll with ext=Safe, or /ext use Safe" in gm
    seen = players_log(t.system, t.session.log, t.campaign)[-1].effects
    assert "roll with ext=Safe, or /ext use Safe" not in seen
    assert t.submit("/ext Vault threshold=4 time=1h per=30m").ok  # a hopeless one: warned
    assert any(e.startswith("warning: at best") for e in t.session.log[-1].effects)
    seen = players_log(t.system, t.session.log, t.campaign)[-1].effects
    assert seen == ()


def test_the_hint_kind_is_kept_in_the_save_and_plain_facts_stay() -> None:
    t = make_table(demo(), faces=[2, 5, 1])
    assert t.submit("ruth shotgun yd=51").ok
    entry = t.session.log[-1]
    again = entry_from_doc(entry_to_doc(entry))
    assert again.effect_msgs == entry.effect_msgs
    assert gm_hint(msg("x {n}", n=1)).kind == GM_HINT and msg("x").kind == ""


def test_the_scene_panels_hints_are_the_gms_only() -> None:
    """The read-only view showed "planning: /goal CHAR TEXT, then /phase": a line of the
    panel's hint kind, which the players' panel leaves out; the facts stay."""
    from tests.session.conftest import strange_campaign
    from tui.session.scenes.view import ranked_lines

    t = make_table(strange_campaign(aliases=True))

    def texts(hints: bool) -> list[str]:
        lines = ranked_lines(t.system, t.campaign, hints=hints)
        return ["".join(s for s, _style in line) for _n, line in lines]

    assert texts(True) == ["No scene running — /scene NAME [active|long]"]
    assert texts(False) == ["No scene running"]
    assert t.submit("/scene Ambush active").ok
    assert any("planning: /goal CHAR TEXT, then /phase" in x for x in texts(True))
    players = texts(False)
    assert not any("/goal" in x or "/phase" in x for x in players), players
    assert any("Ambush" in x for x in players)
