"""App work per keystroke at 800 characters: the preview and the completion of the line.

A BRP campaign of 800 characters × 40 skills (:func:`tests.bench.big.big_campaign`); a line is
typed one character at a time and each prefix costs what the screen does on that key:
``Table.preview`` and ``complete_line``. The first key of the first line (which builds the
name forms once per campaign state) is left out; every later key types a fresh phrase. Median
ms per key ÷ 2 ms.
"""

from __future__ import annotations

import random
import statistics
import time

from tests.bench.big import big_campaign
from tui.session.campaign.session import Session
from tui.session.table.completion import complete_line
from tui.session.tables import open_table

__all__ = ["bench_keystroke"]

TYPED = (
    "cultist 512 stealth hard",
    "boris listen vs cultist 733 spot hidden",
    "alice spot hidden = 42",
    "cultist 07 skill 12 easy",
    "/hp cultist 321 -3",
)


def bench_keystroke(*, characters: int = 800) -> tuple[str, float, float, str]:
    table = open_table(
        Session(big_campaign(characters=characters, past_scenes=0)), rng=random.Random(1)
    )
    table.warm_up()
    times: list[float] = []
    for line in TYPED:
        for end in range(1, len(line) + 1):
            start = time.perf_counter()
            table.preview(line[:end])
            complete_line(table, line[:end])
            times.append(time.perf_counter() - start)
    times = times[1:]
    ms = statistics.median(times) * 1e3
    return (
        "keystroke_800_chars_ms_vs_2",
        ms / 2.0,
        1.0,
        f"median {ms:.2f} ms per key over {len(times)} keys, slowest "
        f"{max(times) * 1e3:.1f} ms, {characters} characters",
    )
