"""Campaigns for the session-layer tests, built in code so each test owns its data.

They mirror the demo saves' characters (the seeds' examples) but do not read the files:
a change to a demo cannot silently change what these tests check.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from tui.session.campaign.log import LogEntry
from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.session import Session
from tui.session.table.table import Table
from tui.session.tables import open_table


class Scripted(random.Random):
    """A generator that returns the given faces in order (and fails loudly when it runs out)."""

    def __init__(self, faces: Sequence[int] = ()) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        assert self.faces, "the test did not script enough dice"
        face = self.faces.pop(0)
        assert a <= face <= b, (a, b, face)
        return face


def brp_campaign() -> Campaign:
    alice = Character(
        "Alice Moore",
        attributes={"STR": 13, "CON": 11, "SIZ": 10, "INT": 16, "POW": 14, "DEX": 12},
        skills={
            "Spot Hidden": 60,
            "Knowledge (Occult)": 35,
            "Knowledge (History)": 45,
            "Stealth": 40,
        },
        resources={"HP": 11, "PP": 14},
    )
    boris = Character(
        "Boris Ivanov",
        attributes={"STR": 11, "SIZ": 13, "INT": 17, "POW": 12, "DEX": 9},
        skills={"Listen": 50, "Teach": 60, "Spot Hidden": 45},
        resources={"HP": 13, "PP": 12},
    )
    boulder = Character("Boulder", side="npc", attributes={"SIZ": 15})
    return Campaign("The Whispering House", "brp", characters=(alice, boris, boulder))


def gurps_campaign() -> Campaign:
    vic = Character(
        "Vic Lockwood",
        attributes={"DX": 12, "Basic Speed": 5.75},
        skills={"Lockpicking": 9, "Stealth": 12},
        resources={"HP": 10},
        extra={"aliases": ["lockpicker"]},
    )
    ruth = Character(
        "Ruth Hale",
        attributes={"DX": 11, "Basic Speed": 5.75},
        skills={"Guns (Shotgun)": 13},
        resources={"HP": 11},
    )
    moss = Character(
        "Guard Moss",
        side="npc",
        attributes={"DX": 11, "Basic Speed": 5.5},
        skills={"Guns (Pistol)": 12, "Brawling": 12},
        resources={"HP": 12},
    )
    return Campaign("The Warehouse Job", "gurps", characters=(vic, ruth, moss))


def age_campaign() -> Campaign:
    def abilities(**kw: int) -> dict[str, Any]:
        base = dict.fromkeys(
            (
                "Accuracy",
                "Communication",
                "Constitution",
                "Dexterity",
                "Fighting",
                "Intelligence",
                "Perception",
                "Strength",
                "Willpower",
            ),
            1,
        )
        base.update(kw)
        return base

    naomi = Character(
        "Naomi",
        attributes=abilities(Dexterity=3, Intelligence=2),
        skills={"Stealth": "Dexterity"},
        resources={"Fortune": 12},
    )
    amos = Character(
        "Amos",
        attributes=abilities(Intelligence=2, Strength=3),
        skills={"Technology": "Intelligence"},
        resources={"Fortune": 15},
    )
    bobbie = Character(
        "Bobbie",
        attributes=abilities(Perception=2, Accuracy=3),
        skills={"Seeing": "Perception"},
        resources={"Fortune": 1},
    )
    return Campaign(
        "Infiltration at Tycho",
        "age",
        options={"fortune_regular": 2, "fortune_drama": 3},
        characters=(naomi, amos, bobbie),
    )


def strange_campaign(*, aliases: bool = False) -> Campaign:
    daimitry = Character(
        "Даймитрий", skills={"Взлом замков": "Умелец"}, resources={"Лёгкие раны": 0}
    )
    dallah = Character(
        "Сир Даллах",
        skills={"Владение длинным мечом": "Профессионал", "Рукопашный бой": "Умелец"},
        resources={"Лёгкие раны": 0},
    )
    kirma_extra: dict[str, Any] = {"supports": {"Владение луком": "Верховой бой"}}
    if aliases:
        kirma_extra["aliases"] = ["kirma"]
        kirma_extra["skill_aliases"] = {"bow": "Владение луком", "riding": "Верховая езда"}
    kirma = Character(
        "Кирма",
        skills={
            "Верховая езда": "Мастер",
            "Владение луком": "Профессионал",
            "Верховой бой": "Умелец",
        },
        resources={"Лёгкие раны": 0},
        extra=kirma_extra,
    )
    balgruf = Character(
        "ярл Балгруф",
        side="npc",
        skills={"Атлетика": "Профессионал", "Владение длинным мечом": "Профессионал"},
    )
    oglai = Character("Ог'лай", side="npc", gm_only=True, attributes={"danger": 2})
    return Campaign(
        "Северный тракт",
        "strange",
        options={"ladder": {"Умелец": 3, "Профессионал": 2, "Мастер": 1}},
        characters=(daimitry, dallah, kirma, balgruf, oglai),
    )


def skirmish_campaign(die: str = "d10") -> Campaign:
    samurai = Character(
        "Experienced Samurai",
        attributes={"Attacks": 2},
        skills={"Fighting": 7, "Shooting": 7, "Dexterity": 7, "Body Strength": 4},
        extra={"aliases": ["samurai"]},
    )
    master = Character("Bushido Master", skills={"Fighting": 6, "Dexterity": 5, "Body Strength": 6})
    yamabushi = Character(
        "Yamabushi",
        side="npc",
        attributes={"Attacks": 2},
        skills={"Fighting": 5, "Dexterity": 5, "Body Strength": 4},
    )
    ninja = Character("Ninja", side="npc", skills={"Fighting": 5, "Shooting": 8, "Dexterity": 6})
    return Campaign(
        "Ambush at the Mountain Pass",
        "skirmish",
        options={"die": die},
        characters=(samurai, master, yamabushi, ninja),
    )


CAMPAIGNS: dict[str, Callable[[], Campaign]] = {
    "brp": brp_campaign,
    "gurps": gurps_campaign,
    "age": age_campaign,
    "strange": strange_campaign,
    "skirmish": skirmish_campaign,
}


def campaign_of(system: str) -> Campaign:
    """The campaign built here for ``system``, else (a system added since) its demo's."""
    from tests.systems import demo_campaign

    build = CAMPAIGNS.get(system)
    return build() if build is not None else demo_campaign(system)


