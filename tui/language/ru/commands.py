"""The Russian of the shared commands' lines: characters and their editor, conditions, the
turn order and initiative, the table's own words, the rules engine's errors as the
tracker shows them (:mod:`tui.session.table.rules_text`), and the ``tablekeeper`` command
line (:mod:`tui.cli.main`: its help, argparse's own words, ``check``'s report)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # -- characters and the editor ---------------------------------------------------------
    "{name} is down ({resource})": "{name} выбывает ({resource})",
    "{name} is back up ({resource})": "{name} снова в строю ({resource})",
    "{name}: {condition} ends": "{name}: {condition} заканчивается",
    "{name}: {conditions}": "{name}: {conditions}",
    "{name} is now an npc": "{name} теперь персонаж Мастера",
    "{name} is now in the party": "{name} теперь в отряде",
    "{name} is now hidden from the player view": "{name} теперь скрыт от игроков",
    "{name} is now shown in the player view": "{name} теперь виден игрокам",
    "{name}: notes changed": "{name}: заметки изменены",
    "{name}: aliases changed": "{name}: другие имена изменены",
    "{name}: skill aliases changed": "{name}: псевдонимы навыков изменены",
    "{name}: new attribute {key} {value}": "{name}: новый атрибут {key} {value}",
    "{name}: new skill {key} {value}": "{name}: новый навык {key} {value}",
    "{name}: new resource {key} {value}": "{name}: новый ресурс {key} {value}",
    "{name}: new condition {key} {value}": "{name}: новое состояние {key} {value}",
    "{name}: new weapon {key} {value}": "{name}: новое оружие {key} {value}",
    "{name}: weapon {weapon} removed": "{name}: оружие {weapon} убрано",
    "{name}: {item} removed": "{name}: {item} убрано",
    "write NAME = VALUE ({what})": "напишите ИМЯ = ЗНАЧЕНИЕ ({what})",
    "the maximum of {name}": "максимум {name}",
    "the new name": "новое имя",
    "condition": "состояние",
    "player": "игрок",
    "alias": "другое имя",
    "skill alias": "псевдоним навыка",
    "weapon": "оружие",
    "weapon field": "поле оружия",
    # -- turn order and initiative ---------------------------------------------------------
    "turn order: {order}": "очерёдность: {order}",
    "{name} initiative {value}; {order}": "{name}: инициатива {value}; {order}",
    "initiative: {rolls}": "инициатива: {rolls}",
    "swapped {a} and {b}; {order}": "{a} и {b} поменялись местами; {order}",
    "{name} up; {order}": "{name} на место раньше; {order}",
    "{name} down; {order}": "{name} на место позже; {order}",
    "{name} is already first": "{name} и так первый",
    "{name} is already last": "{name} и так последний",
    "{name} has no attribute {typed!r} (attributes: {have})": "у {name} нет атрибута {typed!r} (атрибуты: {have})",
    "{name} has more than one attribute like {typed!r} (attributes: {have})": "у {name} несколько атрибутов, похожих на {typed!r} (атрибуты: {have})",
    # -- the table ---------------------------------------------------------------------------
    "secret: {message}": "тайно: {message}",
    "unknown name": "неизвестное имя",
    "unknown name {name!r}": "неизвестное имя {name!r}",
    "no party member can roll {check!r}{why}{hint}": "никто в отряде не может бросить {check!r}{why}{hint}",
    # -- the rules engine's errors -----------------------------------------------------------
    "multiplier must be at least 1, got {n}": "множитель должен быть не меньше 1, а здесь {n}",
    "too many dice: {count} (at most {most})": "слишком много кубиков: {count} (не больше {most})",
    "modifier must be within ±{most}, got {value}": "модификатор должен быть в пределах ±{most}, а здесь {value}",
    "dice expression too long ({n} chars, at most {most})": "выражение кубиков слишком длинное ({n} знаков, не больше {most})",
    "bad dice expression {text}: a space inside a number": "неверное выражение кубиков {text}: пробел внутри числа",
    "empty dice expression": "пустое выражение кубиков",
    "bad dice expression {text} at character {n}": "неверное выражение кубиков {text}, знак {n}",
    "constant must be at most {most}, got {value}": "число должно быть не больше {most}, а здесь {value}",
    "dice count must be at least 1": "кубиков должно быть не меньше 1",
    "too many faces: {count} (at most {most})": "слишком много граней: {count} (не больше {most})",
    "a die needs at least 1 face": "у кубика должна быть хотя бы 1 грань",
    "{expr} needs {n} dice, got {got}": "{expr}: нужно кубиков: {n}, а введено {got}",
    "die {i} must be within 1..{sides}, got {face}": "кубик {i} должен быть в пределах 1..{sides}, а не {face}",
    "{expr} has {n} totals; exact odds limited to {most}": "у {expr} сумм: {n}; точные шансы считаются не больше чем для {most}",
    "{field} must be within {low}..{high}, got {value}": "{field}: должно быть в пределах {low}..{high}, а не {value}",
    "{field} must be at least {low}, got {value}": "{field}: должно быть не меньше {low}, а не {value}",
    "{field} must be at most {high}, got {value}": "{field}: должно быть не больше {high}, а не {value}",
    "{field} must be an integer, got {value}": "{field}: нужно целое число, а не {value}",
    "{field} must hold {n} values, got {got}": "{field}: нужно значений: {n}, а здесь {got}",
    "{noun} {n}": "{noun} {n}",
    "{kind} ({which})": "{kind} ({which})",
    "the factor of xN": "множитель xN",
    "the divisor of /N": "делитель /N",
    "the value of set=N": "значение set=N",
    "+N": "+N",
    "-N": "-N",
    "roll": "бросок",
    "tn": "СЛ",
    "bonus": "бонус",
    "shots": "выстрелы",
    "recoil": "отдача",
    "threshold": "порог",
    "value": "значение",
    # -- the command line (tablekeeper --help, check, serve, recap) --------------------------
    "usage: ": "использование: ",
    "positional arguments": "позиционные аргументы",
    "options": "параметры",
    "show this help message and exit": "показать эту справку и выйти",
    "unrecognized arguments: %s": "непонятные аргументы: %s",
    "the following arguments are required: %s": "нужны аргументы: %s",
    "argument %(argument_name)s: %(message)s": "аргумент %(argument_name)s: %(message)s",
    "expected one argument": "нужно одно значение",
    "expected at least one argument": "нужно хотя бы одно значение",
    "invalid %(type)s value: %(value)r": "неверное значение (%(type)s): %(value)r",
    "invalid choice: %(value)r (choose from %(choices)s)": "неверный выбор: %(value)r (можно: %(choices)s)",
    "ambiguous option: %(option)s could match %(matches)s": "неоднозначный параметр: %(option)s может быть %(matches)s",
    "ignored explicit argument %r": "лишнее значение %r",
    "{message} (see {prog} --help)": "{message} (см. {prog} --help)",
    "show the versions and exit": "показать версии и выйти",
    "not installed": "не установлен",
    "%(prog)s [options] [SAVE]\n       %(prog)s check FILE...\n"
    "       %(prog)s serve FILE [--host HOST] [--port PORT]\n"
    "       %(prog)s recap FILE [--adventure N] [--since DATE] [--scene NAME] [--gm] [-o FILE.md]\n"
    "       %(prog)s import SAVE FILE... [--npc] [--gm-only] [--yes]": "%(prog)s [параметры] [SAVE]\n               %(prog)s check FILE...\n"
    "               %(prog)s serve FILE [--host HOST] [--port PORT]\n"
    "               %(prog)s recap FILE [--adventure N] [--since DATE] "
    "[--scene NAME] [--gm] [-o FILE.md]\n"
    "               %(prog)s import SAVE FILE... [--npc] [--gm-only] [--yes]",
    "A keyboard-first table tracker for tabletop RPG game masters:\n"
    "opens the campaign picker, or SAVE.": "Трекер стола для Мастеров настольных ролевых игр, всё с клавиатуры:\n"
    "открывает выбор кампании или сохранение SAVE.",
    "campaign save to open (TOML); edits that file": "сохранение кампании (TOML), которое открыть; правки идут в этот файл",
    "open SAVE (or what the picker opens) as the players' view: follows the GM live, changes "
    "nothing, GM-only data hidden": "открыть SAVE (или выбранное) как экран игроков: следит за Мастером вживую, ничего "
    "не меняет, скрытое от игроков не показывает",
    "folder of saves": "папка сохранений",
    "config file to use": "файл настроек",
    "seed the dice (demos, tests)": "зерно кубиков (демо, тесты)",
    "the interface's language (else the config's 'language', else the locale: LC_ALL, "
    "LC_MESSAGES, LANG = ru_* is Russian; else English)": "язык интерфейса (иначе 'language' из настроек, иначе локаль: LC_ALL, LC_MESSAGES, "
    "LANG = ru_* — русский; иначе английский)",
    "commands:\n"
    "  check FILE...      validate saves (tablekeeper check --help)\n"
    "  serve FILE         the players' view in a browser (tablekeeper serve --help)\n"
    "  recap FILE         a Markdown recap for the players (tablekeeper recap --help)\n"
    "  import SAVE F...   characters from GCS sheets (tablekeeper import --help)": "команды:\n"
    "  check FILE...      проверить сохранения (tablekeeper check --help)\n"
    "  serve FILE         экран игроков в браузере (tablekeeper serve --help)\n"
    "  recap FILE         итоги для игроков в Markdown (tablekeeper recap --help)\n"
    "  import SAVE F...   персонажи из листов GCS (tablekeeper import --help)",
    "environment variables:": "переменные окружения:",
    "files:": "файлы:",
    "saves": "сохранения",
    "config": "настройки",
    "history": "история",
    "bug log": "журнал ошибок",
    "folder of saves (like --saves)": "папка сохранений (как --saves)",
    "seed the dice, a whole number (like --seed)": "зерно кубиков, целое число (как --seed)",
    "config file (like --config)": "файл настроек (как --config)",
    "any value: no colours": "любое значение: без цветов",
    "ru_* for Russian (after --lang and the config)": "ru_* — русский (после --lang и настроек)",
    "move the per-user folders": "переносят папки пользователя",
    "The saves folder is --saves, else TABLEKEEPER_SAVES, else the config's 'saves',\n"
    "else saves/ of a source checkout, else the per-user data folder.": "Папка сохранений — это --saves, иначе TABLEKEEPER_SAVES, иначе 'saves' из "
    "настроек,\nиначе saves/ рабочей копии исходников, иначе папка данных пользователя.",
    "Validate saves (and their logs). Prints FILE: ok, FILE:LINE:COL: … for a TOML error or "
    "FILE: key.path: … for a schema error; exit status 1 if any file is bad.": "Проверить сохранения (и их журналы). Печатает «FILE: в порядке», FILE:СТРОКА:СТОЛБЕЦ: "
    "… для ошибки TOML или FILE: ключ: … для ошибки содержимого; код выхода 1, если "
    "какой-то файл плох.",
    "a save to check": "сохранение, которое проверить",
    "the report's language (else the config's 'language', else the locale)": "язык отчёта (иначе 'language' из настроек, иначе локаль)",
    "Serve the players' view of FILE to a web browser (read-only, GM-only data hidden, live). "
    "Prints the address to open, with a token every request must carry.": "Показывать экран игроков для FILE в браузере (только чтение, скрытое от игроков не "
    "видно, вживую). Печатает адрес с токеном, который нужен каждому запросу.",
    "the campaign save": "сохранение кампании",
    "address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 for the network)": "адрес для приёма (по умолчанию 127.0.0.1, только эта машина; 0.0.0.0 — для сети)",
    "port (default 8000)": "порт (по умолчанию 8000)",
    "config file the view uses (theme, keys)": "файл настроек для экрана (тема, клавиши)",
    "the language of these messages (else the config's 'language', else the locale)": "язык этих сообщений (иначе 'language' из настроек, иначе локаль)",
    "Write a Markdown recap of FILE for the players: scenes with their summaries, notable "
    "rolls, extended checks, experience, resources and dice statistics. GM-only characters, "
    "secret rolls and hidden values are left out unless --gm. Filters combine.": "Написать итоги FILE для игроков в Markdown: сцены с их итогами, заметные броски, "
    "сложные проверки, опыт, ресурсы и статистику кубиков. Скрытые персонажи, тайные "
    "броски и скрытые значения не попадают, если нет --gm. Фильтры сочетаются.",
    "only adventure N": "только приключение N",
    "only entries from DATE (YYYY-MM-DD) on": "только записи начиная с DATE (ГГГГ-ММ-ДД)",
    "only the scene(s) called NAME": "только сцены с названием NAME",
    "the GM's copy: nothing left out": "копия Мастера: ничего не скрыто",
    "write to FILE.md instead of standard output": "записать в FILE.md, а не в стандартный вывод",
    "the recap's language (else the config's 'language', else the locale: ru_* is Russian)": "язык итогов (иначе 'language' из настроек, иначе локаль: ru_* — русский)",
    "--adventure: expected 1 or more, got {n}": "--adventure: нужно 1 или больше, а здесь {n}",
    "-o: {output} is a folder": "-o: {output} — это папка",
    "-o: {output} is the campaign itself; name a .md file": "-o: {output} — это сама кампания; укажите файл .md",
    "--port: expected 1..65535, got {port}": "--port: нужно 1..65535, а здесь {port}",
    "TABLEKEEPER_SEED: expected a whole number, got {text!r}": "TABLEKEEPER_SEED: нужно целое число, а здесь {text!r}",
    "{source}: {path} is not a folder": "{source}: {path} — не папка",
    " (--saves DIR opens the picker on a folder)": " (--saves ПАПКА открывает выбор в папке)",
    "{source}: {path} is a folder, not a file{hint}": "{source}: {path} — папка, а не файл{hint}",
    "{source}: no such file: {path}": "{source}: нет такого файла: {path}",
    "{name}: saves: {saves} is not a folder; using the default": "{name}: saves: {saves} — не папка; беру папку по умолчанию",
    "{path}: no such file": "{path}: нет такого файла",
    "{path}: note: the previous version is in {backup}": "{path}: заметка: предыдущая версия — в {backup}",
    "{log}: note: an incomplete last entry (interrupted write) will be dropped on the next save": "{log}: заметка: неполная последняя запись (прерванная запись) будет отброшена при "
    "следующем сохранении",
    "{path}: ok": "{path}: в порядке",
    "usage: tablekeeper check FILE...": "использование: tablekeeper check FILE...",
    # -- a save's validation (tablekeeper check, the open problems dialog) ----------------
}
