"""The Russian of the table's messages and of what rolls and changes say in the log."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # -- messages of the table -------------------------------------------------------------
    "nothing to undo": "отменять нечего",
    "long-term": "долговременная",
    "scene {name} ({kind})": "сцена {name} ({kind})",
    "scene {name} ({kind}, round limit {limit})": "сцена {name} ({kind}, лимит раундов {limit})",
    "scene {name} ended; {text}": "сцена {name} завершена; {text}",
    "{text}: {summary}": "{text}: {summary}",
    "nothing to redo": "повторять нечего",
    "/note needs some text": "/note: нужен текст",
    "/note! needs some text": "/note!: нужен текст",
    "note: {text}": "заметка: {text}",
    "/rename needs a name": "/rename: нужно название",
    "campaign renamed to {name}": "кампания переименована в «{name}»",
    # -- rolls in the log ------------------------------------------------------------------
    "{actor} · {target}: {dice} → {grade}": "{actor} · {target}: {dice} → {grade}",
    "{skill} {chance}%": "{skill} {chance}%",
    "{skill} {value}{kind}{mods} → {chance}%": "{skill} {value}{kind}{mods} → {chance}%",
    "{skill} {value}{kind}{mods} {difficulty} → {chance}%":
        "{skill} {value}{kind}{mods} {difficulty} → {chance}%",
    "no roll": "без броска",
    "tick: {name} · {skill}": "отметка опыта: {name} · {skill}",
    " (automatic success, no roll, no tick)": " (автоматический успех, без броска и отметки)",
    " (impossible: a failure with no roll; type the die or add 'roll' to see how badly)":
        " (невозможно: провал без броска; введите кубик или добавьте 'бросок', чтобы "
        "узнать, насколько плохо)",
    " (impossible: rolled to see how badly, no success possible)":
        " (невозможно: бросок, чтобы узнать, насколько плохо; успех невозможен)",
    "{name} wins": "побеждает {name}",
    "no winner": "победителя нет",
    "{actor} {skill} {dice}/{chance}% ({grade}→{after})":
        "{actor} {skill} {dice}/{chance}% ({grade}→{after})",
    "{a} vs {b}": "{a} против {b}",
    " vs ": " против ",
    "{sides}: {verdict}": "{sides}: {verdict}",
    "{name} succeeds": "{name}: успех",
    "{name} resists": "{name} сопротивляется",
    "automatic, no roll": "автоматически, без броска",
    "{roller} ({by}) rolled {die} {source}, needing {need} or less to succeed":
        "{roller} ({by}): {die} ({source}), для успеха нужно {need} или меньше",
    "{roller} ({by}) rolled {die} {source}, needing {need} or less to resist":
        "{roller} ({by}): {die} ({source}), чтобы устоять, нужно {need} или меньше",
    "{head} ({chance}%): {how} → {verdict}": "{head} ({chance}%): {how} → {verdict}",
    "{roller} rolls ({by}), {need} or less to succeed":
        "бросает {roller} ({by}), для успеха {need} или меньше",
    "{roller} rolls ({by}), {need} or less to resist":
        "бросает {roller} ({by}), чтобы устоять, {need} или меньше",
    "{head} → resistance {chance}%; {who}": "{head} → сопротивление {chance}%; {who}",
    "active": "активная",
    "passive": "пассивная",
    "resist": "сопротивление",
    "typed": "вручную",
    "rolled": "приложением",
    "{spec}: {dice} → {grade} (margin {margin}){verdict}{notes}":
        "{spec}: {dice} → {grade} (запас {margin}){verdict}{notes}",
    ", defended": ", защита удалась",
    ", not defended": ", защита не удалась",
    ", {hits}": ", {hits}",
    "{n}+ hits": "{n}+ попаданий",
    "{name} by {margin}": "{name} с перевесом {margin}",
    "{a}: {a_dice} ({a_margin}) vs {b}: {b_dice} ({b_margin}) → {who}{notes}":
        "{a}: {a_dice} ({a_margin}) против {b}: {b_dice} ({b_margin}) → {who}{notes}",
    "catastrophic": "катастрофический провал",
    "{roll}: {grade}": "{roll}: {grade}",
    "{a}, {b}": "{a}, {b}",
    "{test}: {parts}": "{test}: {parts}",
    "{text} ({successes}, {lucky} lucky)": "{text} ({successes}, счастливых: {lucky})",
    "TN {tn}": "СЛ {tn}",
    "TN {tn} {name}": "СЛ {tn} ({name})",
    "{tn} (default)": "{tn} (по умолчанию)",
    "{test} vs {tn}: {result}": "{test} против {tn}: {result}",
    "{grade}, {points}": "{grade}, {points}",
    "{head} ({d1}+{d2}+drama {dd}{bonus} = {total} vs {tn}, margin {margin})":
        "{head} ({d1}+{d2}+Куб Драмы {dd}{bonus} = {total} против {tn}, запас {margin})",
    "{actor} {skill}: {result}; {sources}": "{actor} {skill}: {result}; {sources}",
    "impact {impact} on {name}": "воздействие {impact} на {name}",
    "can act": "может действовать",
    "cannot act": "не может действовать",
    "{grade}, impact {impact}": "{grade}, воздействие {impact}",
    "{dice} vs {span}: hits {hits}/{required}, effective {effective}":
        "{dice} против {span}: попаданий {hits}/{required}, с учётом критических {effective}",
    "{body}; resistance {span}: hits {hits}": "{body}; сопротивление {span}: попаданий {hits}",
    "{head} ({body})": "{head} ({body})",
    "{span} {mod} -> {effective}": "{span} {mod} -> {effective}",
    "empty": "пусто",
    "{name} {how}": "{name}: {how}",
    "dice": "кубики",
    "range": "диапазон",
    # -- the log --------------------------------------------------------------------------
    "undo: {what}": "отмена: {what}",
    "redo: {what}": "повтор: {what}",
    # -- names, /best ----------------------------------------------------------------------
    "{some} or {last}": "{some} или {last}",
    "character": "персонаж",
    "extended check": "сложная проверка",
    "maneuver": "манёвр",
    "modifier": "модификатор",
    "resource": "ресурс",
    "student": "ученик",
    "skill of {name}": "навык персонажа {name}",
    "missing {what}": "не указано: {what}",
    "{what} {word} is ambiguous: did you mean {names}?":
        "{what}: {word} — неоднозначно; может быть, {names}?",
    "; did you mean {names}?": "; может быть, {names}?",
    "no {what} matches {word}{hint}": "{what}: {word} не найдено{hint}",
    "the party is empty: nobody can roll": "в отряде никого: бросать некому",
    "usage: /best SKILL [modifiers], e.g. /best spot hidden hard":
        "использование: /best НАВЫК [модификаторы], например /best spot hidden сложно",
    "who should roll {check}?": "кому бросать: {check}?",
    # -- the Strange System's rounds in the scene panel and its preview ---------------------
    "  repeat {n}/{limit}": "  повтор {n}/{limit}",
    "not rolled": "не брошено",
    "pending, {grade}": "ожидает, {grade}",
    "no one": "никто",
    ": {a} {a_skill} {a_grade} vs {b} {b_skill} {b_grade}":
        ": {a} {a_skill} {a_grade} против {b} {b_skill} {b_grade}",
    " (final)": " (итог)",
    "#{n} {name} to roll": "№{n}: бросает {name}",
    "#{n} awaits {name}'s reaction": "№{n} ждёт реакции: {name}",
    "#{n} stands unless {name} skips to react":
        "№{n} в силе, если {name} не пропустит ход ради реакции",
    "#{n} will stand": "№{n} останется в силе",
    "pending: ": "ожидают: ",
    "⚠ round limit {limit} reached: /summary, then /compromise, /sumup or /radical":
        "⚠ достигнут лимит раундов {limit}: /summary, затем /compromise, /sumup или /radical",
    "goals: ": "цели: ",
    "planning: /goal CHAR TEXT, then /phase": "планирование: /goal ПЕРСОНАЖ ТЕКСТ, затем /phase",
    "skipped to react: ": "пропустили ход ради реакции: ",
    "last: {verdict}": "последний итог: {verdict}",
    "rolled by the app": "бросает приложение",
    "range {span}": "диапазон {span}",
    "resist {span}": "сопротивление {span}",
    "dice {mod}": "кубики {mod}",
    "mod {mod}": "мод {mod}",
    "synergy": "синергия",
    "synergy {value}: {name} {level}": "синергия {value}: {name} {level}",
    "no synergy ({name}: nosynergy)": "без синергии ({name}: без-синергии)",
    "no synergy ({name} not in use; add {when})":
        "без синергии ({name} не в деле; добавьте {when})",
    "{actor} {skill} {value} on {dice}{die}": "{actor} {skill} {value} на {dice}{die}",
    "{text}; {tail}": "{text}; {tail}",
    # -- the Strange System's round commands --------------------------------------------
    "usage: /goal CHAR TEXT (e.g. /goal dallah throw Balgruf down)":
        "использование: /goal ПЕРСОНАЖ ТЕКСТ (например, /goal dallah повалить Балгруфа)",
    "/goal needs the goal of {name} after the name": "/goal: после имени нужна цель {name}",
    "goal of {name}: {goal}": "цель {name}: {goal}",
    "/act needs {name}'s skill": "/act: нужен навык персонажа {name}",
    "name the target after 'vs'": "назовите цель после 'vs' ('против')",
    "{name} cannot act against themself": "{name} не может действовать против себя",
    "#{n} {name}: {method} ({skill}) at {target} — type the roll":
        "№{n} {name}: {method} ({skill}) против {target} — введите бросок",
    "#{n} {name}: {method} ({skill}) — type the roll":
        "№{n} {name}: {method} ({skill}) — введите бросок",
    "round limit: this action is declared {n} rounds in a row (limit {limit}) — sum up after "
    "this round":
        "лимит раундов: это действие заявлено {n} раундов подряд (лимит {limit}) — подведите "
        "итог после этого раунда",
    "/skip takes one character, not {words}": "/skip: нужен один персонаж, а не {words}",
    "{name} skips to react": "{name} пропускает ход ради реакции",
    "usage: /resolve N [TEXT] (N is the action number, e.g. 1)":
        "использование: /resolve N [ТЕКСТ] (N — номер действия, например 1)",
    "#{n} resolved: {note}": "№{n} решено: {note}",
    "#{n} resolved (stands)": "№{n} решено (в силе)",
    "say how the series ends, e.g. /sumup Balgruf holds the gate":
        "скажите, чем кончилась серия, например /sumup Балгруф удерживает ворота",
    "{name} skipped to react: not an action": "{name} пропустил ход ради реакции: это не действие",
    "{name} has already acted this round": "{name} уже действовал в этом раунде",
    "not {name}'s declared action ({skill}): not recorded":
        "не заявленное действие {name} ({skill}): не записано",
    "{name}'s action aims at {aim}, not {target}":
        "действие {name} направлено на {aim}, а не на {target}",
    "{state}, awaiting {name}": "{state}, ждёт: {name}",
    "action #{n}: {state}": "действие №{n}: {state}",
    "action #{n} resolved": "действие №{n} решено",
    # -- the roll entry's errors --------------------------------------------------------
    "none": "нет",
    "a character cannot oppose the same skill of itself":
        "персонаж не может противостоять тому же своему навыку",
    "at most {n} sides": "не больше {n} сторон",
    "two sides (one 'vs')": "две стороны (одно 'vs' / 'против')",
    "{system} opposed rolls take {allowed}; this line names {n}":
        "встречные проверки {system}: {allowed}; в этой строке — {n}",
    "control characters are not allowed": "управляющие символы недопустимы",
    "die {part} is not a number": "кубик {part} — не число",
    "line too long ({n} characters, at most {most})":
        "строка слишком длинная ({n} символов, не больше {most})",
    "missing character and skill": "не указаны персонаж и навык",
    "missing command after '/' (try /help)": "после '/' нет команды (см. /help)",
    "missing skill for {name}": "не указан навык для {name}",
    "modifier {word} needs a value after '='": "модификатору {word} нужно значение после '='",
    "must be within {low}..{high}, got {value}":
        "должно быть в пределах {low}..{high}, а не {value}",
    "no dice after '='": "после '=' нет кубиков",
    "not a check": "это не проверка",
    "secret (GM only): {text}": "тайно (только Мастер): {text}",
    "secret: type the roll after '!' (only the GM will see it)":
        "тайно: введите бросок после '!' (его увидит только Мастер)",
    "too many dice after '=' ({n}, at most {most})":
        "слишком много кубиков после '=' ({n}, не больше {most})",
    "too many sides ({n}, at most {most})": "слишком много сторон ({n}, не больше {most})",
    "type a roll, e.g. 'alice spot hidden' or '3d6+2', or /help":
        "введите бросок, например 'alice spot hidden' или '3d6+2', или /help",
    "type the secret roll after '!', e.g. !alice spot hidden":
        "введите тайный бросок после '!', например !alice spot hidden",
    "unknown command /{name} (try /help)": "неизвестная команда /{name} (см. /help)",
    "unknown modifier {word} for {name} (allowed: {allowed})":
        "неизвестный модификатор {word} для {name} (можно: {allowed})",
    "unknown option {key}= for {name} (allowed: {allowed})":
        "неизвестный параметр {key}= для {name} (можно: {allowed})",
    "{expr}: {low}..{high}, average {mean}": "{expr}: {low}..{high}, в среднем {mean}",
    "{key}= must be within {low}..{high}, got {value}":
        "{key}= должно быть в пределах {low}..{high}, а не {value}",
    "{key}= needs a whole number, got {raw}": "{key}= нужно целое число, а не {raw}",
    "{what} {word} must be within {low}..{high}": "{what} {word}: допустимо {low}..{high}",
    "{what}: die {i} must be within 1..{sides}, got {face}":
        "{what}: кубик {i} должен быть в пределах 1..{sides}, а не {face}",
    "{what}: expected {dice}, got {got}": "{what}: нужно {dice}, а введено {got}",
    # -- the turn order --------------------------------------------------------------
    " (ties, reorder with /swap: {ties})": " (равенства, порядок меняет /swap: {ties})",
    "initiative {value} is out of range (-10000..10000)":
        "инициатива {value} вне допустимого (-10000..10000)",
    "no turn order yet: /order builds one": "очерёдности ещё нет: её строит /order",
    "round {n}: {name}'s turn": "раунд {n}: ходит {name}",
    "unexpected {words} after {name}": "лишнее {words} после {name}",
    "usage: /init CHAR N (N a whole number)": "использование: /init ПЕРСОНАЖ N (N — целое число)",
    "usage: /swap CHAR CHAR (two characters)": "использование: /swap ПЕРСОНАЖ ПЕРСОНАЖ (двое)",
    "{name}'s turn": "ходит {name}",
    "{name}'s turn (order wraps)": "ходит {name} (очерёдность по кругу)",
    # -- extended checks ----------------------------------------------------------------
    "extended check {name}: threshold {threshold}": "сложная проверка {name}: порог {threshold}",
    "{head} ({named})": "{head} ({named})",
    "{head}, TN {tn}": "{head}, СЛ {tn}",
    "{head}, {budget} min, {per} min per roll ({rolls})":
        "{head}, {budget} мин, {per} мин на бросок ({rolls})",
    "consequence {what}": "последствия: {what}",
    "{level} (none set)": "{level} (не заданы)",
    "{level} — {text}": "{level} — {text}",
    "{head} ({effect})": "{head} ({effect})",
    "skills: {names}": "навыки: {names}",
    "roll with ext={name}, or /ext use {name}": "бросайте с ext={name} или /ext use {name}",
    # -- GURPS maneuvers and damage --------------------------------------------------------
    " (0 or below: GURPS asks for HT rolls to stay conscious)":
        " (0 или ниже: GURPS требует бросков HT, чтобы остаться в сознании)",
    " (spoiled)": " (сорвано)",
    " ({move}, {defends})": " ({move}, {defends})",
    "none move": "без движения",
    "step move": "движение на шаг",
    "half move": "движение на половину",
    "full move": "полное движение",
    " with {weapon}": " с оружием {weapon}",
    " {bonus} to hit": " {bonus} к попаданию",
    " {secs} s → {bonus} next turn": " {secs} с → {bonus} в следующий ход",
    ": Determined (+4 melee, +1 ranged)": ": Determined (+4 ближний бой, +1 дальний)",
    "; aimed {weapon} {secs} s → {bonus}": "; прицеливание {weapon} {secs} с → {bonus}",
    "; evaluated {turns} → {bonus}": "; оценка {turns} → {bonus}",
    "; options for {what}: {options} (/maneuver {who} aoa:OPTION)":
        "; варианты для {what}: {options} (/maneuver {who} aoa:ВАРИАНТ)",
    "; replaces this turn's Aim (an Aim counts once its turn is over: /next)":
        "; заменяет Aim этого хода (Aim засчитывается, когда его ход окончен: /next)",
    "; {turns} → {bonus} next turn": "; {turns} → {bonus} в следующий ход",
    "a melee attack": "атаки ближнего боя",
    "a ranged attack": "дальнобойной атаки",
    "an attack": "атаки",
    "defends": "защищается",
    "defends +{bonus}": "защищается +{bonus}",
    "no defense": "без защиты",
    "no maneuver yet": "манёвр ещё не объявлен",
    "the weapon": "оружие",
    "{defenses} only": "только {defenses}",
    "{name} takes {total} injury{count} ({label}); HP {before} → {after}":
        "{name} получает ранение {total}{count} ({label}); HP {before} → {after}",
    "{name}: maneuver unreadable": "{name}: манёвр не читается",
    # -- a character's change -------------------------------------------------------------
    " (above the maximum {top})": " (выше максимума {top})",
    " (stops at the maximum {top}; add ! to go past it)":
        " (останавливается на максимуме {top}; добавьте !, чтобы превысить его)",
    " ({resource} {current} is above it; =N lowers it)":
        " ({resource} {current} выше него; =N понижает)",
    "added {name}": "добавлен {name}",
    "added {name} (GM-only)": "добавлен {name} (только для Мастера)",
    "added {name} (npc)": "добавлен {name} (противник)",
    "added {name} (npc, GM-only)": "добавлен {name} (противник, только для Мастера)",
    "attribute": "атрибут",
    "skill": "навык",
    "copied {name}: {copies}": "скопирован {name}: {copies}",
    "new": "новый",
    "no conditions": "состояний нет",
    "removed {name} (its log entries stay; ctrl+z brings it back)":
        "удалён {name} (его записи в журнале остаются; ctrl+z возвращает его)",
    "sheet": "лист",
    "sheet of {name}": "лист персонажа {name}",
    "{name} is no longer {condition}": "{name}: больше не {condition}",
    "{name} is {condition}": "{name}: {condition}",
    "{name} is {condition} for {duration}": "{name}: {condition} на {duration}",
    "{name} {key} {old} → {value}": "{name} {key} {old} → {value}",
    "{name}: conditions lifted ({conditions})": "{name}: состояния сняты ({conditions})",
    "{name}: new {what} {key} {value}": "{name}: новый {what} {key} {value}",
    "{name}: {condition} now {duration} (was {was})":
        "{name}: {condition} теперь {duration} (было {was})",
    "{resource} maximum {top} → {value}": "{resource}: максимум {top} → {value}",
    "{resource} maximum {value} ({resource} {current}/{value})":
        "{resource}: максимум {value} ({resource} {current}/{value})",
    "{resource} {old} → {shown}{note}": "{resource} {old} → {shown}{note}",
    "{resource} {value}/{value} (new)": "{resource} {value}/{value} (новый)",
    "{resource}: no maximum": "{resource}: без максимума",
    # -- BRP experience and AGE Fortune ---------------------------------------------------
    " (capped at {skill} {value})": " (не выше {skill} {value})",
    " ({skills} already ticked)": " ({skills} уже отмечены)",
    "downtime: {name} ticks {skills}{note}": "отдых: {name} отмечает {skills}{note}",
    "no tick": "без отметки",
    "student ticks": "ученик получает отметку",
    "tick (GM): {name} · {skill}": "отметка (Мастер): {name} · {skill}",
    "tick removed: {name} · {skill}": "отметка снята: {name} · {skill}",
    "untick (GM): {name} · {skill}": "снятие отметки (Мастер): {name} · {skill}",
    "{name} · {skill} already ticked": "{name} · {skill} уже отмечен",
    "{teacher} teaches {student} {skill}: {teach} {teach_chance}%{cap} {teach_dice} "
    "{teach_grade}, {skill} {chance}% {skill_dice} {skill_grade} → {verdict}":
        "{teacher} учит {student} навыку {skill}: {teach} {teach_chance}%{cap} {teach_dice} "
        "{teach_grade}, {skill} {chance}% {skill_dice} {skill_grade} → {verdict}",
    "Drama Die {before} → {face}": "Куб Драмы {before} → {face}",
    "die {n} {before} → {face}": "кубик {n} {before} → {face}",
    "verdict changed; was: {was}": "итог изменился; было: {was}",
    "{who} Fortune {before} → {after}": "{who}: Удача {before} → {after}",
    # -- Strange: hard conditions and duels -----------------------------------------------
    " (by rank)": " (по рангу)",
    " mod {mod}": " мод {mod}",
    "{actor} cannot act this round": "{actor} не может действовать в этом раунде",
    "{actor} may act this round": "{actor} может действовать в этом раунде",
    "{actor} under hard conditions ({skill}): 2 of 4 dice in range {range} to act":
        "{actor} в тяжёлых условиях ({skill}): чтобы действовать, 2 из 4 кубиков в диапазоне "
        "{range}",
    "{actor} under hard conditions ({skill}): {dice} vs {low}-{high}{mod}: {count} of 4 in "
    "range → {verdict}; {sources}":
        "{actor} в тяжёлых условиях ({skill}): {dice} против {low}-{high}{mod}: {count} из 4 "
        "в диапазоне → {verdict}; {sources}",
    "{actor} {skill} ({level}, rank {rank}{extra})":
        "{actor} {skill} ({level}, ранг {rank}{extra})",
    "{actor} {skill} {dice} {how}{mods} (effective {effective})":
        "{actor} {skill} {dice} {how}{mods} (с учётом критических {effective})",
    "{a} vs {b}, range {low}–{high} {how}: {who}{decided}":
        "{a} против {b}, диапазон {low}–{high} {how}: {who}{decided}",
    "{a} vs {b}, range {range}": "{a} против {b}, диапазон {range}",
    # -- extended checks ------------------------------------------------------------------
    "no extended checks yet: {usage}": "сложных проверок ещё нет: {usage}",
    "rolls no longer count toward {name}": "броски больше не идут в зачёт {name}",
    "rolls now count toward {name} (until /ext use none)":
        "броски теперь идут в зачёт {name} (до /ext use none)",
    "extended check {name} dropped (pool {pool}/{threshold}, {status})":
        "сложная проверка {name} удалена (набрано {pool}/{threshold}, {status})",
    # -- the character editor -------------------------------------------------------------
    "{old} renamed {new}": "{old} переименован в {new}",
    "{name}: player {player}": "{name}: игрок {player}",
    "{name}: no player": "{name}: без игрока",
    "{name}: {item} renamed {new_item}, {old} → {value}":
        "{name}: {item} переименован в {new_item}, {old} → {value}",
}
