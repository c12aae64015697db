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

__all__ = ["MAX_DEPTH", "deep_line", "too_deep"]

#: Containers (tables and arrays) below the top of a document, at most.
MAX_DEPTH = 16

_TOKEN = re.compile(r'"""|\'\'\'|\\.|["\'#\[\]{}\n]')


def _step(path: str, key: object) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    text = str(key)
    part = text if re.fullmatch(r"[A-Za-z0-9_-]+", text) else '"' + text.replace('"', '\\"') + '"'
    return f"{path}.{part}" if path else part


def too_deep(doc: Mapping[str, Any], limit: int = MAX_DEPTH) -> str | None:
    """The key path of the first value nested deeper than ``limit``, or ``None``.

    Iterative, so it cannot itself hit the recursion limit whatever the input.
    """
    stack: list[tuple[Any, str, int]] = [(doc, "", 0)]
    while stack:
        value, path, depth = stack.pop()
        if isinstance(value, Mapping):
            children: list[tuple[object, Any]] = list(value.items())
        elif isinstance(value, (list, tuple)):
            children = list(enumerate(value))
        else:
            continue
        if depth > limit:
            return path or "(top)"
        stack.extend((child, _step(path, key), depth + 1) for key, child in reversed(children))
    return None


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
        elif tok in "[{" and not (depth == 0 and text[line_start : m.start()].strip() == ""
                                  and tok == "["):
            depth += 1
            if depth > limit:
                return line, m.start() - line_start + 1
        elif tok in "]}" and depth:
            depth -= 1
    return 1, 1
