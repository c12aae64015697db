"""Helpers for the scene command tests (no tests here): campaigns built in code, a table
with scripted dice, and assertions that a command fails without touching the session."""

from __future__ import annotations

import random
from collections.abc import Sequence

from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.session import Session
from tui.session.table.table import Feedback, Table
from tui.session.tables import open_table


class Scripted(random.Random):
    """Returns the given faces in order; fails loudly when the test did not script enough."""

    def __init__(self, faces: Sequence[int] = ()) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        assert self.faces, "the test did not script enough dice"
        face = self.faces.pop(0)
        assert a <= face <= b
        return face


def strange_campaign() -> Campaign:
    """The seed's Sir Dallah and Jarl Balgruf (skills in English, levels as in the seed)."""
    dallah = Character("Sir Dallah", skills={"Wrestling": "Умелец", "Longsword": "Профессионал"})
    balgruf = Character(
        "Jarl Balgruf",
        side="npc",
        skills={"Athletics": "Профессионал", "Longsword": "Профессионал"},
    )
    kirma = Character("Kirma", skills={"Riding": "Мастер"})
    return Campaign("Northern Road", "strange", characters=(dallah, balgruf, kirma))


def gurps_campaign() -> Campaign:
    vic = Character(
        "Vic Lockwood", attributes={"DX": 12, "Basic Speed": 5.75}, skills={"Lockpicking": 9}
    )
    ruth = Character(
        "Ruth Hale",
        attributes={"DX": 11, "Basic Speed": 5.75},
        skills={"Guns (Shotgun)": 13},
        extra={"weapons": {"Stevenson": {"acc": 3, "damage": "2d6-1"}}},
    )
    moss = Character(
        "Guard Moss",
        side="npc",
        attributes={"DX": 11, "Basic Speed": 5.5},
        skills={"Brawling": 12, "Guns (Pistol)": 12},
        extra={"weapons": {"Pistol": {"acc": 2}, "Rifle": {"acc": 4}}},
    )
    pike = Character(
        "Guard Pike", side="npc", attributes={"DX": 11, "Basic Speed": 5.5}, skills={"Brawling": 13}
    )
    return Campaign("The Warehouse Job", "gurps", characters=(vic, ruth, moss, pike))


def brp_campaign() -> Campaign:
    return Campaign(
        "The Whispering House",
        "brp",
        characters=(
            Character("Alice", skills={"Dodge": 40}),
            Character("Boris", skills={"Dodge": 30}),
            Character("Cultist", side="npc", skills={"Dodge": 20}),
        ),
    )


def table_for(campaign: Campaign, faces: Sequence[int] = ()) -> Table:
    clock = iter(f"2024-01-01T00:{i // 60:02d}:{i % 60:02d}" for i in range(10**5))
    return open_table(Session(campaign, clock=lambda: next(clock)), rng=Scripted(faces))


def ok(table: Table, *lines: str) -> list[Feedback]:
    """Submit every line; each must succeed."""
    out = []
    for line in lines:
        feedback = table.submit(line)
        assert feedback.ok, (line, feedback.message)
        out.append(feedback)
    return out


def refused(table: Table, line: str, *words: str) -> Feedback:
    """The line fails with a message holding ``words``; state and log are untouched."""
    before, log = table.campaign, list(table.session.log)
    feedback = table.submit(line)
    assert not feedback.ok, (line, feedback.message)
    for word in words:
        assert word in feedback.message, (word, feedback.message)
    assert table.campaign is before
    assert table.session.log == log
    return feedback


def undo_restores(table: Table, line: str) -> Feedback:
    """The line succeeds, and /undo brings back exactly the state before it."""
    before = table.campaign
    feedback = table.submit(line)
    assert feedback.ok, (line, feedback.message)
    assert table.campaign != before
    assert table.submit("/undo").ok
    assert table.campaign is before
    assert table.submit("/redo").ok
    return feedback
