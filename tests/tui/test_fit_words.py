"""Text fitted to a narrow terminal by words (#45, round four, at 80×24): nothing the GM
reads is cut mid-word or mid-number without a mark, and a number a line is about is kept.

"Who should roll?" (``/best``) with a long skill at 80×24 pushed its grade columns off the
dialog ("fai", "15.1") and cut the reason a member cannot roll at twelve cells ("no skill
of"): the names now take what the bar and the grades leave and wrap at words.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest
from textual.widgets import DataTable

from tests.tui.conftest import rng, type_line
from tests.tui.test_adventure_flows import painted
from tui.app.app import TablekeeperApp
from tui.screens.best import BestScreen
from tui.session.systems.interface import Chance


def words_of(text: str) -> list[str]:
    return re.findall(r"[^\s│╭╮╰╯─▕▏]+", text)


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_who_should_roll_fits_every_column_and_every_reason_in_words(
    demo_copy: Callable[[str], Path], size: tuple[int, int]
) -> None:
    app = TablekeeperApp(demo_copy("strange"), rng=rng())
    async with app.run_test(size=size) as pilot:
        await type_line(pilot, "/best владение длинным мечом")
        screen = app.screen
        assert isinstance(screen, BestScreen)
        grid = screen.query_one("#best-rows", DataTable)
        # nothing beyond the dialog's edge: no column scrolled out of sight
        assert grid.virtual_size.width <= grid.scrollable_content_region.width, (
            grid.virtual_size,
            grid.scrollable_content_region,
        )
        shown = words_of(painted(app))
        for label in ("crit", "succ", "part", "fail"):
            assert label in shown, label
        for row in screen.rows:
            expected = [row.character, *(row.skill.split() if row.skill else ())]
            expected += words_of(row.problem)
            missing = [w for w in words_of(" ".join(expected)) if w not in shown]
            assert not missing, (row, missing)
            if row.odds:
                for grade in ("critical", "success", "partial", "failure"):
                    p = sum((c.p for c in row.odds if c.grade == grade), Fraction(0))
                    percent = Chance(grade, p, grade).percent
                    assert percent in shown, (grade, percent)
