"""App work per keystroke at 800 characters: the preview and the completion of the line.

A BRP campaign of 800 characters × 40 skills (:func:`tests.bench.big.big_campaign`); a line is
typed one character at a time and each prefix costs what the screen does on that key:
``Table.preview``, and the inline suggestion's ``complete_line(…, 2)`` unless the line ends
in a space (``RollEntry.suggestion_for``: the first completion that changes the line; Tab
works out the rest when pressed). The first key of the first line (which builds the
name forms once per campaign state) is left out; every later key types a fresh phrase. The
reference is the same key typed at the same moment into the BRP demo's two characters (the
keys alternate between the two tables): median per key at 800 ÷ median per key in the demo,
so the figure says how much the cost grows with the campaign.
"""

from __future__ import annotations

import random
import statistics
import time

from tests.bench.big import big_campaign
from tui.session.campaign.session import Session
from tui.session.table.completion import complete_line
from tui.session.table.table import Table
from tui.session.tables import open_table

__all__ = ["bench_keystroke"]

TYPED = (
    "cultist 512 stealth hard",
    "boris listen vs cultist 733 spot hidden",
    "alice spot hidden = 42",
    "cultist 07 skill 12 easy",
    "/hp cultist 321 -3",
)


def _key(table: Table, typed: str) -> float:
    start = time.perf_counter()
    table.preview(typed)
    if not typed[-1:].isspace():  # as RollEntry.suggestion_for asks
        complete_line(table, typed, 2)
    return time.perf_counter() - start


def bench_keystroke(*, characters: int = 800) -> tuple[str, float, float, str]:
    from tui.store import Store, demo_paths

    table = open_table(
        Session(big_campaign(characters=characters, past_scenes=0)), rng=random.Random(1)
    )
    demo_save = next(p for p in demo_paths() if p.name == "demo-brp.toml")
    with Store.open(demo_save, read_only=True) as store:
        demo = open_table(Session(store.campaign), rng=random.Random(1))
    table.warm_up()
    demo.warm_up()
    times: list[float] = []
    small: list[float] = []
    for line in TYPED:
        for end in range(1, len(line) + 1):
            times.append(_key(table, line[:end]))
            small.append(_key(demo, line[:end]))
    times, small = times[1:], small[1:]
    ours, other = statistics.median(times), statistics.median(small)
    return (
        "keystroke_800_chars_vs_demo",
        ours / other,
        1.5,
        f"median {ours * 1e3:.2f} ms per key over {len(times)} keys (slowest "
        f"{max(times) * 1e3:.1f} ms) with {characters} characters, {other * 1e3:.2f} ms in "
        f"{demo_save.name}",
    )
