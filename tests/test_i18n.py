"""The translation layer: choosing the language, plurals, and log facts read in either."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tui import language as i18n
from tui.language import Msg, msg, msg_from_doc, nmsg, term, verbatim
from tui.session.campaign.log import LogEntry, entry_from_doc, entry_to_doc, shown_text


@pytest.fixture
def russian() -> Iterator[None]:
    i18n.set_language("ru")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("flag", "configured", "env", "expected"),
    [
        (None, None, {}, "en"),
        (None, None, {"LANG": "ru_RU.UTF-8"}, "ru"),
        (None, None, {"LC_ALL": "en_US.UTF-8", "LANG": "ru_RU.UTF-8"}, "en"),
        (None, None, {"LC_MESSAGES": "ru_UA.UTF-8", "LANG": "en_GB.UTF-8"}, "ru"),
        (None, None, {"LC_ALL": "", "LANG": "ru_RU"}, "ru"),
        (None, None, {"LANG": "C.UTF-8"}, "en"),
        (None, None, {"LANG": "de_DE.UTF-8"}, "en"),
        (None, "ru", {"LANG": "en_US.UTF-8"}, "ru"),
        (None, "en", {"LANG": "ru_RU.UTF-8"}, "en"),
        ("ru", "en", {}, "ru"),
        ("en", "ru", {"LANG": "ru_RU.UTF-8"}, "en"),
        (None, "xx", {"LANG": "ru_RU.UTF-8"}, "ru"),
    ],
)
def test_the_language_is_the_flag_then_the_config_then_the_locale(
    flag: str | None, configured: str | None, env: dict[str, str], expected: str
) -> None:
    assert i18n.choose(flag, configured, env) == expected


def test_english_is_the_message_itself() -> None:
    assert i18n.current() == "en"
    assert i18n._("Critical success") == "Critical success"
    assert i18n.ngettext("{n} hit", "{n} hits", 1) == "{n} hit"
    assert i18n.ngettext("{n} hit", "{n} hits", 3) == "{n} hits"


def test_russian_plurals_of_hits(russian: None) -> None:
    said = {n: nmsg("{n} hit", "{n} hits", n).render() for n in (1, 2, 5, 11, 21, 22)}
    assert said == {
        1: "1 попадание",
        2: "2 попадания",
        5: "5 попаданий",
        11: "11 попаданий",
        21: "21 попадание",
        22: "22 попадания",
    }


def test_a_message_keeps_its_facts_and_reads_in_either_language(russian: None) -> None:
    grade = term("critical success")
    said = msg(
        "{actor} · {skill} {chance}%: {dice} → {grade}",
        actor="Alice Moore",
        skill="Spot Hidden",
        chance=60,
        dice="03",
        grade=grade,
    )
    assert said.english() == "Alice Moore · Spot Hidden 60%: 03 → critical success"
    assert said.render() == "Alice Moore · Spot Hidden 60%: 03 → критический успех"
    assert msg_from_doc(said.to_doc()) == said


def test_a_log_entry_logged_in_english_reads_in_russian_and_back() -> None:
    said = msg("undo: {what}", what=term("critical success"))
    entry = LogEntry(
        1,
        "2026-12-01T12:00:00",
        "undo",
        said.english(),
        msg=said,
        effect_msgs=(verbatim("tick: Alice"),),
        effects=("tick: Alice",),
    )
    doc = entry_to_doc(entry)
    back = entry_from_doc(doc)
    assert back == entry
    assert shown_text(back) == "undo: critical success"
    i18n.set_language("ru")
    try:
        assert shown_text(back) == "отмена: критический успех"
    finally:
        i18n.set_language("en")


def test_an_old_entry_without_facts_shows_its_text(russian: None) -> None:
    old = entry_from_doc({"seq": 3, "time": "t", "kind": "roll", "text": "Alice: success"})
    assert old.msg is None and shown_text(old) == "Alice: success"


@pytest.mark.parametrize(
    "bad",
    [
        {"id": 3},
        {"id": "x", "args": []},
        {"id": "x", "args": {"a": True}},
        {"id": "x", "plural": 2},
        "text",
    ],
)
def test_a_bad_stored_message_is_a_clear_error(bad: object) -> None:
    with pytest.raises(ValueError, match="msg"):
        msg_from_doc(bad)


def test_a_stored_message_missing_an_argument_never_raises(russian: None) -> None:
    odd = Msg("{actor} wins", ())
    assert odd.render() == "{actor} wins"
    assert odd.english() == "{actor} wins"


def _labels() -> dict[str, list[str]]:
    from rules import age, brp, gurps, skirmish, strange
    from rules.strange import records

    return {
        "brp": [x.label for x in brp.Level] + list(brp.DIFFICULTIES),
        "gurps": [x.label for x in gurps.Level],
        "skirmish": [x.label for x in skirmish.Outcome],
        "age": [x.label for x in age.Outcome] + list(age.DIFFICULTIES),
        "strange": [x.label for x in strange.Grade]
        + [x.label for x in (*records.Phase, *records.SceneKind, *records.ActionStatus)],
    }


@pytest.mark.parametrize("system", ["brp", "gurps", "skirmish", "age", "strange"])
def test_every_rules_label_is_a_term_of_its_system(system: str) -> None:
    import importlib

    terms = importlib.import_module(f"tui.session.systems.{system}.words").TERMS
    assert sorted(set(_labels()[system]) - set(terms)) == []
