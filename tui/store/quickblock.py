"""Reading the few keys the log's index keeps from a block the app wrote, without TOML.

The app writes every ``[[log]]`` block one ``key = value`` line per key
(:mod:`tui.store.logformat`), and the values the index keeps — strings, integers, booleans,
lists of strings — are written so that JSON reads them as TOML does. Reading those lines
directly makes building the index of a million entries a pass over the file rather than a
parse of it. Anything else (a block written or edited by hand in other TOML: multi-line
values, literal strings, comments, other spacing) is ``None``, and the parser reads it;
``tests/store/test_logindex.py`` holds this reading to the parser's.
"""

from __future__ import annotations

import json
import re

from tui.session.campaign.log import LogEntry

__all__ = ["quick_entry"]

#: the keys an index row is made of (the others — dice, patches, messages — are not read)
_WANTED = frozenset(
    [
        "seq",
        "time",
        "kind",
        "text",
        "actor",
        "grade",
        "effects",
        "undoes",
        "secret",
        "hidden",
        "adventure",
        "scene",
    ]
)
_BARE = re.compile(r"[A-Za-z0-9_-]+")


def quick_entry(block: bytes) -> LogEntry | None:
    """The index's part of the entry in ``block``, read from its lines as the app writes
    them (``key = value``, one line each: strings, numbers, booleans and lists of strings
    are JSON there), without the TOML parser — building the index of a million entries is
    then a pass over the file, not a parse of it. ``None`` for anything else (a block
    written by hand in other TOML: multi-line values, literal strings, comments …): the
    parser reads that one."""
    try:
        lines = block.decode("utf-8").split("\n")
    except UnicodeDecodeError:
        return None
    if lines[0] != "[[log]]":
        return None
    doc: dict[str, object] = {}
    seen: set[str] = set()
    for line in lines[1:]:
        if not line:
            continue
        key, eq, value = line.partition(" = ")
        if not eq or key in seen or not _BARE.fullmatch(key) or value.startswith(('"""', "'")):
            return None
        seen.add(key)
        if key not in _WANTED:
            continue
        if value.isdigit() and value.isascii():
            doc[key] = int(value)
        elif (
            value[:1] == '"' and value[-1:] == '"' and "\\" not in value and '"' not in value[1:-1]
        ):
            doc[key] = value[1:-1]
        else:
            try:
                doc[key] = json.loads(value)
            except ValueError:
                return None
    return _entry(doc)


def _entry(doc: dict[str, object]) -> LogEntry | None:
    """The entry of ``doc`` when its keys have the types a log entry's have (else the
    parser reads the block and says what is wrong)."""
    seq, time, kind, text = doc.get("seq"), doc.get("time"), doc.get("kind"), doc.get("text")
    actor, grade = doc.get("actor", ""), doc.get("grade", "")
    undoes, adventure, scene = doc.get("undoes", 0), doc.get("adventure", 0), doc.get("scene", 0)
    secret, effects, hidden = (
        doc.get("secret", False),
        doc.get("effects", []),
        doc.get("hidden", []),
    )
    if not (
        type(seq) is int
        and type(undoes) is int
        and type(adventure) is int
        and type(scene) is int
        and adventure >= 0
        and scene >= 0
        and isinstance(time, str)
        and isinstance(kind, str)
        and isinstance(text, str)
        and isinstance(actor, str)
        and isinstance(grade, str)
        and type(secret) is bool
        and isinstance(effects, list)
        and isinstance(hidden, list)
        and all(isinstance(n, str) for n in hidden)
    ):
        return None
    return LogEntry(
        seq,
        time,
        kind,
        text,
        actor,
        grade,
        effects=tuple(str(e) for e in effects),
        undoes=undoes,
        secret=secret,
        hidden=tuple(hidden),
        adventure=adventure,
        scene=scene,
    )
