"""Every message ``rules/`` can raise reaches a Russian GM in Russian.

The messages are read from the rules' source (:mod:`tests.session.entry.rules_sources`), so
a new ``raise RulesError(...)`` without a template in
:mod:`tui.session.entry.rules_messages` fails here, as does a template whose Russian is
missing or leaves an English word on the screen.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tests.session.entry.rules_sources import HOLE, Raised, raised, raised_in
from tui import language as i18n
from tui.session.entry.rules_messages import FIELD_NAMES, RULES_MESSAGES
from tui.session.entry.rules_text import rules_message, rules_template

RAISED = raised()

#: what a Russian rules message may show in Latin letters: the names a program passes,
#: spelt as the code spells them (a GM never reaches these; a developer reads them)
CODE = frozenset(
    {
        "True", "False", "None", "Fraction", "frozenset", "AGE", "Level", "Result", "NONE",
        "SERIOUS", "FUMBLE", "CRITICAL", "RoF", "d6", "xN", "set", "unblock", "check",
        "make_ladder", "speed", "dx", "low", "high", "summed_up", "compromise",
        "radical_change", "half_damage", "Combatant", "gurps", "brp", "active", "passive",
        "automatic", "defense", "choose",
    }
)  # fmt: skip
_WORD = re.compile(r"[A-Za-z][A-Za-z_]+")
_QUOTED = re.compile(r"'[^']*'")


@pytest.fixture
def russian() -> Iterator[None]:
    i18n.set_language("ru")
    yield
    i18n.set_language("en")


def english_words(shown: str) -> list[str]:
    """The Latin words of a Russian line that are neither code nor a quoted value; a class
    or module name (``SkillLevel``, ``random.Random``: capitalised, or dotted) counts as
    code — the rules' English never starts a word with a capital."""
    bare = _QUOTED.sub("", shown)
    return [
        w
        for w in _WORD.findall(bare)
        if w not in CODE and not w[0].isupper() and not re.search(rf"\w\.{w}\b|\b{w}\.\w", bare)
    ]


def test_the_source_reading_finds_the_rules_messages() -> None:
    """The reading finds every raise (about 200 in the rules) and writes the composed ones
    out whole: the phase messages passed to a helper, a word chosen by a condition."""
    samples = {r.sample for r in RAISED}
    assert len({r.where for r in RAISED}) >= 200
    assert f"actions can only be declared in the actions phase (now: {HOLE})" in samples
    assert f"resolve pending actions {HOLE} before summing up" in samples
    assert f"{HOLE} hits of {HOLE} need {HOLE} dice, got {HOLE}" in samples
    assert "there is no last roll to amend: nothing was rolled" in samples


def test_a_new_rules_message_without_a_template_is_caught() -> None:
    source = (
        "from rules.errors import RulesError\n"
        "def f(x):\n"
        "    what = 'a goblin' if x else 'an orc'\n"
        "    raise RulesError(f'{what} ate the dice ({x})')\n"
    )
    found = list(raised_in(source))
    assert [r.sample for r in found] == ["a goblin ate the dice (7)", "an orc ate the dice (7)"]
    assert all(rules_template(r.sample) is None for r in found)


@pytest.mark.parametrize("raise_", RAISED, ids=[f"{r.where}:{r.sample[:40]}" for r in RAISED])
def test_every_rules_message_has_a_template(raise_: Raised) -> None:
    assert rules_template(raise_.sample) is not None, raise_


@pytest.mark.parametrize("raise_", RAISED, ids=[f"{r.where}:{r.sample[:40]}" for r in RAISED])
def test_every_rules_message_reads_in_russian(raise_: Raised, russian: None) -> None:
    found = rules_template(raise_.sample)
    assert found is not None
    template, _ = found
    assert i18n.tr(template) != template, f"no Russian for {template!r}"
    shown = rules_message(raise_.sample)
    assert not english_words(shown), (raise_, shown)


def test_every_template_and_field_name_has_its_russian(russian: None) -> None:
    untranslated = [t for t in RULES_MESSAGES if i18n.tr(t) == t]
    untranslated += [f for f in FIELD_NAMES if i18n.pgettext("rules field", f) == f]
    assert not untranslated


def test_the_checker_sees_english_left_in_a_russian_line() -> None:
    assert english_words("действие #2 уже не ожидает (resolved)") == ["resolved"]
    assert english_words("ladder: нужен кортеж SkillLevel, а не 'x'") == ["ladder"]
    assert english_words("генератор: нужен random.Random, а не 7") == []


@pytest.mark.parametrize(
    ("english", "shown"),
    [
        (
            "actions can only be declared in the actions phase (now: planning)",
            "действия заявляются только в фазе действий (сейчас: планирование)",
        ),
        (
            "state at least one goal before the actions phase",
            "сначала назовите хотя бы одну цель, потом фаза действий",
        ),
        ("stakes must be True or False, got 'x'", "ставки: нужно True или False, а не 'x'"),
        (
            "results[1] must be an age Result, got 3",
            "результат 2: нужен результат AGE, а не 3",
        ),
        ("no roll fits in the 5 min left (10 min a roll)", None),
    ],
)
def test_a_rules_message_is_shown_whole_in_russian(
    english: str, shown: str | None, russian: None
) -> None:
    text = rules_message(english)
    if shown is not None:
        assert text == shown
    assert not english_words(text), text


@pytest.mark.parametrize(
    ("line", "shown"),
    [
        (
            "урон 2d6: 2d6 needs 2 dice, got 1",
            "урон 2d6: 2d6: нужно кубиков: 2, а введено 1",
        ),
        (
            "the test is blocked: call unblock() once the other test is done; Удача не потрачена",
            "тест заблокирован: снимите блок (unblock()), когда другой тест закончится; "
            "Удача не потрачена",
        ),
        ("персонаж: 'x' не найдено", "персонаж: 'x' не найдено"),
    ],
)
def test_a_rules_message_inside_a_translated_line_is_translated(
    line: str, shown: str, russian: None
) -> None:
    assert rules_message(line) == shown
