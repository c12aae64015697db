"""The systems the per-system tests run over, and the lines they type, from the registry.

A test that runs once per system takes its systems from :data:`SYSTEMS` (the registry), its
campaign from the system's shipped demo, and the lines it types from :func:`roll_line` and
:func:`own_commands` (what the demo and the system offer), so a newly registered system is in
the snapshots, the sweeps and the round trips without an edit. A hand-written per-system
table (richer lines, expected texts) is read through :func:`written_for`, which fails loudly for a
registered system it lacks, and :func:`stale` names entries for systems no longer registered.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TypeVar

import pytest

from tui.session.campaign.model import Campaign
from tui.session.systems import registry
from tui.store import load
from tui.store.paths import REPO_SAVES

T = TypeVar("T")

SYSTEMS: tuple[str, ...] = tuple(sorted(registry.system_keys()))
"""Every registered system (as the test modules are collected), sorted for stable ids."""


def demo(system: str) -> Path:
    """The shipped demo of ``system`` (``saves/demo-<key>.toml``); a failure if it has none."""
    found = REPO_SAVES / f"demo-{system}.toml"
    if not found.is_file():
        pytest.fail(f"registered system {system!r} has no demo: {found} is missing")
    return found


def demo_campaign(system: str) -> Campaign:
    campaign, _log = load(demo(system))
    return campaign


def written_for(table: Mapping[str, T], system: str, what: str) -> T:
    """``table[system]``, or a failure that says which table lacks the registered system."""
    if system not in table:
        pytest.fail(f"{what} has no entry for the registered system {system!r}: add one")
    return table[system]


def stale(table: Mapping[str, object]) -> list[str]:
    """The keys of ``table`` that name no registered system (an entry nothing runs)."""
    return sorted(set(table) - set(registry.system_keys()))


def roll_line(campaign: Campaign) -> str:
    """A roll the table makes itself: the first player character's first rollable skill, as
    the GM types it (``alice spot hidden``)."""
    system = registry.tracker(campaign.system)
    for character in campaign.characters:
        skills = system.rollables(character)
        if skills and not character.gm_only:
            return f"{character.name.split()[0]} {skills[0]}".casefold()
    raise AssertionError(f"{campaign.name}: no character with a rollable skill")


def own_commands(system: str) -> list[str]:
    """The system's own slash commands, typed bare (``/maneuver``): each answers (usage,
    refusal or effect) in the GM's language."""
    return [f"/{command.name}" for command in registry.tracker(system).commands().listed()]


def extended_lines(campaign: Campaign) -> list[str]:
    """An extended check with a consequence, and two rolls of :func:`roll_line` toward it."""
    roll = roll_line(campaign)
    return [
        '/ext Search threshold=20 time=60m every=1 minor="a lamp goes out"',
        f"{roll} ext=search",
        f"{roll} ext=search",
    ]
