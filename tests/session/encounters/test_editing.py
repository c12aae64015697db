"""The encounter editor's rows apart from the screen: each edit gives a new encounter,
read by the same checks as the ``/encounter`` commands; a save is one secret step."""

from __future__ import annotations

import pytest

from tests.session.conftest import make_table
from tests.session.encounters.test_encounters import prepared_gurps
from tests.session.scene_helpers import ok
from tui.session.campaign.session import CommandError
from tui.session.encounters.editing import (
    Row,
    apply_row,
    member_text,
    move_row,
    remove_row,
    rows_of,
    save_encounter,
    toggle_row,
)
from tui.session.encounters.plan import Encounter, Member, encounters, find_encounter


def row(enc: Encounter, kind: str, at: int = -1) -> Row:
    return next(r for r in rows_of(enc) if r.kind == kind and r.at == at)


def test_rows_take_back_what_they_show() -> None:
    table = make_table(prepared_gurps())
    enc = find_encounter(table.campaign, "ambush")
    kinds = [(r.kind, r.at) for r in rows_of(enc)]
    assert kinds == [
        ("name", -1), ("scene", -1), ("kind", -1),
        ("member", 0), ("member", 1), ("member", -1),
        ("note", 0), ("note", -1),
        ("check", 0), ("check", -1),
    ]  # fmt: skip
    for r in rows_of(enc):  # the line each row starts with gives the same encounter back
        if r.item and r.kind == "member":
            assert apply_row(table, enc, r, r.text) == enc, r
    assert member_text(Member("Guard Moss", 2, True)) == '"Guard Moss" x2 gm'


def test_a_creature_of_the_same_name_joins_its_count() -> None:
    table = make_table(prepared_gurps())
    enc = find_encounter(table.campaign, "ambush")
    added = apply_row(table, enc, row(enc, "member"), "guard moss x3")
    assert added.creatures == (Member("Guard Moss", 5), Member("Guard Moss", 1, True))
    # the hidden one made visible joins the visible one
    merged = apply_row(table, enc, row(enc, "member", 1), "guard moss")
    assert merged.creatures == (Member("Guard Moss", 3),)
    with pytest.raises(CommandError, match=r"1\.\.20"):
        apply_row(table, enc, row(enc, "member"), "guard moss x19")


def test_moving_removing_and_switching() -> None:
    table = make_table(prepared_gurps())
    enc = find_encounter(table.campaign, "ambush")
    moved, where = move_row(enc, row(enc, "member", 1), -1)
    assert moved.creatures == enc.creatures[::-1] and where.at == 0
    assert move_row(moved, where, -1) == (moved, where)  # at the top it stays
    assert remove_row(enc, row(enc, "note", 0)).notes == ()
    assert toggle_row(enc, row(enc, "kind")).kind == "long"
    with pytest.raises(CommandError):
        remove_row(enc, row(enc, "name"))


def test_a_check_is_checked_as_ext_checks_it() -> None:
    table = make_table(prepared_gurps())
    enc = find_encounter(table.campaign, "ambush")
    # its own row may keep its name; another check may not take it
    same = apply_row(table, enc, row(enc, "check", 0), "Escape threshold=6 time=10m")
    assert same.checks == (("Escape", "threshold=6", "time=10m"),)
    with pytest.raises(CommandError, match="already opens"):
        apply_row(table, enc, row(enc, "check"), "escape threshold=6 time=10m")
    with pytest.raises(ValueError, match="time="):  # /ext's own refusal
        apply_row(table, enc, row(enc, "check"), "Climb threshold=5")


def test_a_save_is_one_secret_step_and_names_clash() -> None:
    table = make_table(prepared_gurps())
    ok(table, "/encounter Second add guard moss")
    enc = find_encounter(table.campaign, "ambush")
    with pytest.raises(CommandError, match="exists already"):
        apply_row(table, enc, row(enc, "name"), "second")
    renamed = apply_row(table, enc, row(enc, "name"), "Dock fight")
    change, draft = save_encounter(table.campaign, renamed, enc.name)
    before = len(table.session.log)
    assert table.run_change(change, draft).ok
    assert [e.name for e in encounters(table.campaign)] == ["Dock fight", "Second"]
    assert len(table.session.log) == before + 1 and table.session.log[-1].secret


NASTY = (
    "",
    "   ",
    '"',
    "'unbalanced",
    "x0",
    "guard moss x0",
    "guard moss x-1",
    "guard moss ×999999999999999999999",
    "gm gm gm",
    "\x1b[31mred\x07",
    "a" * 5000,
    "=",
    "threshold=abc time=zz",
    "Escape threshold=5 time=10m per=0m",
    "race=",
    "🐺 x2",
    "/start",
    "\u202eevil",
)


@pytest.mark.parametrize("typed", NASTY)
def test_nothing_typed_in_any_row_escapes_as_a_crash(typed: str) -> None:
    table = make_table(prepared_gurps())
    enc = find_encounter(table.campaign, "ambush")
    for r in rows_of(enc):
        try:
            new = apply_row(table, enc, r, typed)
        except ValueError:  # CommandError, EntryError: said on the status line
            continue
        assert isinstance(new, Encounter)
        change, _draft = save_encounter(table.campaign, new, enc.name)
        assert encounters(change(table.campaign))  # it saves and reads back
