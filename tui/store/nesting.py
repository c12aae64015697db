"""Bounded nesting: a save or a log entry may not hold values nested deeper than a few levels.

The deepest table the app itself writes is about ten levels down (a Strange System round in
``scene.system``). A hand-edited file nested hundreds of levels deep would parse, then make
every recursive step after it (validation, writing) fail with ``RecursionError``; a file
with inline arrays a thousand levels deep makes ``tomllib`` itself fail that way. Both are
refused on load with a message naming where the nesting goes too deep.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

__all__ = ["MAX_DEPTH", "MAX_TEXT", "deep_json", "deep_line", "too_deep", "too_long"]

#: Containers (tables and arrays) below the top of a document, at most.
MAX_DEPTH = 16
#: Characters in one text of a save, at most: a character's notes of 50 MB open (and a
#: change to that character costs what any change does); a longer text is refused by
#: name, before the save's own limit (256 MB) would refuse the whole file unnamed.
MAX_TEXT = 64_000_000

_TOKEN = re.compile(r'"""|\'\'\'|\\.|["\'#\[\]{}\n]')
#: in JSON: a string (escapes included) or a bracket
_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]')


def _step(path: str, key: object) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    text = str(key)
    part = text if re.fullmatch(r"[A-Za-z0-9_-]+", text) else '"' + text.replace('"', '\\"') + '"'
    return f"{path}.{part}" if path else part


def too_deep(doc: Mapping[str, Any], limit: int = MAX_DEPTH) -> str | None:
    """The key path of the first value nested deeper than ``limit``, or ``None``.

    Iterative, so it cannot itself hit the recursion limit whatever the input; only tables
    and arrays are visited, and a path is spelled out only for the one reported.
    """
    parents: list[tuple[int, object]] = [(-1, "")]  # (parent's index, key) per container
    stack: list[tuple[Any, int, int]] = [(doc, 0, 0)]
    while stack:
        value, depth, node = stack.pop()
        children = value.items() if isinstance(value, Mapping) else enumerate(value)
        if depth > limit:
            return _path(parents, node) or "(top)"
        for key, child in children:
            if isinstance(child, (Mapping, list, tuple)):
                parents.append((node, key))
                stack.append((child, depth + 1, len(parents) - 1))
    return None


def too_long(doc: Mapping[str, Any], limit: int | None = None) -> str | None:
    """The key path of the first text longer than ``limit`` characters (:data:`MAX_TEXT`),
    or ``None`` (iterative, like :func:`too_deep`)."""
    limit = MAX_TEXT if limit is None else limit
    stack: list[tuple[Any, str]] = [(doc, "")]
    while stack:
        value, path = stack.pop()
        children = value.items() if isinstance(value, Mapping) else enumerate(value)
        for key, child in children:
            if isinstance(child, str):
                if len(child) > limit:
                    return _step(path, key)
            elif isinstance(child, (Mapping, list, tuple)):
                stack.append((child, _step(path, key)))
    return None


def _path(parents: list[tuple[int, object]], node: int) -> str:
    keys: list[object] = []
    while node > 0:
        node, key = parents[node]
        keys.append(key)
    path = ""
    for key in reversed(keys):
        path = _step(path, key)
    return path


def deep_line(text: str, limit: int = MAX_DEPTH) -> tuple[int, int]:
    """Line and column (1-based) where inline arrays/tables open deeper than ``limit``.

    A light scan that knows strings and comments (only used to locate the problem after the
    parser gave up); ``(1, 1)`` when it finds nothing more precise.
    """
    depth = 0
    line, line_start = 1, 0
    mode = ""  # "" · '"' · "'" · '"""' · "'''" · "#"
    for m in _TOKEN.finditer(text):
        tok = m.group()
        if tok == "\n":
            line, line_start = line + 1, m.end()
            if mode in ('"', "'", "#"):
                mode = ""
            continue
        if mode == "#":
            continue
        if mode:
            if tok == mode or (mode == '"' and tok == '"""'):
                mode = "" if tok == mode else '"'
            continue
        if tok in ('"', "'", '"""', "'''", "#"):
            mode = tok
        elif tok in "[{" and not (
            depth == 0 and text[line_start : m.start()].strip() == "" and tok == "["
        ):
            depth += 1
            if depth > limit:
                return line, m.start() - line_start + 1
        elif tok in "]}" and depth:
            depth -= 1
    return 1, 1


def deep_json(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether the JSON ``text`` opens arrays/objects deeper than ``limit`` — asked before
    ``json.loads``, whose recursion such a text (``[[[[…``) would exhaust. A light scan that
    knows strings; it does not validate (the parser does, once the text is known shallow)."""
    depth = 0
    for m in _JSON_TOKEN.finditer(text):
        tok = m.group()
        if tok in "[{":
            depth += 1
            if depth > limit:
                return True
        elif tok in "]}":
            depth = max(depth - 1, 0)
    return False
