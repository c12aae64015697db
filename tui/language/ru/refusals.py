"""The Russian of the refusals that belong to one system's commands (GURPS, BRP, AGE,
Strange rounds), to a character's change and to the store (see :mod:`tui.language.ru.errors`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # -- GURPS -----------------------------------------------------------------------------
    "acc= must be a whole number 0..100, got {raw!r}":
        "acc= должен быть целым числом 0..100, а здесь {raw!r}",
    "aiming needs the weapon's Acc: name the weapon ({known}) or give acc=N, e.g. /maneuver "
    "{who} aim acc=3":
        "прицеливанию нужна Точность оружия: назовите оружие ({known}) или укажите acc=N, "
        "например /maneuver {who} aim acc=3",
    "a weapon field is key=value, got {word!r}": "поле оружия — ключ=значение, а здесь {word!r}",
    "cannot order by Basic Speed: {exc}": "нельзя упорядочить по Базовой скорости: {exc}",
    "dr= must be a whole number or a product like 1x6, got {raw!r}":
        "dr= должен быть целым числом или произведением вроде 1x6, а здесь {raw!r}",
    "dr= must be within 0..100000, got {value}":
        "dr= должен быть в пределах 0..100000, а здесь {value}",
    "hits= must be a whole number 1..{MAX_HITS}, got {value!r}":
        "hits= должен быть целым числом 1..{MAX_HITS}, а здесь {value!r}",
    "unknown option {key}= (allowed: dr=, hits=)":
        "неизвестный параметр {key}= (можно: dr=, hits=)",
    "/damage needs the damage dice after the target, e.g. /damage {target} 2d6-1 dr=1":
        "/damage нужны кубики урона после цели, например /damage {target} 2d6-1 dr=1",
    "unexpected {rest!r} after {dice}": "лишнее {rest!r} после {dice}",
    "{word}: {name}'s {skill} is supported by {helper} when {when}":
        "{word}: {skill} персонажа {name} поддерживается навыком {helper}, когда {when}",
    "{word}: {name}'s {skill} is always supported by {helper}":
        "{word}: {skill} персонажа {name} всегда поддерживается навыком {helper}",
    "usage: /damage TARGET DICE [dr=N] [hits=N] [= faces]":
        "использование: /damage ЦЕЛЬ КУБИКИ [dr=N] [hits=N] [= грани]",
    "which weapon does {name} fire? name it: {fits}":
        "из какого оружия стреляет {name}? назовите его: {fits}",
    "{name} already has a weapon called {name2}": "у {name} уже есть оружие {name2}",
    "{name} has no Basic Speed (attributes.\"{SPEED}\")":
        "у {name} нет Базовой скорости (attributes.\"{SPEED}\")",
    "{name} has no DX (attributes.DX, a whole number)":
        "у {name} нет ЛВ (attributes.DX, целое число)",
    "{name} has no options": "у {name} нет вариантов",
    "{name} has no weapon {name2!r}": "у {name} нет оружия {name2!r}",
    "{name} is a shotgun: give the distance, yd=N (close range changes its damage)":
        "{name} — дробовик: укажите расстояние yd=N (вблизи меняется его урон)",
    "{name} is on {name2}: {allowed} until {name}'s next turn begins":
        "{name} выполняет {name2}: {allowed} до начала следующего хода {name}",
    "{name}'s {name2}: {exc}": "{name2} у {name}: {exc}",
    "{name}'s {named} has no acc: give acc=N":
        "у {named} персонажа {name} нет Точности: укажите acc=N",
    "{name}'s {wname} is a melee weapon: yd=, shots=, rof= and recoil= are for ranged attacks":
        "{wname} у {name} — оружие ближнего боя: yd=, shots=, rof= и recoil= — для "
        "дальнобойных атак",
    # -- BRP -------------------------------------------------------------------------------
    "a downtime comes between scenes: end the scene first (/endscene)":
        "отдых бывает между сценами: сначала завершите сцену (/endscene)",
    "name a character": "назовите персонажа",
    "name a skill of {name}": "назовите навык персонажа {name}",
    "name the student after the teacher": "назовите ученика после учителя",
    "name up to {DOWNTIME_FREE_TICKS} skills for {name}, separated by commas":
        "назовите до {DOWNTIME_FREE_TICKS} навыков персонажа {name} через запятую",
    "skills= needs skill names separated by commas": "skills= — названия навыков через запятую",
    "the ticks changed since the screen opened: leave and reopen it":
        "отметки изменились, пока экран был открыт: закройте и откройте его снова",
    "usage: /downtime CHAR SKILL, SKILL, ... (up to four)":
        "использование: /downtime ПЕРСОНАЖ НАВЫК, НАВЫК, ... (до четырёх)",
    "{attr} is a characteristic: only skills earn ticks":
        "{attr} — характеристика: отметки получают только навыки",
    "{extra!r} after {name}: one skill here (commas separate them)":
        "{extra!r} после {name}: здесь один навык (навыки разделяются запятыми)",
    "{name} cannot teach themself": "{name} не может учить сам себя",
    "{name} has no Teach skill": "у {name} нет навыка Обучение (Teach)",
    "{name} has no {skill} to teach": "у {name} нет навыка {skill}, чтобы учить ему",
    # -- AGE -------------------------------------------------------------------------------
    "the log entry holds no three AGE dice": "в записи журнала нет трёх кубиков AGE",
    "the log entry's {what} is not a number ({raw!r})":
        "{what} в записи журнала — не число ({raw!r})",
    "{actor} has no test to spend Fortune on (the last roll must be theirs)":
        "у {actor} нет теста, на который тратить Удачу (последний бросок должен быть его)",
    "{exc}; no Fortune spent": "{exc}; Удача не потрачена",
    # -- Strange rounds --------------------------------------------------------------------
    "reaction winner {winner!r}": "победитель реакции {winner!r}",
    "resolve the pending actions first: {blockers}":
        "сначала разрешите ожидающие действия: {blockers}",
    "round {round_number} is not over: {blockers}": "раунд {round_number} не окончен: {blockers}",
    "sum up after the reactions phase or during planning (now: actions)":
        "подводите итог после фазы реакций или во время планирования (сейчас — действия)",
    "the saved round state (scene.system.strange) is damaged: {exc}":
        "сохранённое состояние раунда (scene.system.strange) повреждено: {exc}",
    "verdict kind {v!r}": "вид итога {v!r}",
    "{character}'s action #{number} was rolled {shown}: leave {character}'s dice out, or "
    "type them":
        "действие №{number} персонажа {character} брошено {shown}: не вводите кубики "
        "{character} или введите их",
    "a saved result needs 5 or 6 numbers, got {n}":
        "сохранённому результату нужно 5 или 6 чисел, а здесь {n}",
    # -- a character's change --------------------------------------------------------------
    "a campaign holds at most {MAX_CHARACTERS} characters":
        "в кампании не больше {MAX_CHARACTERS} персонажей",
    "a character name cannot begin with '/' (it reads as a command)":
        "имя персонажа не может начинаться с '/' (оно читается как команда)",
    "a {what} name cannot hold control characters":
        "в имени ({what}) не может быть управляющих символов",
    "make 1..{MAX_COPIES} copies at a time, not {count}":
        "делайте 1..{MAX_COPIES} копий за раз, а не {count}",
    "not a table of values: {table}": "не таблица значений: {table}",
    "notes cannot hold control characters": "в заметках не может быть управляющих символов",
    "notes too long ({n} characters, at most {limit})":
        "заметки слишком длинные ({n} символов, не больше {limit})",
    "nothing changed": "ничего не изменилось",
    "that is a very large number": "это очень большое число",
    "the {what} needs a name": "нужно имя ({what})",
    "there is already a character called {name}": "персонаж {name} уже есть",
    "this row cannot be removed (clear it instead)":
        "эту строку нельзя удалить (очистите её)",
    "write +N, -N or =N (or max=N), not {word!r}":
        "пишите +N, -N или =N (или max=N), а не {word!r}",
    "{attribute} needs a value": "{attribute}: нужно значение",
    "{attribute}: the value must be a short line of text":
        "{attribute}: значение должно быть короткой строкой текста",
    "{name} already has {MAX_CONDITIONS} conditions": "у {name} уже {MAX_CONDITIONS} состояний",
    "{name} already has {name2}: edit its row": "у {name} уже есть {name2}: правьте его строку",
    "{name} already has {new}": "у {name} уже есть {new}",
    "{name} is not {name2} (conditions: {have})": "{name} — не {name2} (состояния: {have})",
    "{name}'s {resource} has no maximum to remove":
        "у ресурса {resource} персонажа {name} нет максимума",
    "{skill}: a skill value here is {wanted}, got {raw!r}":
        "{skill}: значение навыка здесь — {wanted}, а введено {raw!r}",
    "{skill}: the value must be a short line of text":
        "{skill}: значение должно быть короткой строкой текста",
    "{skill}: {problem}": "{skill}: {problem}",
    "{what} must be a whole number, got {strip!r}":
        "{what} — должно быть целое число, а здесь {strip!r}",
    "{what} must be within {low}..{high}, got {value}":
        "{what} — должно быть в пределах {low}..{high}, а здесь {value}",
    "{what} name too long ({n} characters, at most {MAX_NAME})":
        "имя ({what}) слишком длинное ({n} символов, не больше {MAX_NAME})",
    "{what} {typed!r} could be {names}: write it out, or quote a new name (\"{typed}\")":
        "{what} {typed!r} может быть: {names}; напишите полностью или возьмите новое имя в "
        "кавычки (\"{typed}\")",
    "{word!r} is not a number": "{word!r} — не число",
    "{word!r} must be at least {low}": "{word!r} должно быть не меньше {low}",
    # -- the store -------------------------------------------------------------------------
    "add.{key}: not an array in the campaign": "add.{key}: в кампании это не массив",
    "campaign option {key} must be a whole number, got {value!r}":
        "параметр кампании {key} должен быть целым числом, а здесь {value!r}",
    "damaged patch ({exc})": "повреждённая правка ({exc})",
    "options.ladder must map each level name to a whole number of hits":
        "options.ladder должен сопоставлять каждому уровню целое число попаданий",
    "scene_history.keep: {keep!r} does not fit the campaign":
        "scene_history.keep: {keep!r} не подходит к кампании",
    "sub.{key}: not a table in the campaign": "sub.{key}: в кампании это не таблица",
    "{deep}: nested too deeply": "{deep}: слишком глубокая вложенность",
    "{name!r} does not make a file name inside {folder}":
        "из {name!r} не получается имя файла в папке {folder}",
    "{text!r} has nothing usable as a file name": "в {text!r} нет ничего годного для имени файла",
    "{what}.order: {missing!r} is not in the campaign": "{what}.order: {missing!r} нет в кампании",
    "{what}: expected a table": "{what}: ожидалась таблица",
    "{what}: expected an array": "{what}: ожидался массив",
    # -- the registry (a system's own code) ------------------------------------------------
    "system key {key!r}: lower-case letters, digits and '_'":
        "ключ системы {key!r}: строчные латинские буквы, цифры и '_'",
    "system {key!r} is already registered as {name!r}":
        "система {key!r} уже зарегистрирована как {name!r}",
    "system {key!r} needs a display name": "системе {key!r} нужно отображаемое имя",
    "{tracker}.SYSTEM answers to {key!r}, not {key2!r}":
        "{tracker}.SYSTEM отвечает на {key!r}, а не на {key2!r}",
    # -- the palette -----------------------------------------------------------------------
    "Everything about the selected character ({key})": "Всё о выбранном персонаже ({key})",
    "Open the editor on the selected character (/edit)":
        "Открыть редактор выбранного персонажа (/edit)",
    # -- commands that refuse (a Feedback, not an error) ---------------------------------
    "/maneuver needs a maneuver: {names}": "/maneuver нужен манёвр: {names}",
    "damage {dice}: {exc}": "урон {dice}: {exc}",
    "die= and face= take whole numbers": "die= и face= принимают целые числа",
    "die= must be 1, 2 or 3 (the Drama Die), got {die}":
        "die= должен быть 1, 2 или 3 (Куб Драмы), а здесь {die}",
    "give one change and at most one max=N": "укажите одно изменение и не больше одного max=N",
    "initiative needs dice to roll (3d6 + Dexterity, d10 + 2 …)":
        "для инициативы нужны кубики (3d6 + Dexterity, d10 + 2 …)",
    "limit= must be a round limit 1..4, got {raw!r}":
        "limit= — лимит раундов 1..4, а здесь {raw!r}",
    "name two different characters": "назовите двух разных персонажей",
    "no extended check is selected": "сложная проверка не выбрана",
    "no scene is running: start one with /scene NAME":
        "сцена не идёт: начните её командой /scene НАЗВАНИЕ",
    "nothing to record": "записывать нечего",
    "scene name too long ({n} characters, at most 80)":
        "название сцены слишком длинное ({n} символов, не больше 80)",
    "something is missing in {strip!r}": "в {strip!r} чего-то не хватает",
    "the campaign has no characters to order": "в кампании нет персонажей для очерёдности",
    "the campaign has no characters to roll for": "в кампании нет персонажей, за которых бросать",
    "the scene needs a name: /scene NAME [active|long] [limit=1..4]":
        "сцене нужно название: /scene НАЗВАНИЕ [active|long] [limit=1..4]",
    "type the d{sides} as a number, not {text!r}": "введите d{sides} числом, а не {text!r}",
    "typed dice go with one character's roll, not all":
        "введённые кубики — для броска одного персонажа, а не всех",
    "usage: /add NAME [npc] [gm]": "использование: /add ИМЯ [npc] [gm]",
    "usage: /cond CHAR NAME [N rounds|turns]":
        "использование: /cond ПЕРСОНАЖ СОСТОЯНИЕ [N rounds|turns]",
    "usage: /hp CHAR [RESOURCE] ±N, =N or max=N (! forces past the maximum)":
        "использование: /hp ПЕРСОНАЖ [РЕСУРС] ±N, =N или max=N (! — сверх максимума)",
    "usage: /init roll CHAR EXPR or /init roll all EXPR":
        "использование: /init roll ПЕРСОНАЖ ВЫРАЖЕНИЕ или /init roll all ВЫРАЖЕНИЕ",
    "usage: /uncond CHAR NAME (or all)": "использование: /uncond ПЕРСОНАЖ СОСТОЯНИЕ (или all)",
    "usage: {USAGE}": "использование: {USAGE}",
    "usage: {usage} (which {kind} of {name}?)": "использование: {usage} (какой {kind} у {name}?)",
    "{a} and {b} are not tied (Basic Speed decides): only tied combatants can be reordered":
        "у {a} и {b} нет ничьей (решает Базовая скорость): переставлять можно только "
        "бойцов с ничьей",
    "{name} already has ticks in {skills}": "у {name} уже есть отметки: {skills}",
    "{name} has no HP (/hp {who} HP =N adds it)": "у {name} нет HP (/hp {who} HP =N добавляет)",
    "{name} has no HP (resources: {have}); /hp CHAR NAME =N adds one":
        "у {name} нет HP (ресурсы: {have}); /hp ПЕРСОНАЖ ИМЯ =N добавляет ресурс",
    "{name} has no conditions": "у {name} нет состояний",
    "{name} has no ticked skills": "у {name} нет отмеченных навыков",
    "{name} is already {status}": "{name} уже: {status}",
    "{name} is named twice": "{name} назван дважды",
    "{name} is not in the turn order (/order builds it)":
        "{name} нет в очерёдности (/order её строит)",
    "{name} · {skill} is already ticked": "{name} · {skill} уже отмечен",
    "{name}'s {found} is not a number ({value!r})": "{found} у {name} — не число ({value!r})",
    "{n} not rolled yet ({names}): r rolls one, a rolls all":
        "ещё не брошено: {n} ({names}): r бросает один, a — все",
    "{system_name} has no end-of-adventure rolls": "у {system_name} нет бросков конца приключения",
}
