"""The save file's text, written in fragments: the GM's words survive, untouched parts are free.

A save is cut into fragments: the top-level keys (the *preamble*), ``[options]``, each
``[[characters]]`` block with its sub-tables, ``[scene]``, each ``[[scene_history]]`` and
each ``[[checks]]`` block, each with the comment lines just above it. :class:`SaveText`
remembers the text of every fragment together with the value it shows. Writing a new state
reuses the text of every value that is the same object as before (states are immutable, so
"the same object" means "unchanged") and renders only the rest. So

- comments and layout the GM wrote survive in every table a change did not touch (and in
  the preamble, whose changed keys are rewritten line by line);
- a change costs what the changed fragments cost, whatever the size of the campaign.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import fields
from typing import Any

import tomli_w

from tui.session.campaign.history import History
from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.schema import FORMAT, _plain, character_doc, check_doc, scene_doc
from tui.store import tomlread
from tui.store.logformat import toml_inline

__all__ = ["HEADER", "SaveText", "split"]

HEADER = (
    "# Tablekeeper campaign. Plain TOML: edit freely (your comments are kept), then run\n"
    "# `tablekeeper check FILE`. The log lives next to it in NAME.log.toml; the previous\n"
    "# version in NAME.toml.bak. `checkpoint` is the last log entry this file includes.\n\n"
)
_TOKEN = re.compile(r'"""|\'\'\'|\\.|["\'#\[\]{}\n]')
_ITEMS = ("characters", "scene_history", "checks")
_TABLES = ("options", "scene")
_TOP = ("format", "system", "name", "adventure", "checkpoint", "campaign_id")
_HEADER_LINE = re.compile(r"^(\[\[?)", re.MULTILINE)
#: the parts of a character whose rendered text is cached by the part's identity
_CHARACTER_FIELDS = tuple(f.name for f in fields(Character))

Key = tuple[str, int]


def _lines(text: str) -> Iterator[tuple[int, bool]]:
    """(offset, in code) for each line start: whether the line starts outside every string
    and bracket (only such lines may be headers or comments)."""
    mode, depth = "", 0
    yield 0, True
    for m in _TOKEN.finditer(text):
        tok = m.group()
        if tok == "\n":
            if mode in ('"', "'", "#"):
                mode = ""
            yield m.end(), mode == "" and depth == 0
        elif mode == "#":
            continue
        elif mode:
            if tok == mode:
                mode = ""
        elif tok in ('"', "'", '"""', "'''", "#"):
            mode = tok
        elif tok in "[{":
            line_start = text.rfind("\n", 0, m.start()) + 1
            if not (depth == 0 and tok == "[" and text[line_start : m.start()].strip() == ""):
                depth += 1
            else:
                mode = "#"  # a header line: nothing more on it matters
        elif tok in "]}" and depth:
            depth -= 1


#: a header of bare keys only (what the app writes), read without the TOML parser
_PLAIN_HEADER = re.compile(
    r"(\[\[?)[ \t]*([A-Za-z0-9_-]+)((?:[ \t]*\.[ \t]*[A-Za-z0-9_-]+)*)"
    r"[ \t]*(\]\]?)[ \t]*(?:#[^\n]*)?"
)


def _header_key(line: str) -> tuple[str, bool] | None:
    """The first key of a header line and whether it starts a new array item."""
    plain = _PLAIN_HEADER.fullmatch(line)
    if plain is not None and len(plain.group(1)) == len(plain.group(4)):
        return plain.group(2), plain.group(1) == "[[" and not plain.group(3)
    try:
        doc = tomlread.loads(line)
    except tomllib.TOMLDecodeError:
        return None
    if len(doc) != 1:
        return None
    ((first, value),) = doc.items()
    return first, isinstance(value, list) and value == [{}]


