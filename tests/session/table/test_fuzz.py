"""Fuzzing the roll entry: nothing the GM types escapes as an exception or corrupts state.

``parse_line`` may only raise :class:`EntryError`; ``Table.preview`` and ``Table.submit``
never raise; a failed submit leaves the campaign and the log exactly as they were.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.session.conftest import campaign_of, snapshot
from tests.systems import SYSTEMS, roll_line
from tui.session.campaign.session import Session
from tui.session.entry.entry import EntryError, parse_line
from tui.session.table.completion import complete_line
from tui.session.table.table import Feedback, Preview, Table
from tui.session.tables import open_table

TOKENS = [
    # names and skills of every test campaign, Latin and Cyrillic, whole and partial
    "alice",
    "boris",
    "boulder",
    "spot",
    "hidden",
    "str",
    "siz",
    "knowledge",
    "listen",
    "vic",
    "lockpicker",
    "lockpicking",
    "dx",
    "guard",
    "moss",
    "brawling",
    "naomi",
    "amos",
    "bobbie",
    "stealth",
    "technology",
    "dexterity",
    "seeing",
    "даймитрий",
    "взлом",
    "даллах",
    "dallah",
    "кирма",
    "kirma",
    "bow",
    "riding",
    "балгруф",
    "атлетика",
    "ог",
    "danger",
    "samurai",
    "yamabushi",
    "ninja",
    "bushido",
    "fighting",
    "body",
    "shooting",
    # modifiers and syntax
    "vs",
    "против",
    "=",
    "==",
    "= =",
    "hard",
    "easy",
    "automatic",
    "impossible",
    "nostakes",
    "opposed",
    "raw",
    "+5",
    "-5",
    "+10",
    "-11",
    "+999999999999",
    "−3",
    "x2",
    "/3",
    "/0",
    "tn=13",
    "tn=",
    "tn=hard",
    "tn=-5",
    "range=1,4",
    "range=7,1",
    "range=",
    "range=1,2,3",
    "resist=3,4",
    "mod=-1",
    "mod=99",
    "die=d20",
    "die=d7",
    "dice=3",
    "dice=0",
    "dice=999999",
    "set=4",
    "ext=x",
    "focus=1",
    "skill=",
    "07",
    "00",
    "0",
    "101",
    "4 3 5",
    "1-6-6-5",
    "3,3,4,5",
    "999999999999",
    "-",
    ",",
    "'",
    '"',
    "'spot hidden'",
    # free dice and commands
    "3d6+2",
    "d100",
    "d%",
    "999999999999d6",
    "1000d1000",
    "1000d1000+1000d1000",
    "0d6",
    "d0",
    "2d6-1",
    "/undo",
    "/redo",
    "/hp",
    "/note",
    "/rename",
    "/fortune",
    "die=3",
    "face=6",
    "/help",
    "/quit",
    "/",
    "//",
    "/ undo",
]

words = st.one_of(
    st.sampled_from(TOKENS),
    st.text(min_size=1, max_size=6),
    st.text(alphabet="абвгдеёжзийклмнопрстуфхцчшщъыьэюя'", min_size=1, max_size=8),
    st.integers(-(10**15), 10**15).map(str),
)
lines = st.one_of(
    st.lists(words, max_size=12).map(" ".join),
    st.text(max_size=80),
    st.text(alphabet=st.characters(max_codepoint=0x7F), max_size=40),
    st.builds(lambda w, n: (w + " ") * n, st.sampled_from(TOKENS), st.integers(100, 2_000)),
    st.sampled_from(["", "=", "vs", " vs ", "'", '"', "a" * 10_000, "\x00", "\t", "1d1"]),
)

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def fresh(system: str) -> Table:
    campaign = campaign_of(system)
    table = open_table(Session(campaign), rng=random.Random(7))
    # some history so /undo, /redo and /fortune have something to work on
    first = {
        "brp": "alice spot hidden = 07",
        "gurps": "vic dx = 10",
        "age": "naomi stealth = 1 2 3",
        "strange": "даймитрий взлом range=1,4 = 2 2 4 6",
        "skirmish": "samurai fighting = 5",
    }.get(system) or roll_line(campaign)
    assert table.submit(first).ok
    return table


@pytest.mark.parametrize("system", SYSTEMS)
@FUZZ
@given(line=lines)
def test_parse_line_raises_only_entry_errors(system: str, line: str) -> None:
    table = fresh(system)
    try:
        parse_line(line, table._character_aliases(), table._skill_aliases)
    except EntryError as exc:
        assert str(exc)


@pytest.mark.parametrize("system", SYSTEMS)
@FUZZ
@given(line=lines)
def test_preview_never_raises(system: str, line: str) -> None:
    table = fresh(system)
    before = snapshot(table)
    pv = table.preview(line)
    assert isinstance(pv, Preview) and isinstance(pv.text, str)
    assert pv.ok or pv.text  # an error always names the problem
    assert snapshot(table) == before  # previewing never changes anything


@pytest.mark.parametrize("system", SYSTEMS)
@FUZZ
@given(line=lines)
def test_submit_never_raises_and_failures_change_nothing(system: str, line: str) -> None:
    table = fresh(system)
    before = snapshot(table)
    fb = table.submit(line)
    assert isinstance(fb, Feedback) and isinstance(fb.message, str)
    if not fb.ok:
        assert fb.message
        assert snapshot(table) == before


@pytest.mark.parametrize("system", SYSTEMS)
@FUZZ
@given(line=lines)
def test_complete_line_never_raises(system: str, line: str) -> None:
    table = fresh(system)
    out = complete_line(table, line)
    assert isinstance(out, list) and all(isinstance(o, str) for o in out)


@pytest.mark.parametrize("system", SYSTEMS)
@settings(max_examples=100, deadline=None)
@given(steps=st.lists(lines, min_size=2, max_size=8))
def test_sequences_of_lines_keep_state_consistent(system: str, steps: list[str]) -> None:
    table = fresh(system)
    for line in steps:
        before = snapshot(table)
        fb = table.submit(line)
        if not fb.ok:
            assert snapshot(table) == before, line
