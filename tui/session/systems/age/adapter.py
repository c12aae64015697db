"""The Expanse (AGE) at the table: tests and opposed tests of any number of participants.

A character's ``skills`` map each focus to its ability (``Stealth = "Dexterity"``), so naming
the focus rolls the ability + 2 (only one focus ever counts). Without a TN the campaign
option ``tn`` is used, else 11 (Average), and the preview says so; the entry forms are the
AGE help page.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

from rules import age
from tui.language import Msg, _, joined, msg, term, tr
from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.session import Outcome
from tui.session.entry.entry import Check, EntryError, Side
from tui.session.systems.age.words import result_msg
from tui.session.systems.interface import Chance, Plan
from tui.session.systems.kit import (
    draw,
    outcome,
    reject_unknown,
    side_grade,
    side_names,
    signed_words,
    typed_or_rolled,
)

__all__ = ["AgeAdapter", "bonus_of", "opposed_inputs", "opposed_msg", "opposed_reason"]

DEFAULT_TN = 11


def bonus_of(ch: Character, skill: str) -> tuple[int, str, str]:
    """(ability + focus bonus, ability name, focus name or "") for a rollable name."""
    if skill in ch.skills:
        ability = str(ch.skills[skill])
        focus = skill
    elif skill.endswith(")") and " (" in skill:
        ability, _sep, focus = skill[:-1].partition(" (")
    else:
        ability, focus = skill, ""
    value = ch.attributes.get(ability)
    if not isinstance(value, int) or isinstance(value, bool):
        raise EntryError(
            _("{name} has no ability {ability!r} (needed for {skill})").format(
                name=ch.name, ability=ability, skill=skill
            )
        )
    return age.focus_bonus(value, bool(focus)), ability, focus


class _Test:
    def __init__(self, campaign: Campaign, side: Side, tn: int | None) -> None:
        self.side = side
        ch = campaign.character(side.actor)
        self.base, self.ability, self.focus = bonus_of(ch, side.skill)
        numbers, words = signed_words(side, low=-20, high=20)
        diffs = [w for w in words if w in age.DIFFICULTY_BY_KEY]
        reject_unknown(
            [w for w in words if w not in diffs], ("tn", "ext"), side, tuple(age.DIFFICULTY_BY_KEY)
        )
        self.bonus = self.base + sum(numbers)
        self.numbers = numbers
        own = side.options.get("tn")
        if own is not None:
            tn = _tn(own)
        elif diffs:
            tn = age.DIFFICULTY_BY_KEY[diffs[-1]]
        self.explicit_tn = tn is not None
        default = campaign.options.get("tn", DEFAULT_TN)
        self.tn = tn if tn is not None else (default if isinstance(default, int) else DEFAULT_TN)

    @property
    def text(self) -> str:
        what = f"{self.ability} ({self.focus})" if self.focus else self.ability
        mods = "".join(f"{n:+d}" for n in self.numbers)
        return f"{self.side.actor} {what} {self.bonus:+d}{mods and f' ({mods})'}"

    def resolve(self, rng: random.Random) -> tuple[age.Result, bool]:
        faces, typed = draw(self.side.faces, 3, 6, rng, what=f"{self.side.actor}'s 3d6")
        dice = (faces[0], faces[1], faces[2])
        return age.resolve(dice, self.bonus, self.tn, skill=self.base), typed


def _tn(raw: str) -> int:
    try:
        value = int(raw) if raw.lstrip("-").isdigit() else age.difficulty(raw)
    except Exception:
        raise EntryError(
            _("tn= needs a number or a difficulty name, got {raw!r}").format(raw=raw)
        ) from None
    if not 1 <= value <= 40:
        raise EntryError(_("tn= must be within 1..40, got {value}").format(value=value))
    return value


class AgeAdapter:
    """Rollable names and plans for the roll entry (the system interface delegates here)."""

    def rollables(self, character: Character) -> Sequence[str]:
        names = list(character.skills)
        names += [str(k) for k in character.attributes]
        names += [f"{ab} ({focus})" for focus, ab in character.skills.items()]
        return names

    def plan(self, campaign: Campaign, check: Check) -> Plan:
        first = _Test(campaign, check.a, None)
        if check.b is None:
            return self._single(first)
        rest = [
            _Test(campaign, side, first.tn if first.explicit_tn else None)
            for side in check.sides[1:]
        ]
        return self._opposed([first, *rest])

    def _single(self, t: _Test) -> Plan:
        p = age.odds(t.bonus, t.tn)
        name = age.difficulty_name(t.tn)
        tn_said = (
            msg("TN {tn} {name}", tn=t.tn, name=term(name)) if name else msg("TN {tn}", tn=t.tn)
        )
        if not t.explicit_tn:
            tn_said = msg("{tn} (default)", tn=tn_said)
        tn_text = tn_said.render()
        odds = (Chance(tr("success"), p, "success"), Chance(tr("failure"), 1 - p, "failure"))

        def run(state: Campaign, rng: random.Random) -> Outcome:
            result, typed = t.resolve(rng)
            return outcome(
                state,
                text=msg(
                    "{test} vs {tn}: {result}", test=t.text, tn=tn_said, result=result_msg(result)
                ),
                actor=t.side.actor,
                grade="success" if result.success else "failure",
                inputs=_inputs(t, result, typed),
                result=result,
            )

        progress = age.pool_step_odds(t.bonus, t.tn)
        return Plan(_("{a} vs {b}").format(a=t.text, b=tn_text), odds, run, progress=progress)

    def _opposed(self, tests: list[_Test]) -> Plan:
        gate = _gate(tests)
        bonuses = [t.bonus for t in tests]
        skills = [t.base for t in tests]
        dist = age.opposed_odds(bonuses, gate, skills=skills)
        sides = [t.side for t in tests]
        names = side_names(sides)
        wins = [
            Chance(_("{name} wins").format(name=name), dist[i], side_grade(sides, i))
            for i, name in enumerate(names)
        ]
        odds = (*wins, Chance(_("no winner"), dist[None], "partial"))
        contest = age.opposed_pool_odds(bonuses, gate, skills=skills)
        progress: dict[int, Fraction] = {0: Fraction(1)}
        for key, p in contest.items():
            if key is not None and key[0] == 0:
                progress[key[1]] = p
                progress[0] -= p

        def run(state: Campaign, rng: random.Random) -> Outcome:
            drawn = [t.resolve(rng) for t in tests]
            results = [r for r, _ in drawn]
            winner = age.opposed_many(results, gate)
            text = opposed_msg(
                [t.text for t in tests],
                results,
                winner,
                gate,
                None if winner is None else names[winner],
            )
            grade = side_grade(sides, winner)
            return outcome(
                state,
                text=text,
                actor=tests[0].side.actor,
                grade=grade,
                inputs=opposed_inputs(
                    tests, results, gate, typed_or_rolled(all(t for _, t in drawn))
                ),
                result=tuple(results),
            )

        gate_text = " " + _("(TN {tn})").format(tn=gate) if gate else ""
        summary = _(" vs ").join(t.text for t in tests) + gate_text
        return Plan(summary, odds, run, progress=progress, contest=contest)


def _gate(tests: Sequence[_Test]) -> int | None:
    """The one TN of an opposed test: the TN typed on any side; two different ones are an
    error (the seed's GM names one «сложность броска»); with none typed, totals alone
    decide. Ties then go to the Drama Die, then to ability + focus, never to the ``+N``/
    ``-N`` situational modifiers (``rules.age.opposed_many``); the log says which decided."""
    typed = {t.side.actor: t.tn for t in tests if t.explicit_tn}
    values = set(typed.values())
    if len(values) > 1:
        shown = ", ".join(_("{tn} for {who}").format(tn=tn, who=who) for who, tn in typed.items())
        raise EntryError(_("an opposed test has one TN: got {shown}").format(shown=shown))
    return values.pop() if values else None


def opposed_reason(
    results: Sequence[age.Result], winner: int | None, gate: int | None
) -> Msg | None:
    """What decided an opposed test when totals tied: "Drama Die", "ability + focus", or
    None (as a fact)."""
    able = [r for r in results if gate is None or r.total >= gate]
    if not able:
        return msg("nobody reached the TN") if gate is not None else None
    top = max(r.total for r in able)
    tied = [r for r in able if r.total == top]
    if len(tied) < 2:
        return None
    drama = max(r.drama for r in tied)
    tied = [r for r in tied if r.drama == drama]
    if len(tied) < 2:
        return msg("higher Drama Die")
    if winner is None:
        return msg("tie on total, Drama Die and ability + focus")
    return msg("higher ability + focus")


def opposed_msg(
    shown: Sequence[str],
    results: Sequence[age.Result],
    winner: int | None,
    gate: int | None,
    name: str | None,
) -> Msg:
    """``Naomi … 14 (drama 3) vs Amos … 16 (drama 4) TN 11: Amos wins (why)`` as a fact:
    ``shown`` says each side, ``name`` is the winner's."""
    rolls = joined(
        *[
            part
            for i, (said, r) in enumerate(zip(shown, results, strict=True))
            for part in (
                (msg(" vs ") if i else ""),
                msg("{side} {total} (drama {drama})", side=said, total=r.total, drama=r.drama),
            )
        ]
    )
    who = msg("no winner") if name is None else msg("{name} wins", name=name)
    if gate:
        rolls = msg("{rolls} TN {tn}", rolls=rolls, tn=gate)
    why = opposed_reason(results, winner, gate)
    if why is None:
        return msg("{rolls}: {who}", rolls=rolls, who=who)
    return msg("{rolls}: {who} ({why})", rolls=rolls, who=who, why=why)


def _inputs(t: _Test, result: age.Result, typed: bool) -> dict[str, object]:
    inputs: dict[str, object] = {
        "skill": t.side.skill,
        "bonus": t.bonus,
        "skill_value": t.base,
        "tn": t.tn,
        "dice": list(result.dice),
        "source": typed_or_rolled(typed),
    }
    if result.stunt_points:
        inputs["stunts"] = result.stunt_points  # a notable roll for the recap
    return inputs


def opposed_inputs(
    tests: Sequence[_Test], results: Sequence[age.Result], gate: int | None, source: str
) -> dict[str, object]:
    """The log's record of an opposed test: every side's roll, enough to re-decide it."""
    sides = [
        {
            "actor": t.side.actor,
            "skill": t.side.skill,
            "bonus": r.bonus,
            "skill_value": r.skill,
            "tn": r.tn,
            "dice": list(r.dice),
        }
        for t, r in zip(tests, results, strict=True)
    ]
    inputs: dict[str, object] = {"sides": sides, "source": source}
    if gate is not None:
        inputs["gate"] = gate
    return inputs