def split(text: str) -> tuple[str, dict[Key, str]] | None:
    """The preamble and the fragment texts by (section, index); ``None`` if not clean."""
    starts = list(_lines(text))
    heads: list[tuple[int, str, bool]] = []  # (block start, key, new item)
    pending: int | None = None  # where the comment run above the next header begins
    for i, (offset, code) in enumerate(starts):
        end = starts[i + 1][0] if i + 1 < len(starts) else len(text)
        line = text[offset:end].strip()
        if not code:
            pending = None
            continue
        if not line or line.startswith("#"):
            pending = offset if pending is None else pending
            continue
        if line.startswith("["):
            found = _header_key(line)
            if found is None:
                return None
            heads.append((offset if pending is None else pending, *found))
        pending = None
    if not heads:
        return text, {}
    preamble = text[: heads[0][0]]
    try:
        if set(tomlread.loads(preamble)) - set(_TOP):
            return None  # a section written inline at the top: nothing to reuse safely
    except tomllib.TOMLDecodeError:
        return None
    blocks: dict[Key, str] = {}
    counts = dict.fromkeys(_ITEMS, -1)
    current: Key | None = None
    for n, (start, key, is_item) in enumerate(heads):
        if key in _ITEMS and is_item:
            counts[key] += 1
            current = (key, counts[key])
        elif current is not None and current[0] == key:
            pass  # a sub-table of the fragment just above
        elif key in _TABLES and (key, 0) not in blocks:
            current = (key, 0)
        else:
            return None  # a sub-table away from its item, a table given twice, an odd key
        stop = heads[n + 1][0] if n + 1 < len(heads) else len(text)
        blocks[current] = blocks.get(current, "") + text[start:stop]
    return preamble, {k: v.strip("\n") + "\n" for k, v in blocks.items()}


def _render_table(section: str, doc: Mapping[str, Any], *, item: bool) -> str:
    """``[section]`` (or ``[[section]]`` for an array item) with ``doc`` under it.

    The header is written here, never left to tomli_w: given ``{section: [doc]}`` it may
    write the item as an inline array (``section = [{…}]``), which, placed after another
    fragment's sub-table, would land inside that table.
    """
    body = _HEADER_LINE.sub(rf"\1{section}.", tomli_w.dumps(doc))
    header = f"[[{section}]]" if item else f"[{section}]"
    return f"{header}\n{body}".strip("\n") + "\n"


class _CharacterLines:
    """A character's block rendered key by key, each key's text cached by value identity."""

    def __init__(self) -> None:
        self._cache: dict[tuple[str, int], tuple[object, str]] = {}

    def render(self, ch: Character) -> str:
        doc = character_doc(ch)
        parts = ["[[characters]]\n"]
        tables: list[str] = []
        fresh: dict[tuple[str, int], tuple[object, str]] = {}
        for key, value in doc.items():
            source = getattr(ch, key, value)
            hit = self._cache.get((key, id(source)))
            if hit is not None and hit[0] is source:
                text = hit[1]
            elif isinstance(value, dict):
                text = _HEADER_LINE.sub(r"\1characters.", tomli_w.dumps({key: value}))
            else:
                text = tomli_w.dumps({key: value})
            fresh[(key, id(source))] = (source, text)
            (tables if isinstance(value, dict) else parts).append(text)
        self._cache.update(fresh)
        return "".join(parts) + "".join("\n" + t for t in tables)

    def follow(self, campaign: Campaign) -> None:
        alive = {id(getattr(c, f)) for c in campaign.characters for f in _CHARACTER_FIELDS}
        self._cache = {k: v for k, v in self._cache.items() if k[1] in alive}


