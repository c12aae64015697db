"""GURPS maneuvers and damage are logged as facts: an entry made in English reads in
Russian, and a refusal is in the GM's language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.session.scene_helpers import ok, refused, table_for
from tests.session.systems.gurps.test_attack import demo
from tui import language as i18n
from tui.session.campaign.log import shown_text
from tui.session.table.table import Table


@pytest.fixture
def table() -> Iterator[Table]:
    i18n.set_language("en")
    table = table_for(demo())
    ok(table, "/scene Warehouse", "/order")
    yield table
    i18n.set_language("en")


def test_a_maneuver_logged_in_english_reads_in_russian(table: Table) -> None:
    ok(table, "/man vic maa", "/damage pike 2d6-1 dr=4 hits=2 = 6 6 1 2")
    maneuver, damage = table.session.log[-2:]
    assert maneuver.text == "Vic Lockwood: Move and Attack (full move, dodge/block only)"
    assert damage.text.startswith("Guard Pike takes 7 injury from 2 hits (")
    i18n.set_language("ru")
    assert shown_text(maneuver) == (
        "Vic Lockwood: движение + атака (полное движение, только уклонение/блок)"
    )
    assert shown_text(damage).startswith("Guard Pike получает ранение 7 от 2 попаданий (")


def test_a_gurps_refusal_is_in_russian(table: Table) -> None:
    i18n.set_language("ru")
    fb = refused(table, "/damage pike 2d6 dr=x")
    assert fb.message.startswith("dr= должен быть целым числом")


def test_maneuvers_are_typed_and_shown_as_the_seed_writes_them(table: Table) -> None:
    """«тотальная атака», «прицеливание», «огонь на подавление»: the GURPS seed's Russian
    names, typed with spaces or hyphens, with or without the option's name after a colon."""
    i18n.set_language("ru")
    lines = {
        "/man vic тотальная атака:точная атака": "тотальная атака: точная атака",
        "/man vic тотальная-атака:сильная": "тотальная атака: сильная атака",
        "/man moss тотальная атака: огонь на подавление": "тотальная атака: огонь на подавление",
        "/man moss прицеливание acc=2": "прицеливание",
        "/man vic тотальная защита:усиленное уклонение": "тотальная защита: усиленное уклонение",
    }
    for line, name in lines.items():
        fb = table.submit(line)
        assert fb.ok, (line, fb.message)
        assert name in shown_text(table.session.log[-1]), line
    fb = table.submit("/man vic тотальная")
    assert not fb.ok and "тотальная атака или тотальная защита" in fb.message
    assert table.submit("/man vic aoa:determined").ok  # the keys stay as they were
