"""The lines :mod:`tests.systems` derives for a system are accepted by every registered one.

They are what a new system is swept and snapshotted with before anyone writes lines for it;
the five built in have hand-written lines in those tests, so this is where the derived ones
are seen to work on each system (and the registry and the demos to agree).
"""

from __future__ import annotations

import random

import pytest

from tests.systems import (
    SYSTEMS,
    demo_campaign,
    derived_flow,
    derived_npc,
    derived_rolls,
    derived_template,
    extended_lines,
    own_commands,
    roll_line,
    stale,
)
from tui.session.campaign.session import Session
from tui.session.extended.view import describe_checks
from tui.session.tables import open_table


def test_the_systems_are_the_registry_s() -> None:
    from tui.session.systems import registry

    assert tuple(sorted(registry.system_keys())) == SYSTEMS and len(SYSTEMS) >= 5


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_derived_lines_play_on_the_demo(system: str) -> None:
    campaign = demo_campaign(system)
    assert campaign.system == system
    table = open_table(Session(campaign), rng=random.Random(5))
    for line in [*extended_lines(campaign), roll_line(campaign)]:
        feedback = table.submit(line)
        assert feedback.ok, (line, feedback.message)
    assert [e.kind for e in table.session.log] == ["change", "roll", "roll", "roll"]
    assert describe_checks(table.system, table.campaign), "the extended check is shown"


@pytest.mark.parametrize("system", SYSTEMS)
def test_each_own_command_typed_bare_answers(system: str) -> None:
    table = open_table(Session(demo_campaign(system)), rng=random.Random(5))
    for line in own_commands(system):
        assert table.submit(line).message.strip(), line


@pytest.mark.parametrize("system", SYSTEMS)
def test_what_a_system_declares_its_tracker_answers(system: str) -> None:
    """The capabilities a :class:`SystemInfo` declares (what the shared flows play) are the
    tracker's: opposed rolls, rounds from the turn order, experience at the adventure's end."""
    from tui.session.systems import registry

    info, tracker = registry.info(system), registry.tracker(system)
    assert info.opposed == (tracker.max_sides >= 2)
    assert info.turn_order == tracker.next_wraps_round
    assert info.experience == (tracker.end_of_adventure() is not None)


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_derived_flow_plays_on_the_demo(system: str) -> None:
    """What a system without a ``FLOWS`` entry plays: typed dice, an app roll, an opposed roll
    where declared, and a bad line refused naming its word."""
    from tests.tui.test_app_flows import FLOWS

    flow = derived_flow(system)
    if flow is None:  # its dice are not all typed after "=": it needs its own lines
        assert system in FLOWS
        return
    typed, words, app_roll, opposed, bad, bad_words = flow
    table = open_table(Session(demo_campaign(system)), rng=random.Random(7))
    assert table.submit(typed).ok, typed
    entry = table.session.log[-1]
    assert entry.inputs["source"] == "typed" and words in entry.text
    assert table.submit(app_roll).ok and table.session.log[-1].inputs["source"] == "rolled"
    if opposed:
        assert table.submit(opposed).ok, opposed
        assert " vs " in table.session.log[-1].text
    refused = table.submit(bad)
    assert not refused.ok and bad_words in refused.message


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_derived_npc_and_rolls_play_on_the_demo(system: str) -> None:
    """What a system without ``SPECS``, ``TEMPLATES`` or ``ROLLS`` entries types: a new NPC
    made like the demo's first roller and its roll; the template's roll and a visible one."""
    table = open_table(Session(demo_campaign(system)), rng=random.Random(7))
    made = derived_npc(system)
    if made is not None:
        scene, setup, roll = made
        for line in (scene, "/add Bandit npc", *setup, roll):
            feedback = table.submit(line)
            assert feedback.ok, (line, feedback.message)
        assert table.session.log[-1].kind == "roll"
    npc, roller = derived_template(system)
    skill, visible = derived_rolls(system)
    assert visible.startswith(roller)
    for line in (f"{npc} {skill}", visible):
        feedback = table.submit(line)
        assert feedback.ok, (line, feedback.message)


def test_the_hand_written_tables_name_registered_systems_only() -> None:
    from tests.tui.test_app_flows import FLOWS
    from tests.tui.test_character_flows import SPECS
    from tests.tui.test_players_view import ROLLS, TEMPLATES

    for table in (FLOWS, SPECS, TEMPLATES, ROLLS):
        assert stale(table) == []
