"""Shared builders for the store tests (also imported by the crash-test child)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from tui.session.campaign.log import LogEntry
from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.session import Draft, Outcome, Session
from tui.store import Store
from tui.store.logfile import format_entry

COUNTER = "HP"


def small_campaign(name: str = "Test") -> Campaign:
    alice = Character(
        name="Alice", attributes={"STR": 13}, skills={"Spot Hidden": 60}, resources={COUNTER: 0}
    )
    return Campaign(name=name, system="brp", characters=(alice,))


def entry(seq: int, text: str = "Alice: Spot Hidden 60 → 37 success") -> LogEntry:
    return LogEntry(
        seq=seq,
        time="2024-05-01T10:00:00+03:00",
        kind="roll",
        text=text,
        actor="Alice",
        grade="success",
        inputs={"skill": "Spot Hidden", "dice": [3, 7], "typed": False},
        effects=("tick Spot Hidden",),
    )


def write_big_log(path: Path, count: int) -> None:
    """Write ``count`` entries straight to the log ``path`` (fast: one template, one write).

    The save beside it, if any, is marked as including them all (``checkpoint = count``), as
    if the app had written them and checkpointed: opening then reads only the log's tail.
    """
    block = format_entry(entry(1))
    head, rest = block.split("seq = 1\n", 1)
    path.write_text(
        "".join(f"{head}seq = {i}\n{rest}" for i in range(1, count + 1)), encoding="utf-8"
    )
    save = path.with_name(path.name.removesuffix(".log.toml") + ".toml")
    if save.exists():
        set_checkpoint(save, count)


def set_checkpoint(save: Path, seq: int) -> None:
    """Rewrite the save's ``checkpoint`` key (the last log entry it includes)."""
    text = save.read_text(encoding="utf-8")
    new, n = re.subn(r"(?m)^checkpoint = \d+$", f"checkpoint = {seq}", text)
    assert n == 1, "the save has no checkpoint line"
    save.write_text(new, encoding="utf-8")


@dataclass(frozen=True)
class Bump:
    """A command adding one to Alice's counter resource."""

    def apply(self, campaign: Campaign) -> Outcome:
        alice = campaign.characters[0]
        value = alice.resources[COUNTER] + 1
        return Outcome(
            campaign.with_character(alice.with_resource(COUNTER, value)),
            Draft("change", f"{COUNTER} → {value}", actor=alice.name),
        )


def counter(campaign: Campaign) -> int:
    return campaign.characters[0].resources[COUNTER]


def played(folder: Path, changes: int = 1, name: str = "c.toml") -> Path:
    """A new save in ``folder`` with ``changes`` recorded and checkpointed, closed by its
    writer."""
    save = folder / name
    with Store.create(save, small_campaign()) as store:
        session = Session(store.campaign)
        session.subscribe(store.listener)
        for _ in range(changes):
            session.execute(Bump())
        store.flush()
    return save


def writer(save: Path) -> tuple[Store, Session]:
    """``save`` open for writing, with a session that records and checkpoints every change."""
    store = Store.open(save)
    session = Session(store.campaign, store.log, last_seq=store.log_count)
    session.subscribe(store.listener)
    return store, session
