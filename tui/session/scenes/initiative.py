"""Rolled initiative: ``/init roll CHAR EXPR [= dice]`` and ``/init roll all EXPR``.

``EXPR`` is dice, numbers and the character's attributes joined by ``+`` and ``-``
(``3d6 + Dexterity`` for AGE, ``d10 + Reflexes``); each named attribute is the rolling
character's own (matched like a skill: exact, or the start of one attribute). ``all`` rolls
for everyone in the running turn order, or for every character when there is none yet,
except those without a named attribute (a door has no DEX): the log says whom it skipped.
The values go into the initiative list (``Scene.system["init"]``) and the order is sorted by
them, highest first, ties keeping their order (``/swap`` settles a tie by hand). One roll
for one character may take typed dice after ``=``, as a roll line does. A system with an
order of its own (GURPS) refuses ``/init`` altogether (``System.init_refusal``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass

from rules import dice as dice_mod
from rules.errors import RulesError
from tui.language import _, msg
from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.session import CommandError, Draft
from tui.session.entry.entry import parse_faces
from tui.session.entry.names import normal
from tui.session.entry.pick import Matcher, pick_character
from tui.session.entry.rules_text import rules_message
from tui.session.scenes.base import need_scene

__all__ = ["Rolled", "parse_expression", "roll_initiative", "roll_one"]

_SPLIT = re.compile(r"\s*([+\-−])\s*")
_DICE_TERM = re.compile(r"^(\d*d(\d+|%)|\d+)$", re.IGNORECASE)


@dataclass(frozen=True)
class Rolled:
    name: str
    total: int
    text: str  # "3d6 [4 5 6] + Dexterity 3 = 18"
    faces: tuple[int, ...]


def parse_expression(text: str) -> tuple[str, list[tuple[int, str]]]:
    """``3d6 + Dexterity - 1`` → (``3d6-1``, ``[(+1, "Dexterity")]``): the dice part and the
    signed attribute names."""
    parts = _SPLIT.split(text.strip())
    terms: list[tuple[int, str]] = []
    sign = 1
    for i, part in enumerate(parts):
        if i % 2:  # an operator
            sign = -1 if part in ("-", "−") else 1
        elif part:
            terms.append(
                (sign, part.replace(" ", "") if _DICE_TERM.match(part.replace(" ", "")) else part)
            )
        elif i:
            raise CommandError(_("something is missing in {strip!r}").format(strip=text.strip()))
    dice = "".join(("+" if s > 0 else "-") + t for s, t in terms if _DICE_TERM.match(t))
    names = [(s, t) for s, t in terms if not _DICE_TERM.match(t)]
    if not dice:
        raise CommandError(_("initiative needs dice to roll (3d6 + Dexterity, d10 + 2 …)"))
    try:
        dice_mod.parse(dice.lstrip("+"))
    except RulesError as exc:
        raise CommandError(rules_message(str(exc))) from None
    return dice.lstrip("+"), names


def _matches(ch: Character, typed: str) -> list[str]:
    form = normal(typed)
    names = list(ch.attributes)
    return [n for n in names if normal(n) == form] or [
        n for n in names if normal(n).startswith(form)
    ]


def _attribute(ch: Character, typed: str) -> tuple[str, int]:
    names = list(ch.attributes)
    found = _matches(ch, typed)
    if len(found) != 1:
        have = ", ".join(names) or _("none")
        said = (
            _("{name} has no attribute {typed!r} (attributes: {have})")
            if not found
            else _("{name} has more than one attribute like {typed!r} (attributes: {have})")
        )
        raise CommandError(said.format(name=ch.name, typed=typed, have=have))
    value = ch.attributes[found[0]]
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise CommandError(
            _("{name}'s {found} is not a number ({value!r})").format(
                name=ch.name, found=found[0], value=value
            )
        )
    return found[0], int(value)


def _one(
    ch: Character,
    dice: str,
    names: Sequence[tuple[int, str]],
    rng: random.Random,
    faces: tuple[int, ...] | None,
) -> Rolled:
    added = [(sign, *_attribute(ch, typed)) for sign, typed in names]  # before any roll
    try:
        result = dice_mod.roll(dice, rng=rng) if faces is None else dice_mod.resolve(dice, faces)
    except RulesError as exc:
        raise CommandError(rules_message(str(exc))) from None
    total = result.total
    text = f"{result.expr} [{' '.join(map(str, result.faces))}]"
    for sign, name, value in added:
        total += sign * value
        text += f" {'+' if sign > 0 else '-'} {name} {value}"
    return Rolled(ch.name, total, f"{text} = {total}", tuple(result.faces))


def roll_one(
    ch: Character, dice: str, terms: Sequence[tuple[int, str]], rng: random.Random
) -> Rolled | None:
    """``ch``'s initiative roll of ``dice`` plus ``terms`` (:func:`parse_expression`), or
    ``None`` when ``ch`` lacks an attribute the roll adds (a door has no Dexterity)."""
    try:
        return _one(ch, dice, terms, rng, None)
    except CommandError:
        return None


def roll_initiative(
    campaign: Campaign, who: Matcher, words: Sequence[str], rng: random.Random
) -> tuple[list[Rolled], Draft]:
    """The rolls ``/init roll …`` asks for (not yet applied) and their log entry."""
    need_scene(campaign)
    rest = list(words)
    if not rest:
        raise CommandError(_("usage: /init roll CHAR EXPR or /init roll all EXPR"))
    if rest[0].casefold() == "all":
        scene = need_scene(campaign)
        names = list(scene.turn_order) or [c.name for c in campaign.characters]
        rest = rest[1:]
        if not names:
            raise CommandError(_("the campaign has no characters to roll for"))
    else:
        name, rest = pick_character(who, rest)
        names = [name]
    text = " ".join(rest)
    faces: tuple[int, ...] | None = None
    if "=" in text:
        if len(names) != 1:
            raise CommandError(_("typed dice go with one character's roll, not all"))
        text, _sep, typed = text.partition("=")
        faces = parse_faces(typed)
    dice, terms = parse_expression(text)
    skipped: list[str] = []
    if words[0].casefold() == "all" and terms:
        skipped = [
            n for n in names if any(not _matches(campaign.character(n), t) for _s, t in terms)
        ]
        names = [n for n in names if n not in skipped]
        if not names:
            raise CommandError(
                _("nobody has {attributes}: nothing to roll").format(
                    attributes=", ".join(t for _s, t in terms)
                )
            )
    for n in names:  # every attribute known before anything is rolled
        for _sign, typed in terms:
            _attribute(campaign.character(n), typed)
    rolls = [_one(campaign.character(n), dice, terms, rng, faces) for n in names]
    summary = "; ".join(f"{r.name} {r.text}" for r in rolls)
    inputs = {
        "initiative": {r.name: r.total for r in rolls},
        "dice": [f for r in rolls for f in r.faces],
        "source": "typed" if faces is not None else "rolled",
    }
    effects = (
        [
            msg(
                "not rolled, without {attributes}: {names}",
                attributes=", ".join(t for _s, t in terms),
                names=", ".join(skipped),
            )
        ]
        if skipped
        else []
    )
    return rolls, Draft.of(
        "roll",
        msg("initiative: {rolls}", rolls=summary),
        names[0] if len(names) == 1 and not skipped else "",
        "",
        inputs,
        effects,
    )
