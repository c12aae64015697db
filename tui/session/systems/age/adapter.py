"""The Expanse (AGE) at the table: tests and opposed tests.

Entry forms::

    naomi stealth [tn=13 | challenging] [+N|-N] [= 3 4 6]     the third die is the Drama Die
    naomi dexterity tn=11                                    an ability without a focus
    naomi stealth vs guard perception seeing tn=11           opposed (TN optional)

A character's ``skills`` map each focus to its ability (``Stealth = "Dexterity"``); naming
the focus rolls the ability + 2 (only one focus ever counts). Without a TN the campaign
option ``tn`` is used, else 11 (Average), and the preview says so.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

from rules import age
from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.session import Outcome
from tui.session.systems.interface import Chance, Plan
from tui.session.systems.kit import (
    CONTEST_GRADES,
    contest_chances,
    draw,
    outcome,
    reject_unknown,
    signed_words,
    typed_or_rolled,
    verdict,
)
from tui.session.table.entry import Check, EntryError, Side

__all__ = ["AgeAdapter", "bonus_of"]

DEFAULT_TN = 11


def bonus_of(ch: Character, skill: str) -> tuple[int, str, str]:
    """(ability + focus bonus, ability name, focus name or "") for a rollable name."""
    if skill in ch.skills:
        ability = str(ch.skills[skill])
        focus = skill
    elif skill.endswith(")") and " (" in skill:
        ability, _, focus = skill[:-1].partition(" (")
    else:
        ability, focus = skill, ""
    value = ch.attributes.get(ability)
    if not isinstance(value, int) or isinstance(value, bool):
        raise EntryError(f"{ch.name} has no ability {ability!r} (needed for {skill})")
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
        return age.resolve((faces[0], faces[1], faces[2]), self.bonus, self.tn), typed


def _tn(raw: str) -> int:
    try:
        value = int(raw) if raw.lstrip("-").isdigit() else age.difficulty(raw)
    except Exception:
        raise EntryError(f"tn= needs a number or a difficulty name, got {raw!r}") from None
    if not 1 <= value <= 40:
        raise EntryError(f"tn= must be within 1..40, got {value}")
    return value


class AgeAdapter:
    """Rollable names and plans for the roll entry (the system interface delegates here)."""

    def rollables(self, character: Character) -> Sequence[str]:
        names = list(character.skills)
        names += [str(k) for k in character.attributes]
        names += [f"{ab} ({focus})" for focus, ab in character.skills.items()]
        return names

    def plan(self, campaign: Campaign, check: Check) -> Plan:
        a = _Test(campaign, check.a, None)
        if check.b is None:
            return self._single(a)
        b = _Test(campaign, check.b, a.tn if a.explicit_tn else None)
        return self._opposed(a, b)

    def _single(self, t: _Test) -> Plan:
        p = age.odds(t.bonus, t.tn)
        name = age.difficulty_name(t.tn)
        tn_text = f"TN {t.tn}" + (f" {name}" if name else "")
        if not t.explicit_tn:
            tn_text += " (default)"
        odds = (Chance("success", p, "success"), Chance("failure", 1 - p, "failure"))

        def run(state: Campaign, rng: random.Random) -> Outcome:
            result, typed = t.resolve(rng)
            return outcome(
                state,
                text=f"{t.text} vs {tn_text}: {result.label}",
                actor=t.side.actor,
                grade="success" if result.success else "failure",
                inputs=_inputs(t, result, typed),
                result=result,
            )

        return Plan(f"{t.text} vs {tn_text}", odds, run)

    def _opposed(self, a: _Test, b: _Test) -> Plan:
        gate = a.tn if a.explicit_tn else (b.tn if b.explicit_tn else None)
        dist = _opposed_odds(a.bonus, b.bonus, gate)
        odds = contest_chances(a.side.actor, b.side.actor, dist)

        def run(state: Campaign, rng: random.Random) -> Outcome:
            ra, ta = a.resolve(rng)
            rb, tb = b.resolve(rng)
            winner = age.opposed(ra, rb, gate)
            who = verdict(winner, a.side.actor, b.side.actor)
            text = (
                f"{a.text} {ra.total} (drama {ra.drama}) vs {b.text} {rb.total} "
                f"(drama {rb.drama}){f' TN {gate}' if gate else ''}: {who}"
            )
            grade = CONTEST_GRADES[winner]
            return outcome(
                state,
                text=text,
                actor=a.side.actor,
                grade=grade,
                inputs={
                    "a": list(ra.dice),
                    "b": list(rb.dice),
                    "source": typed_or_rolled(ta and tb),
                },
                result=(ra, rb),
            )

        gate_text = f" (TN {gate})" if gate else ""
        return Plan(f"{a.text} vs {b.text}{gate_text}", odds, run)


def _inputs(t: _Test, result: age.Result, typed: bool) -> dict[str, object]:
    return {
        "skill": t.side.skill,
        "bonus": t.bonus,
        "tn": t.tn,
        "dice": list(result.dice),
        "source": typed_or_rolled(typed),
    }


def _opposed_odds(a_bonus: int, b_bonus: int, tn: int | None) -> dict[str | None, Fraction]:
    from rules.exact import enumerate_dice

    faces = list(enumerate_dice(3, 6))
    totals: dict[str | None, Fraction] = {"a": Fraction(0), "b": Fraction(0), None: Fraction(0)}
    # Only the total and the Drama Die matter: group the 216 outcomes by them first.
    groups: dict[tuple[int, int], int] = {}
    for d in faces:
        key = (sum(d), d[2])
        groups[key] = groups.get(key, 0) + 1
    for (sa, da), na in groups.items():
        ra = age.resolve((1, 1, da), a_bonus + sa - 2 - da, tn or 0)
        for (sb, db), nb in groups.items():
            rb = age.resolve((1, 1, db), b_bonus + sb - 2 - db, tn or 0)
            winner = _winner(ra.total, ra.drama, a_bonus, rb.total, rb.drama, b_bonus, tn)
            totals[winner] += Fraction(na * nb, 216 * 216)
    return dict(totals)


def _winner(at: int, ad: int, ab: int, bt: int, bd: int, bb: int, tn: int | None) -> str | None:
    """The seed's chain, restated on totals so the odds need no 46,656 Result objects."""
    a_ok = tn is None or at >= tn
    b_ok = tn is None or bt >= tn
    if a_ok != b_ok:
        return "a" if a_ok else "b"
    if not a_ok:
        return None
    for x, y in ((at, bt), (ad, bd), (ab, bb)):
        if x != y:
            return "a" if x > y else "b"
    return None
