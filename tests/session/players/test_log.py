"""Secret lines, GM notes and entries about GM-only characters in the players' log."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from tests.session.players.test_filter import demo, table
from tui.session.campaign.log import LogEntry, entry_from_doc, entry_to_doc
from tui.session.players import players_log
from tui.session.systems.registry import tracker
from tui.store import Store


def shown_texts(t: object) -> list[str]:
    table_ = t  # a Table
    return [e.text for e in players_log(table_.system, table_.session.log, table_.campaign)]  # type: ignore[attr-defined]


def test_notes_are_the_gms_unless_marked_public() -> None:
    t = table(demo("brp", "Boulder"), "/note the butler lies", "/note! the door creaks")
    log = t.session.log
    assert [e.secret for e in log] == [True, False] and {e.kind for e in log} == {"note"}
    assert shown_texts(t) == ["note: the door creaks"]
    assert t.submit("/note!").message == "/note! needs some text"


def test_a_secret_roll_and_its_undo_never_reach_the_players() -> None:
    t = table(demo("brp", "Boulder"), "!alice spot hidden = 07", "boris listen = 10")
    assert t.session.log[0].secret and not t.session.log[1].secret
    t.submit("/undo")  # the public roll
    t.submit("/undo")  # the secret one: its undo names it, so it is secret too
    assert [e.secret for e in t.session.log] == [True, False, False, True]
    texts = shown_texts(t)
    assert not any("Spot Hidden" in x for x in texts)
    assert any("Listen" in x for x in texts)  # the public roll, undone, still shows
    assert t.preview("!alice spot hidden").text.startswith("secret (GM only): ")
    assert not t.submit("!").ok
    fb = t.submit("! 3d6 = 1 2 3")
    assert fb.ok and fb.message.startswith("secret: ") and t.session.log[-1].secret


def test_notes_of_an_old_log_count_as_the_gms() -> None:
    old = [
        LogEntry(1, "2026-01-01T10:00:00", "change", "note: the cellar is a trap"),
        LogEntry(2, "2026-01-01T10:01:00", "undo", "undo: note: the cellar is a trap"),
        LogEntry(3, "2026-01-01T10:02:00", "change", "campaign renamed to X"),
    ]
    assert [e.seq for e in players_log(tracker("brp"), old, demo("brp", "Boulder"))] == [3]


def test_a_hidden_characters_entries_stay_hidden_after_a_rename_or_removal() -> None:
    t = table(demo("brp", "Boulder"), "/hp boulder HP =30", "alice str vs boulder siz")
    made = list(t.session.log)
    assert all("Boulder" in e.hidden for e in made)
    renamed = t.campaign.with_character(
        replace(t.campaign.character("Boulder"), name="Rock", gm_only=False), old_name="Boulder"
    )
    removed = replace(
        t.campaign, characters=tuple(c for c in t.campaign.characters if c.name != "Boulder")
    )
    for later in (renamed, removed):
        shown = players_log(tracker(later.system), made, later)
        said = repr([(e.text, e.actor, e.inputs, e.effects) for e in shown])  # not the time
        assert "Boulder" not in repr(shown) and "30" not in said


def test_an_opposed_roll_against_a_hidden_character_is_retold_without_numbers() -> None:
    t = table(demo("strange", "Ог'лай"), "kirma bow = 3 3 4 5 vs orc danger = 1 2 3 4 range=2,5")
    gm_entry = t.session.log[-1]
    assert re.search(r"\d-\d-\d-\d", gm_entry.text)
    (shown,) = players_log(t.system, t.session.log, t.campaign)
    assert shown.text.startswith("Кирма rolls against Unknown A")
    assert not re.search(r"\d", shown.text) and shown.effects == () and not shown.inputs


def test_secrecy_is_kept_in_the_log_file(tmp_path: Path) -> None:
    entry = LogEntry(4, "2026-01-01T10:00:00", "roll", "x", secret=True, hidden=("Ог'лай",))
    assert entry_from_doc(entry_to_doc(entry)) == entry
    assert "secret" not in entry_to_doc(replace(entry, secret=False, hidden=()))
    save = tmp_path / "s.toml"
    store = Store.create(save, demo("strange", "Ог'лай"))
    t = table(store.campaign)
    t.session.subscribe(store.listener)
    t.submit("!kirma bow = 3 3 4 5 range=4,5")
    t.submit("orc danger = 1 2 3 4 range=2,5")
    store.close()
    back = Store.open(save, read_only=True)
    assert [(e.secret, e.hidden) for e in back.log] == [(True, ()), (False, ("Ог'лай",))]


def test_completing_a_secret_line_keeps_it_secret() -> None:
    from tui.session.table.completion import complete_line

    t = table(demo("strange", "Ог'лай"))
    found = complete_line(t, "!kir")
    assert found and all(c.startswith("!") for c in found)
    assert all(c.startswith("! ") for c in complete_line(t, "! kirma b"))


def test_an_entry_no_one_made_keeps_its_public_part() -> None:
    t = table(
        demo("brp", "Boulder"),
        "/scene Cellar",
        "/order boulder alice boris",
        "/cond alice bleeding 1 round",
        "/next",
        "/next",
        "/next",
    )
    gm = t.session.log[-1]
    assert gm.text == "round 2: Boulder's turn" and "Boulder" in gm.hidden
    shown = {e.seq: e for e in players_log(t.system, t.session.log, t.campaign)}
    assert gm.seq in shown, "the round change vanished with the hidden character's name"
    last = shown[gm.seq]
    assert last.text == "round 2: Unknown A's turn" and last.effects == gm.effects
    assert last.msg is not None and "Boulder" not in last.msg.english()
    order = shown[gm.seq - 4]  # the turn order names the hidden character too
    assert order.text == "turn order: Unknown A › Alice Moore › Boris Ivanov"


def test_the_part_naming_a_hidden_character_goes_when_it_holds_a_number() -> None:
    entry = LogEntry(
        9,
        "2026-01-01T10:00:00",
        "change",
        "initiative: Boulder 17",
        effects=("Boulder: HP 30 → 25", "Alice Moore: bleeding ends"),
        inputs={"Boulder": 17},
        odds="1/2",
    )
    lonely = replace(entry, seq=10, effects=("Boulder: HP 30 → 25",))
    shown = players_log(tracker("brp"), [entry, lonely], demo("brp", "Boulder"))
    assert [(e.seq, e.text, e.effects) for e in shown] == [(9, "", ("Alice Moore: bleeding ends",))]
    assert not shown[0].inputs and not shown[0].odds
