"""``python -m tests.bench``: every benchmark figure, one line each: ``NAME ratio=R limit=L``.

R ≤ L is a pass. All figures are ratios measured side by side in this one run (the machines
are noisy). stderr gets a note per figure with the raw numbers; a figure that cannot be
measured here (icepool missing) prints ``ratio=nan`` and says why instead of failing. Exits 0.

The ``big_*`` figures use a campaign generated once per run in a temporary folder
(:mod:`tests.bench.big`: 200 characters × 40 skills, 50 checks, 10,000 past scenes and a
1,000,000-entry log, ~210 MB); ``--fast`` makes its log 100,000 entries and takes fewer
samples (what ``tests/bench/test_bench_smoke.py`` runs).
"""

from __future__ import annotations

import math
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from tests.bench.bench_adventure import bench_adventure_end
from tests.bench.bench_autosave import bench_autosave_longest
from tests.bench.bench_big_commit import bench_big_commit
from tests.bench.bench_big_save import bench_big_save
from tests.bench.bench_big_startup import bench_big_rss, bench_big_startup
from tests.bench.bench_calls import bench_calls
from tests.bench.bench_checkpoint import bench_checkpoint_bytes
from tests.bench.bench_cli_start import (
    bench_cli_help,
    bench_cli_help_ru,
    bench_cli_help_with_config,
    bench_cli_version,
)
from tests.bench.bench_find import bench_find, bench_recap_adventure, bench_recap_rss
from tests.bench.bench_keystroke import bench_keystroke
from tests.bench.bench_notes import bench_notes, bench_notes_50mb_change, bench_notes_change
from tests.bench.bench_odds import (
    bench_age_completion,
    bench_skirmish_contest,
    bench_strange_opposed,
)
from tests.bench.bench_previews import bench_previews
from tests.bench.bench_roll import bench_roll_latency
from tests.bench.bench_save import bench_rss, bench_save
from tests.bench.bench_serve import bench_serve_phones
from tests.bench.bench_startup import bench_startup
from tests.bench.big import write_big

Figure = Sequence[object]  # (name, ratio, limit) or (name, ratio, limit, note)

BENCHES: tuple[Callable[[], Figure], ...] = (
    bench_startup,
    bench_roll_latency,
    bench_save,
    bench_rss,
    bench_strange_opposed,
    bench_age_completion,
    bench_skirmish_contest,
    bench_notes_change,
    bench_notes_50mb_change,
    bench_checkpoint_bytes,
    bench_serve_phones,
    bench_autosave_longest,
    bench_cli_version,
    bench_cli_help,
    bench_cli_help_with_config,
    bench_cli_help_ru,
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


def big_figures(folder: Path, *, fast: bool = False) -> Iterator[Figure]:
    """The figures of issue 19, on a big campaign written in ``folder``."""
    save = write_big(folder, entries=100_000 if fast else 1_000_000)
    yield from bench_big_startup(save, repeats=3 if fast else 7)
    yield bench_find(save, repeats=3 if fast else 7)
    yield bench_recap_adventure(save, folder / "adventure", repeats=3 if fast else 5)
    yield bench_recap_rss(save)
    yield bench_big_save(save, changes=10 if fast else 30)
    yield bench_keystroke()
    yield from bench_previews(repeats=3 if fast else 5)
    yield bench_big_commit(save, rolls=12 if fast else 40)
    yield bench_big_rss(save)
    yield bench_notes(rolls=12 if fast else 40)


def main(argv: Sequence[str] = ()) -> int:
    fast = "--fast" in argv
    for bench in BENCHES:
        figure = bench()
        print(line(figure), flush=True)
        print(note(figure), file=sys.stderr, flush=True)
    for figure in (
        # three rounds even when fast: one sample of a 10 ms quit says more about the disk
        *bench_adventure_end(rounds=3),
        *bench_calls(repeats=3 if fast else 7),
    ):
        print(line(figure), flush=True)
        print(note(figure), file=sys.stderr, flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        for figure in big_figures(Path(tmp), fast=fast):
            print(line(figure), flush=True)
            print(note(figure), file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
