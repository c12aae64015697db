"""The shared commands in Russian: every line a GM can get from the character, condition,
turn-order, scene, table and undo commands — log lines, their effects, feedback and
refusals, and the errors of the rules below — has no English word left.

Each system's demo is driven through the same script (names taken from the demo), with
good lines and bad ones; what may stay Latin is named in :func:`allowed_words` of
``tests/tui/test_russian.py`` (the save's own data, typed syntax words, key names), plus the
words this script types itself (a condition «stunned», a skill «Haggle»). A campaign played
in English reads the same lines in Russian (their facts are kept in the log).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tests.tui.conftest import DEMOS
from tests.tui.test_russian import LATIN, allowed_words, english_left
from tui import language as i18n
from tui.session.campaign.log import shown_effects, shown_text
from tui.session.campaign.session import Session
from tui.session.characters.form import Field, apply_field, fields_of, remove_field, toggle_field
from tui.session.entry.rules_text import rules_message
from tui.session.table.table import Table
from tui.session.tables import open_table
from tui.store import read_campaign

#: words this script types (a new character, a condition, a skill, a scene): the GM's data
TYPED = {
    "zed",
    "stunned",
    "dazed",
    "haggle",
    "ambush",
    "weird",
    "blinded",
    "bogus",
    "xyz",
    "qqq",
    "charm",
    "sling",
    "quietly",
    "fire",
    "wolf",
    "wolfie",
    "tired",
    "lucky",
    "cover",
    "abc",
    "plot",
    "mark",
    "chest",
    "quiet",
    "zz",
    "luck",
    "years",
    "nobody",
    "dmg",
    "max",  # max=N, a typed key
    "dexterity",
}  # the example of /init roll (3d6 + Dexterity)


def _script(table: Table) -> list[str]:
    """The lines one demo is driven through: names are the demo's own."""
    names = [c.name for c in table.campaign.characters]
    a, b = (f'"{n}"' for n in names[:2])
    ch = table.campaign.characters[0]
    skill = next(iter(ch.skills), "")
    attr = next((k for k, v in ch.attributes.items() if isinstance(v, int)), "")
    res = next(iter(ch.resources), "HP")
    return [
        # characters
        "/add Zed npc",
        "/add Zed",
        "/add",
        "/dup Zed x2",
        "/rm Zed 3",
        "/rm",
        f"/skill {a} Haggle 5",
        f'/skill {a} "{skill}" 7',
        f"/skill {a}",
        f"/skill {a} Q",
        f'/attr {a} "{attr}" 9',
        f"/attr {a} Charm 3",
        f'/attr {a} "{attr}" abc',
        f"/hp {a} -3",
        f"/hp {a} +100",
        f"/hp {a} +100!",
        f'/hp {a} "{res}" =5',
        f"/hp {a} Luck =4",
        f"/hp {a} Luck max=6",
        f"/hp {a} Luck max=2",
        f"/hp {a} -1000",
        f"/hp {a} Bogus -1",
        f"/hp {a}",
        f"/hp {a} +1 +2",
        f"/hp {b} -100",
        f"/hp {b} +100!",
        f"/cond {a} stunned 2 rounds",
        f"/cond {a} stunned 1 turn",
        f"/cond {a} dazed",
        f"/cond {a} blinded 3r",
        f"/cond {a}",
        f"/cond {a} tired 2 years",
        f"/cond {a} x 5000",
        "/cond",
        f"/uncond {a} dazed",
        f"/uncond {a} bogus",
        f"/uncond {a}",
        f"/uncond {b} all",
        f"/uncond {a} all",
        "/cond Nobody stunned",
        f"/cond {a} stunned 1 round",
        f"/cond {b} dazed 1 turn",
        # scenes and the turn order
        "/next",
        "/order",
        "/endscene",
        "/scene",
        "/scene Ambush limit=9",
        "/scene Ambush",
        "/scene Ambush long limit=2",
        "/order",
        f"/order {a} {a}",
        f"/order {b} {a}",
        "/next",
        "/next",
        "/next",
        "/next",
        "/next",
        "/next",
        f"/init {a} 12",
        f"/init {b} 15",
        f"/init {a} 99999",
        f"/init {a}",
        f"/init {a} x",
        f"/init {a} 3 extra",
        "/init roll all 1d6",
        "/init roll",
        f"/init roll {a} 1d6 = 4",
        f"/init roll {a} 2d6 + Bogus",
        f"/init roll {a} Bogus",
        f"/init roll {a} 1d6 +",
        "/init roll all 1d6 = 3",
        f"/init roll {a} 1d6 + {attr}" if attr else "/init roll",
        f"/init roll {a} 0d6",
        f"/swap {a} {b}",
        f"/swap {a}",
        f"/swap {a} {a}",
        "/up",
        "/down",
        f"/up {a}",
        f"/down {a}",
        f"/down {b}",
        f"/up {a} x",
        "/endscene quiet",
        "/endscene",
        "/scene Ambush",
        "/next",
        # the table: undo, notes, free rolls, bad dice, unknown names and commands
        "/undo",
        "/redo",
        "/redo",
        "/note chest plot",
        "/note",
        "/note!",
        "/rename",
        "/rename Plot",
        "3d6",
        "2d6+1 = 3 4",
        "3d6 = 1",
        "1000d6",
        "0d6",
        "99999d6",
        "3d6 = 1 2 9",
        "d0",
        "3d6+99999",
        "!3d6",
        "!",
        "/bogus",
        "/ne",
        "Nobody spot",
        f"{a} qqq",
        "/sheet",
        f"/sheet {a}",
        "/best qqq",
        "/best",
    ]


