"""One side of a Strange System roll line: its level, the GM's ranges and every modifier.

The words and options a side takes (``range=``, ``resist=``, ``opposed``, ``mod=``, ``mounted``,
``nosynergy``, ``dice±N``, ``hard``) are the README's table and the Strange help page; the
non-obvious part is synergy (seed: Kirma's bow needs Riding Combat), read by
:func:`_support` and applied by :class:`StrangeSide`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping

from rules import strange
from rules.errors import RulesError
from tui.language import _, ngettext
from tui.session.campaign.model import Campaign, Character
from tui.session.entry.entry import EntryError, Side
from tui.session.systems.kit import draw, int_option, reject_unknown
from tui.session.systems.strange.words import level_name

__all__ = ["DANGER", "ROLLED", "Span", "StrangeSide", "ladder_of", "level_of", "span_text"]

DANGER = "danger"
Span = tuple[int, int]
WHEN = "mounted"  # the seed's supporting skill in use: Riding Combat, on horseback
_SHIFT = re.compile(r"^dice([+\-−])(\d)$")
_WORDS = ("opposed", "hard", "nosynergy")
_OPTIONS = ("range", "resist", "mod", "ext")
#: set by the round's plan hook, never typed (a key with a space cannot be): this side is an
#: action already rolled, ``"N,MOD,SHIFT"`` — its number, total range modifier and dice shift
ROLLED = "rolled as"


def ladder_of(campaign: Campaign) -> strange.Ladder:
    """The campaign's skill ladder: ``options.ladder`` (name → hits) or the default."""
    table = campaign.options.get("ladder")
    if not isinstance(table, dict) or not table:
        return strange.DEFAULT_LADDER
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in table.values()):
        raise EntryError(_("options.ladder must map each level name to a whole number of hits"))
    ordered = sorted(table.items(), key=lambda kv: -int(kv[1]))
    levels = []
    for rank, (name, hits) in enumerate(ordered, 1):
        try:
            # a default level keeps its key, so danger classes ("professional") still find it
            default = strange.level_by_name(str(name))
            key, english = default.key, default.name_en
        except RulesError:
            key, english = str(name).casefold(), str(name)
        levels.append(strange.SkillLevel(key, str(name), english, int(hits), rank))
    return strange.make_ladder(levels)


def level_of(
    campaign: Campaign, ch: Character, skill: str
) -> tuple[strange.SkillLevel, strange.Rank]:
    """(level to roll with, tie-break rank) of a character's skill or danger class."""
    ladder = ladder_of(campaign)
    if skill == DANGER:
        number = ch.attributes.get("danger")
        if not isinstance(number, int) or isinstance(number, bool):
            raise EntryError(
                _("{name} has no danger class (attributes.danger 1..4)").format(name=ch.name)
            )
        cls = strange.danger_class(number)
        return cls.level(ladder), cls.rank
    if skill not in ch.skills:
        raise EntryError(_("{name} has no skill {skill!r}").format(name=ch.name, skill=skill))
    level = strange.level_by_name(str(ch.skills[skill]), ladder)
    return level, level.rank


def _span(raw: str, what: str) -> Span:
    parts = [p for p in raw.replace("-", ",").replace("–", ",").split(",") if p]
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise EntryError(
            _("{what}= takes the GM's two d6, e.g. {what}=4,5; got {raw!r}").format(
                what=what, raw=raw
            )
        )
    a, b = int(parts[0]), int(parts[1])
    if not (1 <= a <= 6 and 1 <= b <= 6):
        raise EntryError(
            _("{what}= dice must be within 1..6, got {raw!r}").format(what=what, raw=raw)
        )
    return strange.range_from_dice(a, b)


def span_text(span: Span | None) -> str:
    return _("rolled by the app") if span is None else f"{span[0]}–{span[1]}"


def _support(ch: Character, skill: str) -> tuple[str, str] | None:
    """(supporting skill, the word that says it is in use; "" = always) or None.

    A character's ``extra.supports`` names the supporting skill of a skill: a plain name
    (``"Владение луком" = "Верховой бой"``) is always in use with it; a table ``{ skill =
    "Верховой бой", when = "mounted" }`` only while the line says the ``when`` word
    (``mounted`` unless given). ``nosynergy`` turns it off either way."""
    supports = ch.extra.get("supports", {})
    entry = supports.get(skill) if isinstance(supports, Mapping) else None
    if isinstance(entry, str):
        name, when = entry, ""
    elif isinstance(entry, Mapping) and isinstance(entry.get("skill"), str):
        name, when = str(entry["skill"]), str(entry.get("when", WHEN)).casefold()
    else:
        return None
    return (name, when) if name in ch.skills else None


