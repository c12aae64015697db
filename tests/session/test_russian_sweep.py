"""A session-level sweep in Russian of the extended checks and the systems' own lines.

Each system's demo is driven through the commands and rolls of ``tui/session/extended/``
(checks, races, consequences, clearing, odds, Fortune re-counts) and of its own package
(GURPS maneuvers, attacks, damage; Strange goals, actions and duels; AGE Fortune; BRP
experience and the end of an adventure; skirmish contests). Every text the GM is shown —
previews, feedback and refusals, the log's lines and effects, the extended checks' panel —
must be Russian but for the campaign's own data, key names and the typed syntax words (the
same rule as :mod:`tests.tui.test_russian`). The same log, written in English, must read in
Russian too (the entries keep their facts).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from tests.systems import SYSTEMS, demo, demo_campaign, own_commands, roll_line, stale
from tests.tui.test_russian import LATIN, allowed_words, english_left
from tui import language as i18n
from tui.session.adventure.flow import commit, record, rows_of
from tui.session.campaign.log import shown_effects, shown_text
from tui.session.campaign.session import Session
from tui.session.extended.view import describe_checks
from tui.session.table.table import Table
from tui.session.tables import open_table
from tui.store.recovery import load

EXT = [
    '/ext поиск threshold=4 time=1h every=1 minor="лампа гаснет" major="шум" serious="они пришли"',
    "/ext",
    "/ext use поиск",
    "/ext use none",
    "/ext drop нет",
    "/clear поиск",
    "/unblock поиск",
]

#: per system, where written: the lines run after EXT (a refused line is part of the sweep
#: too); every registered system then runs :func:`_derived` (its demo's roll, its commands)
SCRIPTS: dict[str, list[str]] = {
    "brp": [
        "alice spot hidden ext=поиск = 90",
        "alice spot hidden ext=поиск = 95",
        "alice spot hidden ext=поиск clear = 30",
        "alice spot hidden ext=поиск = 07",
        "alice spot hidden ext=поиск",
        "alice spot hidden = 30 vs boris listen = 20 ext=поиск",
        '/ext гонка race="alice vs boris" threshold=2 time=30m',
        "alice stealth vs boris listen ext=гонка",
        "alice stealth = 10 vs boris listen = 90 ext=гонка",
        "alice stealth = 10 vs alice listen = 90 ext=гонка",
        "alice stealth = 90 vs boris listen = 95 ext=гонка",
        "alice stealth = 10 vs boris listen = 90 ext=гонка",
        "/ext",
        "/tick alice stealth",
        "/untick alice stealth",
        "/tick alice stealth",
        "/teach boris alice stealth = 39 40",
        "/endadventure",
        "/downtime alice stealth",
        "/downtime boris listen",
    ],
    "age": [
        "naomi stealth ext=поиск = 1 1 1",
        "naomi stealth ext=поиск = 1 1 2",
        "naomi stealth ext=поиск tn=17 = 3 4 2",
        "/fortune naomi die=3 face=6",
        "naomi stealth ext=поиск",
        '/ext погоня race="naomi vs amos" threshold=3 time=30m',
        "naomi stealth vs amos technology ext=погоня",
        "naomi stealth = 3 3 3 vs amos technology = 4 4 4 ext=погоня",
        "/fortune naomi die=1 face=6",
        "naomi stealth = 6 6 5 vs amos technology = 1 1 1 ext=погоня",
        "/fortune naomi die=2 face=6",
        "/fortune bobbie die=1 face=6",
        "/ext",
    ],
    "gurps": [
        "vic stealth ext=поиск = 6 6 6",
        "vic stealth ext=поиск = 1 1 1",
        "vic stealth ext=поиск",
        "/scene Склад",
        "/order",
        "/man vic maa",
        "/maneuver ruth aim",
        "/aim ruth",
        "/next",
        "/maneuver ruth attack",
        "ruth shotgun yd=30 shots=2 = 2 2 3",
        "ruth shotgun yd=3",
        "/maneuver pike aod:increased_parry",
        "/maneuver moss aim",
        "/maneuver moss aoa",
        "/evaluate moss",
        "/maneuver moss feint",
        "/damage pike 2d6-1 dr=4 hits=2 = 6 6 1 2",
        "/damage pike 2d6 dr=x",
        "/next",
        "/next",
        "/next",
    ],
    "strange": [
        "kirma bow ext=поиск range=4,5 = 3 3 4 5",
        "kirma bow ext=поиск range=1,6 = 2 3 4 5",
        "kirma bow ext=поиск",
        "/scene Засада limit=3",
        "/goal dallah сбить его с ног",
        "/goal party прорваться",
        "/phase",
        "/act dallah рукопашный vs балгруф",
        "/skip kirma",
        "/phase",
        "/resolve 1",
        "dallah рукопашный = 1 6 5 5 vs балгруф атлетика = 4 4 4 4 range=3,6",
        "dallah рукопашный = 4 4 4 4 vs балгруф атлетика = 4 4 4 4 range=3,6",
        "ог danger range=1,4 = 1 2 5 6",
        "/phase",
        "/endscene",
    ],
    "skirmish": [
        "samurai dexterity ext=поиск = 7",
        "samurai dexterity ext=поиск = 1",
        "samurai dexterity ext=поиск",
        "samurai fighting = 2 vs yamabushi fighting = 2",
        "samurai fighting = 5 6 vs yamabushi = 4 9",
        "samurai fighting set=3,5 choose=4",
        "samurai dexterity -5 = 3 vs ninja shooting = 9",
    ],
}


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def _table(system: str) -> Table:
    """The demo at a table whose dice are seeded (a line without ``= faces`` rolls)."""
    campaign, _log = load(demo(system))
    clock = iter(f"2024-01-01T00:{i // 60:02d}:{i % 60:02d}" for i in range(3600))
    return open_table(Session(campaign, clock=lambda: next(clock)), rng=random.Random(22))


def _maneuver_words() -> set[str]:
    """GURPS maneuver and option names: the GM types them (``/maneuver moss feint``), and
    the log keeps them as the rules name them (the project's decision for GURPS terms)."""
    from rules import gurps

    words = set()
    for key, info in gurps.MANEUVERS.items():
        names = [key, info.name, *(o.key for o in info.options), *(o.name for o in info.options)]
        words |= {w.casefold() for n in names for w in LATIN.findall(n.replace("_", " "))}
        words.add("".join(w[0] for w in info.name.replace("-", " ").split()).casefold())  # aoa
    return words


def _drive(table: Table, lines: list[str]) -> list[str]:
    """Every text shown while ``lines`` are typed and entered: previews and feedback."""
    shown: list[str] = []
    for line in lines:
        shown.append(table.preview(line).text)
        shown.append(table.submit(line).message)
        shown.extend(text for text, _style in describe_checks(table.system, table.campaign))
        shown.extend(_scene_panel(table))
    return shown


def _scene_panel(table: Table) -> list[str]:
    """The system's part of the scene panel (the Strange round, the GURPS maneuvers)."""
    scene = table.campaign.scene
    if scene is None:
        return []
    parts = table.system.scene_view(table.campaign, scene)
    lines = [list(parts.header), *(segs for _n, segs in (*parts.before_order, *parts.after_order))]
    return ["".join(text for text, _style in line) for line in lines]


#: typed syntax inside a message: ``/command`` names and ``key=value`` options
_TYPED = re.compile(r"/[a-z_]+|[a-z_]+=\S*")


def _left(texts: list[str], system: str) -> str:
    """The texts with English left in them but for the demo's own words, key names and the
    typed syntax (``/ext use none``), once each."""
    plain = [_TYPED.sub(" ", t) for t in texts]
    allowed = allowed_words(system) | {"none"}
    if system == "gurps":
        allowed |= _maneuver_words()
    found = english_left(plain, allowed)
    return "\n".join(dict.fromkeys(f.split(" in ", 1)[1] for f in found))


def _end_adventure(table: Table) -> list[str]:
    """BRP's end of adventure as its screen drives it: each row rolled (the d100, then the
    d6 of one that improves), recorded, cleared and rolled again, then committed."""
    rows = list(rows_of(table))
    shown: list[str] = []
    for i in range(len(rows)):
        for face in (99, 3) if i == 0 else (5,):
            if rows[i].next_die:
                rows[i] = rows[i].entered(face)
                shown += [rows[i].status, record(table, rows, [i]).message]
    rows[-1] = rows[-1].cleared()
    shown += [rows[-1].status, record(table, rows, [len(rows) - 1]).message]
    rows[-1] = rows[-1].entered(5)
    record(table, rows, [len(rows) - 1])
    shown.append(commit(table, rows).message)
    return shown


def _log(table: Table) -> list[str]:
    return [t for e in table.session.log for t in (shown_text(e), *shown_effects(e))]


def _derived(system: str) -> list[str]:
    """What any system offers the sweep: its demo's roll toward the check and alone, and each
    of its own commands typed bare."""
    roll = roll_line(demo_campaign(system))
    return [f"{roll} ext=поиск", roll, *own_commands(system)]


def _script(system: str) -> list[str]:
    return [*EXT, *SCRIPTS.get(system, []), *_derived(system)]


def test_the_scripts_name_registered_systems() -> None:
    assert stale(SCRIPTS) == []


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_line_of_the_extended_checks_and_the_system_is_russian(system: str) -> None:
    i18n.set_language("ru")
    table = _table(system)
    shown = _drive(table, _script(system))
    if table.system.end_of_adventure() is not None:
        shown += _end_adventure(table)
    found = _left([*shown, *_log(table)], system)
    assert not found, found


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_same_log_written_in_english_reads_in_russian(system: str) -> None:
    table = _table(system)
    # every line, the turn's maneuver ending and the scene's end summary included: the
    # scenes' code keeps the system's notes as facts
    _drive(table, _script(system))
    if table.system.end_of_adventure() is not None:
        _end_adventure(table)
    english = _log(table)
    i18n.set_language("ru")
    russian = _log(table)
    assert len(russian) == len(english) and russian != english
    found = _left(russian, system)
    assert not found, found