def _collected(table: Table, lines: list[str]) -> Iterator[str]:
    """Every text the GM reads for ``lines``: previews, feedback, and the log."""
    for line in lines:
        yield table.preview(line).text
        yield table.submit(line).message
    ch = table.campaign.characters[0]
    campaign = table.campaign
    for field in fields_of(ch, table.system):
        if field.toggles:
            yield str(toggle_field(campaign, ch.name, field)[1])
        elif field.removable:
            yield str(remove_field(campaign, ch.name, field)[1])
    for field, text in _edits(table):
        try:
            _new, draft = apply_field(table.campaign, ch.name, field, text, table.system)
        except ValueError as exc:
            yield str(exc)
        else:
            yield draft.msg.render() if draft.msg is not None else draft.text
    for entry in table.session.log:
        yield shown_text(entry)
        yield from shown_effects(entry)


def _edits(table: Table) -> Iterator[tuple[Field, str]]:
    """Editor rows with a good and a bad line for each."""
    ch = table.campaign.characters[0]
    rows = fields_of(ch, table.system)
    typed = {
        "attr+": ["Charm = 3", "Charm", " = 3"],
        "skill+": ["Haggle = 5", "x" * 70 + " = 1"],
        "res+": ["Luck = 3/5", "Luck = x"],
        "cond+": ["stunned 2 rounds", "dazed", "tired 2 years", ""],
        "weapon+": ["Sling dmg=2", "Sling dmg"],
        "notes": ["plot"],
        "aliases": ["wolfie"],
        "skill_aliases": ["zz = Bogus", "zz"],
        "player": ["Mark", ""],
        "res": ["3/9", "x", "3/x"],
        "cond": ["2 turns", "5 years", ""],
        "attr": ["12", "Cover = 4"],
        "skill": ["abc", "Lucky = 7"],
        "weapon": ["dmg=3"],
        "name": ["Wolf", ""],
    }
    seen: set[str] = set()
    for field in rows:
        if field.kind in seen or field.kind not in typed:
            continue
        seen.add(field.kind)
        for text in typed[field.kind]:
            yield field, text


@pytest.fixture
def russian() -> Iterator[None]:
    i18n.set_language("ru")
    yield
    i18n.set_language("en")


def _table(system: str) -> Table:
    return open_table(Session(read_campaign(DEMOS[system])), rng=random.Random(3))


def _left(system: str, texts: Iterator[str]) -> list[str]:
    table = _table(system)
    commands = {n.casefold() for cmds in table.command_sets for n in cmds.by_name}
    allowed = allowed_words(system) | TYPED | commands
    rows = [row for text in texts for row in text.split("\n")]
    return english_left(rows, allowed)


@pytest.mark.parametrize("system", sorted(DEMOS))
def test_every_shared_command_speaks_russian(system: str, russian: None) -> None:
    table = _table(system)
    left = _left(system, _collected(table, _script(table)))
    assert not left, "\n".join(dict.fromkeys(left))


@pytest.mark.parametrize("system", sorted(DEMOS))
def test_a_campaign_played_in_english_reads_in_russian(system: str) -> None:
    table = _table(system)
    for line in _script(table):
        table.submit(line)
    assert any(LATIN.search(shown_text(e)) for e in table.session.log)  # English as played
    ch, campaign = table.campaign.characters[0], table.campaign
    edits = [
        toggle_field(campaign, ch.name, f)[1]
        if f.toggles
        else remove_field(campaign, ch.name, f)[1]
        for f in fields_of(ch, table.system)
        if f.toggles or f.removable
    ]
    i18n.set_language("ru")
    try:
        texts = [t for e in table.session.log for t in (shown_text(e), *shown_effects(e))]
        texts += [m.render() for m in edits]
        left = _left(system, iter(texts))
    finally:
        i18n.set_language("en")
    assert not left, "\n".join(dict.fromkeys(left))


@pytest.mark.parametrize(
    ("english", "shown"),
    [
        ("too many dice: 5000 (at most 1000)", "слишком много кубиков: 5000 (не больше 1000)"),
        (
            "modifiers[0] div amount must be within 1..+inf, got 0",
            "делитель /N (модификатор 1): должно быть не меньше 1, а не 0",
        ),
        ("roll must be within 3..18, got 0", "бросок: должно быть в пределах 3..18, а не 0"),
        ("tn must be within -inf..40, got 99", "СЛ: должно быть не больше 40, а не 99"),
        ("bad dice expression '3d6x' at character 4", "неверное выражение кубиков '3d6x', знак 4"),
    ],
)
def test_a_rules_error_is_shown_in_the_gms_language(
    english: str, shown: str, russian: None
) -> None:
    assert rules_message(english) == shown


def test_a_rules_error_it_does_not_know_stays_english(russian: None) -> None:
    assert rules_message("the moon must be full, got 'x'") == "the moon must be full, got 'x'"
    i18n.set_language("en")
    assert rules_message("modifiers[0] div amount must be within 1..+inf, got 0") == (
        "the 1st modifier: the divisor of /N must be at least 1, got 0"
    )
