"""Tab completion for the roll entry: commands, their arguments, characters, skills, modifiers.

:func:`complete_line` returns whole lines, in the order Tab cycles through them. What is
completed is the word under the cursor at the end of the line (the *fragment*; empty after a
space, where Tab offers the next word): a roll line is ``CHAR SKILL MODIFIER…`` on each side
of ``vs``; a ``/command`` line follows the command's declared arguments
(:class:`~tui.session.protocol.commands.SlashCommand.args`).
"""

from __future__ import annotations

import heapq
import os
import re
import weakref
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from tui.base.kept import KeptByIdentity
from tui.language import vs_words
from tui.session.entry.entry import MAX_LINE
from tui.session.entry.names import (
    NameError_,
    complete,
    match_prefix_words,
    names_of,
    normal,
    romanise,
)
from tui.session.entry.names import script_of as _script
from tui.session.protocol.commands import SlashCommand
from tui.session.table.table import SECRET, Table

__all__ = ["complete_line", "parse_spec"]

_WORD = re.compile(r"\S+")
ROLL_SPEC = "CHAR SKILL MODIFIER…"
OPPONENT_SPEC = "CHAR [SKILL] MODIFIER…"


@dataclass(frozen=True)
class _Item:
    """One argument of a spec: kinds (upper case) or literal words.

    ``group`` numbers the items of one ``[…]``: only its first item is ``optional`` (when it
    does not fit, the whole group is skipped); the others follow it.
    """

    kinds: tuple[str, ...]
    optional: bool = False
    repeat: bool = False
    group: int = 0


def parse_spec(spec: str) -> tuple[_Item, ...]:
    """``"CHAR [RESOURCE] N"`` → its items (see :class:`SlashCommand`)."""
    items: list[_Item] = []
    group, groups, lead = 0, 0, False
    for raw in spec.split():
        if raw.startswith("["):
            groups += 1
            group, lead = groups, True
        word = raw.strip("[]")
        repeat = word.endswith(("…", "..."))
        word = word.rstrip(".…")
        items.append(_Item(tuple(w for w in word.split("|") if w), lead, repeat, group))
        lead = False
        if raw.endswith("]"):
            group = 0
    return tuple(items)


def _skip_group(spec: Sequence[_Item], i: int) -> int:
    """The index after the optional group that starts at ``i``."""
    group = spec[i].group
    i += 1
    while i < len(spec) and group and spec[i].group == group:
        i += 1
    return i


@dataclass(frozen=True)
class _Candidate:
    start: int  # where in the line the completed text begins
    text: str  # what replaces the line from ``start`` on
    space: bool  # a space follows (a character, a command with arguments)


# -- what each kind may be ------------------------------------------------------------------
def _characters(table: Table, _who: str | None) -> Mapping[str, str]:
    return table.character_aliases()


def _skills(table: Table, who: str | None) -> Mapping[str, str]:
    if who is None:
        return table.every_skill_alias()
    return table.skill_aliases(who)


def _resources(table: Table, who: str | None) -> Mapping[str, str]:
    if who is None:
        return {}
    return {r: r for r in table.campaign.character(who).resources}


def _checks(table: Table, _who: str | None) -> Mapping[str, str]:
    return {c.name: c.name for c in table.campaign.checks}


def _conditions(table: Table, who: str | None) -> Mapping[str, str]:
    """The character's conditions (what ``/uncond`` lifts)."""
    if who is None:
        return {}
    return {c.name: c.name for c in table.campaign.character(who).conditions}


def _modifiers(table: Table, _who: str | None) -> Mapping[str, str]:
    words = [w for f in table.system.modifier_fields for w in f.choices if w]
    return {w: w for w in words}


_KINDS: dict[str, Callable[[Table, str | None], Mapping[str, str]]] = {
    "CHAR": _characters, "SKILL": _skills, "RESOURCE": _resources, "CHECK": _checks,
    "CONDITION": _conditions, "MODIFIER": _modifiers,
}  # fmt: skip
#: kinds that stand for one word without candidates, kinds that take any one word (their
#: candidates are only suggestions), and free text (ends completion)
_ANY_WORD = frozenset({"N"})
#: Most candidates of one kind Tab offers (the best first): with 800 characters, "c" would
#: otherwise cycle through hundreds; typing a letter more narrows them instead.
MAX_OFFERED = 40
_ONE_WORD = frozenset({"N", "MODIFIER", "PATH"})
_FREE = frozenset({"TEXT"})


