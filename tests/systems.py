"""The systems the per-system tests run over, and the lines they type, from the registry.

A test that runs once per system takes its systems from :data:`SYSTEMS` (the registry), its
campaign from the system's shipped demo, and the lines it types from :func:`roll_line` and
:func:`own_commands` (what the demo and the system offer), so a newly registered system is in
the sweeps and the round trips without an edit; the snapshots picture the systems of
:data:`PICTURED` only (a picture is reviewed by eye, so it is written deliberately). A
hand-written per-system table (richer lines, expected texts) is read through
:func:`written_for`: a registered system it lacks gets lines derived from its demo and from
what its :class:`SystemInfo` declares (:func:`derived_flow`, :func:`derived_npc`,
:func:`derived_template`), or, where nothing can be derived, a failure naming the table;
:func:`stale` names entries for systems no longer registered.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
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

PICTURED: tuple[str, ...] = ("age", "brp", "gurps", "skirmish", "strange")
"""The shipped systems the 80×24 snapshots picture, sorted like :data:`SYSTEMS`. A system
added later needs no picture: the derived flows play it, at 80×24 too (``test_screen_fit``);
it joins this list when someone writes and reviews its snapshots."""


def demo(system: str) -> Path:
    """The shipped demo of ``system`` (``saves/demo-<key>.toml``); a failure if it has none."""
    found = REPO_SAVES / f"demo-{system}.toml"
    if not found.is_file():
        pytest.fail(f"registered system {system!r} has no demo: {found} is missing")
    return found


def demo_campaign(system: str) -> Campaign:
    campaign, _log = load(demo(system))
    return campaign


def written_for(
    table: Mapping[str, T],
    system: str,
    what: str,
    derived: Callable[[str], T | None] | None = None,
) -> T:
    """``table[system]``; else what ``derived`` makes of the system's demo and declarations,
    or a failure that says which table lacks the registered system."""
    if system in table:
        return table[system]
    made = derived(system) if derived is not None else None
    if made is None:
        pytest.fail(f"{what} has no entry for the registered system {system!r}: add one")
    return made


def rollers(campaign: Campaign) -> list[tuple[str, str]]:
    """``(name, first rollable skill)`` of each character that has one, in the save's order."""
    system = registry.tracker(campaign.system)
    found = []
    for character in campaign.characters:
        skills = system.rollables(character)
        if skills:
            found.append((character.name, str(skills[0])))
    return found


def derived_flow(system: str) -> tuple[str, str, str, str, str, str] | None:
    """A GM flow from the demo: ``(typed roll, words it logs, app roll, opposed roll — "" when
    the system declares none —, bad line, its error's words)`` (the shape of ``FLOWS``); None
    when the dice typed after ``=`` are not all of a roll (the Strange System's range)."""
    from tui.session.campaign.session import Session
    from tui.session.tables import open_table

    campaign = demo_campaign(system)
    roll = roll_line(campaign)
    table = open_table(Session(campaign), rng=random.Random(5))
    assert table.submit(roll).ok, roll
    made = table.session.log[-1].inputs
    typed = f"{roll} = {' '.join(str(d) for d in made['dice'])}"
    if not table.submit(typed).ok or table.session.log[-1].inputs["source"] != "typed":
        return None
    opposed = ""
    if registry.info(system).opposed:
        (a, a_skill), (b, b_skill) = rollers(campaign)[:2]
        opposed = f"{a} {a_skill} vs {b} {b_skill}".casefold()
    return (typed, str(made["skill"]), roll, opposed, f"{roll} zzqx", "zzqx")


def derived_npc(system: str) -> tuple[str, tuple[str, ...], str] | None:
    """A new NPC "Bandit" made like the demo's first roller: ``(scene, setup lines, roll)``;
    None for a system whose rounds do not come from the turn order (its own lines end them)."""
    if not registry.info(system).turn_order:
        return None
    campaign = demo_campaign(system)
    name, skill = rollers(campaign)[0]
    model = next(c for c in campaign.characters if c.name == name)
    setup = [f"/attr bandit {k} {v}" for k, v in model.attributes.items()]
    setup.append(f"/skill bandit {skill} {model.skills[skill]}")
    return ("/scene Ambush", tuple(setup), f"bandit {skill}".casefold())


def derived_template(system: str) -> tuple[str, str]:
    """``(an NPC of the demo to copy hidden characters from, a visible roller's first word)``
    (the shape of ``TEMPLATES``)."""
    campaign = demo_campaign(system)
    others = [c.name for c in campaign.characters if not c.gm_only]
    npc = next((c.name for c in campaign.characters if c.side != "party"), others[-1])
    return (npc, roll_line(campaign).split()[0])


def derived_rolls(system: str) -> tuple[str, str]:
    """``(what the template NPC rolls, a visible roll line)`` for the players' view's script:
    the NPC's first rollable skill (else its first attribute) and :func:`roll_line`."""
    campaign = demo_campaign(system)
    npc, _roller = derived_template(system)
    model = next(c for c in campaign.characters if c.name == npc)
    skills = [*registry.tracker(system).rollables(model), *model.attributes]
    return (str(skills[0]).casefold(), roll_line(campaign))


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
