"""``python -m tests.bench``: every benchmark figure, one line each: ``NAME ratio=R limit=L``.

R ≤ L is a pass. All figures are ratios measured side by side in this one run (the machines
are noisy). stderr gets a note per figure with the raw numbers; a figure that cannot be
measured here (icepool missing) prints ``ratio=nan`` and says why instead of failing. Exits 0.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Sequence

from tests.bench.bench_odds import (
    bench_age_completion,
    bench_skirmish_contest,
    bench_strange_opposed,
)
from tests.bench.bench_roll import bench_roll_latency
from tests.bench.bench_save import bench_rss, bench_save
from tests.bench.bench_startup import bench_startup

Figure = Sequence[object]  # (name, ratio, limit) or (name, ratio, limit, note)

BENCHES: tuple[Callable[[], Figure], ...] = (
    bench_startup,
    bench_roll_latency,
    bench_save,
    bench_rss,
    bench_strange_opposed,
    bench_age_completion,
    bench_skirmish_contest,
)


def line(figure: Figure) -> str:
    """The figure's stdout line, exactly ``NAME ratio=R limit=L``."""
    name, ratio, limit, *_note = figure
    assert isinstance(ratio, float) and isinstance(limit, float)
    return f"{name} ratio={ratio:.2f} limit={limit}"


def note(figure: Figure) -> str:
    """Raw numbers and a verdict, for stderr (stdout stays machine-readable)."""
    name, ratio, limit, *extra = figure
    assert isinstance(ratio, float) and isinstance(limit, float)
    verdict = "not measured" if math.isnan(ratio) else ("ok" if ratio <= limit else "OVER")
    return f"  {name}: {verdict}" + (f"; {extra[0]}" if extra else "")


def main() -> int:
    for bench in BENCHES:
        figure = bench()
        print(line(figure), flush=True)
        print(note(figure), file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