def _provider(table: Table, kind: str) -> Callable[[Table, str | None], Mapping[str, str]]:
    for commands in table.command_sets:
        if kind in commands.arg_kinds:
            return commands.arg_kinds[kind]
    return _KINDS.get(kind, lambda _t, _w: {})


# -- the order of candidates ----------------------------------------------------------------
_USE: weakref.WeakKeyDictionary[Table, tuple[int, Counter[tuple[str, str]]]] = (
    weakref.WeakKeyDictionary()
)


def _use(table: Table) -> Counter[tuple[str, str]]:
    """How often each (actor, skill) and each (actor, "") was rolled in the loaded log."""
    log = table.session.log
    cached = _USE.get(table)
    key = log[-1].seq if log else 0
    if cached is not None and cached[0] == key:
        return cached[1]
    counts: Counter[tuple[str, str]] = Counter()
    for entry in log[-2000:]:
        if entry.kind == "roll" and entry.actor:
            counts[(entry.actor, "")] += 1
            skill = entry.inputs.get("skill")
            if isinstance(skill, str):
                counts[(entry.actor, skill)] += 1
    _USE[table] = (key, counts)
    return counts


def _order(table: Table, kind: str, who: str | None, reals: Sequence[str]) -> list[str]:
    """``reals`` in the order Tab offers them (the ranking's order breaks remaining ties)."""
    use = _use(table)
    if kind == "CHAR":
        place = table.character_places()
        if not use:  # nothing rolled yet: the campaign's order
            if place.keys() >= set(reals):  # a sort keyed in C, not a call per name
                return sorted(reals, key=place.__getitem__)
            last = len(place)
            return heapq.nsmallest(MAX_OFFERED, reals, key=lambda r: place.get(r, last))
        return heapq.nsmallest(
            MAX_OFFERED, reals, key=lambda r: (-use[(r, "")], place.get(r, len(place)))
        )
    if kind == "SKILL" and who is not None:
        ch = table.campaign.character(who)
        sheet = {s: i for i, s in enumerate(table.system.rollables(ch))}
        return sorted(
            reals, key=lambda r: (r not in ch.skills, -use[(who, r)], sheet.get(r, len(sheet)))
        )
    return list(reals)


# -- which name to write ----------------------------------------------------------------------
def _cased(name: str, typed: str) -> str:
    """``name`` in the case the GM types in: lower case stays lower, capitals stay capitals."""
    case = _case_of(typed)
    return name.lower() if case == "lower" else name.upper() if case == "upper" else name


@lru_cache(maxsize=256)  # asked for each of the 40 names offered, with the same typed text
def _case_of(typed: str) -> str:
    """``"lower"``, ``"upper"`` or ``""`` (as written): the case ``typed`` is in."""
    letters = [c for c in typed if c.isalpha()]
    if not letters:
        return ""
    if all(c.islower() for c in letters):
        return "lower"
    if len(letters) > 1 and all(c.isupper() for c in letters):
        return "upper"
    return ""


def _display(real: str, names: Sequence[str], typed: str, script: str) -> str:
    """The name of ``real`` to write: one that continues ``typed``, else one that matches it
    in the line's script, else one in the line's script (an alias, or the transliteration),
    else the real name. Lower case stays lower case."""
    if len(names) <= 1 and real.isascii():  # most names: a Latin name without aliases
        only = _cased(real, typed)
        if not typed:
            return only  # the only option, in whatever script the line is
        if only[: len(typed)].casefold() == typed.casefold():
            return typed + only[len(typed) :]
    options = [real, *(n for n in names if n != real)]
    if _script(real) == "cyrillic":
        options += [romanise(real), romanise(real, alternate=True)]
    options = [_cased(o, typed) for o in options]
    if typed:
        folded = typed.casefold()
        for option in options:
            if option.casefold().startswith(folded):
                return typed + option[len(typed) :]
        matching = [o for o in options if complete(typed, [o])]
        options = matching + [o for o in options if o not in matching]
    if script:
        for option in options:
            if _script(option) in (script, ""):
                return option
    return options[0]


