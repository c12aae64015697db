"""The Russian of the shared commands' lines: characters and their editor, conditions, the
turn order and initiative, the table's own words, and the rules engine's errors as the
tracker shows them (:mod:`tui.session.table.rules_text`)."""

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
    "a duration is N rounds or N turns, got {text!r}":
        "длительность — это N rounds (раундов) или N turns (ходов), а здесь {text!r}",
    "a duration must be within 1..{MAX_LEFT}, got {left}":
        "длительность должна быть в пределах 1..{MAX_LEFT}, а здесь {left}",
    # -- turn order and initiative ---------------------------------------------------------
    "turn order: {order}": "очерёдность: {order}",
    "{name} initiative {value}; {order}": "{name}: инициатива {value}; {order}",
    "initiative: {rolls}": "инициатива: {rolls}",
    "swapped {a} and {b}; {order}": "{a} и {b} поменялись местами; {order}",
    "{name} up; {order}": "{name} на место раньше; {order}",
    "{name} down; {order}": "{name} на место позже; {order}",
    "{name} is already first": "{name} и так первый",
    "{name} is already last": "{name} и так последний",
    "{name} has no attribute {typed!r} (attributes: {have})":
        "у {name} нет атрибута {typed!r} (атрибуты: {have})",
    "{name} has more than one attribute like {typed!r} (attributes: {have})":
        "у {name} несколько атрибутов, похожих на {typed!r} (атрибуты: {have})",
    # -- the table ---------------------------------------------------------------------------
    "secret: {message}": "тайно: {message}",
    "unknown name": "неизвестное имя",
    "unknown name {name!r}": "неизвестное имя {name!r}",
    "no party member can roll {check!r}{why}{hint}":
        "никто в отряде не может бросить {check!r}{why}{hint}",
    # -- the rules engine's errors -----------------------------------------------------------
    "multiplier must be at least 1, got {n}": "множитель должен быть не меньше 1, а здесь {n}",
    "too many dice: {count} (at most {most})": "слишком много кубиков: {count} (не больше {most})",
    "modifier must be within ±{most}, got {value}":
        "модификатор должен быть в пределах ±{most}, а здесь {value}",
    "dice expression too long ({n} chars, at most {most})":
        "выражение кубиков слишком длинное ({n} знаков, не больше {most})",
    "bad dice expression {text}: a space inside a number":
        "неверное выражение кубиков {text}: пробел внутри числа",
    "empty dice expression": "пустое выражение кубиков",
    "bad dice expression {text} at character {n}":
        "неверное выражение кубиков {text}, знак {n}",
    "constant must be at most {most}, got {value}":
        "число должно быть не больше {most}, а здесь {value}",
    "dice count must be at least 1": "кубиков должно быть не меньше 1",
    "too many faces: {count} (at most {most})": "слишком много граней: {count} (не больше {most})",
    "a die needs at least 1 face": "у кубика должна быть хотя бы 1 грань",
    "{expr} needs {n} dice, got {got}": "{expr}: нужно кубиков: {n}, а введено {got}",
    "die {i} must be within 1..{sides}, got {face}":
        "кубик {i} должен быть в пределах 1..{sides}, а не {face}",
    "{expr} has {n} totals; exact odds limited to {most}":
        "у {expr} сумм: {n}; точные шансы считаются не больше чем для {most}",
    "{field} must be within {low}..{high}, got {value}":
        "{field}: должно быть в пределах {low}..{high}, а не {value}",
    "{field} must be at least {low}, got {value}":
        "{field}: должно быть не меньше {low}, а не {value}",
    "{field} must be at most {high}, got {value}":
        "{field}: должно быть не больше {high}, а не {value}",
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
}
