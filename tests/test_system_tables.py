"""The lines :mod:`tests.systems` derives for a system are accepted by every registered one.

They are what a new system is swept and snapshotted with before anyone writes lines for it;
the five built in have hand-written lines in those tests, so this is where the derived ones
are seen to work on each system (and the registry and the demos to agree).
"""

from __future__ import annotations

import random

import pytest

from tests.systems import SYSTEMS, demo_campaign, extended_lines, own_commands, roll_line
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