#: most folder entries looked at for one Tab (a folder of thousands stays instant)
_MAX_LISTED = 2000


def _paths(typed: str) -> list[str]:
    """Files and folders the fragment may name (``~`` is the home; a relative path is from
    where Tablekeeper was started), folders ending in ``/``, hidden ones only for a ``.``;
    names with spaces are left out, as a path is one word of the line."""
    head, sep, stem = typed.rpartition("/")
    folder = head + sep
    base = Path(folder).expanduser() if folder else Path(".")
    found: list[str] = []
    try:
        with os.scandir(base) as entries:
            for n, entry in enumerate(entries):
                if n >= _MAX_LISTED:
                    break
                name = entry.name
                if not name.startswith(stem) or any(c.isspace() for c in name):
                    continue
                if name.startswith(".") and not stem.startswith("."):
                    continue
                try:
                    is_dir = entry.is_dir()
                except OSError:
                    continue
                found.append(folder + name + ("/" if is_dir else ""))
    except OSError:
        return []
    return sorted(found)[:MAX_OFFERED]


def _offer(table: Table, kind: str, who: str | None, typed: str, head: str) -> Iterable[str]:
    """Names of ``kind`` the phrase ``typed`` may become, each thing once, in Tab order:
    each written out (its script, case and alias chosen) only when it is read, so the
    inline suggestion, which reads the first, does not write out 40 of 800 cultists."""
    if kind == "PATH":
        return _paths(typed)
    if kind in _ANY_WORD or kind in _FREE:
        return []
    if kind[:1].islower():  # a literal word (or key=value) of the spec
        if kind.casefold().startswith(typed.casefold()):
            return [typed + kind[len(typed) :]]
        return []
    names = _provider(table, kind)(table, who)
    if not names:
        return []
    found = complete(typed, names_of(names))
    # the things found, each once in the order found; only the offered ones (40 of what
    # may be 800) get their names gathered: the names found first, in order, then every
    # other alias, for the script choice
    reals = _offered(table, kind, who, names, found)
    aliases = _aliases(names)
    among: set[str] | None = None  # gathered only for a thing with aliases
    by_real: dict[str, list[str]] = {}
    for real in reals:
        every = aliases.get(real, [real])
        if len(every) == 1:
            by_real[real] = every
            continue
        if among is None:
            among = set(found)
        mine = [n for n in every if n in among]
        if len(mine) > 1:  # a name and its alias both found: in the order found
            mine.sort(key=found.index)
        mine.extend(n for n in every if n not in among)
        by_real[real] = mine
    script = _script(typed) or _script(head)
    case_from = typed or head.rstrip().rpartition(" ")[2]
    return (
        _display(real, by_real[real], typed or case_from, script)
        if typed
        else _display(real, by_real[real], "", script)
        if not case_from
        else _cased(_display(real, by_real[real], "", script), case_from)
        for real in reals
    )


def _offered(
    table: Table, kind: str, who: str | None, names: Mapping[str, str], found: Sequence[str]
) -> list[str]:
    """The things ``found`` names, each once, in Tab order: the first :data:`MAX_OFFERED`.

    Kept for the last few (kind, character, names found) while the campaign, the names map
    and the log's counts are the same objects: "c", "cu" … "cultist" each find the same 800
    cultists, and putting 800 in order cost a fifth of such a key."""
    basis = (table.campaign, names, _use(table))
    key = (kind, who, tuple(found))
    kept = _OFFERED.get(key)
    if kept is not None and all(a is b for a, b in zip(kept[0], basis, strict=True)):
        return list(kept[1])
    reals = _order(table, kind, who, list(dict.fromkeys(map(names.get, found, found))))
    reals = reals[:MAX_OFFERED]
    if len(_OFFERED) >= 8:
        _OFFERED.pop(next(iter(_OFFERED)))
    _OFFERED[key] = (basis, tuple(reals))
    return reals