class StrangeSide:
    """A validated side: level and rank, ranges, range and roll-value modifiers, synergy.

    A lower-ranked supporting skill costs the rank difference; ``mod=`` is added to it,
    never put in its place, and the total is kept within ±6 (beyond that nothing changes)."""

    def __init__(self, campaign: Campaign, side: Side) -> None:
        self.side = side
        ch = campaign.character(side.actor)
        self.level, self.rank = level_of(campaign, ch, side.skill)
        self.recorded = 0
        if ROLLED in side.options:
            self._as_rolled(side)
            return
        support = _support(ch, side.skill)
        shifts: list[int] = []
        words: list[str] = []
        for word in side.words:
            m = _SHIFT.match(word)
            if m:
                step = int(m.group(2))
                if not 1 <= step <= strange.MAX_DICE_MODIFIER:
                    raise EntryError(
                        _("{word}: the dice shift must be within 1..5").format(word=word)
                    )
                shifts.append(-step if m.group(1) in "-−" else step)
            else:
                words.append(word)
        when_words = (WHEN,) + ((support[1],) if support and support[1] else ())
        reject_unknown(words, _OPTIONS, side, (*_WORDS, *dict.fromkeys(when_words), "dice±N"))
        self.hard = "hard" in words
        self.range = _span(side.options["range"], "range") if "range" in side.options else None
        self.resist = _span(side.options["resist"], "resist") if "resist" in side.options else None
        self.opposed = self.resist is not None or "opposed" in words
        self.situational = (
            int_option(side, "mod", low=-strange.MAX_MODIFIER, high=strange.MAX_MODIFIER) or 0
        )
        limit = strange.MAX_DICE_MODIFIER
        self.dice_mod = max(-limit, min(limit, sum(shifts)))
        self.synergy, self.synergy_note = self._synergy(campaign, ch, support, words)
        top = strange.MAX_MODIFIER
        self.mod = max(-top, min(top, self.situational + self.synergy))

    def _as_rolled(self, side: Side) -> None:
        """An action already rolled: its recorded modifiers, nothing the line could add."""
        number, mod, shift = (int(x) for x in side.options[ROLLED].split(","))
        self.recorded = number
        self.hard = self.opposed = False
        self.range = _span(side.options["range"], "range") if "range" in side.options else None
        self.resist = None
        self.situational = self.synergy = 0
        self.synergy_note = ""
        self.mod, self.dice_mod = mod, shift

    def _synergy(
        self, campaign: Campaign, ch: Character, support: tuple[str, str] | None, words: list[str]
    ) -> tuple[int, str]:
        in_use_words = [w for w in words if w not in _WORDS]
        if support is None:
            if in_use_words:
                raise EntryError(
                    _(
                        "{in_use_words}: {name}'s {skill} has no supporting skill (extra.supports)"
                    ).format(in_use_words=in_use_words[0], name=ch.name, skill=self.side.skill)
                )
            return 0, ""
        name, when = support
        wrong = [w for w in in_use_words if w != (when or WHEN)]
        if wrong:
            raise EntryError(
                (
                    _("{word}: {name}'s {skill} is supported by {helper} when {when}")
                    if when
                    else _("{word}: {name}'s {skill} is always supported by {helper}")
                ).format(word=wrong[0], name=ch.name, skill=self.side.skill, helper=name, when=when)
            )
        helper, _rank = level_of(campaign, ch, name)
        if "nosynergy" in words:
            return 0, _("no synergy ({name}: nosynergy)").format(name=name)
        if when and when not in words:
            return 0, _("no synergy ({name} not in use; add {when})").format(name=name, when=when)
        value = strange.synergy_modifier(self.level.rank, helper.rank)
        return value, _("synergy {value}: {name} {level}").format(
            value=f"{value:+d}", name=name, level=level_name(helper)
        )

    @property
    def hits_text(self) -> str:
        n = self.level.required_hits
        return ngettext("{n} hit", "{n} hits", n).format(n=n)

    @property
    def mod_text(self) -> str:
        """The range modifier and where it comes from, e.g. ``"mod -1 (synergy -1: Верховой
        бой Skilled)"`` or ``"mod +1, no synergy (Верховой бой not in use; add mounted)"``."""
        if self.recorded:
            return (
                _("mod {mod} as rolled in #{n}").format(mod=f"{self.mod:+d}", n=self.recorded)
                if self.mod
                else _("as rolled in #{n}").format(n=self.recorded)
            )
        applied = self.synergy > 0 or self.synergy_note.startswith(_("synergy"))
        parts = [self.synergy_note] if applied else []
        if self.situational and applied:
            parts.append(f"mod={self.situational:+d}")
        head = (
            _("mod {mod}").format(mod=f"{self.mod:+d}")
            if (self.mod or applied or self.situational)
            else ""
        )
        text = f"{head} ({', '.join(parts)})" if parts else head
        if self.synergy_note and not applied:
            text = f"{text}, {self.synergy_note}" if text else self.synergy_note
        return text

    @property
    def text(self) -> str:
        """The preview's words on this side: who rolls what, against which ranges, with which
        modifiers (and which synergy applied)."""
        bits = [f"{self.side.actor} {self.side.skill} ({level_name(self.level)}, {self.hits_text})"]
        bits.append(_("range {span}").format(span=span_text(self.range)))
        if self.opposed:
            bits.append(_("resist {span}").format(span=span_text(self.resist)))
        if self.mod_text:
            bits.append(self.mod_text)
        if self.dice_mod:
            bits.append(_("dice {mod}").format(mod=f"{self.dice_mod:+d}"))
        return ", ".join(bits)

    def dice(self, rng: random.Random) -> tuple[tuple[int, ...], bool]:
        return draw(self.side.faces, 4, 6, rng, what=f"{self.side.actor}'s 4d6")
