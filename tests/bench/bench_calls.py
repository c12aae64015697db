"""Calls that must stay quick, each against a bare Textual frame (:mod:`tests.bench.reference`).

These were timing asserts inside the tests (``< 50 ms`` and the like), which a parallel
suite on a loaded machine cannot hold; the tests keep checking the answers, and these lines
check the time. Each line's limit is the old budget in quiet bare frames (~3 ms: 50 ms is
18 of them), its figure the call's median over the bare frame's median, sampled turn about.
A budget for the slowest of many calls (``worst``) compares like with like: per run, the
slowest of the calls against the slowest of as many bare frames, one after each call; the
figure is the median of the runs' ratios (it used to divide the slowest call by the median
frame, so one slow moment of the machine in 52 calls read as a slow call).
"""

from __future__ import annotations

import itertools
import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass

from tests.bench.reference import BareFrame, bare_frame, interleaved, seconds

__all__ = ["Call", "bench_calls", "calls"]

#: a quiet bare frame, in seconds (the limits below are budgets in these)
FRAME = 0.0028


@dataclass(frozen=True)
class Call:
    name: str
    budget: float  # seconds: the budget the test used to assert
    run: Callable[[], object]  # one run (cold where the old test was cold)
    times_itself: bool = False  # ``run`` returns the seconds that count (a mean)
    #: ``run`` returns the calls (made ready, cold), whose slowest counts; see the module
    worst: bool = False


def _strange_first() -> object:
    from rules.strange import exact_odds

    exact_odds._outcomes.cache_clear()
    exact_odds._pair_counts.cache_clear()
    return exact_odds.outcome_odds(2, -1, opposed=True)


def _strange_each() -> list[Callable[[], object]]:
    """Odds + impact odds for every skill and range modifier, one call each (the caches
    cleared once, as when a session starts): the slowest of them counts."""
    from rules.strange import exact_odds, impact_odds, odds

    exact_odds._outcomes.cache_clear()
    exact_odds._pair_counts.cache_clear()

    def one(required: int, modifier: int) -> Callable[[], object]:
        return lambda: (
            odds(required, modifier, opposed=True),
            impact_odds(required, modifier, opposed=True),
        )

    return [one(required, modifier) for required in (1, 2, 3, 4) for modifier in range(-6, 7)]


def _age_table() -> object:
    from rules import age
    from rules.age.opposed import _win_counts

    _win_counts.cache_clear()
    return age.opposed_odds([5, 4, 3, 6, 2, 4, 5, 1], 11)


def _age_completion() -> object:
    from rules import age
    from rules.age import completion

    completion._completion.cache_clear()
    completion._step_counts.cache_clear()
    return age.advanced_completion_odds(3, 13, 25, 20)


def _huge_dice() -> None:
    from rules import dice
    from rules.errors import RulesError

    def roll(text: str) -> object:
        return dice.roll(text, rng=random.Random(1))

    for text in ("999999999999d6", "1d999999999999", "9" * 199 + "d6", "1000d1000+1000d1000"):
        for call in (dice.parse, roll):
            try:
                call(text)
            except RulesError:
                continue
            raise AssertionError(f"{text!r} was accepted")


def _mean_of_many() -> object:
    from rules import dice

    return (dice.mean("1000d6"), dice.mean("1000d3+1"), dice.mean("999d1000-1d2"))


def _long_line() -> Callable[[], float]:
    """Seconds per keystroke: previews of an 800-character line of names, every 8th prefix."""
    from tests.session.conftest import brp_campaign, make_table

    table = make_table(brp_campaign())
    line = ("alice spot hidden " * 50)[:800]
    prefixes = [line[:end] for end in range(1, len(line), 8)]
    return lambda: seconds(lambda: [table.preview(p) for p in prefixes]) / len(prefixes)


def _free_roll() -> Callable[[], object]:
    from tests.session.conftest import brp_campaign, make_table

    table = make_table(brp_campaign())
    return lambda: (table.preview("1000d1000"), table.preview("1000d6"))


def _age_previews() -> tuple[Callable[[], float], Callable[[], object]]:
    """(seconds a preview while typing on an opposed line, the first preview of a new one)."""
    from rules.age.opposed import _win_counts
    from tests.session.conftest import age_campaign, make_table

    table = make_table(age_campaign())
    line = "naomi stealth vs amos technology vs bobbie seeing vs naomi dexterity"
    table.preview(line)
    tns = itertools.cycle(range(9, 16))

    def typing_on() -> float:
        return seconds(lambda: (table.preview(line + " tn=11"), table.preview(line))) / 2

    def cold() -> object:
        _win_counts.cache_clear()
        return table.preview(f"{line} tn={next(tns)}")

    return typing_on, cold


def calls() -> list[Call]:
    typing_on, new_line = _age_previews()
    return [
        Call("strange_odds_first_call_vs_bare_frame", 0.2, _strange_first),
        Call("strange_odds_worst_call_vs_bare_frame", 0.05, _strange_each, worst=True),
        Call("age_opposed_table_vs_bare_frame", 0.02, _age_table),
        Call("age_completion_25_in_20_vs_bare_frame", 0.05, _age_completion),
        Call("huge_dice_refused_vs_bare_frame", 0.5, _huge_dice),
        Call("mean_of_1000_dice_vs_bare_frame", 0.05, _mean_of_many),
        Call("long_line_keystroke_vs_bare_frame", 0.02, _long_line(), times_itself=True),
        Call("huge_free_roll_preview_vs_bare_frame", 0.05, _free_roll()),
        Call("age_opposed_preview_typing_vs_bare_frame", 0.005, typing_on, times_itself=True),
        Call("age_opposed_preview_cold_vs_bare_frame", 0.05, new_line),
    ]


def _worst(call: Call, frame: BareFrame, repeats: int) -> tuple[str, float, float, str]:
    """The slowest of the calls against the slowest of as many bare frames, per run; the
    median of the runs' ratios."""
    ratios: list[float] = []
    mine: list[float] = []
    bare: list[float] = []
    count = 0
    for _ in range(repeats):
        each = call.run()
        assert isinstance(each, list) and each
        count = len(each)
        ours: list[float] = []
        frames: list[float] = []
        for one in each:
            ours.append(seconds(one))
            frames.append(frame.sample())
        mine.append(max(ours))
        bare.append(max(frames))
        ratios.append(mine[-1] / bare[-1])
    return (
        call.name,
        statistics.median(ratios),
        float(round(call.budget / FRAME)),
        f"slowest of {count} calls {statistics.median(mine) * 1e3:.2f} ms, slowest of as "
        f"many bare frames {statistics.median(bare) * 1e3:.2f} ms (medians of {repeats} runs; "
        f"budget {call.budget * 1e3:.0f} ms)",
    )


def figure(call: Call, frame: BareFrame, repeats: int) -> tuple[str, float, float, str]:
    if call.worst:
        return _worst(call, frame, repeats)
    run = call.run

    def ours() -> float:
        return float(run()) if call.times_itself else seconds(run)  # type: ignore[arg-type]

    mine, bare = interleaved(ours, frame, repeats=repeats)
    return (
        call.name,
        mine / bare,
        float(round(call.budget / FRAME)),
        f"{mine * 1e3:.2f} ms, bare frame {bare * 1e3:.2f} ms (budget {call.budget * 1e3:.0f} ms)",
    )


def bench_calls(*, repeats: int = 5) -> list[tuple[str, float, float, str]]:
    """One line per quick call: its median ÷ the bare frame's median, sampled turn about."""
    with bare_frame() as frame:
        return [figure(call, frame, repeats) for call in calls()]
