"""Every message of the store and the save schema, in Russian: no English word left.

A sweep over what can go wrong with a campaign's files — each system's demo broken in every
way the schema checks, a log whose entries are damaged or do not apply, a save or log
changed outside the app, a second writer, links, a read-only store, failed writes, a missing
or broken backup — run with the interface in Russian. Each message must be Russian except
for what is data: the key names of the save and its log (``skills``, ``checkpoint``,
``[[log]]``), the values the schema allows (``party``, ``active``, ``running``, ``true``),
the system keys, file names, and the GM's own values, which the message quotes (``'sixty'``).

Not checked, on purpose (the README's translation section): the TOML parser's own syntax
messages and the operating system's reason for a failed read or write.
"""

from __future__ import annotations

import copy
import dataclasses
import datetime
import errno
import functools
import os
import re
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.store.helpers import Bump, entry, played, set_checkpoint, small_campaign, writer
from tests.tui.conftest import DEMOS
from tests.tui.test_russian import LATIN
from tui import language as i18n
from tui.session.campaign.log import LogEntry
from tui.session.campaign.model import Campaign, Character, ExtendedCheck, Scene
from tui.session.campaign.schema import SchemaError, from_doc
from tui.session.systems.registry import TRACKERS, system_keys
from tui.store import (
    ConflictError,
    LockedError,
    ReplayError,
    SaveError,
    Store,
    WriteError,
    backup_path,
    format_entry,
    log_path,
    restore_backup,
)

#: the save's and the log's key names (data: the GM finds them in the file), the values the
#: schema allows, and the patch's own keys quoted in a replay problem
KEYS = {
    *(
        f.name
        for cls in (Campaign, Character, Scene, ExtendedCheck, LogEntry)
        for f in dataclasses.fields(cls)
    ),
    "format",
    "checkpoint",
    "log",
    "patch",
    "msg",
    "id",
    "plural",
    "args",
    "effect_msgs",
    "party",
    "npc",
    "active",
    "long",
    "running",
    "done",
    "failed",
    "true",
    "false",
    "rounds",
    "turns",
    "diff",
    "order",
    "keep",
    "sub",
    "add",
    "tablekeeper",
    "toml",
    *system_keys(),
}
#: the GM's own values, quoted by the messages ('sixty', "Nope")
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")
#: a key path a message starts with or quotes (``characters[0].skills``, ``log[3].odds``)
KEY_PATH = re.compile(r"\b[a-z_]+(?:\[\d+\])+")


@pytest.fixture
def russian() -> Iterator[None]:
    i18n.set_language("ru")
    yield
    i18n.set_language("en")


def left(message: str, *data: str) -> list[str]:
    """The English words of ``message`` that are neither key names nor the test's data
    (stricter than the screen test's :func:`~tests.tui.test_russian.english_left`: a message
    is never cut by a dialog's edge, so a word must be allowed whole)."""
    allowed = {w.casefold() for k in (*KEYS, *data) for w in LATIN.findall(k)}
    words = LATIN.findall(KEY_PATH.sub(" ", QUOTED.sub(" ", message)))
    return [w for w in words if len(w) > 1 and not w.isupper() and w.casefold() not in allowed]


# -- the schema, for each system's demo ---------------------------------------------------

Doc = dict[str, Any]


def _first_skill(doc: Doc) -> str:
    return str(next(iter(doc["characters"][0]["skills"])))


def _scene(**changes: Any) -> Callable[[Doc], None]:
    def change(doc: Doc) -> None:
        doc["scene"] = {"name": "S", **changes}

    return change


def _check(**changes: Any) -> Callable[[Doc], None]:
    def change(doc: Doc) -> None:
        doc["checks"] = [{"name": "C", "tn": 10, "time_budget": 3, "threshold": 2, **changes}]

    return change


def _character(**changes: Any) -> Callable[[Doc], None]:
    def change(doc: Doc) -> None:
        doc["characters"][0].update(changes)

    return change


