"""The d10 skirmish system at the table: characteristic tests and competitive tests.

Modifiers follow the seed's order (multiply/divide, then add/subtract, then a fixed value);
the die defaults to the campaign option ``die`` (d10); the entry forms are the skirmish help
page. Problems come back as sentences about the line, never as the rules' own parameter
names.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

from rules import skirmish
from rules.errors import RulesError
from tui.language import N_, Msg, _, joined, msg, nmsg, term, tr
from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.session import Outcome
from tui.session.entry.entry import Check, EntryError, Side
from tui.session.entry.rules_text import rules_message
from tui.session.systems.interface import Chance, Plan
from tui.session.systems.kit import (
    CONTEST_GRADES,
    draw,
    int_option,
    outcome,
    reject_unknown,
    typed_or_rolled,
)

__all__ = ["SkirmishAdapter"]

GRADES = {
    skirmish.Outcome.LUCKY: "critical",
    skirmish.Outcome.SUCCESS: "success",
    skirmish.Outcome.FAILURE: "failure",
    skirmish.Outcome.CATASTROPHIC: "fumble",
}
_MOD = re.compile(r"^([+\-x*/])(\d{1,4})$")
_KIND = {"+": "add", "-": "sub", "x": "mul", "*": "mul", "/": "div"}
#: the modifier kinds as the roll's text names them (``Dexterity 7 (sub 5) → 2``)
KIND_WORDS = (N_("add"), N_("sub"), N_("mul"), N_("div"), N_("set"))


class _Test:
    def __init__(self, campaign: Campaign, side: Side) -> None:
        self.side = side
        ch = campaign.character(side.actor)
        base = ch.skills[side.skill]
        if not isinstance(base, int) or isinstance(base, bool):
            raise EntryError(
                _("{actor}'s {skill} is not a number ({base!r})").format(
                    actor=side.actor, skill=side.skill, base=base
                )
            )
        self.base = base
        die = side.options.get("die", str(campaign.options.get("die", "d10"))).casefold()
        if die not in skirmish.DIES:
            raise EntryError(
                _("die= must be one of {names}, got {die!r}").format(
                    names=", ".join(skirmish.DIES), die=die
                )
            )
        self.die = die
        mods: list[tuple[str, int]] = []
        rest: list[str] = []
        for word in side.words:
            m = _MOD.match(word.replace("−", "-"))
            if m:
                kind, amount = _KIND[m.group(1)], int(m.group(2))
                if kind == "div" and amount == 0:
                    raise EntryError(
                        _(
                            "{word}: a characteristic cannot be divided by 0 (use /1 or more)"
                        ).format(word=word)
                    )
                mods.append((kind, amount))
            else:
                rest.append(word)
        fixed = _set_values(side)
        mods.extend(("set", n) for n in fixed)
        choose = int_option(side, "choose", low=-99, high=99)
        reject_unknown(rest, ("die", "set", "choose", "dice", "ext"), side, ("raw",))
        self.raw = "raw" in rest or bool(campaign.options.get("raw_tiebreak", False))
        self.mods = tuple(mods)
        self.choose = choose
        self.value = _value(side, base, self.mods, fixed, choose)
        count = int_option(side, "dice", low=1, high=skirmish.MAX_DICE)
        if count is None:
            count = len(side.faces) if side.faces else 1
        self.count = count

    @property
    def sides(self) -> int:
        return skirmish.SIDES[self.die]

    @property
    def text(self) -> str:
        return self.said.render()

    @property
    def said(self) -> Msg:
        """``Samurai Fighting 7 (add 1) → 8 on 2×d10`` as a message."""
        shown: str | Msg = str(self.value)
        if self.mods:
            mods = joined(
                *[
                    part
                    for i, (k, n) in enumerate(self.mods)
                    for part in ((" " if i else ""), msg("{kind} {n}", kind=term(k), n=n))
                ]
            )
            if self.choose is not None and len(set(n for k, n in self.mods if k == "set")) > 1:
                mods = joined(mods, msg(", choose {n}", n=self.choose))
            shown = msg("{base} ({mods}) → {value}", base=self.base, mods=mods, value=self.value)
        dice = f"{self.count}×" if self.count > 1 else ""
        return msg(
            "{actor} {skill} {value} on {dice}{die}",
            actor=self.side.actor,
            skill=self.side.skill,
            value=shown,
            dice=dice,
            die=self.die,
        )

    def faces(self, rng: random.Random) -> tuple[tuple[int, ...], bool]:
        return draw(
            self.side.faces, self.count, self.sides, rng, what=f"{self.side.actor}'s {self.die}"
        )


def _set_values(side: Side) -> list[int]:
    """The fixed values of ``set=3`` / ``set=3,5`` (``set=`` twice arrives as ``3,5``):
    several are the acting player's choice, ``choose=N`` names the one applied, and without
    it the line is refused with the choices."""
    raw = side.options.get("set")
    if raw is None:
        return []
    values: list[int] = []
    for part in raw.replace("−", "-").split(","):
        text = part.strip()
        if not text.lstrip("+-").isdigit():
            raise EntryError(
                _("set= takes whole numbers (set=3 or set=3,5), got {raw!r}").format(raw=raw)
            )
        value = int(text)
        if not -99 <= value <= 99:
            raise EntryError(
                _("set= values must be within -99..99, got {value}").format(value=value)
            )
        values.append(value)
    return values


def _value(
    side: Side, base: int, mods: tuple[tuple[str, int], ...], fixed: list[int], choose: int | None
) -> int:
    """The characteristic after modifiers, with the rules' refusals said in the line's words."""
    choices = sorted(set(fixed))
    who = side.actor
    if choose is not None and not fixed:
        raise EntryError(
            _("choose={choose} picks one of several set= values; {who}'s line has no set=").format(
                choose=choose, who=who
            )
        )
    if choose is not None and choose not in choices:
        raise EntryError(
            _("choose={choose} is not one of the set values {names}").format(
                choose=choose, names=", ".join(map(str, choices))
            )
        )
    if choose is None and len(choices) > 1:
        options = _(" or ").join(f"choose={n}" for n in choices)
        raise EntryError(
            _(
                "set= fixes {who}'s {skill} at {names}: the acting player picks one — add {options}"
            ).format(
                who=who, skill=side.skill, names=_(" and ").join(map(str, choices)), options=options
            )
        )
    try:
        return skirmish.effective_value(base, mods, choose if len(choices) > 1 else None)
    except RulesError as exc:  # a case the checks above missed: still no parameter names
        raise EntryError(
            _("{who}'s {skill} modifiers cannot be applied ({exc})").format(
                who=who, skill=side.skill, exc=rules_message(str(exc))
            )
        ) from None


def _hits(hits: tuple[int, ...]) -> Msg:
    return msg("{hits} {faces}", hits=nmsg("{n} hit", "{n} hits", len(hits)), faces=str(list(hits)))


def _single_odds(value: int, die: str) -> tuple[Chance, ...]:
    dist = skirmish.odds(value, die)
    return (
        Chance(tr("lucky chance"), dist["lucky"], "critical"),
        Chance(tr("success"), dist["success"], "success"),
        Chance(tr("failure"), dist["failure"], "failure"),
        Chance(_("catastrophic"), dist["catastrophic"], "fumble"),
    )


class SkirmishAdapter:
    """Rollable names and plans for the roll entry (the system interface delegates here)."""

    def rollables(self, character: Character) -> Sequence[str]:
        return list(character.skills)

    def plan(self, campaign: Campaign, check: Check) -> Plan:
        a = _Test(campaign, check.a)
        if check.b is None:
            return self._single(a)
        b = _Test(campaign, check.b)
        if a.die != b.die:
            raise EntryError(
                _("both sides must roll the same die ({die} vs {die2})").format(
                    die=a.die, die2=b.die
                )
            )
        return self._contest(a, b)

    def _single(self, t: _Test) -> Plan:
        def run(state: Campaign, rng: random.Random) -> Outcome:
            faces, typed = t.faces(rng)
            results = [skirmish.test(t.value, f, t.die) for f in faces]
            best = max(results, key=lambda r: r.outcome)
            parts: Msg | None = None
            for r in results:
                one = msg("{roll}: {grade}", roll=r.roll, grade=term(r.outcome.label))
                parts = one if parts is None else msg("{a}, {b}", a=parts, b=one)
            plain = sum(r.success and not r.lucky for r in results)
            lucky = sum(r.lucky for r in results)
            text = msg("{test}: {parts}", test=t.said, parts=parts or msg(""))
            if len(results) > 1:
                text = msg(
                    "{text} ({successes}, {lucky} lucky)",
                    text=text,
                    lucky=lucky,
                    successes=nmsg("{n} success", "{n} successes", plain),
                )
            return outcome(
                state,
                text=text,
                actor=t.side.actor,
                grade=GRADES[best.outcome],
                inputs={
                    "skill": t.side.skill,
                    "value": t.value,
                    "die": t.die,
                    "dice": list(faces),
                    "source": typed_or_rolled(typed),
                },
                result=tuple(results),
            )

        return Plan(t.text, _single_odds(t.value, t.die), run)

    def _contest(self, a: _Test, b: _Test) -> Plan:
        raw = a.raw or b.raw
        dist = skirmish.contest_odds(a.value, b.value, a.die, raw, a_dice=a.count, b_dice=b.count)
        odds = (
            Chance(_("{name} acts").format(name=a.side.actor), dist["a"], "success"),
            Chance(_("{name} acts").format(name=b.side.actor), dist["b"], "failure"),
            Chance(_("nobody acts"), dist[None], "partial"),
        )

        def run(state: Campaign, rng: random.Random) -> Outcome:
            fa, ta = a.faces(rng)
            fb, tb = b.faces(rng)
            result = skirmish.contest(a.value, fa, b.value, fb, a.die, raw)
            names = {"a": a.side.actor, "b": b.side.actor}
            if result.winner is None:
                verdict = msg("draw: all successes cancel") if result.draw else msg("nobody acts")
            else:
                hits = result.a_hits if result.winner == "a" else result.b_hits
                verdict = msg(
                    "{name} acts with {hits}", name=names[result.winner], hits=_hits(hits)
                )
            text = msg(
                "{a} {a_faces} vs {b} {b_faces}: {verdict}",
                a=a.said,
                a_faces=str(list(fa)),
                b=b.said,
                b_faces=str(list(fb)),
                verdict=verdict,
            )
            catas = [
                msg("{name}: {grade}", name=n, grade=term("catastrophic failure"))
                for n, rs in ((a.side.actor, result.a), (b.side.actor, result.b))
                for r in rs
                if r.catastrophic
            ]
            grade = CONTEST_GRADES[result.winner]
            return outcome(
                state,
                text=text,
                actor=a.side.actor,
                grade=grade,
                inputs={
                    "a": list(fa),
                    "b": list(fb),
                    "die": a.die,
                    "source": typed_or_rolled(ta and tb),
                },
                effects=catas,
                result=result,
            )

        return Plan(_("{a} vs {b}").format(a=a.text, b=b.text), odds, run)
