"""A number and the noun it counts agree, in every message of every catalog.

A counted message goes through the plural forms (``ngettext``/``nmsg``, or the helpers
built on them: :func:`tui.language.char_count`, :func:`tui.language.byte_count`), so Russian
says «1 раунд», «2 раунда», «5 раундов». This test walks every message of the Russian
catalog that has one form only and fails on a placeholder followed by a noun that changes
with the number («заявлено {n} раундов подряд», «{size} байт»); a bound the program fixes
(``{most}``, ``{limit}``) has one value and may be written in its form (:data:`FIXED` names
the few under another name), and an abbreviation
(«{n} мин», «{yd} ярд.») or a count after a colon («знаков: {n}») does not agree.
"""

from __future__ import annotations

import re

from tui.language import catalog_path, po

#: the stems of Russian nouns whose form follows the number before them
COUNTED = (
    "раунд", "ход", "ярд", "байт", "дробин", "знак", "символ", "минут", "секунд", "час",
    "дн", "кубик", "попадани", "бросок", "броск", "сторон", "цифр", "запис", "персонаж",
    "навык", "отрезк", "отрез", "копи", "существ", "участник", "вкладк", "шаг", "очк",
    "успех", "провал", "строк", "слов", "файл", "кампани", "проверк", "гран",
)  # fmt: skip
#: the placeholders that hold a count (a name, a skill, a limit the program sets or an
#: action's number «№{n}» is not one)
COUNTS = frozenset(
    {"n", "count", "size", "length", "yd", "secs", "cost", "total", "got", "rolls", "turns",
     "minutes", "hits", "shots", "pool", "left", "elapsed", "used", "budget", "per"}
)  # fmt: skip
#: messages whose count has one value or one form (the English names which, and why)
FIXED = frozenset(
    {
        # n is MAX_ENTRIES, a constant
        "{folder}: more than {n} entries: name a smaller folder",
        # n is the most sides a system allows (2 or more): «не больше 2 сторон»
        "at most {n} sides",
        # the rules say "hits" for 2 or more only: «для 2 попаданий», the genitive
        "{n} hits of {expr} need {need} dice, got {got}",
        "{n} hit of {expr} need {need} dice, got {got}",
    }
)
_COUNTED = re.compile(r"(?<![#№])\{(\w+)\}\s+(" + "|".join(COUNTED) + r")[а-яё]*(?![а-яё.])")


def disagreeing(text: str) -> list[str]:
    """The places in one-form ``text`` where a varying number precedes a counted noun."""
    return [m[0] for m in _COUNTED.finditer(text) if m[1] in COUNTS]


def test_the_reading_finds_a_count_without_its_plural_forms() -> None:
    assert disagreeing("заявлено {n} раундов подряд") == ["{n} раундов"]
    assert disagreeing("{size} байт — слишком много") == ["{size} байт"]
    assert disagreeing("не больше {most} кубиков; {n} мин; {yd} ярд.; знаков: {n}") == []
    assert disagreeing("№{n} персонажа {name}; {skill} персонажа") == []


def test_every_counted_noun_agrees_with_its_number() -> None:
    with open(catalog_path("ru"), encoding="utf-8") as f:
        catalog = po.parse(f.read())
    found = [
        f"{e.msgid!r}: {place}"
        for e in catalog.entries
        if len(e.strings) == 1 and e.msgid not in FIXED
        for place in disagreeing(e.strings[0])
    ]
    assert not found, "a count with one form (use ngettext/nmsg):\n" + "\n".join(found)


def test_the_counts_the_issue_found_read_in_their_form() -> None:
    from tui.language import byte_count, nmsg, set_language

    limit = nmsg(
        "round limit: this action is declared {n} round in a row (limit {limit}) "
        "— sum up after this round",
        "round limit: this action is declared {n} rounds in a row (limit {limit}) "
        "— sum up after this round",
        2,
        limit=2,
    )
    set_language("ru")
    try:
        assert "заявлено 2 раунда подряд" in limit.render()
        assert [byte_count(n) for n in (1, 2, 5, 21)] == ["1 байт", "2 байта", "5 байт", "21 байт"]
    finally:
        set_language("en")
    assert "declared 2 rounds in a row" in limit.render()