BROKEN: dict[str, Callable[[Doc], None]] = {
    "skill is an array": lambda d: d["characters"][0]["skills"].update({_first_skill(d): [60]}),
    "skill is a boolean": lambda d: d["characters"][0]["skills"].update({_first_skill(d): True}),
    "skill is a date": lambda d: d["characters"][0]["skills"].update(
        {_first_skill(d): datetime.date(2024, 5, 1)}
    ),
    "attribute is an array": _character(attributes={"Nope": [1]}),
    "empty name": _character(name=" "),
    "no name": lambda d: d["characters"][0].pop("name"),
    "bad side": _character(side="ally"),
    "tick not a name": _character(ticks=[5]),
    "tick not a skill": _character(ticks=["Nope"]),
    "maximum not a resource": _character(resources={}, maxima={"Nope": 1}),
    "maximum too big": _character(resources={"Nope": 1}, maxima={"Nope": 10**9}),
    "condition without a name": _character(conditions={" ": True}),
    "condition false": _character(conditions={"Nope": False}),
    "condition unit": _character(conditions={"Nope": "2 weeks"}),
    "condition too long": _character(conditions={"Nope": "1000 rounds"}),
    "unknown character key": _character(colour=1),
    "character not a table": lambda d: d.update(characters=[5]),
    "duplicate name": lambda d: d["characters"][1].update(name=d["characters"][0]["name"]),
    "unknown top key": lambda d: d.update(colour=1),
    "no campaign name": lambda d: d.pop("name"),
    "name is a time": lambda d: d.update(name=datetime.datetime(2024, 5, 1, 10, 0)),
    "unknown system": lambda d: d.update(system="dnd"),
    "newer format": lambda d: d.update(format=99),
    "format 0": lambda d: d.update(format=0),
    "adventure 0": lambda d: d.update(adventure=0),
    "scene not a table": lambda d: d.update(scene=5),
    "scene kind": _scene(kind="x"),
    "scene round limit": _scene(round_limit=9),
    "scene turn order": _scene(turn_order=[1]),
    "check status": _check(status="x"),
    "check contributions": _check(contributions=[1]),
    "check skills": _check(allowed_skills=[1]),
    "check threshold": _check(threshold=0),
    "check not a table": lambda d: d.update(checks=[5]),
}


@pytest.mark.parametrize("system", sorted(DEMOS))
def test_every_schema_problem_reads_in_russian(system: str, russian: None) -> None:
    demo = tomllib.loads(DEMOS[system].read_text(encoding="utf-8"))
    found: dict[str, list[str]] = {}
    for case, change in BROKEN.items():
        doc = copy.deepcopy(demo)
        doc.setdefault("characters", []).extend(
            [{"name": "Extra One"}, {"name": "Extra Two"}][: max(0, 2 - len(doc["characters"]))]
        )
        change(doc)
        with pytest.raises(SchemaError) as info:
            from_doc(doc, TRACKERS)
        assert re.search("[а-яё]", info.value.message), (case, info.value.message)
        found[case] = left(info.value.message, system)
    assert {k: v for k, v in found.items() if v} == {}


# -- the files: reading, writing, outside changes -----------------------------------------


def _log_with(save: Path, change: Callable[[str], str]) -> None:
    """The save's log as two entries, the first changed by ``change`` (a middle entry, so
    it is a problem, never a torn tail), or only what ``change`` made if it holds no block."""
    first = change(format_entry(entry(1)))
    log_path(save).write_text(
        first + format_entry(entry(2)) if "[[log]]" in first else first, encoding="utf-8"
    )  # no block at all: the text alone


LOG_DAMAGE: dict[str, Callable[[str], str]] = {
    "seq text": lambda t: t.replace("seq = 1\n", 'seq = "one"\n'),
    "no text": lambda t: re.sub(r"(?m)^text = .*\n", "", t),
    "odds": lambda t: t.replace("seq = 1\n", 'seq = 1\nodds = "3/2"\n'),
    "hidden": lambda t: t.replace("seq = 1\n", "seq = 1\nhidden = [1]\n"),
    "adventure": lambda t: t.replace("seq = 1\n", "seq = 1\nadventure = -1\n"),
    "msg": lambda t: t.replace("seq = 1\n", "seq = 1\nmsg = { id = 5 }\n"),
    "msg plural": lambda t: t.replace("seq = 1\n", 'seq = 1\nmsg = { id = "x", plural = 1 }\n'),
    "msg args": lambda t: t.replace("seq = 1\n", 'seq = 1\nmsg = { id = "x", args = 1 }\n'),
    "msg arg": lambda t: t.replace(
        "seq = 1\n", 'seq = 1\nmsg = { id = "x", args = { a = 1.5 } }\n'
    ),
    "patch": lambda t: t.replace("seq = 1\n", "seq = 1\npatch = 5\n"),
    "deep": lambda t: t.replace("seq = 1\n", "seq = 1\nodds = " + "[" * 20 + "]" * 20 + "\n"),
    "unknown key": lambda t: t + "[other]\nx = 1\n",
    "not blocks": lambda t: "log = 5\n\n",
    "not a table": lambda t: "log = [1]\n\n",
}


def _problem(action: Callable[[], object], case: str = "") -> SaveError:
    try:
        action()
    except SaveError as exc:
        return exc
    raise AssertionError(f"no problem found: {case}")


