"""The character sheet's layout (no item split from its value, at any width) and the
recent rolls it finds in the log (following renames, not inheriting a removed namesake's)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.session.conftest import brp_campaign
from tests.session.scene_helpers import ok, table_for
from tui.session.campaign.model import Character, Condition
from tui.session.characters.sheet import pack, recent_rolls, sheet_lines

items = st.lists(
    st.tuples(
        st.text("abc XYZ()", min_size=1, max_size=40).map(str.strip).filter(bool),
        st.integers(-99, 999).map(str),
    ),
    min_size=1,
    max_size=12,
)


@settings(max_examples=200, deadline=None)
@given(items, st.integers(20, 120))
def test_packed_items_stay_whole_on_their_line(pairs: list[tuple[str, str]], width: int) -> None:
    lines = pack(pairs, width)
    texts = ["".join(t for t, _ in line) for line in lines]
    assert all(len(t) <= width for t in texts)
    cells = [cell.strip() for line in lines for cell, _ in line]
    assert len(cells) == len(pairs)
    for (name, value), cell in zip(pairs, cells, strict=True):
        assert cell.endswith(value)  # the value is always shown, beside its name
        shown = cell[: len(cell) - len(value)].rstrip()
        assert shown == name or (shown.endswith("…") and name.startswith(shown[:-1]))


def test_the_sheet_shows_everything_at_80_columns() -> None:
    ch = Character(
        "Alice Moore",
        player="Ann",
        attributes={"STR": 13, "POW": 14},
        skills={"Spot Hidden": 60, "Knowledge (Occult)": 35},
        ticks=("Spot Hidden",),
        resources={"HP": 0, "PP": 14},
        maxima={"HP": 11},
        conditions=(Condition("stunned", 2, "rounds"),),
        notes="Secret plan",
        extra={"aliases": ["Al"], "weapons": {"Derringer": {"damage": "1d6"}}},
    )
    text = "\n".join("".join(t for t, _ in line) for line in sheet_lines(ch, 76))
    for phrase in (
        "Alice Moore",
        "player Ann",
        "✗ DOWN",
        "HP 0/11",
        "PP 14",
        "STR 13",
        "Spot Hidden 60 ✓",
        "Knowledge (Occult) 35",
        "stunned 2 rounds",
        "Derringer: damage=1d6",
        "also: Al",
        "Secret plan",
        "none yet",
    ):
        assert phrase in text, phrase
    players = "\n".join("".join(t for t, _ in line) for line in sheet_lines(ch, 76, gm=False))
    assert "Secret plan" not in players


def test_recent_rolls_follow_a_rename_and_stop_at_an_earlier_namesake() -> None:
    table = table_for(brp_campaign(), faces=[10, 20, 30, 40, 50])
    ok(
        table,
        "boulder siz",
        "/rm boulder",
        "/add Boulder npc",
        "/attr boulder SIZ 9",
        "boulder siz",
        "alice spot hidden vs boris",
        "alice stealth",
    )
    rolls = recent_rolls(table.session.log, "Boulder", table.session.undone())
    added = next(e.seq for e in table.session.log if e.inputs.get("added") == "Boulder")
    assert len(rolls) == 1 and rolls[0].seq > added  # not the removed Boulder's roll
    boris = recent_rolls(table.session.log, "Boris Ivanov")
    assert len(boris) == 1 and "vs Boris Ivanov" in boris[0].text  # as the opponent
    from tui.session.characters.form import apply_field, fields_of
    from tui.session.systems.registry import tracker

    name_row = fields_of(table.campaign.character("Alice Moore"), tracker("brp"))[0]
    new, draft = apply_field(table.campaign, "Alice Moore", name_row, "Alice Vale", tracker("brp"))
    table.run_change(lambda _c: new, draft)
    assert len(recent_rolls(table.session.log, "Alice Vale")) == 2
    ok(table, "/undo")  # the rename undone: its entry no longer links the names
    assert recent_rolls(table.session.log, "Alice Vale", table.session.undone()) == []
    assert len(recent_rolls(table.session.log, "Alice Moore", table.session.undone())) == 2


def test_recent_rolls_leave_out_an_undone_roll_for_good_and_mark_a_secret_one() -> None:
    """Issue 45: f4 listed a roll undone before a later change (the redo stack was gone,
    so only the log still knew) and did not say which rolls were secret."""
    table = table_for(brp_campaign())
    ok(table, "alice spot hidden = 07", "alice stealth = 50", "/undo", "!alice spot hidden = 90")
    assert table.session.undone() == set()  # the secret roll cleared the redo stack
    rolls = recent_rolls(table.session.log, "Alice Moore", table.session.undone())
    assert [(e.text.split(": ")[-1], e.secret) for e in rolls] == [
        ("07 → special success", False),
        ("90 → failure", True),
    ]
    ok(table, "/undo", "/redo")  # a redo brings its roll back
    assert len(recent_rolls(table.session.log, "Alice Moore", table.session.undone())) == 2
    ch = table.campaign.character("Alice Moore")
    lines = ["".join(s for s, _ in line) for line in sheet_lines(ch, 80, rolls=rolls)]
    assert any("secret Alice Moore · Spot Hidden 60%: 90" in x for x in lines), lines
    assert not any("secret Alice Moore · Spot Hidden 60%: 07" in x for x in lines)
