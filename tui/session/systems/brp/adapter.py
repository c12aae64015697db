"""Basic Roleplaying at the table: skill checks, characteristic rolls, opposed and resistance.

Each line becomes a plan with its exact odds before Enter (the entry forms are the BRP help
page, ``Brp.entry_help``). Two characteristics against each other use the resistance table
(two sides only); anything else with ``vs`` is an opposed roll of any number of sides.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal

from rules import brp
from rules.brp import Level
from tui.language import Msg, _, msg, term, tr
from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.session import Outcome
from tui.session.entry.entry import Check, EntryError, Side
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

__all__ = ["GRADES", "BrpAdapter"]

GRADES = {
    Level.CRITICAL: "critical",
    Level.SPECIAL: "special",
    Level.SUCCESS: "success",
    Level.FAILURE: "failure",
    Level.FUMBLE: "fumble",
}
_WORDS = ("easy", "normal", "hard", "automatic", "impossible", "nostakes", "roll")


def _odds(chance: int) -> tuple[Chance, ...]:
    dist = brp.odds(chance)
    return tuple(Chance(tr(level.label), dist[level], GRADES[level]) for level in reversed(Level))


class _Roll:
    """One side of a BRP roll after validation: base value, difficulty, final chance.

    A characteristic rolled alone is a ×5 roll (STR 13 → 65 %), the usual BRP
    characteristic roll; a signed number adds percentage points to the skill before
    difficulty. Impossible (seed: «бросок не разрешается … позволить игроку бросить и
    описать, насколько плохо провалилась попытка»): without dice it is a failure with no
    roll; typed dice, or the word ``roll``, resolve it at chance 0 to see how badly.
    """

    def __init__(self, campaign: Campaign, side: Side) -> None:
        self.side = side
        ch = campaign.character(side.actor)
        self.is_skill = side.skill in ch.skills
        raw = ch.skills[side.skill] if self.is_skill else ch.attributes[side.skill]
        if not isinstance(raw, int) or isinstance(raw, bool):
            raise EntryError(
                _("{actor}'s {skill} is not a number ({raw!r})").format(
                    actor=side.actor, skill=side.skill, raw=raw
                )
            )
        self.value = raw
        numbers, words = signed_words(side, low=-200, high=200, what="modifier")
        reject_unknown(words, ("ext",), side, _WORDS)
        diffs = [w for w in words if w in brp.DIFFICULTIES]
        if len(diffs) > 1:
            raise EntryError(
                _("pick one difficulty, not {diffs}").format(diffs=_(" and ").join(diffs))
            )
        self.difficulty = diffs[0] if diffs else "normal"
        self.stakes = "nostakes" not in words
        self.see_how_badly = "roll" in words
        if self.see_how_badly and self.difficulty != "impossible":
            raise EntryError(
                _(
                    "'roll' goes with impossible (a roll to see how badly); other checks are "
                    "rolled anyway"
                )
            )
        self.base = max(0, (raw if self.is_skill else raw * 5) + sum(numbers))
        self.numbers = numbers
        if self.difficulty in ("automatic", "impossible"):
            self.chance = 0 if self.difficulty == "impossible" else 100
        else:
            self.chance = brp.effective_chance(self.base, self.difficulty)

    @property
    def target_text(self) -> str:
        return self.target.render()

    @property
    def target(self) -> Msg:
        """``Spot Hidden 60 hard → 30%`` as a message (the difficulty a term of its own)."""
        kind = "" if self.is_skill else "×5"
        mods = "".join(f"{n:+d}" for n in self.numbers)
        if not (kind or mods or self.difficulty != "normal"):
            return msg("{skill} {chance}%", skill=self.side.skill, chance=self.chance)
        if self.difficulty == "normal":
            return msg(
                "{skill} {value}{kind}{mods} → {chance}%",
                skill=self.side.skill,
                value=self.value,
                kind=kind,
                mods=mods,
                chance=self.chance,
            )
        return msg(
            "{skill} {value}{kind}{mods} {difficulty} → {chance}%",
            skill=self.side.skill,
            value=self.value,
            kind=kind,
            mods=mods,
            difficulty=term(self.difficulty),
            chance=self.chance,
        )

    @property
    def rolls(self) -> bool:
        """Whether a die is rolled: not for automatic, nor impossible without dice or 'roll'."""
        if self.difficulty == "automatic":
            return False
        if self.difficulty == "impossible":
            return self.side.faces is not None or self.see_how_badly
        return True

    def resolve(self, rng: random.Random) -> tuple[brp.Check, bool]:
        if self.difficulty == "automatic":
            if self.side.faces is not None:
                raise EntryError(_("an automatic check takes no dice"))
            return brp.check(self.base, "automatic", None, stakes=self.stakes), False
        if not self.rolls:  # impossible: a failure, no roll
            return brp.check(self.base, "impossible", None, stakes=self.stakes), True
        faces, typed = draw(self.side.faces, 1, 100, rng, what=f"{self.side.actor}'s d100")
        return brp.check(self.base, self.difficulty, faces[0], stakes=self.stakes), typed


def _tick(
    campaign: Campaign, roll: _Roll, level: Level, eligible: bool
) -> tuple[Campaign, list[Msg]]:
    """The first eligible success of a *skill* in the adventure sets its experience tick
    (characteristics do not improve by experience); a success cancelled in a contest still
    ticks."""
    if not (roll.is_skill and eligible):
        return campaign, []
    ch = campaign.character(roll.side.actor)
    if roll.side.skill in ch.ticks:
        return campaign, []
    updated = ch.with_ticks((*ch.ticks, roll.side.skill))
    return campaign.with_character(updated), [
        msg("tick: {name} · {skill}", name=ch.name, skill=roll.side.skill)
    ]


def _dice_text(check: brp.Check) -> str | Msg:
    return msg("no roll") if check.roll is None else brp.face_text(check.roll)


class BrpAdapter:
    """Rollable names and plans for the roll entry (the system interface delegates here)."""

    def rollables(self, character: Character) -> Sequence[str]:
        return [*character.skills, *character.attributes]

    def plan(self, campaign: Campaign, check: Check) -> Plan:
        if check.b is None:
            return self._single(campaign, check.a)
        if any(side.value is not None for side in check.sides):
            return self._against_number(campaign, check)
        a_char, b_char = campaign.character(check.a.actor), campaign.character(check.b.actor)
        a_attr = check.a.skill in a_char.attributes and check.a.skill not in a_char.skills
        b_attr = check.b.skill in b_char.attributes and check.b.skill not in b_char.skills
        if a_attr and b_attr:
            if check.more:
                raise EntryError(
                    _(
                        "a resistance roll (characteristic against characteristic) has two sides: "
                        "active and passive"
                    )
                )
            return self._resistance(campaign, check.a, check.b)
        return self._opposed(campaign, check.sides)

    def _against_number(self, campaign: Campaign, check: Check) -> Plan:
        """A characteristic against an object's value (seed: «тяжёлый камень может иметь
        РАЗ 15 … СИЛ против РАЗ камня по Таблице сопротивления»): the resistance table, with
        the character's side rolling (the object «не будет бросать кубики»)."""
        number = next(side for side in check.sides if side.value is not None)
        if check.more or check.b is not number:
            raise EntryError(
                _(
                    "a plain number ({number}) is an object's value on the resistance table: "
                    "one characteristic against it (alice str vs siz=15)"
                ).format(number=number.named)
            )
        a_char = campaign.character(check.a.actor)
        if check.a.skill not in a_char.attributes or check.a.skill in a_char.skills:
            raise EntryError(
                _(
                    "{skill} is a skill: the resistance table sets a characteristic against "
                    "{number} (a skill takes a difficulty or a modifier instead)"
                ).format(skill=check.a.skill, number=number.named)
            )
        given = {s.options["by"].casefold() for s in check.sides if "by" in s.options}
        if given - {"active"}:
            raise EntryError(
                _("{number} is an object's value: it never rolls, {name} does").format(
                    number=number.named, name=check.a.actor
                )
            )
        if number.words or set(number.options) - {"by"}:
            raise EntryError(
                _("a plain number ({number}) takes no modifiers").format(number=number.named)
            )
        return self._resistance(campaign, check.a, number)

    def _single(self, campaign: Campaign, side: Side) -> Plan:
        roll = _Roll(campaign, side)
        odds = _odds(roll.chance) if roll.rolls else ()

        def run(state: Campaign, rng: random.Random) -> Outcome:
            result, typed = roll.resolve(rng)
            new, effects = _tick(state, roll, result.level, result.tick_eligible)
            text = msg(
                "{actor} · {target}: {dice} → {grade}",
                actor=side.actor,
                target=roll.target,
                dice=_dice_text(result),
                grade=term(result.level.label),
            )
            return outcome(
                new,
                text=text,
                actor=side.actor,
                grade=GRADES[result.level],
                inputs={
                    "skill": side.skill,
                    "chance": roll.chance,
                    "difficulty": roll.difficulty,
                    "dice": [] if result.roll is None else [result.roll],
                    "source": "no roll" if result.roll is None else typed_or_rolled(typed),
                },
                effects=effects,
                result=result,
            )

        summary = f"{side.actor} · {roll.target_text}"
        if roll.difficulty == "automatic":
            summary += _(" (automatic success, no roll, no tick)")
        elif not roll.rolls:
            summary += _(
                " (impossible: a failure with no roll; type the die or add 'roll' to see how badly)"
            )
        elif roll.difficulty == "impossible":
            summary += _(" (impossible: rolled to see how badly, no success possible)")
        return Plan(summary, odds, run)

    def _opposed(self, campaign: Campaign, sides: Sequence[Side]) -> Plan:
        """Every acting side rolls (seed: «все действующие стороны», ``rules.brp.opposed_many``):
        the single best quality wins, lowered by the best opposition; every other success
        becomes a failure; equal plain successes go to the higher rating (before difficulty),
        equal specials or criticals cancel."""
        rolls = [_Roll(campaign, side) for side in sides]
        if any(r.difficulty == "automatic" for r in rolls):
            raise EntryError(_("an opposed roll cannot be automatic: every side rolls"))
        names = side_names(sides)
        dist = brp.opposed_odds(tuple(r.chance for r in rolls), tuple(r.base for r in rolls))
        wins = [
            Chance(_("{name} wins").format(name=name), dist[i], side_grade(sides, i))
            for i, name in enumerate(names)
        ]
        odds = (*wins, Chance(_("no winner"), dist[None], "partial"))

        def run(state: Campaign, rng: random.Random) -> Outcome:
            drawn = [r.resolve(rng) for r in rolls]
            checks = [c for c, _ in drawn]
            result = brp.opposed_many(tuple(c.level for c in checks), tuple(r.base for r in rolls))
            new, effects = state, list[Msg]()
            for r, c in zip(rolls, checks, strict=True):
                new, fx = _tick(new, r, c.level, c.tick_eligible)
                effects.extend(fx)
            who = (
                msg("no winner")
                if result.winner is None
                else msg("{name} wins", name=names[result.winner])
            )
            parts = [
                msg(
                    "{actor} {skill} {dice}/{chance}% ({grade}→{after})",
                    actor=r.side.actor,
                    skill=r.side.skill,
                    dice=_dice_text(c),
                    chance=r.chance,
                    grade=term(c.level.label),
                    after=term(after.label),
                )
                for r, c, after in zip(rolls, checks, result.after, strict=True)
            ]
            said = parts[0]
            for part in parts[1:]:
                said = msg("{a} vs {b}", a=said, b=part)
            grade = side_grade(sides, result.winner)
            inputs: dict[str, object] = {
                key: [c.roll or 0] for key, c in zip("abcdefghijklmnop", checks, strict=False)
            }
            inputs["source"] = typed_or_rolled(all(t for _, t in drawn))
            return outcome(
                new,
                text=msg("{sides}: {verdict}", sides=said, verdict=who),
                actor=sides[0].actor,
                grade=grade,
                inputs=inputs,
                effects=effects,
                result=result,
            )

        summary = _(" vs ").join(f"{r.side.actor} {r.target_text}" for r in rolls)
        return Plan(summary, odds, run)

    def _resistance(self, campaign: Campaign, a_side: Side, b_side: Side) -> Plan:
        """Two characteristics on the resistance table, or one against ``b_side``'s plain
        number (an object's value: its name in the log is ``SIZ 15``, and it never rolls)."""
        a_char = campaign.character(a_side.actor)
        active = a_char.attributes[a_side.skill]
        if b_side.value is None:
            b_char = campaign.character(b_side.actor)
            passive = b_char.attributes[b_side.skill]
            b_kind, b_name = b_char.side, b_side.actor
            b_head = f"{b_side.actor} {b_side.skill} {passive}"
        else:
            passive, b_kind, b_name = b_side.value, "", b_side.named
            b_head = b_side.named
        if not isinstance(active, int) or not isinstance(passive, int):
            raise EntryError(_("resistance rolls need whole-number characteristics"))
        if a_side.words or b_side.words:
            raise EntryError(_("a resistance roll takes no modifiers (only by=active|passive)"))
        reject_unknown((), ("by",), a_side, ())
        reject_unknown((), ("by",) if b_side.value is None else (), b_side, ())
        if a_side.faces is not None and b_side.faces is not None:
            raise EntryError(_("a resistance roll is one d100: type it once"))
        # "alice str vs boulder siz = 40": dice typed at the end belong to the only roll
        typed_faces = a_side.faces if a_side.faces is not None else b_side.faces
        by = "active" if b_side.value is not None else _roller(a_side, b_side, a_char.side, b_kind)
        roller = a_side.actor if by == "active" else b_name
        chance = brp.resistance_chance(active, passive)
        p = brp.resistance_odds(active, passive)
        odds = (
            Chance(_("{name} succeeds").format(name=a_side.actor), p, "success"),
            Chance(
                _("{name} resists").format(name=b_name)
                if b_side.value is None
                else _("{name} fails").format(name=a_side.actor),
                1 - p,
                "failure",
            ),
        )
        head = _("{a} vs {b}").format(a=f"{a_side.actor} {a_side.skill} {active}", b=b_head)
        need = chance  # whichever side rolls, roll ≤ chance → the active force prevails

        def run(state: Campaign, rng: random.Random) -> Outcome:
            automatic = chance in (0, 100)
            if automatic:
                if typed_faces is not None:
                    raise EntryError(
                        _("no roll needed: {chance}%, automatic").format(chance=chance)
                    )
                face, typed = None, False
            else:
                faces, typed = draw(typed_faces, 1, 100, rng, what=f"{roller}'s d100")
                face = faces[0]
            result = brp.resistance_roll(active, passive, face, by=by)
            verdict_text = (
                msg("{name} succeeds", name=a_side.actor)
                if result.success
                else msg("{name} resists", name=b_name)
                if b_side.value is None
                else msg("{name} fails", name=a_side.actor)
            )
            if face is None:
                how = msg("automatic, no roll")
            else:
                args: dict[str, str | int | Msg] = {
                    "roller": roller,
                    "by": term(by),
                    "die": brp.face_text(face),
                    "source": term(typed_or_rolled(typed)),
                    "need": need,
                }
                how = (
                    msg(
                        "{roller} ({by}): {die} ({source}), needing {need} or less to succeed",
                        **args,
                    )
                    if by == "active"
                    else msg(
                        "{roller} ({by}): {die} ({source}); {need} or less and {active} prevails",
                        active=a_side.actor,
                        **args,
                    )
                )
            return outcome(
                state,
                text=msg(
                    "{head} ({chance}%): {how} → {verdict}",
                    head=head,
                    chance=chance,
                    how=how,
                    verdict=verdict_text,
                ),
                actor=a_side.actor,
                grade="success" if result.success else "failure",
                inputs={
                    "active": active,
                    "passive": passive,
                    "chance": chance,
                    "by": by,
                    "roller": roller,
                    "dice": [] if face is None else [face],
                    "source": "no roll" if face is None else typed_or_rolled(typed),
                },
                result=result,
            )

        if chance in (0, 100):
            who = _("automatic, no roll")
        else:
            said = (
                _("{roller} rolls ({by}), {need} or less to succeed")
                if by == "active"
                else _("{roller} rolls ({by}); {need} or less and {active} prevails")
            )
            who = said.format(roller=roller, by=tr(by), need=need, active=a_side.actor)
        return Plan(
            _("{head} → resistance {chance}%; {who}").format(head=head, chance=chance, who=who),
            odds,
            run,
        )


def _roller(a_side: Side, b_side: Side, a_kind: str, b_kind: str) -> Literal["active", "passive"]:
    """Who rolls a resistance roll: ``by=`` if given; else the player's side (seed: «бросок
    делает та сторона, которую контролирует игрок … пусть бросает пассивная сторона»), the
    passive one in doubt (both or neither are player characters). The log names who rolled,
    whether the die was typed or rolled, and what it needed."""
    given = {s.options["by"].casefold() for s in (a_side, b_side) if "by" in s.options}
    if len(given) > 1:
        raise EntryError(_("by= says two different things: give it once (by=active or by=passive)"))
    if given:
        word = given.pop()
        if word not in ("active", "passive"):
            raise EntryError(
                _("by= takes active or passive (the side that rolls), got {word!r}").format(
                    word=word
                )
            )
        return "active" if word == "active" else "passive"
    if (a_kind == "party") != (b_kind == "party"):
        return "active" if a_kind == "party" else "passive"
    return "passive"
