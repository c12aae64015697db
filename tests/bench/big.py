"""A generated campaign the size of a long one, for the benchmarks.

200 characters × 40 skills, 50 extended checks, 10,000 past scenes and a 1,000,000-entry
log (written straight from one block template, 20,000 entries an adventure; the save's
``checkpoint`` names its last entry, as after a session the app checkpointed). Built once per
folder and reused.
"""

from __future__ import annotations

from pathlib import Path

from tui.session.campaign.log import LogEntry
from tui.session.campaign.model import Campaign, Character, ExtendedCheck, Scene
from tui.store.logformat import format_entry
from tui.store.paths import log_path
from tui.store.savetext import SaveText

__all__ = [
    "ADVENTURE",
    "CHARACTERS",
    "ENTRIES",
    "PAST_SCENES",
    "adventure_of",
    "big_campaign",
    "write_big",
]

CHARACTERS = 200
SKILLS = 40
CHECKS = 50
PAST_SCENES = 10_000
ENTRIES = 1_000_000
ADVENTURE = 20_000  # log entries per adventure


def big_campaign(characters: int = CHARACTERS, past_scenes: int = PAST_SCENES) -> Campaign:
    """A BRP campaign: the demo's names first (so demo roll lines work), then many more."""
    names = ["Alice Moore", "Boris Ivanov"] + [f"Cultist {i:03d}" for i in range(characters - 2)]
    chars = tuple(
        Character(
            name,
            side="party" if i < 2 else "npc",
            attributes={
                "STR": 10 + i % 8,
                "CON": 11,
                "SIZ": 12,
                "INT": 13,
                "POW": 11,
                "DEX": 12,
                "APP": 10,
            },
            skills={
                "Spot Hidden": 60,
                "Listen": 50,
                "Stealth": 40,
                **{f"Skill {j:02d}": (i + j) % 90 + 5 for j in range(SKILLS - 3)},
            },
            resources={"HP": 12, "PP": 11},
            notes=f"Member {i} of the lodge.",
        )
        for i, name in enumerate(names)
    )
    checks = tuple(
        ExtendedCheck(f"Task {k:02d}", tn=11, threshold=10, time_budget=60) for k in range(CHECKS)
    )
    history = tuple(
        {
            "name": f"Scene {s}",
            "kind": "active",
            "round": 3,
            "summary": f"The party did thing number {s}.",
        }
        for s in range(past_scenes)
    )
    return Campaign(
        "The Long Campaign",
        "brp",
        characters=chars,
        scene=Scene("The Lodge", turn_order=tuple(names[:6])),
        scene_history=history,
        checks=checks,
    )


def write_big(
    folder: Path,
    *,
    entries: int = ENTRIES,
    past_scenes: int = PAST_SCENES,
    adventure: int = ADVENTURE,
) -> Path:
    """The save (and its log, ``adventure`` entries an adventure) in ``folder``; written
    once, reused while it exists."""
    folder.mkdir(parents=True, exist_ok=True)
    save = folder / f"big-{entries}-{past_scenes}-{adventure}.toml"
    if save.exists():
        return save
    save.write_text(
        SaveText().render(big_campaign(past_scenes=past_scenes), entries), encoding="utf-8"
    )
    block = format_entry(
        LogEntry(
            1,
            "2026-12-01T10:00:00+00:00",
            "roll",
            "Alice Moore: Spot Hidden 60% → 37 success",
            "Alice Moore",
            "success",
            {"skill": "Spot Hidden", "dice": [37]},
            adventure=1,
        )
    )
    head, rest = block.split("seq = 1\n", 1)
    middle, rest = rest.split("adventure = 1\n", 1)
    with log_path(save).open("w", encoding="utf-8") as f:
        for start in range(1, entries + 1, 10_000):
            f.write(
                "".join(
                    f"{head}seq = {i}\n{middle}adventure = {adventure_of(i, adventure)}\n{rest}"
                    for i in range(start, min(entries, start + 9_999) + 1)
                )
            )
    return save


def adventure_of(seq: int, per: int = ADVENTURE) -> int:
    """The adventure of log entry ``seq``: years of play, ``per`` entries each (so the first
    adventure of every big log is the same entries)."""
    return (seq - 1) // per + 1