def make_table(campaign: Campaign, faces: Sequence[int] = ()) -> Table:
    """A table over a fresh session, rolling ``faces`` in order when it has to roll."""
    clock = iter(f"2024-01-01T00:00:{i:02d}" for i in range(10**6))
    return open_table(Session(campaign, clock=lambda: next(clock)), rng=Scripted(faces))


def snapshot(table: Table) -> tuple[Campaign, list[LogEntry]]:
    """The state a failed command must leave untouched: the campaign and a copy of the log."""
    return table.campaign, list(table.session.log)


def pct(p: Fraction) -> str:
    """A probability as the preview shows it, recomputed here: one decimal, no ".0"."""
    value = p * 100
    if 0 < value < Fraction(1, 10):
        return "<0.1%"
    if Fraction(999, 10) < value < 100:
        return ">99.9%"
    text = f"{float(value):.1f}"
    return (text[:-2] if text.endswith(".0") else text) + "%"


def assert_odds_shown(text: str, expected: Iterable[tuple[str, Fraction]]) -> None:
    """Every non-zero ``(label, p)`` appears in the preview ``text`` as "label NN.N%"."""
    pairs = list(expected)
    assert pairs
    for label, p in pairs:
        if p:
            assert f"{label} {pct(p)}" in text, (label, pct(p), text)


def rename(campaign: Campaign, old: str, new: str) -> Campaign:
    """The campaign with one character renamed (for alias tests)."""
    ch = campaign.character(old)
    return campaign.with_character(replace(ch, name=new), old_name=old)


@pytest.fixture
def brp() -> Table:
    return make_table(brp_campaign())


@pytest.fixture
def gurps() -> Table:
    return make_table(gurps_campaign())


@pytest.fixture
def age() -> Table:
    return make_table(age_campaign())


@pytest.fixture
def strange() -> Table:
    return make_table(strange_campaign(aliases=True))


@pytest.fixture
def skirmish() -> Table:
    return make_table(skirmish_campaign())
