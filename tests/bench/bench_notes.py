"""A character with 10 MB of notes on the sheet: a committed roll costs what any roll does.

The BRP demo with Alice's notes made 10 MB long (one paragraph of words after another, as a
GM pasting a campaign diary would), her sheet shown while her rolls are committed (see
:mod:`tests.bench.bench_roll` for the clock). The sheet shows a screenful, so only that is
wrapped and painted; the save re-renders only the keys that changed.
"""

from __future__ import annotations

import statistics
import tempfile
from dataclasses import replace
from pathlib import Path

from tests.bench.bench_roll import BUDGET, FRAME, commit_latencies
from tests.bench.reference import bare_frame
from tui.store import Store, demo_paths

__all__ = ["bench_notes", "bench_notes_50mb_change", "bench_notes_change", "long_notes"]

LINES = ("alice spot hidden = 42", "alice spot hidden", "alice occult = 77", "alice str")


def long_notes(size: int = 10_000_000) -> str:
    """``size`` characters of notes: paragraphs of ordinary words."""
    paragraph = (
        "Session notes: the lodge at the crossing, the cellar door, a letter in "
        "the stove; Boris kept the lamp. "
    ) * 6 + "\n\n"
    return (paragraph * (size // len(paragraph) + 1))[:size]


def notes_save(folder: Path, size: int = 10_000_000) -> Path:
    """A copy of the BRP demo whose Alice has ``size`` characters of notes (none: 0)."""
    save = folder / f"notes-{size}.toml"
    demo = next(p for p in demo_paths() if p.name == "demo-brp.toml")
    with Store.open(demo, read_only=True) as store:
        campaign = store.campaign
    at = campaign.index_of("Alice Moore")
    alice = replace(campaign.characters[at], notes=long_notes(size) if size else "")
    chars = (*campaign.characters[:at], alice, *campaign.characters[at + 1 :])
    Store.create(save, replace(campaign, characters=chars)).close()
    return save


def bench_notes(*, rolls: int = 30, size: int = 10_000_000) -> tuple[str, float, float, str]:
    """Median seconds of a committed roll with 10 MB of notes on the sheet ÷ a bare app's
    Enter-to-paint, sampled turn about (limit: the 16 ms budget in bare frames)."""
    with tempfile.TemporaryDirectory() as tmp, bare_frame() as frame:
        samples = commit_latencies(notes_save(Path(tmp), size), rolls, LINES, frame=frame)
    mine = statistics.median(samples)
    return (
        "notes_10mb_change_vs_bare_frame",
        mine / frame.median,
        float(round(BUDGET / FRAME)),
        f"median {mine * 1e3:.1f} ms over {rolls} rolls, {size / 1e6:.0f} MB of notes on the "
        f"sheet; bare frame {frame.median * 1e3:.1f} ms",
    )


#: /hp changes Alice herself: her sheet (notes and all) is made anew for every line
HP_LINES = ("/hp alice -1", "/hp alice +1")


def bench_notes_change(
    *, rounds: int = 5, rolls: int = 6, size: int = 2_000_000
) -> tuple[str, float, float, str]:
    """A change to the character whose sheet shows ``size`` characters of notes (2 MB;
    ``notes_50mb_change_vs_plain``: 50 MB), Enter to painted, ÷ the same change in the same
    campaign without the notes; apps on each taking turns. The figure is named for the size
    (``notes_2mb_change_vs_plain``)."""
    with tempfile.TemporaryDirectory() as tmp:
        heavy, plain = notes_save(Path(tmp), size), notes_save(Path(tmp), 0)
        mine: list[float] = []
        other: list[float] = []
        for _ in range(rounds):
            for save, out in ((heavy, mine), (plain, other)):
                out += commit_latencies(save, rolls, HP_LINES, first_lines=("alice str",))
    ours, bare = statistics.median(mine), statistics.median(other)
    return (
        f"notes_{size // 1_000_000}mb_change_vs_plain",
        ours / bare,
        1.5,
        f"/hp on Alice: {ours * 1e3:.1f} ms with {size / 1e6:.0f} MB of notes on her sheet, "
        f"{bare * 1e3:.1f} ms without (medians of {rounds * rolls})",
    )


def bench_notes_50mb_change(*, rounds: int = 3, rolls: int = 6) -> tuple[str, float, float, str]:
    """``notes_50mb_change_vs_plain`` (issue 31: 50 MB of notes made every change take 4 s):
    the same as the 2 MB line, with notes as big as a save may hold in one text."""
    return bench_notes_change(rounds=rounds, rolls=rolls, size=50_000_000)
