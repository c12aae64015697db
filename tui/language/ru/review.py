"""The Russian of the look back: the log search, the past scenes, the dice statistics and
the players' recap (their commands, keys, palette entries, screens and the recap's Markdown)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # -- keys, palette, commands -----------------------------------------------------------
    "Find": "Поиск",
    "Scenes": "Сцены",
    "Dice stats": "Кубики",
    "Find in the log": "Поиск в журнале",
    "Past scenes": "Прошедшие сцены",
    "Dice statistics": "Статистика кубиков",
    "Search the whole log; filter by character, kind, grade ({key}; /find TEXT)": "Поиск по всему журналу; фильтр по персонажу, виду, степени ({key}; /find ТЕКСТ)",
    "Every scene so far; Enter opens its log ({key}; /scenes)": "Все сцены до сих пор; Enter открывает её журнал ({key}; /scenes)",
    "Each character's successes against the exact odds, as a chart ({key}; /stats)": "Успехи каждого персонажа против точных шансов, графиком ({key}; /stats)",
    "search the whole log; a filter bar narrows it (f6)": "поиск по всему журналу; строка фильтров сужает его (f6)",
    "the past scenes; Enter opens one with its log (f7)": "прошедшие сцены; Enter открывает сцену с её журналом (f7)",
    "dice statistics: each character's luck against the exact odds (f8)": "статистика кубиков: везение каждого персонажа против точных шансов (f8)",
    "write the players' recap (Markdown) next to the save and show it": "написать пересказ для игроков (Markdown) рядом с сохранением и показать его",
    # -- the log search (f6) ---------------------------------------------------------------
    "anyone": "кто угодно",
    "any kind": "любой вид",
    "any grade": "любая степень",
    "No entry matches.": "Ни одна запись не подходит.",
    "words to find…": "слова для поиска…",
    "searching…": "поиск…",
    "{title} — {status} · Escape closes": "{title} — {status} · Escape закрывает",
    "cannot read the log: {error}": "не удаётся прочитать журнал: {error}",
    " (the newest {shown} shown)": " (показаны {shown} последних)",
    "rolls": "броски",
    "changes": "изменения",
    "summaries": "итоги",
    "notes": "заметки",
    "undos": "отмены",
    "redos": "повторы",
    # -- the past scenes (f7) --------------------------------------------------------------
    "No scenes yet: /scene NAME starts one.": "Сцен ещё нет: /scene НАЗВАНИЕ начинает сцену.",
    "Enter opens the scene's log · Escape closes": "Enter открывает журнал сцены · Escape закрывает",
    "running": "идёт",
    "Scenes ({n})": "Сцены ({n})",
    "Scene {number}: {name}": "Сцена {number}: {name}",
    # -- the dice statistics (f8) ----------------------------------------------------------
    "Counting the rolls of the whole log…": "Подсчёт бросков всего журнала…",
    "No rolls with stored odds yet: every roll made from now on counts, with its exact "
    "chance when it was made.": "Бросков с сохранёнными шансами ещё нет: учитывается каждый бросок отныне, с его "
    "точным шансом на момент броска.",
    "↑↓ picks a row · Escape closes": "↑↓ выбирает строку · Escape закрывает",
    "All ({system})": "Все ({system})",
    "Who": "Кто",
    "Rolls": "Броски",
    "Succ": "Усп.",
    "Expected": "Ожид.",
    "Percentile": "Процентиль",
    "Luck": "Везение",
    "Cannot read the log: {error}": "Не удаётся прочитать журнал: {error}",
    "{name}: {wins} in {rolls}, {expected} expected — {shown} of equally likely tables "
    "would have rolled fewer (ties half): {luck}.": "{name}: {wins} за {rolls}, ожидалось {expected} — {shown} равновероятных столов "
    "выбросили бы меньше (ничьи пополам): {luck}.",
    "cursed": "проклят",
    "unlucky": "невезуч",
    "as expected": "как ожидалось",
    "lucky": "везуч",
    "blessed": "благословлён",
    # -- the recap -------------------------------------------------------------------------
    "Writing the recap…": "Пишется пересказ…",
    "Recap (Escape closes)": "Пересказ (Escape закрывает)",
    "Recap written to {file} (Escape closes)": "Пересказ записан в {file} (Escape закрывает)",
    "No recap: {error}": "Пересказа нет: {error}",
    "# Recap: {name}": "# Пересказ: {name}",
    "Nothing to recap: no entries match.": "Пересказывать нечего: ни одна запись не подходит.",
    "## Scenes": "## Сцены",
    "### Outside any scene": "### Вне сцен",
    "still running": "ещё идёт",
    "Notable rolls:": "Примечательные броски:",
    "No notable rolls.": "Примечательных бросков нет.",
    "## Extended checks": "## Сложные проверки",
    "done": "завершена",
    "failed": "провалена",
    "- **{name}** — {status}: pool {pool} of {threshold}, {elapsed} of {budget} min, {rolls}": "- **{name}** — {status}: набрано {pool} из {threshold}, {elapsed} из {budget} мин, "
    "{rolls}",
    "- **{name}** (race) — {status}{winner}": "- **{name}** (гонка) — {status}{winner}",
    ", won by {side}": ", победа: {side}",
    "  - consequence: {level}{text}": "  - последствие: {level}{text}",
    "## Experience": "## Опыт",
    "## Resources": "## Ресурсы",
    "## Dice": "## Кубики",
    "| Who | Rolls | Successes | Expected | Percentile | Luck |": "| Кто | Броски | Успехи | Ожидалось | Процентиль | Везение |",
    "Each roll counts with its exact chance of success when it was made. The percentile is "
    "the share of equally likely tables that would have rolled fewer successes (ties count "
    "half): 50% is average luck.": "Каждый бросок учтён с его точным шансом на успех в момент броска. Процентиль — доля "
    "равновероятных столов, которые выбросили бы меньше успехов (ничьи считаются "
    "пополам): 50% — обычное везение.",
    "≈: more than {limit} rolls, the normal approximation (exact mean and variance).": "≈: больше {limit} бросков, нормальное приближение (точные среднее и дисперсия).",
    "No rolls with stored odds.": "Бросков с сохранёнными шансами нет.",
    "GM copy": "копия Мастера",
    "scene {name}": "сцена {name}",
}
