"""The Russian of the help: the roll-entry language, the commands, each system's modifiers."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # -- the help --------------------------------------------------------------------------
    "ROLL ENTRY — type a line, Enter commits, Tab completes, Up/Down recall history": "СТРОКА БРОСКОВ — введите строку, Enter выполняет, Tab дополняет, Вверх/Вниз — "
    "история",
    "a check; without '= dice' the app rolls (e.g. {char} {skill} {modifier})": "проверка; без '= кубики' бросает приложение (например, {char} {skill} {modifier})",
    "an opposed roll; a later side's skill defaults to the first side's when it has it (e.g. "
    "{char} {skill} vs {other}); AGE and BRP take more sides: … vs CHAR SKILL …; 'против' is "
    "'vs'": "встречная проверка; следующая сторона по умолчанию бросает навык первой, если он у "
    "неё есть (например, {char} {skill} против {other}); AGE и BRP принимают больше "
    "сторон: … против ПЕРСОНАЖ НАВЫК …; 'против' — то же, что 'vs'",
    "free dice (add '= 4 5' to type the faces)": "свободный бросок (добавьте '= 4 5', чтобы ввести грани)",
    "every action (see COMMANDS and ctrl+p)": "любое действие (см. КОМАНДЫ и ctrl+p)",
    "the roll counts toward an extended check": "бросок идёт в зачёт сложной проверки",
    "who should roll this? (ctrl+b on a typed check)": "кому бросать? (ctrl+b на введённой проверке)",
    "a secret line: its log entry is the GM's only (!{char} {skill}); /note is the GM's, "
    "/note! a note the players' view shows too": "тайная строка: запись в журнале видит только Мастер (!{char} {skill}); /note — "
    "заметка Мастера, /note! — заметка, которую видят и игроки",
    "While typing, the line above shows the check, its exact odds and a bar of them; with "
    "every die typed it also shows what Enter will record. A refused line stays in the entry, "
    "the cursor where the problem is; nothing changes.": "Пока вы печатаете, строка выше показывает проверку, её точные шансы и их полосу; "
    "если введены все кубики — и то, что запишет Enter. Отклонённая строка остаётся в "
    "поле ввода, курсор — там, где ошибка; ничего не меняется.",
    "Names match by prefix, fuzzily or with one typo, Cyrillic and transliteration included: "
    "'{prefix}' = {full}. Tab completes the word being typed and cycles through every "
    "candidate (shift+Tab back); after a space it offers the next word. ctrl+r opens a form "
    "that builds the line for you.": "Имена узнаются по началу, приблизительно или с одной опечаткой, кириллицей и "
    "транслитом: '{prefix}' = {full}. Tab дополняет набираемое слово и перебирает все "
    "варианты (shift+Tab — назад); после пробела предлагает следующее слово. ctrl+r "
    "открывает форму, которая соберёт строку за вас.",
    "Dice after '=' are separated by spaces, commas or dashes: = 07   = 4 3 5   = 1-6-6-5": "Кубики после '=' разделяются пробелами, запятыми или дефисами: = 07   = 4 3 5   "
    "= 1-6-6-5",
    "PLAYERS' VIEW — read-only: follows the GM's table live": "ВИД ИГРОКОВ — только чтение: следует за столом Мастера вживую",
    "It shows what the players may see. GM-only characters, their rolls, the GM's notes and "
    'secret rolls are left out; "Unknown A" stands for a hidden character the table knows '
    "is there.": "Показывает то, что могут видеть игроки. Персонажи Мастера, их броски, заметки "
    "Мастера и тайные броски скрыты; «Unknown A» обозначает скрытого персонажа, о "
    "котором за столом знают.",
    "f2 shows the next sheet; PageUp/PageDown scroll the log. Nothing typed here changes the "
    "table: /help, /quit.": "f2 показывает следующий лист; PageUp/PageDown прокручивают журнал. Ничто введённое "
    "здесь не меняет стол: /help, /quit.",
    "MODIFIERS — {system}": "МОДИФИКАТОРЫ — {system}",
    "MODIFIERS — each campaign's help lists its system's": "МОДИФИКАТОРЫ — справка каждой кампании перечисляет модификаторы её системы",
    "systems: ": "системы: ",
    # -- slash commands --------------------------------------------------------------------
    "take back the last change (ctrl+z)": "отменить последнее изменение (ctrl+z)",
    "do again what was undone (ctrl+y)": "повторить отменённое (ctrl+y)",
    "the bindings and the roll-entry language (f1)": "клавиши и язык строки бросков (f1)",
    "save and leave (ctrl+q)": "сохранить и выйти (ctrl+q)",
    "write a note into the log, for the GM only": "записать заметку в журнал, только для Мастера",
    "write a note into the log that the players' view shows too": "записать заметку в журнал, которую видят и игроки",
    "rename the campaign": "переименовать кампанию",
    "start a scene (the running one goes to the history)": "начать сцену (текущая уходит в историю)",
    "end the running scene into the scene history": "завершить текущую сцену в историю сцен",
    "the next actor in the turn order (ctrl+n)": "следующий в очерёдности хода (ctrl+n)",
    "build the turn order (by the system's own rules where it has them)": "построить очерёдность хода (по правилам системы, если они есть)",
    "exchange two places in the turn order (within a tie, if the system ties)": "поменять местами двоих в очерёдности (в пределах равенства, если система его знает)",
    "move one place earlier (default: the current actor; alt+up)": "на одно место раньше (по умолчанию — текущий; alt+вверх)",
    "move one place later (default: the current actor; alt+down)": "на одно место позже (по умолчанию — текущий; alt+вниз)",
    "who should roll this? every party member's odds, best first (ctrl+b on a check)": "кому бросать? шансы каждого в отряде, лучшие сверху (ctrl+b на проверке)",
    'create, list, select (/ext use NAME) or drop an extended check; race="A vs B" makes a '
    "race": "создать, показать, выбрать (/ext use ИМЯ) или убрать сложную проверку; "
    'race="A vs B" — гонка',
    "clear the minor consequence of an extended check after a separate test": "снять незначительные последствия сложной проверки после отдельной проверки",
    "lift a 'blocked' consequence once the other test is done": "снять последствие «заблокировано», когда другая проверка пройдена",
    "experience rolls for every ticked skill, then the next adventure": "броски опыта по каждому отмеченному навыку, затем следующее приключение",
    "set an experience tick by hand (GM override)": "поставить отметку опыта вручную (решение Мастера)",
    "take an experience tick back (GM override)": "снять отметку опыта (решение Мастера)",
    "teaching: Teach (capped at the skill) and the skill roll both succeed → a tick": "обучение: успех броска Обучения (не выше навыка) и броска навыка → отметка",
    "long downtime: up to four free ticks of the player's choice, once": "долгий перерыв: до четырёх отметок на выбор игрока, один раз",
    "spend Fortune to set a die of CHAR's last test (3 = Drama Die); opposed tests and "
    "extended checks are re-decided": "потратить ОУ, чтобы задать кубик последней проверки персонажа (3 = Куб Драмы); "
    "встречные и сложные проверки решаются заново",
    "roll damage per hit, subtract DR from each, take the rest from HP": "бросить урон за каждое попадание, вычесть СП из каждого, остаток снять с HP",
    "declare a combatant's maneuver until their next turn (aim, attack, "
    "all-out-attack:determined, all-out-defense:increased_dodge …)": "объявить манёвр бойца до его следующего хода (aim — прицеливание, attack — атака, "
    "all-out-attack:determined — решительная атака, all-out-defense:increased_dodge — "
    "глухая защита …)",
    "declare Aim (= /maneuver CHAR aim): +Acc to an Attack on the next turn, +1 per further "
    "turn of aiming, at most +2": "объявить Прицеливание (= /maneuver ПЕРСОНАЖ aim): +Точн к Атаке в следующий ход, +1 "
    "за каждый следующий ход прицеливания, не больше +2",
    "declare Evaluate (= /maneuver CHAR evaluate): +1 per turn, at most +3, to a melee attack": "объявить Оценку (= /maneuver ПЕРСОНАЖ evaluate): +1 за ход, не больше +3, к атаке "
    "в ближнем бою",
    "state a goal in the planning phase": "заявить цель в фазе «Планирование»",
    "declare an action in the actions phase (then type its roll)": "заявить действие в фазе «Действия» (затем введите его бросок)",
    "the character skips the actions phase to react later": "персонаж пропускает фазу «Действия», чтобы ответить позже",
    "let pending action #N stand (reactions phase)": "оставить ожидающее действие №N в силе (фаза «Реакции»)",
    "next phase: planning → actions → reactions → next round": "следующая фаза: планирование → действия → реакции → следующий раунд",
    "sum up the series of rounds (the repeat count resets)": "подвести итог серии раундов (счётчик повторов сбрасывается)",
    "sum up as a compromise: both sides gain and lose something": "подвести итог компромиссом: обе стороны что-то приобретают и что-то теряют",
    "no compromise possible: the scene changes radically": "компромисс невозможен: сцена радикально меняется",
    "the accumulated results since the last summing up, one line each, logged": "накопленные результаты с последнего итога, по строке, в журнал",
    # -- each system's modifiers in the help (joined into one paragraph there) -----------
    (
        "  easy | hard | automatic | impossible, nostakes, +N/-N percent;\n"
        "  = 07 types the d100 (00 = 100).\n"
        "  impossible alone fails with no roll; impossible roll (or typed\n"
        "  dice) rolls at chance 0 to see how badly.\n"
        "  STR vs SIZ (two characteristics): the resistance table, rolled\n"
        "  by the player's side (in doubt the passive one); by=active or\n"
        "  by=passive says who rolls.\n"
        "  Opposed: a SKILL vs b SKILL vs c SKILL … — every acting side\n"
        "  rolls; the best quality wins, lowered by the best opposition;\n"
        "  other successes become failures; equal successes go to the\n"
        "  higher skill, equal specials cancel.\n"
        "  /downtime CHAR SKILL, ...: up to four free ticks, once per\n"
        "  downtime (it ends with the next scene or adventure).\n"
        "  Russian words too: легко (лёгкий), сложно (сложный), автоматически\n"
        "  (автоматический), невозможно (невозможный), обычно, без-ставок,\n"
        "  бросок; кто=active|passive.\n"
    ): (
        "  easy | hard | automatic | impossible (легко | сложно | автоматически |\n"
        "  невозможно), nostakes (без-ставок), +N/-N процентов;\n"
        "  = 07 вводит d100 (00 = 100).\n"
        "  impossible без кубика — провал без броска; impossible roll (невозможно\n"
        "  бросок) или введённый кубик — бросок при шансе 0, чтобы узнать, насколько плохо.\n"
        "  STR vs SIZ (две характеристики): таблица сопротивления; бросает сторона\n"
        "  игрока (при сомнении — пассивная); by=active или by=passive (кто=)\n"
        "  говорит, кто бросает.\n"
        "  Встречная: a НАВЫК против b НАВЫК против c НАВЫК … — бросают все\n"
        "  действующие стороны; побеждает лучшее качество, сниженное лучшим\n"
        "  противодействием; прочие успехи становятся провалами; равные успехи\n"
        "  решает более высокий навык, равные особые успехи взаимно гасятся.\n"
        "  /downtime ПЕРСОНАЖ НАВЫК, ...: до четырёх отметок опыта, один раз за\n"
        "  перерыв (он кончается со следующей сценой или приключением).\n"
        "  Русские слова: легко (лёгкий), сложно (сложный), автоматически\n"
        "  (автоматический), невозможно (невозможный), обычно, без-ставок,\n"
        "  бросок; кто=active|passive.\n"
    ),
    (
        "  tn=N or a difficulty word (routine easy average challenging hard\n"
        "  very-hard formidable nearly-impossible), +N/-N; the focus counts\n"
        "  when the skill names it.  = 3 4 6 (the last die is the Drama Die)\n"
        "  Opposed: a SKILL vs b SKILL [vs c SKILL …], one TN for all: below the\n"
        "  TN nobody wins; then the higher total, then the Drama Die, then\n"
        "  ability + focus (never the +N/-N); the preview gives each one's chance.\n"
        "  /fortune CHAR die=1|2|3 face=F [side=N] after the roll, by either side:\n"
        "  the test is re-decided, and so is the extended check or race it counted\n"
        "  toward (its last roll only); the face a die already shows costs nothing\n"
        "  and is refused.\n"
        "  Advanced tests: a roll must end in time (30 min at 4 a roll: 7 rolls);\n"
        "  an opposed roll may be a step (the first side's win adds its Drama Die);\n"
        "  ext=NAME previews the chance to complete it in the rolls left.\n"
        '  Race: /ext NAME race="a vs b, c" threshold=N [time=…]; each slice is\n'
        "  a vs b ext=NAME, its winner adds the Drama Die to its own pool.\n"
        "  Russian words too (the seed's table): элементарно просто нормально\n"
        "  затруднительно сложно очень-сложно невероятно-сложно\n"
        "  почти-невозможно; сл=N for tn=N.\n"
    ): (
        "  tn=N или слово сложности (по таблице правил: элементарно просто нормально\n"
        "  затруднительно сложно очень-сложно невероятно-сложно почти-невозможно;\n"
        "  или routine easy average challenging hard very-hard formidable\n"
        "  nearly-impossible), сл=N — то же, что tn=N; +N/-N; фокус учитывается,\n"
        "  когда навык его называет.  = 3 4 6 (последний кубик — Куб Драмы)\n"
        "  Встречная: a НАВЫК против b НАВЫК [против c НАВЫК …], одна сложность для\n"
        "  всех: ниже неё никто не побеждает; затем больший итог, затем Куб Драмы,\n"
        "  затем способность + фокус (никогда не +N/-N); превью даёт шанс каждого.\n"
        "  /fortune ПЕРСОНАЖ die=1|2|3 face=F [side=N] после броска, любой стороной:\n"
        "  ОУ меняют кубик, проверка решается заново, как и сложная проверка или\n"
        "  гонка, в которую она шла (только её последний бросок); грань, которая уже\n"
        "  выпала, ничего не стоит и отклоняется.\n"
        "  Сложные проверки: бросок должен уложиться во время (30 мин по 4 на бросок:\n"
        "  7 бросков); встречный бросок может быть шагом (победа первой стороны\n"
        "  добавляет её Куб Драмы); ext=ИМЯ показывает шанс успеть за оставшиеся броски.\n"
        '  Гонка: /ext ИМЯ race="a vs b, c" threshold=N [time=…]; каждый отрезок —\n'
        "  a против b ext=ИМЯ, победитель добавляет Куб Драмы в свой пул.\n"
    ),
    (
        "  range=L,H  resist=L,H: the GM's two d6 (else the app rolls them);\n"
        "  opposed: the app rolls a resistance range too.\n"
        "  mod=N: the range top moves by N, on top of synergy.\n"
        "  mounted: the supporting skill (extra.supports) is in use;\n"
        "  nosynergy: it is not. The preview says which synergy applied.\n"
        "  dice+N / dice-N: each die shifted by N (kept within 1..6).\n"
        "  hard: hard conditions, 2 of 4 dice in range to act at all.\n"
        "  A ... vs B ...: a duel on one range, each side with its own\n"
        "  mod=, synergy and dice+N; 4-4-4-4 wins unless both roll it,\n"
        "  then effective hits, then rank (danger class 4 = Master).\n"
        "  kirma bow mounted range=4,5 resist=3,4 = 3 3 4 5\n"
        "  Russian words too: встречная, сложно, без-синергии; диапазон=L,H,\n"
        "  сопротивление=L,H, мод=N.\n"
    ): (
        "  range=Н,В  resist=Н,В (диапазон=, сопротивление=): два d6 Мастера\n"
        "  (иначе их бросает приложение); opposed (встречная): приложение бросает и\n"
        "  диапазон сопротивления.\n"
        "  mod=N (мод=): верхняя граница диапазона сдвигается на N, поверх синергии.\n"
        "  mounted: поддерживающий навык (extra.supports) в деле; nosynergy\n"
        "  (без-синергии): нет. Превью говорит, какая синергия учтена.\n"
        "  dice+N / dice-N: каждый кубик сдвигается на N (в пределах 1..6).\n"
        "  hard (сложно): сложные условия, 2 из 4 кубиков в диапазоне, чтобы вообще\n"
        "  действовать.\n"
        "  A ... против B ...: поединок на одном диапазоне, у каждой стороны свои\n"
        "  мод=, синергия и dice+N; 4-4-4-4 побеждает, если не выпало обоим, затем\n"
        "  попадания с учётом критических, затем уровень (класс опасности 4 = Мастер).\n"
        "  kirma bow mounted range=4,5 resist=3,4 = 3 3 4 5\n"
        "  Русские слова: встречная, сложно, без-синергии; диапазон=Н,В,\n"
        "  сопротивление=Н,В, мод=N.\n"
    ),
    (
        "  signed modifiers, each -10..+10: lockpicker lockpicking -5 +10\n"
        "  = 4 3 5 (three dice, or one 3d6 total)\n"
        "  ranged attack: ruth shotgun [WEAPON] yd=N [shots=N]\n"
        "    the weapon by name, else the character's only one; yd= yards\n"
        "    (one range penalty of the Size and Speed/Range table);\n"
        "    shots= shells or rounds, default the full RoF (2x13 with\n"
        "    shots=2 fires 26 pellets); adds Aim and the RoF bonus; shows\n"
        "    the exact odds of each number of hits (1 + margin // Recoil,\n"
        "    at most the shots); rof=, recoil=, half= (1/2d=, the 1/2D\n"
        "    in yards) for a weapon not recorded\n"
        "  shotgun at or inside close range (10% of 1/2D): no pellet RoF\n"
        "    bonus; damage and the target's DR x pellets//2 (Stevenson at\n"
        "    3 yd: 12d6-6, DR x6)\n"
        "  attack then defense: ruth shotgun yd=3 vs pike dodge — the\n"
        "    attack rolls first, then the defense (none after a miss or a\n"
        "    critical hit; a dodge negates 1 + its margin hits of rapid\n"
        "    fire); dice per side, or = ATTACK DEFENSE at the end\n"
        "  defenses: ruth dodge | moss parry | pike block [+N -N] from\n"
        "    attributes or skills (Dodge: Basic Speed + 3 by default);\n"
        "    All-Out Defense +2; none after All-Out Attack\n"
        "  maneuvers last until the character's next turn (/next): Aim\n"
        "    adds to a later Attack with the aimed weapon (Acc, +1, +2);\n"
        "    Evaluate +1 a turn (at most +3) to melee only; Move and\n"
        "    Attack -2 ranged, no Aim; All-Out Attack Determined +4 melee\n"
        "    or +1 ranged; a roll says why a bonus does not apply\n"
        "  /damage TARGET DICE [dr=N] [hits=N] [= faces]: DR off each hit,\n"
        "    the rest off HP (dr=1x6 multiplies); a hit suggests the line\n"
        "  turn order: Basic Speed, then DX; /swap and alt+up/down reorder\n"
        "    any tie on Basic Speed\n"
        "  Russian words too: ярд= (ярды=), выстрелы=, сб=, отдача=.\n"
    ): (
        "  модификаторы со знаком, каждый -10..+10: lockpicker lockpicking -5 +10\n"
        "  = 4 3 5 (три кубика или одна сумма 3d6)\n"
        "  стрельба: ruth shotgun [ОРУЖИЕ] yd=N (ярд=) [shots=N (выстрелы=)]\n"
        "    оружие по имени, иначе единственное у персонажа; yd= ярды (штраф\n"
        "    дистанции по таблице размера и скорости/дистанции); shots= заряды или\n"
        "    патроны, по умолчанию полная СБ (2x13 с shots=2 — 26 дробин); учитывает\n"
        "    Прицеливание и бонус СБ; показывает точные шансы каждого числа попаданий\n"
        "    (1 + запас // Отдача, не больше выстрелов); rof= (сб=), recoil=\n"
        "    (отдача=), half= (1/2d=, 1/2D в ярдах) — для оружия, которого нет в листе\n"
        "  дробовик на близкой дистанции (10% от 1/2D): без бонуса СБ за дробь; урон\n"
        "    и СП цели x дробины//2 (Стивенсон на 3 ярдах: 12d6-6, СП x6)\n"
        "  атака, затем защита: ruth shotgun yd=3 vs pike dodge — сначала бросает\n"
        "    атака, затем защита (после промаха или критического попадания защиты нет;\n"
        "    уклонение отменяет 1 + запас попаданий очереди); кубики у каждой стороны\n"
        "    или = АТАКА ЗАЩИТА в конце строки\n"
        "  защита: ruth dodge | moss parry | pike block [+N -N] — из атрибутов или\n"
        "    навыков (Уклонение: Базовая скорость + 3 по умолчанию); Глухая защита +2;\n"
        "    после Решительной атаки — никакой\n"
        "  манёвры действуют до следующего хода персонажа (/next): Прицеливание\n"
        "    добавляется к следующей Атаке этим оружием (Точн, +1, +2); Оценка +1 за\n"
        "    ход (не больше +3) только к ближнему бою; Движение и атака -2 дальнему\n"
        "    бою, без Прицеливания; Решительная атака +4 в ближнем бою или +1 в\n"
        "    дальнем; бросок объясняет, почему бонус не действует\n"
        "  /damage ЦЕЛЬ КУБИКИ [dr=N] [hits=N] [= грани]: СП вычитается из каждого\n"
        "    попадания, остаток — из HP (dr=1x6 умножает); попадание подсказывает строку\n"
        "  очерёдность: Базовая скорость, затем ЛВ; /swap и alt+вверх/вниз меняют\n"
        "    порядок при равной Базовой скорости\n"
        "  Русские слова: ярд= (ярды=), выстрелы=, сб=, отдача=.\n"
    ),
    (
        "  die=d10|d12|d20; +N -N xN /N in the seed's order (multiply and\n"
        "  divide, then add, then set=N).\n"
        "  set=3,5 (or set= twice): the acting player picks, choose=N.\n"
        "  dice=N: several dice, in a contest too; the preview shows the\n"
        "  exact odds of who acts.\n"
        "  samurai fighting = 5 vs yamabushi = 8\n"
        "  samurai fighting dice=2 vs yamabushi fighting dice=2\n"
        "  Russian words too: куб=, кубы=, знач=, выбор=, сырой.\n"
    ): (
        "  die=d10|d12|d20 (куб=); +N -N xN /N в порядке из правил (умножение и\n"
        "  деление, затем сложение, затем set=N (знач=)).\n"
        "  set=3,5 (или set= дважды): выбирает действующий игрок, choose=N (выбор=).\n"
        "  dice=N (кубы=): несколько кубиков, и в состязании; превью показывает\n"
        "  точные шансы того, кто действует. raw (сырой): равенство по выпавшему.\n"
        "  samurai fighting = 5 vs yamabushi = 8\n"
        "  samurai fighting dice=2 vs yamabushi fighting dice=2\n"
        "  Русские слова: куб=, кубы=, знач=, выбор=, сырой.\n"
    ),
    # -- the grammar's syntax column and usages -------------------------------------------
    "CHAR SKILL [modifiers] [= dice]": "CHAR SKILL [модификаторы] [= кубики]",
    "CHAR SKILL … vs CHAR [SKILL] …": "CHAR SKILL … против CHAR [SKILL] …",
    "/command [args]": "/команда [аргументы]",
    "… ext=NAME [clear]": "… ext=ИМЯ [clear]",
    "/best SKILL [modifiers]": "/best SKILL [модификаторы]",
    "[modifiers]": "[модификаторы]",
    "[args]": "[аргументы]",
    "[= faces]": "[= грани]",
    # -- the characters' commands ---------------------------------------------------------
    "add a character (npc: an opponent; gm: hidden from players) and edit it": "добавить персонажа (npc — противник; gm — скрыт от игроков) и открыть его правку",
    "change a resource (HP by default); healing stops at the maximum unless N!; =N or max=N on "
    "a new name adds it": "изменить ресурс (по умолчанию HP); лечение останавливается на максимуме, если не N!; "
    "=N или max=N с новым именем добавляет ресурс",
    "copy a character N times: Guard → Guard 2, Guard 3": "скопировать персонажа N раз: Стражник → Стражник 2, Стражник 3",
    "lift a condition (all: every one)": "снять состояние (all — все)",
    "open the character editor (every field; Escape closes)": "открыть редактор персонажа (все поля; Escape закрывает)",
    "remove a character (the log keeps its history; ctrl+z undoes)": "удалить персонажа (журнал хранит его историю; ctrl+z отменяет)",
    "set a condition (stunned, prone …); rounds count down by the round, turns by the "
    "character's own turn": "наложить состояние (stunned — оглушён, prone — лежит …); раунды отсчитываются по "
    "раундам, ходы — по ходам самого персонажа",
    "set a skill (added when the character lacks it), checked by the system's rules": "задать навык (добавляется, если его нет), с проверкой по правилам системы",
    "set an attribute or characteristic (added if new)": "задать атрибут или характеристику (добавляется, если новая)",
    "set or roll initiative (roll all 3d6 + Dexterity) and sort the turn order": "задать или бросить инициативу (roll all: 3d6 + ловкость) и упорядочить очерёдность",
    "the character sheet: everything about one character (f4)": "лист персонажа: всё об одном персонаже (f4)",
}
