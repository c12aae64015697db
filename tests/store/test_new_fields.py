"""Save format 3: a character's maxima and conditions round-trip through the file (and its
log's patches), hand-edited values are checked with their key path, and the saves of
formats 1 and 2 (no maxima, no conditions) still load unchanged."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
import tomli_w

from tui.session.campaign.model import Campaign, Character, Condition
from tui.session.campaign.schema import FORMAT, SchemaError, from_doc, to_doc
from tui.session.campaign.session import Session
from tui.session.systems.registry import TRACKERS
from tui.session.tables import open_table
from tui.store import Store, load

GUARD = Character(
    "Guard",
    side="npc",
    resources={"HP": 7, "Fortune": 2},
    maxima={"HP": 11},
    conditions=(
        Condition("Stunned", 2, "rounds"),
        Condition("Prone"),
        Condition("Bleeding", 1, "turns"),
    ),
)

OLD = """format = {format}
system = "brp"
name = "Old"
adventure = 1

[[characters]]
name = "Alice"
side = "party"
ticks = []

[characters.resources]
HP = 11
"""


def test_the_new_fields_read_as_a_gm_would_write_them() -> None:
    text = tomli_w.dumps(to_doc(Campaign("C", "brp", characters=(GUARD,))))
    assert FORMAT == 3 and "format = 3" in text
    assert "[characters.maxima]\nHP = 11" in text
    assert (
        '[characters.conditions]\nStunned = "2 rounds"\nProne = true\nBleeding = "1 turn"'
    ) in text
    assert from_doc(tomllib.loads(text), TRACKERS).characters == (GUARD,)


@pytest.mark.parametrize("version", [1, 2])
def test_an_old_save_loads_and_gains_nothing_it_did_not_have(version: int, tmp_path: Path) -> None:
    save = tmp_path / "old.toml"
    save.write_text(OLD.format(format=version), encoding="utf-8")
    alice = load(save)[0].character("Alice")
    assert alice.resources == {"HP": 11} and alice.maxima == {} and alice.conditions == ()


def test_maxima_and_conditions_survive_the_log_and_a_reopen(tmp_path: Path) -> None:
    save = tmp_path / "c.toml"
    with Store.create(save, Campaign("C", "brp", characters=(Character("Alice"),))) as store:
        session = Session(store.campaign, store.log, last_seq=store.log_count)
        session.subscribe(store.record)  # the log only: replay must rebuild the rest
        table = open_table(session)
        for line in (
            "/hp alice max=11",
            "/hp alice -4",
            "/cond alice stunned 2 rounds",
            "/cond alice prone",
            "/uncond alice stunned",
            "/cond alice stunned 1t",
        ):
            assert table.submit(line).ok, line
        expected = table.campaign
    assert load(save)[0] == expected
    alice = expected.character("Alice")
    assert alice.conditions == (Condition("prone"), Condition("stunned", 1, "turns"))


@pytest.mark.parametrize(
    ("block", "path", "problem"),
    [
        ("[characters.maxima]\nMP = 4", "characters[0].maxima.MP", "not one of this character"),
        ("[characters.maxima]\nHP = -1", "characters[0].maxima.HP", "within 0..1000000"),
        ('[characters.maxima]\nHP = "x"', "characters[0].maxima.HP", "expected an integer"),
        (
            '[characters.conditions]\nStunned = "2 weeks"',
            "characters[0].conditions.Stunned",
            "N rounds or N turns",
        ),
        (
            "[characters.conditions]\nStunned = false",
            "characters[0].conditions.Stunned",
            "remove the line",
        ),
        (
            "[characters.conditions]\nStunned = 3",
            "characters[0].conditions.Stunned",
            "expected a string or true/false",
        ),
        ('[characters.conditions]\n"" = true', 'characters[0].conditions.""', "a name"),
    ],
)
def test_bad_hand_edits_name_their_key(block: str, path: str, problem: str) -> None:
    doc = tomllib.loads(OLD.format(format=3) + "\n" + block + "\n")
    with pytest.raises(SchemaError) as err:
        from_doc(doc, TRACKERS)
    assert err.value.path == path and problem in err.value.message
