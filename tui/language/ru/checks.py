"""Russian for the extended checks' log lines, odds and panel, and the systems' own lines
(issue 22, the remaining English): pool «набрано», time slices «отрезки», TN «СЛ»."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "GURPS turn order comes from Basic Speed and DX: use /order, and /swap within ties":
        "в GURPS порядок ходов задают Базовая скорость и ЛВ: используйте /order, а /swap — "
        "внутри ничьих",
    # -- extended checks: a roll's effects -----------------------------------------------
    "{name}: {what}": "{name}: {what}",
    "{name} re-counted: {what}": "{name}, пересчёт: {what}",
    "{elapsed}/{budget} min": "{elapsed}/{budget} мин",
    "pool {pool}/{threshold} (+{added}), {time}": "набрано {pool}/{threshold} (+{added}), {time}",
    "pool {pool}/{threshold} (no progress, {failed} failed), {time}":
        "набрано {pool}/{threshold} (без продвижения, провалов: {failed}), {time}",
    "minor consequence cleared (no progress), {time}":
        "незначительные последствия сняты (без продвижения), {time}",
    "consequence: {what}": "последствия: {what}",
    "out of time: serious consequence": "время вышло: серьёзные последствия",
    "out of time: serious consequence — {text}": "время вышло: серьёзные последствия — {text}",
    "{name} complete": "{name}: выполнена",
    "{name} failed": "{name}: провалена",
    "TN {tn} for this roll (the check's TN is {need})":
        "СЛ {tn} для этого броска (СЛ проверки — {need})",
    "consequences back to {level}": "последствия снова: {level}",
    "consequences back to {level} (time is no longer up)":
        "последствия снова: {level} (время больше не вышло)",
    "not counted toward {name}: {problem}": "не засчитано в {name}: {problem}",
    "that roll is no longer {name}'s last (another roll counted, or the check changed "
    "since): it cannot be changed now":
        "этот бросок уже не последний в {name} (засчитан другой бросок или проверка "
        "изменилась): изменить его нельзя",
    # -- why a roll does not count ---------------------------------------------------------
    "an opposed roll does not count toward an extended check in this system":
        "в этой системе встречный бросок не засчитывается в сложную проверку",
    "{name} is blocked until another test is done (/unblock {name})":
        "{name} заблокирована, пока не пройдена другая проверка (/unblock {name})",
    "{skill} is not a skill of {name} ({skills})": "{skill} — не навык проверки {name} ({skills})",
    "{skill} is closed for {name}: pick another approach":
        "{skill} закрыт для {name}: выберите другой подход",
    "{name} is not blocked": "{name} не заблокирована",
    # -- /clear and /unblock -----------------------------------------------------------------
    "minor consequence cleared": "незначительные последствия сняты",
    "minor consequence cleared ({text})": "незначительные последствия сняты ({text})",
    "unblocked: rolls count again": "блокировка снята: броски снова засчитываются",
    " and ": " и ",
    # -- the panel ------------------------------------------------------------------------
    "TN +{n} for {scope}": "СЛ +{n} для: {scope}",
    "closed: {skill}": "закрыт: {skill}",
    "{elapsed}/{budget} min ({left} left)": "{elapsed}/{budget} мин (осталось {left})",
    "{name} race  (damaged: {problem})": "{name}, гонка  (повреждена: {problem})",
    "extended check {name!r} is damaged in the save: {exc!r}":
        "сложная проверка {name!r} повреждена в сохранении: {exc!r}",
    "{name} race  TN {tn}  {slices}": "{name}, гонка  СЛ {tn}  {slices}",
    "{side} wins": "побеждает {side}",
    "nobody in time": "никто не успел",
    # -- odds in the preview ------------------------------------------------------------------
    "{name}: {pct} to complete in the 1 roll left, by {who}":
        "{name}: {pct} выполнить за последний бросок, его делает {who}",
    " (consequences aside)": " (без учёта последствий)",
    "{name}, to win the race: {odds}": "{name}, победа в гонке: {odds}",
    "nobody in time {pct}": "никто не успеет {pct}",
    # -- races --------------------------------------------------------------------------------
    "no time limit": "без ограничения времени",
    "{budget} min, {per} min per slice ({slices})":
        "{budget} мин, {per} мин на отрезок ({slices})",
    "race {name}: {sides} to {threshold}, TN {tn}, {time}":
        "гонка {name}: {sides} до {threshold}, СЛ {tn}, {time}",
    "each slice: {a} SKILL vs {b} SKILL ext={name} (the winner fills its pool)":
        "каждый отрезок: {a} НАВЫК vs {b} НАВЫК ext={name} (победитель пополняет свой запас)",
    "{name} is a race: its slices are opposed rolls, not counted in this system":
        "{name} — гонка: её отрезки — встречные броски, а в этой системе они не засчитываются",
    "{name} is a race ({sides}): each slice is one opposed roll between one character of "
    "each side":
        "{name} — гонка ({sides}): каждый отрезок — один встречный бросок персонажей двух "
        "сторон",
    "{actor} is on neither side of {name} ({sides})":
        "{actor} не участвует ни на одной стороне {name} ({sides})",
    "both rollers are on the same side of {name} ({sides})":
        "оба бросающих на одной стороне {name} ({sides})",
    "TN {tn} for this slice (the race's TN is {need})":
        "СЛ {tn} для этого отрезка (СЛ гонки — {need})",
    "nobody gains": "никто не продвинулся",
    "{gain}; {pools}": "{gain}; {pools}",
    "{gain}; {pools}, {elapsed}/{budget} min": "{gain}; {pools}, {elapsed}/{budget} мин",
    "{side} wins the race": "гонку выиграл {side}",
    "time is up, nobody reached {threshold}": "время вышло, никто не набрал {threshold}",
    # -- GURPS: maneuvers, attacks, damage (maneuver names stay as typed) ----------------
    "{name}'s {maneuver} ends": "у {name} заканчивается {maneuver}",
    " (aimed {weapon} {secs} s: {bonus} to an Attack now, or Aim on)":
        " (прицеливание из: {weapon}, {secs} с: {bonus} к Attack сейчас, или Aim дальше)",
    " (evaluated {turns}: {bonus} to a melee attack now)":
        " (оценка, {turns}: {bonus} к атаке ближнего боя сейчас)",
    " (the aim was spoiled by a defense)": " (прицеливание сбито защитой)",
    "damage: {line}": "урон: {line}",
    "damage: {line} (close range: the target's DR x{n})":
        "урон: {line} (близкая дистанция: СП цели ×{n})",
    "damage: {line} (beyond 1/2D {yd} yd: GURPS halves the damage)":
        "урон: {line} (дальше 1/2D {yd} ярдов: по GURPS урон делится пополам)",
    "{name}: {bonuses} used": "{name}: использовано {bonuses}",
    "{name}'s aim is lost (an active defense)":
        "{name} теряет прицеливание (активная защита)",
    "{name}: All-Out Defense, {option} (+2 to {defense} until their next turn)":
        "{name}: All-Out Defense, {option} (+2 к {defense} до своего следующего хода)",
    # -- skirmish: contests -----------------------------------------------------------------
    "{name} acts": "действует {name}",
    "nobody acts": "никто не действует",
    "draw: all successes cancel": "ничья: все успехи взаимно гасятся",
    "{name} acts with {hits}": "действует {name}: {hits}",
    "{hits} {faces}": "{hits} {faces}",
    "{a} {a_faces} vs {b} {b_faces}: {verdict}": "{a} {a_faces} против {b} {b_faces}: {verdict}",
    "{name}: {grade}": "{name}: {grade}",
    # skirmish modifiers as the roll's text names them
    "{kind} {n}": "{kind} {n}",
    "add": "плюс",
    "sub": "минус",
    "mul": "умножить на",
    "div": "разделить на",
    "set": "значение",
    ", choose {n}": ", выбор {n}",
    "{base} ({mods}) → {value}": "{base} ({mods}) → {value}",
    # -- AGE: opposed tests -------------------------------------------------------------------
    "{side} {total} (drama {drama})": "{side} {total} (Куб Драмы {drama})",
    "{rolls} TN {tn}": "{rolls}, СЛ {tn}",
    "(TN {tn})": "(СЛ {tn})",
    "{rolls}: {who}": "{rolls}: {who}",
    "{rolls}: {who} ({why})": "{rolls}: {who} ({why})",
    "nobody reached the TN": "никто не достиг СЛ",
    "higher Drama Die": "больше Куб Драмы",
    "tie on total, Drama Die and ability + focus":
        "равенство по итогу, Кубу Драмы и способности + фокусу",
    "higher ability + focus": "больше способность + фокус",
    # -- Strange: rounds, summaries, verdicts -------------------------------------------------
    "PLANNING": "ПЛАНИРОВАНИЕ",
    "ACTIONS": "ДЕЙСТВИЯ",
    "REACTIONS": "РЕАКЦИИ",
    "set goals with /goal CHAR TEXT": "заявите цели: /goal ПЕРСОНАЖ ТЕКСТ",
    "declare with /act, roll, or /skip CHAR to react":
        "заявляйте через /act и бросайте или /skip ПЕРСОНАЖ, чтобы реагировать позже",
    "reaction rolls resolve the pending actions":
        "броски реакций разрешают ожидающие действия",
    "round {n}: {phase} — {hint}{note}": "раунд {n}: {phase} — {hint}{note}",
    "; pending: {actions}": "; ожидают: {actions}",
    "#{n} {name}{at} ({state})": "#{n} {name}{at} ({state})",
    "awaiting {name}'s reaction": "ждёт реакции: {name}",
    "; {numbers} stand as rolled": "; {numbers} остаются как брошены",
    "; goals carried over ({goals}): /goal CHAR TEXT changes one, /phase keeps them":
        "; цели перенесены ({goals}): /goal ПЕРСОНАЖ ТЕКСТ меняет одну, /phase оставляет их",
    "roll #{n} ({name}, {skill}) or /resolve {n}": "бросок #{n} ({name}, {skill}) или /resolve {n}",
    "{target} may react to #{n} with a roll, or /resolve {n} lets it stand":
        "{target} может ответить на #{n} броском, или /resolve {n} оставит его как есть",
    "rounds {first}-{last}": "раунды {first}–{last}",
    "{name}: {actions}, {successes}, {failures}, impact {impact}, contests {won} won / "
    "{lost} lost":
        "{name}: {actions}, {successes}, {failures}, воздействие {impact}, противостояния: "
        "{won} выиграно / {lost} проиграно",
    "round limit {limit} reached: sum up {rounds} with /compromise [TEXT] (both sides gain "
    "and lose something), /sumup TEXT or /radical TEXT; /summary lists the results":
        "достигнут лимит раундов {limit}: подведите итог ({rounds}) — /compromise [ТЕКСТ] "
        "(обе стороны что-то приобретают и что-то теряют), /sumup ТЕКСТ или /radical ТЕКСТ; "
        "/summary перечисляет результаты",
    "no results yet": "результатов пока нет",
    "summary of {rounds}": "итоги: {rounds}",
    "compromise": "компромисс",
    "summed up": "итог подведён",
    "radical change": "радикальная перемена",
    "{kind}: {note}": "{kind}: {note}",
    "{verdict} ({rounds}); round {n}: {phase}": "{verdict} ({rounds}); раунд {n}: {phase}",
    # GURPS: the roll's modifiers and notes
    "{head} {parts} → {value}": "{head} {parts} → {value}",
    "{value} ({why})": "{value} ({why})",
    "(at most {cap})": "(не больше {cap})",
    " [{note}]": " [{note}]",
    "{why} {value}": "{why} {value}",
    "{n} yd": "{n} ярд.",
    "{shells} = {n} pellets": "{shells} = {n} дробин",
    "RoF {n}": "СБ {n}",
    "aim {n} s": "прицеливание {n} с",
    "evaluate {turns}": "оценка, {turns}",
    "melee": "ближнего боя",
    "ranged": "дальнего боя",
    "any": "любой",
    "All-Out Attack ({option}, {weapon}) does not help a {kind} attack":
        "All-Out Attack ({option}, {weapon}) не помогает атаке {kind}",
    "All-Out Attack without an option: e.g. /maneuver … aoa:determined":
        "All-Out Attack без варианта: например, /maneuver … aoa:determined",
    "no All-Out Defense bonus: {option} was chosen":
        "без бонуса All-Out Defense: выбран вариант {option}",
    "defending spoils {name}'s aim": "защита сбивает прицеливание: {name}",
    "no aim bonus with Move and Attack": "без бонуса прицеливания при Move and Attack",
    "no aim bonus: declare the attack first (/maneuver {who} attack)":
        "без бонуса прицеливания: сначала заявите атаку (/maneuver {who} attack)",
    "no aim bonus: the aim was used by an earlier attack this turn":
        "без бонуса прицеливания: его уже использовала атака этого хода",
    "no aim bonus: {name} aimed {target}, not {weapon}":
        "без бонуса прицеливания: {name} целился из {target}, а не {weapon}",
    "no aim bonus: {name} is aiming this turn; it counts for an Attack on the next turn "
    "(/maneuver {who} attack)":
        "без бонуса прицеливания: {name} целится в этом ходу; бонус — для Attack в следующем "
        "ходу (/maneuver {who} attack)",
    "no aim bonus: {name}'s maneuver is {maneuver}, not an Attack":
        "без бонуса прицеливания: манёвр {name} — {maneuver}, а не Attack",
    "no evaluate bonus: Evaluate helps only melee attacks":
        "без бонуса оценки: Evaluate помогает только атакам ближнего боя",
    "no evaluate bonus: declare the attack first (/maneuver {who} attack)":
        "без бонуса оценки: сначала заявите атаку (/maneuver {who} attack)",
    "no evaluate bonus: it counts for a melee attack on {name}'s next turn":
        "без бонуса оценки: он действует для атаки ближнего боя в следующем ходу {name}",
    "no evaluate bonus: used by an earlier attack this turn":
        "без бонуса оценки: его уже использовала атака этого хода",
    "no yd=: no range penalty": "нет yd=: без штрафа за дистанцию",
    "this attack": "этой атаки",
    "none recorded": "не записано",
    "close range ({yd} yd): {damage} a hit, DR x{n}":
        "близкая дистанция ({yd} ярд.): {damage} за попадание, СП ×{n}",
    "close range ({yd} yd): damage and DR x{n}": "близкая дистанция ({yd} ярд.): урон и СП ×{n}",
    "{damage} a hit": "{damage} за попадание",
    # GURPS: damage
    "{expr} vs DR {dr}: {body}": "{expr} против СП {dr}: {body}",
    "{expr}: {body}": "{expr}: {body}",
    "{body}": "{body}",
    "{body}; total {total}": "{body}; всего {total}",
    # -- BRP: the end of an adventure ----------------------------------------------------------
    "experience roll cleared: {character} · {skill}":
        "бросок опыта снят: {character} · {skill}",
    "experience roll {character} · {skill} {value}: {dice} ({source}) — {status}":
        "бросок опыта {character} · {skill} {value}: {dice} ({source}) — {status}",
    "improved +{gain} → {value}": "улучшен +{gain} → {value}",
    "mixed": "вручную и приложением",
    "improved +{gain} to {value} ({face} over {skill})":
        "улучшен +{gain} до {value} ({face} больше {skill})",
    "no improvement ({face} vs {skill})": "без улучшения ({face} против {skill})",
    "{character} · {skill}: {improvement}": "{character} · {skill}: {improvement}",
    "end of adventure {adventure}: {up} of {skills} improved; adventure {next} begins":
        "конец приключения {adventure}: улучшено {up} из {skills}; начинается приключение "
        "{next}",
    # -- the systems' refusals and a few words ---------------------------------------------
    " or ": " или ",
    "{tn} for {who}": "{tn} у {who}",
    "weapon of {name}": "оружие персонажа {name}",
    "{maneuver} option": "вариант {maneuver}",
    "{defenses} only, no {which}": "только {defenses}, без {which}",
    "no active defense": "без активной защиты",
    "{name}'s {weapon}: {field} must be {wanted}, got {value!r}":
        "{weapon} у {name}: {field} должно быть {wanted}, а здесь {value!r}",
    "a whole number {low}..{high}": "целым числом {low}..{high}",
    "a distance in yards above 0": "дистанцией в ярдах больше 0",
    "'melee' or 'ranged'": "'melee' или 'ranged'",
    "stands": "остаётся в силе",
    "duel with {target}: {name} wins": "дуэль с {target}: побеждает {name}",
}

PLURALS: dict[str, tuple[str, str, str]] = {
    "{name}: {pct} to complete in the {n} roll left, all by {who}": (
        "{name}: {pct} выполнить за оставшийся {n} бросок, все делает {who}",
        "{name}: {pct} выполнить за оставшиеся {n} броска, все делает {who}",
        "{name}: {pct} выполнить за оставшиеся {n} бросков, все делает {who}"),
    "{n} slice": ("{n} отрезок", "{n} отрезка", "{n} отрезков"),
    "{n} action": ("{n} действие", "{n} действия", "{n} действий"),
    "{n} failure": ("{n} провал", "{n} провала", "{n} провалов"),
    "{n} shell": ("{n} заряд", "{n} заряда", "{n} зарядов"),
    # «улучшено 2 из 5 навыков»: the genitive after «из»
    "{n} skill": ("{n} навыка", "{n} навыков", "{n} навыков"),
}
