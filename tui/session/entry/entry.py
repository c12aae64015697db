"""The roll-entry language: one line typed by the GM → a structured request.

Grammar (words are case-insensitive; names match by prefix or fuzzily)::

    line    := "/" command {arg}                      e.g. /undo, /scene Ambush long
             | dice ["=" faces]                       e.g. 3d6+2, d100 = 42
             | side {"vs" side}                       opposed when "vs" is present
    side    := character skill {modifier} ["=" faces]
    modifier:= word | signed-number | key "=" value   e.g. hard, -5, tn=13, range=4,5
    faces   := numbers separated by spaces, commas or dashes: 07 · 4 3 5 · 1-6-6-5

``против`` is a synonym of ``vs``. A side after the first that names no character may be a
plain number, an object's value that never rolls: ``alice str vs 15``, ``vs siz=15``, ``vs
siz 15`` (dice typed after it still belong to the line's one roll); whether a system takes
such a side is its own to say (``System.versus_number``). A line may oppose several sides
(``a … vs b … vs c …``, at most :data:`MAX_SIDES`); a side without a skill rolls the first
side's skill when it has it. How many sides a system resolves is the system's to say
(``System.max_sides``; the table refuses the rest by name).

Parsing never consults the rules: it only splits the line and resolves names against the
campaign. What a modifier means is up to the system (see ``tui/session/systems``).
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import replace

from rules import dice as dice_mod
from rules.errors import RulesError
from tui.language import _, char_count, vs_words
from tui.session.entry.names import NameError_, match_prefix_words, names_of
from tui.session.entry.rules_text import rules_message
from tui.session.entry.spelling import latin_dice
from tui.session.protocol.lines import Check, FreeRoll, Side, Slash

__all__ = [
    "MAX_LINE",
    "MAX_SIDES",
    "OPTION_KEYS",
    "Check",
    "EntryError",
    "FreeRoll",
    "Side",
    "Slash",
    "parse_faces",
    "parse_line",
    "split_words",
]

MAX_LINE = 500
#: Most sides one opposed line may name.
MAX_SIDES = 16
MAX_FACES = 64
_FACE_SPLIT = re.compile(r"[\s,;/\-–—]+")


def _vs() -> re.Pattern[str]:
    """Between the sides: ``vs`` and each catalog's word for it (``против``)."""
    words = sorted(vs_words(), key=len, reverse=True)
    return re.compile(r"\s+(?:" + "|".join(map(re.escape, words)) + r")\s+", re.IGNORECASE)


_DICE_LIKE = re.compile(r"^[\d\s+\-dD%]+$")
#: a side that is a plain number: ``15``, ``siz=15``, ``siz 15``, then modifiers and dice
_VALUE = re.compile(
    r"^\s*(?:(?P<label>[^\W\d_][\w.]{0,23})\s*(?:=|\s)\s*)?(?P<value>\d{1,6})"
    r"(?P<rest>(?:[\s=].*)?)$"
)


class EntryError(ValueError):
    """The line cannot be understood; the message names the problem. Nothing changed.

    ``at`` is where in the line the problem is (the entry puts the cursor there), when
    known; ``word`` the typed word it is about.
    """

    def __init__(self, message: str, *, at: int | None = None, word: str = "") -> None:
        super().__init__(message)
        self.at = at
        self.word = word

    def within(self, line: str, start: int, end: int) -> EntryError:
        """This error placed in ``line[start:end]``: at its word, else at the end."""
        if self.at is None:
            found = line.casefold().find(self.word.casefold(), start, end) if self.word else -1
            self.at = found if found >= 0 else end
        return self


Parsed = Slash | FreeRoll | Check


def split_words(text: str) -> list[str]:
    """Split on whitespace, honouring quotes ("…" or '…') when they are balanced."""
    try:
        return shlex.split(text, posix=True)
    except ValueError:
        return text.split()


def parse_faces(text: str) -> tuple[int, ...]:
    """``07`` · ``4 3 5`` · ``1-6-6-5`` · ``3,3,4,5`` → a tuple of ints (``00`` is 100)."""
    parts = [p for p in _FACE_SPLIT.split(text.strip()) if p]
    if not parts:
        raise EntryError(_("no dice after '='"))
    if len(parts) > MAX_FACES:
        raise EntryError(
            _("too many dice after '=' ({n}, at most {most})").format(n=len(parts), most=MAX_FACES)
        )
    faces: list[int] = []
    for part in parts:
        if not part.isascii() or not part.isdigit() or len(part) > 4:
            raise EntryError(_("die {part} is not a number").format(part=repr(part)), word=part)
        faces.append(100 if part in ("00", "000") else int(part))
    return tuple(faces)