#: :func:`_offered`'s answers: (kind, character, names found) → ((campaign, names map, use
#: counts) they were made from, the answer)
_OFFERED: dict[
    tuple[str, str | None, tuple[str, ...]], tuple[tuple[object, ...], tuple[str, ...]]
] = {}


def _turned(names: Mapping[str, str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for name, real in names.items():
        out.setdefault(real, []).append(name)
    return out


#: ``names`` turned round: each real name → every name of it (in ``names``' order), for the
#: last few maps (kept per campaign state; a key offers 40 of 800 characters, and the party's
#: map stays among the characters' skill maps)
_aliases: KeptByIdentity[Mapping[str, str], dict[str, list[str]]] = KeptByIdentity(_turned, 8)


# -- walking the line along a spec ------------------------------------------------------------
def _consume(
    table: Table, item: _Item, words: Sequence[str], who: str | None
) -> tuple[int, str | None, str] | None:
    """(words used, the character after it, the kind that matched) or None."""
    for kind in item.kinds:
        if kind in _FREE:
            return len(words), who, kind
        if kind in _ONE_WORD:
            return 1, who, kind
        if kind[:1].islower():
            if normal(words[0]) == normal(kind):
                return 1, who, kind
            continue
        names = _provider(table, kind)(table, who)
        try:
            found = match_prefix_words(words, names_of(names), what=kind.lower(), same=names)
        except NameError_:
            continue
        real = names.get(found.name, found.name)
        return found.consumed, (real if kind == "CHAR" else who), kind
    return None


def _begun(table: Table, item: _Item, who: str | None, line: str, at: int) -> Iterator[_Candidate]:
    """Names of ``item``'s kinds that the rest of ``line`` from ``at`` begins, when it is
    more than one word (one word that names nothing is the fragment's business): the words
    typed so far are the start of a name of several words that none of them resolves alone,
    as "cultist" among many cultists."""
    phrase = line[at:]
    if len(phrase.split()) < 2 and not phrase[-1:].isspace():
        return
    for kind in item.kinds:
        if not kind.isupper() or kind in _ONE_WORD or kind in _FREE or kind in _ANY_WORD:
            continue
        names = _provider(table, kind)(table, who)
        try:
            match_prefix_words(phrase.split()[:1], names_of(names), what=kind.lower(), same=names)
        except NameError_ as exc:
            if not exc.ambiguous:
                continue  # a word that names nothing: no name begins here
        for name in _offer(table, kind, who, phrase.rstrip(), line[:at]):
            if len(normal(name).split()) >= len(phrase.split()):  # the name itself: its space
                yield _Candidate(at, name, kind == "CHAR")


def _walk(table: Table, spec: Sequence[_Item], line: str, start: int) -> Iterator[_Candidate]:
    """Candidates for the fragment at the end of ``line``, the words from ``start`` on
    following ``spec`` (found as they are read)."""
    spans = [(m.start(), m.group()) for m in _WORD.finditer(line, start)]
    fragment = "" if line[-1:].isspace() or not spans else spans[-1][1]
    done = spans if not fragment else spans[:-1]
    frag_at = len(line) - len(fragment)
    i, j, who = 0, 0, None
    last: tuple[int, str, str | None] | None = None  # (first word, kind, who before it)
    while j < len(done):
        if i >= len(spec):
            return
        item = spec[i]
        got = _consume(table, item, [w for _, w in done[j:]], who)
        if got is None:
            # the words from here to the end may be one name begun: "cultist 01" (Cultist
            # 010 …), "cultist " (every cultist); no whole name among them yet
            begun = _begun(table, item, who, line, done[j][0])
            opening = next(begun, None)
            if opening is not None:
                yield opening
                yield from begun
                return
            if item.optional:
                i = _skip_group(spec, i)
                continue
            return
        used, after, kind = got
        if kind in _FREE:
            return
        last = (j, kind, who)
        who, j = after, j + used
        if not item.repeat:
            i += 1
    if fragment and last is not None and last[1].isupper() and last[1] not in _ONE_WORD:
        # the fragment may go on with the name just matched: "boris iv" → Boris Ivanov
        first, kind, before = last
        at = done[first][0]
        phrase = line[at:].rstrip()
        for name in _offer(table, kind, before, phrase, line[:at]):
            if len(normal(name).split()) >= len(phrase.split()) and name != phrase:
                yield _Candidate(at, name, kind == "CHAR")
    while i < len(spec):
        item = spec[i]
        for kind in item.kinds:
            for name in _offer(table, kind, who, fragment, line[:frag_at]):
                yield _Candidate(frag_at, name, kind == "CHAR")
        if not item.optional:
            break
        i = _skip_group(spec, i)


def _command_names(table: Table, typed: str) -> list[_Candidate]:
    commands = {c.name: c for c in table.commands()}
    found = [n for n in sorted(commands) if n.startswith(typed.casefold())]
    if not found and typed:
        found = complete(typed, sorted(commands))
    return [_Candidate(1, n, _takes_args(commands[n])) for n in found]


def _takes_args(cmd: SlashCommand) -> bool:
    return bool(cmd.args) or " " in cmd.usage.strip()


def _roll_line(table: Table, text: str) -> Iterable[_Candidate]:
    spans = [(m.start(), m.group()) for m in _WORD.finditer(text)]
    ends_in_space = text[-1:].isspace()
    done = spans if ends_in_space else spans[:-1]
    side = 0
    for k, (_at, word) in enumerate(done):
        if word.casefold() in vs_words():
            side = k + 1
    start = (
        done[side][0]
        if side < len(done)
        else (len(text) if ends_in_space else (spans[-1][0] if spans else 0))
    )
    keys = table.option_keys()
    for _, word in done[side:]:
        key, eq, _ = word.partition("=")
        if eq and key.casefold() not in keys:
            return []  # typing dice: nothing to complete
    spec = parse_spec(OPPONENT_SPEC if side else ROLL_SPEC)
    return _walk(table, spec, text, start)


def complete_line(table: Table, text: str, count: int | None = None) -> list[str]:
    """Whole-line completions of ``text``, in Tab order (lines equal to ``text`` included,
    so that cycling comes back to what the GM has); the first ``count`` of them only when
    given (the inline suggestion asks for two: one may be ``text`` itself), and only those
    are worked out. A secret line (``!…``) completes as the line after the ``!``, which it
    keeps.

    Every candidate is offered, each thing once (an alias and its name are one): skills
    before characteristics, then the most rolled first (from the log), then the sheet's
    order; characters by use, then the campaign's order. Nothing is appended that the GM
    did not ask for: a fragment is completed, and only an empty fragment offers the next
    word; a completed character or command is followed by a space, so the next Tab goes on.
    The line keeps the GM's script and case (in a Latin line a Latin alias or the
    transliteration: ``dallah vl`` → ``dallah vladenie dlinnym mechom``). The name the
    fragment continues comes first, so the inline suggestion can show the rest of the word;
    a completion that corrects the fragment (a typo, another script) replaces it.
    """
    if len(text) > MAX_LINE or not text.strip() or any(ord(c) < 32 for c in text):
        return []
    if text.startswith(SECRET):
        after = text[len(SECRET) :]
        head = SECRET + after[: len(after) - len(after.lstrip())]
        return [head + c for c in complete_line(table, after.lstrip(), count)]
    found: Iterable[_Candidate]
    if text.startswith("/"):
        name, space, _rest = text[1:].partition(" ")
        if not space:
            found = _command_names(table, name)
        else:
            cmd = table.command(name.casefold())
            found = [] if cmd is None else _walk(table, parse_spec(cmd.args), text, len(name) + 2)
    else:
        found = _roll_line(table, text)
    out: dict[str, None] = {}  # each line once, in order
    for cand in found:
        out.setdefault(text[: cand.start] + cand.text + (" " if cand.space else ""))
        if count is not None and len(out) >= count:
            break
    return list(out)
