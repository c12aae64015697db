"""The Russian catalog, in the seeds' own terms (see :mod:`tui.i18n`).

``MESSAGES`` maps an English message to its Russian; ``PLURALS`` maps the singular of a
counted message to its three Russian forms (1 / 2–4 / 5+: «попадание», «попадания»,
«попаданий»). Placeholders (``{actor}``) stay as in English; a test checks that every
message of the code has an entry, that no entry is stale, and that placeholders match.
"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # -- grades and terms of the systems (the seeds' own words) -----------------------------
    "fumble": "Критический провал",
    "failure": "Провал",
    "success": "Успех",
    "special success": "Особый успех",
    "critical success": "Критический успех",
    "critical failure": "Критический провал",
    "automatic": "Автоматический",
    "easy": "Лёгкий",
    "normal": "обычный",
    "hard": "Сложный",
    "impossible": "Невозможный",
    "catastrophic failure": "Катастрофический провал",
    "lucky chance": "Счастливый случай",
    "Routine": "Элементарно",
    "Easy": "Просто",
    "Average": "Нормально",
    "Challenging": "Затруднительно",
    "Hard": "Сложно",
    "Very Hard": "Очень сложно",
    "Formidable": "Невероятно сложно",
    "Nearly Impossible": "Почти невозможно",
    "full failure": "Полный провал",
    "partial failure": "Частичный провал",
    "partial success": "Частичный успех",
    "full success": "Полный успех",
    "absolute critical": "Абсолютный критический успех",
    "planning": "Планирование",
    "actions": "Действия",
    "reactions": "Реакции",
    "active scene": "сцена с активными действиями",
    "long-term scene": "сцена с долговременными событиями",
    "final": "итог известен",
    "pending": "ждёт фазы «Реакции»",
    "resolved": "решено",
    # -- the log --------------------------------------------------------------------------
    "undo: {what}": "отмена: {what}",
    "redo: {what}": "повтор: {what}",
}

PLURALS: dict[str, tuple[str, str, str]] = {
    "{n} hit": ("{n} попадание", "{n} попадания", "{n} попаданий"),
}