#: keys of key=value modifiers; any other ``word=07`` is a name followed by typed dice. The
#: language reserves these for every system, so that ``tn=13`` in a BRP line is refused by
#: name (an unknown option) rather than read as dice; a system may add keys of its own
#: (``System.option_keys``), which the table passes to :func:`parse_line`.
OPTION_KEYS = frozenset(
    {"tn", "range", "resist", "mod", "die", "ext", "dice", "set", "focus", "bonus", "skill"}
)


def _split_dice(
    text: str, option_keys: Collection[str] = OPTION_KEYS
) -> tuple[str, tuple[int, ...] | None]:
    """Split ``text`` at the '=' that starts typed dice (not the one inside ``tn=13``)."""
    for m in re.finditer(r"=", text):
        before = text[: m.start()]
        word = re.search(r"(\S*)$", before)
        key = word.group(1).casefold() if word else ""
        if key and key in option_keys:
            continue
        tail = text[m.end() :].split()
        # options may follow the dice too: "... = 2 4 6 6 range=3,6"
        moved = [w for w in tail if "=" in w.strip("=")]
        faces = " ".join(w for w in tail if w not in moved)
        return " ".join([before.strip(), *moved]).strip(), parse_faces(faces)
    return text, None


def _side(
    text: str,
    characters: Sequence[str] | Mapping[str, str],
    skills_of: Callable[[str], Sequence[str] | Mapping[str, str]],
    default_skill: str | None = None,
    option_keys: Collection[str] = OPTION_KEYS,
) -> Side:
    body, faces = _split_dice(text, option_keys)
    words = split_words(body)
    if not words:
        raise EntryError(_("missing character and skill"))
    try:
        who = match_prefix_words(
            words, _candidates(characters), what="character", same=_same(characters)
        )
    except NameError_ as exc:
        raise EntryError(str(exc), word=exc.word) from None
    rest = words[who.consumed :]
    # modifiers never start a skill name: the name stops at the first key=value or number
    cut = next((i for i, w in enumerate(rest) if "=" in w or _is_number(w)), len(rest))
    if cut == 0:
        # "dallah longsword vs balgruf": the opponent rolls the same skill when it has it,
        # else the one thing it can roll ("kirma riding vs ог'лай": its danger class)
        if default_skill is not None:
            theirs = skills_of(who.name)
            real = set(theirs.values()) if isinstance(theirs, Mapping) else set(theirs)
            if default_skill in real:
                return _with_mods(who.name, default_skill, rest, faces)
            if len(real) == 1:
                return _with_mods(who.name, real.pop(), rest, faces)
        raise EntryError(_("missing skill for {name}").format(name=who.name))
    skills = skills_of(who.name)
    try:
        skill = match_prefix_words(
            rest[:cut], _candidates(skills), what=f"skill of {who.name}", same=_same(skills)
        )
    except NameError_ as exc:
        raise EntryError(str(exc), word=exc.word) from None
    return _with_mods(who.name, skill.name, rest[skill.consumed :], faces)


def _same(names: Sequence[str] | Mapping[str, str]) -> Mapping[str, str] | None:
    return names if isinstance(names, Mapping) else None


def _candidates(names: Sequence[str] | Mapping[str, str]) -> Sequence[str]:
    """The names to match: a map's kept once per map (:func:`names_of`)."""
    return names_of(names) if isinstance(names, Mapping) else names


def _with_mods(actor: str, skill: str, mods: Sequence[str], faces: tuple[int, ...] | None) -> Side:
    bare: list[str] = []
    options: dict[str, str] = {}
    for word in mods:
        if "=" in word:
            key, _eq, value = word.partition("=")
            if not value:
                raise EntryError(
                    _("modifier {word} needs a value after '='").format(word=repr(word))
                )
            key = key.casefold()
            # a key given twice keeps both values ("set=3 set=5" reads as "set=3,5"): the
            # system takes a list or refuses the value, never silently the last one
            options[key] = f"{options[key]},{value}" if key in options else value
        else:
            bare.append(word.casefold().replace("−", "-"))
    return Side(actor, skill, tuple(bare), options, faces)


