"""GURPS cover as a modifier word (seed 004: «Преграды и частичные укрытия сокращают
вероятность попадания. Обычно штраф -2»): ``cover`` (``укрытие``) is −2 to the attack,
named in the preview and the log, offered by completion, the guided form and the help."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import pytest

from tests.seeds import seed_passages
from tests.session.conftest import assert_odds_shown, make_table, snapshot
from tests.session.systems.gurps.test_attack import brute, demo
from tui import language as i18n
from tui.session.table.completion import complete_line
from tui.session.table.table import Table

SEED = seed_passages("004")


@pytest.fixture
def table() -> Iterator[Table]:
    i18n.set_language("en")
    yield make_table(demo())
    i18n.set_language("en")


def test_cover_is_the_seeds_minus_2_on_a_shotgun_attack_with_exact_odds(table: Table) -> None:
    assert "Преграды и частичные укрытия сокращают вероятность попадания. Обычно штраф -2" in SEED
    plain = table.preview("ruth shotgun yd=10")
    covered = table.preview("ruth shotgun yd=10 cover")
    assert plain.ok and covered.ok, covered.text
    assert "→ 14 ·" in plain.text  # 13 -4 (10 yd) +5 (26 pellets)
    assert "-2 (cover) -4 (10 yd) +5 (2 shells = 26 pellets) → 12 ·" in covered.text
    levels, hits = brute(12, 1, 26)
    assert_odds_shown(
        covered.text,
        [
            ("critical success", levels["critical success"]),
            ("failure", levels["failure"]),
            ("1 hit", hits[1]),
            ("4+ hits", sum((p for n, p in hits.items() if n >= 4), Fraction(0))),
        ],
    )


def test_cover_on_a_plain_skill_roll_and_beside_a_number(table: Table) -> None:
    assert "Lockpicking 9 -2 (cover) → 7" in table.preview("vic lockpicking cover").text
    assert "-1 -2 (cover) -4 (10 yd)" in table.preview("ruth shotgun yd=10 cover -1").text


def test_a_covered_shot_is_logged_with_its_cover(table: Table) -> None:
    fb = table.submit("ruth shotgun yd=10 cover = 3 4 4")
    assert fb.ok, fb.message
    assert "-2 (cover)" in fb.message and "→ 12: 11 [3 4 4] → success (margin +1)" in fb.message
    assert table.session.log[-1].inputs["effective"] == 12


def test_the_russian_word_is_cover_and_the_log_reads_in_russian(table: Table) -> None:
    i18n.set_language("ru")
    pv = table.preview("ruth shotgun yd=10 укрытие")
    assert pv.ok, pv.text
    assert "-2 (укрытие) -4 (10 ярд.)" in pv.text and "→ 12 ·" in pv.text


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("ruth shotgun yd=10 cover cover", "cover is one -2 for Ruth Hale: give it once"),
        ("moss dodge cover", "cover is the attacker's -2"),
        ("ruth shotgun yd=10 covers", "(allowed: cover)"),
    ],
)
def test_cover_where_it_cannot_go_is_refused_by_name(table: Table, line: str, said: str) -> None:
    before = snapshot(table)
    fb = table.submit(line)
    assert not fb.ok and said in fb.message, fb.message
    assert snapshot(table) == before


def test_completion_the_form_and_the_help_offer_cover(table: Table) -> None:
    assert complete_line(table, "ruth shotgun yd=10 c") == ["ruth shotgun yd=10 cover"]
    assert any("cover" in f.choices for f in table.system.modifier_fields)
    assert "cover: -2 to hit" in table.system.entry_help