def test_every_file_problem_reads_in_russian(
    tmp_path: Path, russian: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    found: dict[str, SaveError] = {}
    found["no such file"] = _problem(lambda: Store.open(tmp_path / "none.toml"))
    (tmp_path / "dir.toml").mkdir()
    found["a folder"] = _problem(lambda: Store.open(tmp_path / "dir.toml"))
    save = played(tmp_path)
    found["exists"] = _problem(lambda: Store.create(save, small_campaign()))
    holder = Store.open(save)
    found["locked"] = _problem(lambda: Store.open(save))
    holder.close()
    reader = Store.open(save, read_only=True)
    found["read-only"] = _problem(lambda: reader.save(small_campaign("Other")))
    reader.close()
    closed = Store.open(save)
    closed.close()
    found["closed"] = _problem(lambda: closed.save(small_campaign("Other")))
    found["no backup"] = _problem(lambda: restore_backup(tmp_path / "none.toml"))
    backup_path(save).write_text("format = 1\n", encoding="utf-8")
    found["bad backup"] = _problem(lambda: restore_backup(save))
    backup_path(save).unlink()

    good, good_log = save.read_text(encoding="utf-8"), log_path(save).read_text(encoding="utf-8")
    for case, text in {
        "not utf-8": None,
        "checkpoint": good.replace("checkpoint = 1", "checkpoint = -1"),
        "deep": good
        + '\n[[characters]]\nname = "Deep"\n[characters.extra]\nx = '
        + "[" * 20
        + "]" * 20
        + "\n",
    }.items():
        if text is None:
            save.write_bytes(b'format = 1\nname = "\xff"\n')
        else:
            save.write_text(text, encoding="utf-8")
        found[case] = _problem(lambda: Store.open(save), case)
    save.write_text(good, encoding="utf-8")
    for case, change in LOG_DAMAGE.items():
        _log_with(save, change)
        found[f"log: {case}"] = _problem(lambda: Store.open(save), case)
    log_path(save).write_text(good_log, encoding="utf-8")

    set_checkpoint(save, 0)  # the log's change is replayed onto a save where it cannot fit
    save.write_text(
        save.read_text(encoding="utf-8").replace('"Alice"', '"Alicia"'), encoding="utf-8"
    )
    found["replay"] = _problem(lambda: Store.open(save))
    assert isinstance(found["replay"], ReplayError)
    save.write_text(good, encoding="utf-8")

    os.link(log_path(save), tmp_path / "copy-of-log.toml")
    found["hard links"] = _problem(lambda: Store.open(save))
    (tmp_path / "copy-of-log.toml").unlink()
    log_path(save).unlink()
    log_path(save).symlink_to(tmp_path / "elsewhere.txt")
    found["symlinked log"] = _problem(lambda: Store.open(save))
    log_path(save).unlink()
    log_path(save).mkdir()
    found["log is a folder"] = _problem(lambda: Store.open(save))
    log_path(save).rmdir()
    log_path(save).write_text(good_log, encoding="utf-8")

    for case in (
        "save edited",
        "save deleted",
        "log grew",
        "log shortened",
        "log deleted",
        "log replaced",
    ):
        store, session = writer(save)
        log = log_path(save)
        if case == "save edited":
            save.write_text(good.replace('name = "Test"', 'name = "Edited"'), encoding="utf-8")
        elif case == "save deleted":
            save.rename(tmp_path / "moved.toml")
        elif case == "log grew":
            log.write_text(log.read_text(encoding="utf-8") + "\n# note\n", encoding="utf-8")
        elif case == "log shortened":
            log.write_text(log.read_text(encoding="utf-8")[:20], encoding="utf-8")
        elif case == "log deleted":
            log.unlink()
        else:
            (tmp_path / "new.toml").write_text(good_log, encoding="utf-8")
            os.replace(tmp_path / "new.toml", log)
        found[case] = _problem(functools.partial(session.execute, Bump()), case)
        assert isinstance(found[case], ConflictError), case
        store.close()
        save.write_text(good, encoding="utf-8")
        (tmp_path / "moved.toml").unlink(missing_ok=True)
        log.write_text(good_log, encoding="utf-8")

    store, session = writer(save)
    full = OSError(errno.ENOSPC, "нет места на диске")  # the system's words are its own

    def no_room(*args: object, **kwargs: object) -> None:
        raise full

    with monkeypatch.context() as m:
        m.setattr(os, "replace", no_room)
        m.setattr(os, "fsync", no_room)
        found["append fails"] = _problem(lambda: session.execute(Bump()))
        found["save beside fails"] = _problem(store.save_beside)
    store.close()
    assert isinstance(found["locked"], LockedError)
    assert isinstance(found["append fails"], WriteError)
    words = {
        k: left(v.message, "Alice", "Alicia", "Test", "Edited", "HP", "none.toml.bak")
        for k, v in found.items()
    }
    assert {k: v.message for k, v in found.items() if not re.search("[а-яё]", v.message)} == {}
    assert {k: v for k, v in words.items() if v} == {}
