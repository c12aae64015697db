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
    "Search the whole log; filter by character, kind, grade ({key}; /find TEXT)":
        "Поиск по всему журналу; фильтр по персонажу, виду, степени ({key}; /find ТЕКСТ)",
    "Every scene so far; Enter opens its log ({key}; /scenes)":
        "Все сцены до сих пор; Enter открывает её журнал ({key}; /scenes)",
    "Each character's successes against the exact odds, as a chart ({key}; /stats)":
        "Успехи каждого персонажа против точных шансов, графиком ({key}; /stats)",
    "search the whole log; a filter bar narrows it (f6)":
        "поиск по всему журналу; строка фильтров сужает его (f6)",
    "the past scenes; Enter opens one with its log (f7)":
        "прошедшие сцены; Enter открывает сцену с её журналом (f7)",
    "dice statistics: each character's luck against the exact odds (f8)":
        "статистика кубиков: везение каждого персонажа против точных шансов (f8)",
    "write the players' recap (Markdown) next to the save and show it":
        "написать пересказ для игроков (Markdown) рядом с сохранением и показать его",
}