class SaveText:
    """The text of one save, kept fragment by fragment (used by one thread at a time).

    Fragments are found again by place (options, scene), name (characters, checks) or
    position (past scenes), and reused when the value is the same object, or equal to it.

    A character's lines are rendered one key at a time, each cached by the identity of its
    value, so a character with megabytes of notes re-renders only what changed.

    Splitting a file the GM edited is checked once: the first text made from it must read back
    as exactly the campaign, else the store falls back to writing the whole file afresh
    (comments are then lost, never data).

    The file's header comment (:data:`HEADER`) is English in every interface language: it is
    part of the file, read in a text editor and shared between GMs, never shown on a screen.
    """

    def __init__(self, text: str | None = None, campaign: Campaign | None = None) -> None:
        self._preamble = HEADER
        self._fragments: dict[tuple[str, object], tuple[object, str]] = {}
        self._chars = _CharacterLines()
        self.checked = text is None  # a text made from a GM's file is checked once
        self._base: tuple[str | None, str] = (None, "")  # unparsed past scenes, tidied once
        #: The file as read and its campaign, split on the first render (not at open).
        self._source = (text, campaign) if text is not None and campaign is not None else None

    def _split_source(self) -> None:
        if self._source is None:
            return
        text, campaign = self._source
        self._source = None
        found = split(text)
        if found is None:
            self.checked = True  # nothing reused: nothing to check
        else:
            self._preamble, blocks = found
            for place, value, key in _places(campaign):
                if key in blocks:
                    self._fragments[place] = (value, blocks[key])
            if not (
                isinstance(campaign.scene_history, History)
                and campaign.scene_history.base_text is not None
            ):
                for i, scene in enumerate(campaign.scene_history):
                    if ("scene_history", i) in blocks:
                        self._fragments[("scene_history", i)] = (
                            scene,
                            blocks[("scene_history", i)],
                        )

    def render(self, campaign: Campaign, checkpoint: int, campaign_id: str | None = None) -> str:
        """The whole file for ``campaign`` saved at log entry ``checkpoint``."""
        head, history = self.render_parts(campaign, checkpoint, campaign_id)
        return head + ("\n" + history if history else "")

    def render_parts(
        self, campaign: Campaign, checkpoint: int, campaign_id: str | None = None
    ) -> tuple[str, str]:
        """The file's text in two parts: everything but the past scenes, and the past scenes
        (written last, so that opening can leave them unparsed). ``campaign_id``: the
        identity the store keeps in the file (:mod:`tui.store.lock`)."""
        self._split_source()
        parts = [self._top(campaign, checkpoint, campaign_id)]
        fresh: dict[tuple[str, object], tuple[object, str]] = {}

        def add(place: tuple[str, object], value: object, out: list[str]) -> None:
            hit = self._fragments.get(place)
            if hit is not None and (hit[0] is value or hit[0] == value):
                text = hit[1]
            else:
                text = self._render(place[0], value)
            fresh[place] = (value, text)
            out.append(text)

        for place, value, _ in _places(campaign):
            add(place, value, parts)
        history: list[str] = []
        past = campaign.scene_history
        base = past.base_text if isinstance(past, History) else None
        if isinstance(past, History) and base is not None:
            if self._base[0] is not base:  # as read: never parsed to be written
                self._base = (base, base.strip("\n") + "\n")
            history.append(self._base[1])
            for i, scene in enumerate(past.extra):
                add(("scene_history", -1 - i), scene, history)
        else:
            for i, scene in enumerate(past):
                add(("scene_history", i), scene, history)
        self._fragments = fresh
        self._chars.follow(campaign)
        return "\n".join(parts), "\n".join(history)

    def _render(self, section: str, value: Any) -> str:
        if section == "characters":
            return self._chars.render(value)
        if section == "scene":
            return _render_table("scene", scene_doc(value), item=False)
        if section == "checks":
            return _render_table("checks", check_doc(value), item=True)
        return _render_table(section, _plain(value), item=section == "scene_history")

    def _top(self, campaign: Campaign, checkpoint: int, campaign_id: str | None) -> str:
        values: dict[str, object] = {
            "format": FORMAT,
            "system": campaign.system,
            "name": campaign.name,
            "adventure": campaign.adventure,
            "checkpoint": checkpoint,
            "campaign_id": campaign_id,
        }
        text = self._preamble
        try:
            have = tomlread.loads(text)
        except tomllib.TOMLDecodeError:
            have, text = {}, HEADER
        for key in _TOP:
            if values[key] is None or (have.get(key) == values[key] and key in have):
                continue
            line = f"{key} = {toml_inline(values[key])}"
            pattern = re.compile(rf"^[ \t]*{key}[ \t]*=.*$", re.MULTILINE)
            text, n = pattern.subn(line.replace("\\", "\\\\"), text, count=1)
            if not n:
                text = text.rstrip("\n") + ("\n" if text.strip() else "") + line + "\n"
        self._preamble = text
        return text.rstrip("\n") + "\n"


def _places(campaign: Campaign) -> Iterator[tuple[tuple[str, object], object, Key]]:
    """(place, value, block key in the file as read) for every fragment but the past scenes
    (:meth:`SaveText.render_parts` writes those last), in file order."""
    if campaign.options:
        yield ("options", 0), campaign.options, ("options", 0)
    for i, ch in enumerate(campaign.characters):
        yield ("characters", ch.name), ch, ("characters", i)
    if campaign.scene is not None:
        yield ("scene", 0), campaign.scene, ("scene", 0)
    for i, chk in enumerate(campaign.checks):
        yield ("checks", chk.name), chk, ("checks", i)
