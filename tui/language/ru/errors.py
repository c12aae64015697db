"""The Russian of the refusals: what a system, a command, a character's change, an extended
check or the store says when it cannot do what was typed (the message names the problem)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # -- extended checks and races ---------------------------------------------------------
    "'clear' spends a success on an extended check's minor consequence: add ext=NAME or "
    "select one with /ext use NAME":
        "'clear' тратит успех на снятие незначительного последствия сложной проверки: "
        "добавьте ext=НАЗВАНИЕ или выберите её через /ext use НАЗВАНИЕ",
    "/ext {name} needs {names}: {USAGE}": "/ext {name} нужны {names}: {USAGE}",
    "/ext {name} race=… needs threshold=": "/ext {name} race=… нужен threshold=",
    "a race has no {names}: {RACE_USAGE}": "у гонки нет {names}: {RACE_USAGE}",
    "action #{number} already has its roll": "у действия №{number} уже есть бросок",
    "check name {name!r}: one word of up to 40 letters, digits, '.', '-' or '_'":
        "название проверки {name!r}: одно слово до 40 букв, цифр, '.', '-' или '_'",
    "effect {word!r}: the amount must be at least 1":
        "эффект {word!r}: величина должна быть не меньше 1",
    "effect {word!r}: time+N takes no ':' scope": "эффект {word!r}: у time+N нет области ':'",
    "every={text!r}: write a number (every=2) or counts (every=1,3,4)":
        "every={text!r}: напишите число (every=2) или номера (every=1,3,4)",
    "every={text}: {exc}": "every={text}: {exc}",
    "no extended check called {typed!r}: there are none (create one: /ext)":
        "нет сложной проверки {typed!r}: их вообще нет (создайте: /ext)",
    "one ext= per line, got {names}": "один ext= на строку, а здесь {names}",
    "only an AGE test counts toward an extended check":
        "в зачёт сложной проверки идёт только тест AGE",
    "quote a race's sides: race=\"naomi vs guard\"":
        "возьмите стороны гонки в кавычки: race=\"naomi vs guard\"",
    "race= names two sides separated by 'vs', e.g. race=\"naomi vs guard\"; got {text!r}":
        "race= называет две стороны через 'vs', например race=\"naomi vs guard\"; а здесь "
        "{text!r}",
    "race=: a side without a character in {text!r}": "race=: сторона без персонажа в {text!r}",
    "race=: {exc}": "race=: {exc}",
    "race=: {name} is named twice": "race=: {name} назван дважды",
    "race=: {words!r} is not one character (separate names with commas)":
        "race=: {words!r} — не один персонаж (разделяйте имена запятыми)",
    "races are run with opposed rolls, which {name} extended checks do not count":
        "гонки идут встречными бросками, а сложные проверки {name} их не засчитывают",
    "that roll can no longer be changed: the check changed since":
        "этот бросок уже нельзя изменить: проверка с тех пор изменилась",
    "that slice can no longer be changed: the race changed since":
        "этот отрезок уже нельзя изменить: гонка с тех пор изменилась",
    "the race has no slice to change": "в гонке нет отрезка, который можно изменить",
    "there is already a check called {name} (/ext drop {name} first)":
        "проверка {name} уже есть (сначала /ext drop {name})",
    "this roll has no final grade yet, so it cannot count toward an extended check":
        "у этого броска ещё нет итоговой степени, он не может пойти в зачёт сложной проверки",
    "threshold= must be within 1..{MAX_THRESHOLD}, got {value}":
        "threshold= должен быть в пределах 1..{MAX_THRESHOLD}, а здесь {value}",
    "threshold= needs a number or easy, average, challenging, hard, very-hard; got {raw!r}":
        "threshold= — число или easy, average, challenging, hard, very-hard; а здесь {raw!r}",
    "time {text!r} must be between 1 minute and 365 days":
        "время {text!r} должно быть от 1 минуты до 365 дней",
    "time {text!r}: write minutes like 30m, 1h, 90 or 1h30m":
        "время {text!r}: пишите минуты как 30m, 1h, 90 или 1h30m",
    "unexpected word {word!r}: options are key=value; quote texts with spaces: "
    "minor=\"guards alerted; tn+2\"":
        "лишнее слово {word!r}: параметры пишутся ключ=значение; текст с пробелами — в "
        "кавычках: minor=\"стража поднята; tn+2\"",
    "unknown consequence effect {kind!r} in the save":
        "неизвестный эффект последствия {kind!r} в сохранении",
    "unknown effect {word!r} (tn+N, time+N, halve, reset, close, blocked, none)":
        "неизвестный эффект {word!r} (tn+N, time+N, halve, reset, close, blocked, none)",
    "{label}: one effect per level, got {words}":
        "{label}: один эффект на уровень, а здесь {words}",
    "{label}: {exc}": "{label}: {exc}",
    "{name!r} is a reserved word; pick another check name":
        "{name!r} — служебное слово; выберите другое название проверки",
    "{name} has no active minor consequence to clear":
        "у {name} нет действующего незначительного последствия, которое можно снять",
    "{name} is a race, not a challenge test": "{name} — гонка, а не тест-испытание",
    "{name} is a race: each slice is an opposed roll of its sides":
        "{name} — гонка: каждый её отрезок — встречный бросок её сторон",
    "{name} is a race: it has no consequences to clear or unblock":
        "{name} — гонка: у неё нет последствий, которые можно снять или разблокировать",
    "{name} is not a race": "{name} — не гонка",
    "{character} · {skill} is already rolled (x clears it)":
        "{character} · {skill} уже брошен (x очищает)",
    "{character} · {skill} is not rolled yet": "{character} · {skill} ещё не брошен",
    "{exc} (checks: {names})": "{exc} (проверки: {names})",
    # -- rolls: every system ---------------------------------------------------------------
    "'roll' goes with impossible (a roll to see how badly); other checks are rolled anyway":
        "'roll' пишется с impossible (бросок, чтобы узнать, насколько плохо); остальные "
        "проверки бросаются и так",
    "a duel has no resistance range: both sides roll against the same range "
    "(drop resist=/opposed)":
        "у дуэли нет диапазона сопротивления: обе стороны бросают против одного диапазона "
        "(уберите resist=/opposed)",
    "a duel has one range for both sides: give range= once":
        "у дуэли один диапазон на обе стороны: укажите range= один раз",
    "a resistance roll (characteristic against characteristic) has two sides: active and "
    "passive":
        "у броска сопротивления (характеристика против характеристики) две стороны: "
        "активная и пассивная",
    "a resistance roll is one d100: type it once":
        "бросок сопротивления — один d100: введите его один раз",
    "a resistance roll takes no modifiers (only by=active|passive)":
        "у броска сопротивления нет модификаторов (только by=active|passive)",
    "an automatic check takes no dice": "автоматической проверке кубики не нужны",
    "an opposed roll cannot be automatic: every side rolls":
        "встречный бросок не бывает автоматическим: бросает каждая сторона",
    "an opposed test has one TN: got {shown}": "у встречного теста одна СЛ, а здесь {shown}",
    "both sides must roll the same die ({die} vs {die2})":
        "обе стороны должны бросать один кубик ({die} против {die2})",
    "by= says two different things: give it once (by=active or by=passive)":
        "by= указан по-разному: укажите его один раз (by=active или by=passive)",
    "by= takes active or passive (the side that rolls), got {word!r}":
        "by= — active или passive (сторона, которая бросает), а здесь {word!r}",
    "choose={choose} is not one of the set values {names}":
        "choose={choose} — не одно из заданных значений {names}",
    "choose={choose} picks one of several set= values; {who}'s line has no set=":
        "choose={choose} выбирает одно из нескольких значений set=; в строке {who} нет set=",
    "die= must be one of {names}, got {die!r}": "die= — одно из {names}, а здесь {die!r}",
    "hard conditions are a check of their own: no resistance range":
        "тяжёлые условия — отдельная проверка: без диапазона сопротивления",
    "hard conditions are a check of their own: roll them alone":
        "тяжёлые условия — отдельная проверка: бросайте их отдельно",
    "no roll needed: {chance}% is automatic": "бросок не нужен: {chance}% — автоматически",
    "pick one difficulty, not {diffs}": "выберите одну сложность, а не {diffs}",
    "rank {value!r} is not a number such as 2 or 5/3": "ранг {value!r} — не число вроде 2 или 5/3",
    "resistance rolls need whole-number characteristics":
        "броскам сопротивления нужны целые характеристики",
    "set= fixes {who}'s {skill} at {names}: the acting player picks one — add {options}":
        "set= задаёт {skill} персонажа {who} как {names}: действующий игрок выбирает одно — "
        "добавьте {options}",
    "set= takes whole numbers (set=3 or set=3,5), got {raw!r}":
        "set= принимает целые числа (set=3 или set=3,5), а здесь {raw!r}",
    "set= values must be within -99..99, got {value}":
        "значения set= должны быть в пределах -99..99, а здесь {value}",
    "side {raw} of that test is not {who}'s": "сторона {raw} этого теста — не {who}",
    "side= takes the side's number (1 = the first named)":
        "side= — номер стороны (1 — названная первой)",
    "tn= must be within 1..40, got {value}": "tn= должен быть в пределах 1..40, а здесь {value}",
    "tn= needs a number or a difficulty name, got {raw!r}":
        "tn= — число или название сложности, а здесь {raw!r}",
    "unknown option {key}= (allowed: {allowed})": "неизвестный параметр {key}= (можно: {allowed})",
    "{actor}'s {skill} is not a number ({base!r})": "{skill} у {actor} — не число ({base!r})",
    "{actor}'s {skill} is not a number ({raw!r})": "{skill} у {actor} — не число ({raw!r})",
    "{actor}: type three dice or one 3d6 total, got {n} numbers":
        "{actor}: введите три кубика или одну сумму 3d6, а здесь чисел: {n}",
    "{in_use_words}: {name}'s {skill} has no supporting skill (extra.supports)":
        "{in_use_words}: у навыка {skill} персонажа {name} нет поддерживающего навыка "
        "(extra.supports)",
    "{name} has no ability {ability!r} (needed for {skill})":
        "у {name} нет способности {ability!r} (нужна для {skill})",
    "{name} has no danger class (attributes.danger 1..4)":
        "у {name} нет класса опасности (attributes.danger 1..4)",
    "{name} has no skill {skill!r}": "у {name} нет навыка {skill!r}",
    "{name} has no skill {skill!r} for the alias {alias!r}":
        "у {name} нет навыка {skill!r} для псевдонима {alias!r}",
    "{name}'s {skill} is not a percentage ({value!r})":
        "{skill} у {name} — не процент ({value!r})",
    "{name}'s {skill} is not a whole number ({raw!r})":
        "{skill} у {name} — не целое число ({raw!r})",
    "{what}= dice must be within 1..6, got {raw!r}":
        "кубики {what}= должны быть в пределах 1..6, а здесь {raw!r}",
    "{what}= takes the GM's two d6, e.g. {what}=4,5; got {raw!r}":
        "{what}= — два d6 Мастера, например {what}=4,5; а здесь {raw!r}",
    "{who} rolled more than once in that test: add {shown}":
        "{who} бросал в этом тесте больше одного раза: добавьте {shown}",
    "{who}'s {skill} modifiers cannot be applied ({exc})":
        "модификаторы {skill} у {who} применить нельзя ({exc})",
    "{word}: a characteristic cannot be divided by 0 (use /1 or more)":
        "{word}: характеристику нельзя делить на 0 (используйте /1 или больше)",
    "{word}: the dice shift must be within 1..5":
        "{word}: сдвиг кубиков должен быть в пределах 1..5",
    "{key}= given twice": "{key}= указан дважды",
    "{key}= needs a value": "{key}= нужно значение",
    "usage: {usage}": "использование: {usage}",
    "unexpected {names!r}": "лишнее {names!r}",
    "unexpected {rest!r} after {name}": "лишнее {rest!r} после {name}",
}
