"""Building blocks of the system adapters: typed or rolled dice, modifier words, contests.

What an adapter must give the table (a :class:`~tui.session.systems.interface.Plan` per
check) is in :mod:`tui.session.systems.interface`; these helpers keep the adapters saying
the same things the same way (die ranges, unknown modifiers, "Naomi wins").
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from rules.errors import RulesError
from tui.language import N_, Msg, _, msg, ngettext, shown_entry_words, tr
from tui.session.campaign.model import Campaign
from tui.session.campaign.session import Draft, Outcome
from tui.session.entry.entry import Check, EntryError, Side
from tui.session.systems.interface import Chance

__all__ = [
    "CONTEST_GRADES",
    "contest_chances",
    "draw",
    "int_option",
    "one_side",
    "outcome",
    "reject_unknown",
    "side_grade",
    "side_names",
    "signed_words",
    "typed_or_rolled",
    "verdict",
]


def draw(
    faces: tuple[int, ...] | None, count: int, sides: int, rng: random.Random, *, what: str = "dice"
) -> tuple[tuple[int, ...], bool]:
    """Typed faces (validated count and range) or ``count`` fresh ones; also says if typed."""
    if faces is None:
        return tuple(rng.randint(1, sides) for _ in range(count)), False
    if len(faces) != count:
        dice = ngettext("{n} die", "{n} dice", count).format(n=count)
        raise RulesError(
            _("{what}: expected {dice}, got {got}").format(what=what, dice=dice, got=len(faces))
        )
    for i, face in enumerate(faces, 1):
        if not 1 <= face <= sides:
            raise RulesError(
                _("{what}: die {i} must be within 1..{sides}, got {face}").format(
                    what=what, i=i, sides=sides, face=face
                )
            )
    return faces, True


#: words every system's log uses (translated where shown)
TERMS = (N_("typed"), N_("rolled"))


def typed_or_rolled(typed: bool) -> str:
    return "typed" if typed else "rolled"


def int_option(side: Side, key: str, *, low: int, high: int) -> int | None:
    """``key=N`` from the side's options as an int within ``low..high``."""
    raw = side.options.get(key)
    if raw is None:
        return None
    try:
        value = int(raw.replace("−", "-"))
    except ValueError:
        raise EntryError(
            _("{key}= needs a whole number, got {raw}").format(key=key, raw=repr(raw))
        ) from None
    if not low <= value <= high:
        raise EntryError(
            _("{key}= must be within {low}..{high}, got {value}").format(
                key=key, low=low, high=high, value=value
            )
        )
    return value


def signed_words(
    side: Side, *, low: int, high: int, what: str = "modifier"
) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """Split bare words into signed integers (each within low..high) and the other words."""
    numbers: list[int] = []
    others: list[str] = []
    for word in side.words:
        text = word.replace("−", "-")
        if text.lstrip("+-").isdigit() and text[:1] in "+-0123456789":
            value = int(text)
            if not low <= value <= high:
                raise EntryError(
                    _("{what} {word} must be within {low}..{high}").format(
                        what=tr(what), word=word, low=f"{low:+d}", high=f"{high:+d}"
                    )
                )
            numbers.append(value)
        else:
            others.append(word)
    return tuple(numbers), tuple(others)


def reject_unknown(
    words: Sequence[str], options: Sequence[str], side: Side, allowed_words: Sequence[str]
) -> None:
    """Refuse modifiers the system does not know, naming them and what is allowed."""
    for word in words:
        if word not in allowed_words:
            raise EntryError(
                _("unknown modifier {word} for {name} (allowed: {allowed})").format(
                    word=repr(word),
                    name=side.actor,
                    allowed=", ".join(shown_entry_words(allowed_words)) or _("none"),
                )
            )
    for key in side.options:
        if key not in options:
            raise EntryError(
                _("unknown option {key}= for {name} (allowed: {allowed})").format(
                    key=key,
                    name=side.actor,
                    allowed=", ".join(k + "=" for k in options) or _("none"),
                )
            )


def one_side(check: Check) -> Side:
    return check.a


def outcome(
    campaign: Campaign,
    *,
    text: str | Msg,
    actor: str,
    grade: str,
    inputs: dict[str, object],
    effects: Sequence[str | Msg] = (),
    result: object = None,
) -> Outcome:
    """A roll's outcome; ``text`` and ``effects`` as messages keep their facts in the log."""
    return Outcome(campaign, Draft.of("roll", text, actor, grade, inputs, effects), result)


def contest_chances(a_name: str, b_name: str, dist: Mapping[Any, Fraction]) -> tuple[Chance, ...]:
    """Odds lines for a two-sided contest keyed ``"a"``, ``"b"`` and ``None``."""
    return (
        Chance(_("{name} wins").format(name=a_name), dist.get("a", Fraction(0)), "success"),
        Chance(_("{name} wins").format(name=b_name), dist.get("b", Fraction(0)), "failure"),
        Chance(_("no winner"), dist.get(None, Fraction(0)), "partial"),
    )


#: Log colour of a contest, from the first-named side's point of view.
CONTEST_GRADES: dict[str | None, str] = {"a": "success", "b": "failure", None: "partial"}


def side_names(sides: Sequence[Side]) -> list[str]:
    """Each side's name in an opposed roll; a character who rolls twice is told apart by
    the skill ("Alice Moore (Spot Hidden)")."""
    actors = [side.actor for side in sides]
    return [
        a if actors.count(a) == 1 else f"{a} ({side.skill})"
        for a, side in zip(actors, sides, strict=True)
    ]


def side_grade(sides: Sequence[Side], winner: int | None) -> str:
    """Log colour of an opposed roll of any size, from the first-named character's point of
    view: ``success`` when that character wins (with any of its skills), ``partial`` when
    nobody does."""
    if winner is None:
        return "partial"
    return "success" if sides[winner].actor == sides[0].actor else "failure"


def verdict(winner: str | None, a_name: str, b_name: str) -> Msg:
    """``"Naomi wins"``, or ``"no winner"``, for a contest keyed ``"a"``/``"b"``/``None``."""
    if winner is None:
        return msg("no winner")
    return msg("{name} wins", name=a_name if winner == "a" else b_name)
