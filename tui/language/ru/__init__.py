"""The Russian catalog, in the seeds' own terms (see :mod:`tui.language`).

``MESSAGES`` maps an English message to its Russian; ``PLURALS`` maps the singular of a
counted message to its three Russian forms (1 / 2–4 / 5+: «попадание», «попадания»,
«попаданий»). Placeholders (``{actor}``) stay as in English; a test checks that every
message of the code has an entry, that no entry is stale, and that placeholders match.
"""

from __future__ import annotations

from tui.language.ru import checks as _checks
from tui.language.ru import commands as _commands
from tui.language.ru import dialogs as _dialogs
from tui.language.ru import errors as _errors
from tui.language.ru import help as _help
from tui.language.ru import log as _log
from tui.language.ru import refusals as _refusals
from tui.language.ru import review as _review
from tui.language.ru import screens as _screens
from tui.language.ru import store as _store
from tui.language.ru import terms as _terms

#: the parts, each a dict of its own (a test checks that no message is in two of them)
PARTS: tuple[dict[str, str], ...] = (
    _terms.MESSAGES,
    _screens.MESSAGES,
    _help.MESSAGES,
    _log.MESSAGES,
    _review.MESSAGES,
    _errors.MESSAGES,
    _refusals.MESSAGES,
    _checks.MESSAGES,
    _dialogs.MESSAGES,
    _store.MESSAGES,
    _commands.MESSAGES,
)
MESSAGES: dict[str, str] = {k: v for part in PARTS for k, v in part.items()}

PLURALS: dict[str, tuple[str, str, str]] = {
    "{n} hit": ("{n} попадание", "{n} попадания", "{n} попаданий"),
    "{n} roll fits": ("помещается {n} бросок", "помещается {n} броска", "помещается {n} бросков"),
    "{n} hit lands": ("проходит {n} попадание", "проходят {n} попадания", "проходят {n} попаданий"),
    "{n} more line": ("ещё {n} строка", "ещё {n} строки", "ещё {n} строк"),
    "{n} stunt point": ("{n} очко трюков", "{n} очка трюков", "{n} очков трюков"),
    "{n} success": ("{n} успех", "{n} успеха", "{n} успехов"),
    "{n} die": ("{n} кубик", "{n} кубика", "{n} кубиков"),
    "{n} roll": ("{n} бросок", "{n} броска", "{n} бросков"),
    "{name} already took {n} free tick in this downtime ({skills}): {most} at most, once per "
    "downtime; the next downtime comes after the next scene or adventure (/undo takes these "
    "back)": (
        "{name} уже получил {n} бесплатную отметку за этот отдых ({skills}): не больше {most}, "
        "раз за отдых; следующий отдых — после следующей сцены или приключения (/undo "
        "отменяет их)",
        "{name} уже получил {n} бесплатные отметки за этот отдых ({skills}): не больше "
        "{most}, раз за отдых; следующий отдых — после следующей сцены или приключения "
        "(/undo отменяет их)",
        "{name} уже получил {n} бесплатных отметок за этот отдых ({skills}): не больше "
        "{most}, раз за отдых; следующий отдых — после следующей сцены или приключения "
        "(/undo отменяет их)",
    ),
    " from {n} hit": (" от {n} попадания", " от {n} попаданий", " от {n} попаданий"),
    "{n} turn": ("{n} ход", "{n} хода", "{n} ходов"),
    "end of adventure {adventure}: {n} ticked skill": (
        "конец приключения {adventure}: {n} отмеченный навык",
        "конец приключения {adventure}: {n} отмеченных навыка",
        "конец приключения {adventure}: {n} отмеченных навыков",
    ),
    "{who} · Fortune {n} point: {die}, {left} left; {verdict}": (
        "{who} · Удача, {n} очко: {die}, осталось {left}; {verdict}",
        "{who} · Удача, {n} очка: {die}, осталось {left}; {verdict}",
        "{who} · Удача, {n} очков: {die}, осталось {left}; {verdict}",
    ),
    "{n} round": ("{n} раунд", "{n} раунда", "{n} раундов"),
    "experience rolls: {n} rolled": (
        "броски опыта: брошен {n}",
        "броски опыта: брошено {n}",
        "броски опыта: брошено {n}",
    ),
    "{n} entry matches": ("подходит {n} запись", "подходят {n} записи", "подходят {n} записей"),
    "You pasted {n} line: run each as if typed? Enter runs them all, Escape runs none.": (
        "Вставлена {n} строка: выполнить её, как если бы она была введена? Enter — да, "
        "Escape — нет.",
        "Вставлены {n} строки: выполнить каждую, как если бы она была введена? Enter "
        "выполняет все, Escape — ни одной.",
        "Вставлено {n} строк: выполнить каждую, как если бы она была введена? Enter "
        "выполняет все, Escape — ни одной.",
    ),
    "scene {name} ended after {n} round": (
        "сцена {name} завершена после {n} раунда",
        "сцена {name} завершена после {n} раундов",
        "сцена {name} завершена после {n} раундов",
    ),
}
PLURALS.update(_checks.PLURALS)  # the extended checks' and systems' counted lines