def _value_side(
    text: str,
    labels: Sequence[str] | Mapping[str, str],
    option_keys: Collection[str],
) -> Side | None:
    """``text`` as a plain-number side, or None when it is not one.

    The word before the number takes the first side's spelling when it is one of
    ``labels`` (``siz`` → ``SIZ``). It is asked only when ``text`` names no character
    (``boulder=40`` stays the character Boulder with a typed 40). Words after the number
    are its modifiers (the system refuses them by name) and ``= 40`` the line's dice."""
    found = _VALUE.match(text)
    if found is None:
        return None
    label = found.group("label") or ""
    if label:
        real = (
            {alias.casefold(): labels[alias] for alias in labels}
            if isinstance(labels, Mapping)
            else {name.casefold(): name for name in labels}
        )
        if label.casefold() in real:
            label = real[label.casefold()]
        elif label.casefold() in option_keys:
            return None
    body, faces = _split_dice(found.group("rest"), option_keys)
    side = _with_mods("", label, split_words(body), faces)
    return replace(side, value=int(found.group("value")))


def _is_number(word: str) -> bool:
    return bool(re.fullmatch(r"[+\-−]?\d+", word))


def parse_line(
    line: str,
    characters: Sequence[str] | Mapping[str, str],
    skills_of: Callable[[str], Sequence[str] | Mapping[str, str]],
    *,
    option_keys: Collection[str] = OPTION_KEYS,
) -> Parsed:
    """Parse one line of the roll entry; raise :class:`EntryError` naming the problem.

    ``skills_of(name)`` returns the names a character can roll (skills, characteristics).
    Either may be a mapping of alias → real name, so aliases of one thing never clash.
    ``option_keys`` are the keys read as ``key=value`` modifiers.
    """
    text = line.strip()
    if not text:
        raise EntryError(_("type a roll, e.g. 'alice spot hidden' or '3d6+2', or /help"))
    if len(text) > MAX_LINE:
        raise EntryError(
            _("line too long ({length}, at most {most})").format(
                length=char_count(len(text)), most=MAX_LINE
            )
        )
    bad = next((i for i, ch in enumerate(text) if ord(ch) < 32 or ord(ch) == 127), None)
    if bad is not None:
        raise EntryError(_("control characters are not allowed"), at=bad)
    if not text.startswith("/"):
        text = latin_dice(text)  # 3к6+2, к100, куб=к12: the Russian die letters
    if text.startswith("/"):
        name, _sp, rest = text[1:].partition(" ")
        if not name:
            raise EntryError(_("missing command after '/' (try /help)"))
        return Slash(name.casefold(), tuple(split_words(rest)), rest.strip())
    body = text.partition("=")[0]
    if _DICE_LIKE.match(body) and re.search(r"[dD%]", body):
        body, faces = _split_dice(text)
        try:
            expr = dice_mod.parse(body)
        except RulesError as exc:
            raise EntryError(rules_message(str(exc))) from None
        return FreeRoll(str(expr), faces)
    vs = _vs()
    parts = vs.split(text)
    if len(parts) > MAX_SIDES:
        raise EntryError(
            _("too many sides ({n}, at most {most})").format(n=len(parts), most=MAX_SIDES)
        )
    starts = [0, *(m.end() for m in vs.finditer(text))]  # where each side begins

    def side(i: int, default: str | None = None) -> Side:
        try:
            try:
                return _side(parts[i], characters, skills_of, default, option_keys)
            except EntryError:
                # a side that names no character: a plain number (an object's value)?
                number = _value_side(parts[i], mine, option_keys) if i > 0 else None
                if number is None:
                    raise
                return number
        except EntryError as exc:
            raise exc.within(text, starts[i], starts[i] + len(parts[i])) from None

    mine: Sequence[str] | Mapping[str, str] = ()
    a = side(0)
    mine = skills_of(a.actor)
    a_real = mine.get(a.skill, a.skill) if isinstance(mine, Mapping) else a.skill
    sides = [a]
    for i in range(1, len(parts)):
        other = side(i, a_real)
        if other.value is None and any(
            o.actor == other.actor and o.skill == other.skill for o in sides
        ):
            raise EntryError(_("a character cannot oppose the same skill of itself"))
        sides.append(other)
    return Check.of(sides)
