"""Conditions with durations, counted down by the round and by the turn.

At 0 a condition ends with a log line ("Guard Moss: stunned ends") in the same step as the
change that ended it, so one undo takes back both; one without a duration lasts until
``/uncond``, and a new scene clears none (the GM decides what carries over). A duration is
stored in English (``"2 rounds"``, the save's and ``/cond``'s syntax) and shown through
:func:`duration_msg` / :func:`shown_label` in the GM's language («2 раунда»).
"""

from __future__ import annotations

from dataclasses import replace

from tui.language import Msg, _, msg, nmsg
from tui.session.campaign.model import Campaign, Character, Condition, DurationUnit
from tui.session.campaign.session import CommandError, Outcome

__all__ = [
    "MAX_CONDITIONS",
    "counted_down",
    "duration_msg",
    "round_hook",
    "rounds_passed",
    "shown_label",
    "turn_ended",
    "with_condition",
    "without_condition",
]

MAX_CONDITIONS = 20


def duration_msg(condition: Condition) -> Msg:
    """How long ``condition`` lasts, as a stored message: «2 раунда», «1 ход», «пока не
    снято»."""
    if condition.unit == "rounds":
        return nmsg("{n} round", "{n} rounds", condition.left)
    if condition.unit == "turns":
        return nmsg("{n} turn", "{n} turns", condition.left)
    return msg("until removed")


def shown_label(condition: Condition) -> str:
    """``stunned 2 rounds`` / ``prone`` in the GM's language (the name is the GM's own)."""
    if not condition.unit:
        return condition.name
    return f"{condition.name} {duration_msg(condition).render()}"


def with_condition(
    ch: Character,
    name: str,
    left: int = 0,
    unit: DurationUnit = "",
    *,
    mod: int = 0,
    gm_only: bool = False,
) -> tuple[Character, Msg]:
    """``ch`` with the condition set (replacing one of the same name, and so its
    duration and modifier), and the message."""
    new = Condition(name, left if unit else 0, unit, mod, gm_only)
    old = ch.condition(name)
    if old is not None:
        conditions = tuple(replace(new, name=old.name) if c is old else c for c in ch.conditions)
        return (
            ch.with_conditions(conditions),
            msg(
                "{name}: {condition} now {duration} (was {was})",
                name=ch.name,
                condition=replace(new, name=old.name).named,
                duration=duration_msg(new),
                was=duration_msg(old),
            ),
        )
    if len(ch.conditions) >= MAX_CONDITIONS:
        raise CommandError(
            _("{name} already has {MAX_CONDITIONS} conditions").format(
                name=ch.name, MAX_CONDITIONS=MAX_CONDITIONS
            )
        )
    return ch.with_conditions((*ch.conditions, new)), (
        msg(
            "{name} is {condition} for {duration}",
            name=ch.name,
            condition=new.named,
            duration=duration_msg(new),
        )
        if new.unit
        else msg("{name} is {condition}", name=ch.name, condition=new.named)
    )


def without_condition(ch: Character, name: str) -> tuple[Character, Msg]:
    old = ch.condition(name)
    if old is None:
        have = ", ".join(c.name for c in ch.conditions) or _("none")
        raise CommandError(
            _("{name} is not {name2} (conditions: {have})").format(
                name=ch.name, name2=name, have=have
            )
        )
    kept = tuple(c for c in ch.conditions if c is not old)
    return ch.with_conditions(kept), msg(
        "{name} is no longer {condition}", name=ch.name, condition=old.name
    )


def counted_down(ch: Character, unit: DurationUnit, steps: int = 1) -> tuple[Character, list[Msg]]:
    """``ch`` with its ``unit`` conditions ``steps`` shorter; lines for those that end."""
    if steps < 1 or not any(c.unit == unit for c in ch.conditions):
        return ch, []
    kept: list[Condition] = []
    ended: list[Msg] = []
    for c in ch.conditions:
        if c.unit != unit:
            kept.append(c)
        elif c.left - steps > 0:
            kept.append(replace(c, left=c.left - steps))
        elif not c.gm_only:  # a GM-only one ends without a line: the players read the log
            ended.append(msg("{name}: {condition} ends", name=ch.name, condition=c.name))
    return ch.with_conditions(tuple(kept)), ended


def rounds_passed(campaign: Campaign, steps: int) -> tuple[Campaign, list[Msg]]:
    """Every character's round conditions counted down ``steps`` rounds.

    A round passes each time the running scene's round number rises (``/next`` past the
    last actor, the Strange System's ``/phase`` into a new round); a condition set during
    round 1 for 2 rounds is gone when round 3 begins. Every character counts, in the turn
    order or not."""
    chars: list[Character] = []
    lines: list[Msg] = []
    for ch in campaign.characters:
        new, ended = counted_down(ch, "rounds", steps)
        chars.append(new)
        lines += ended
    if all(a is b for a, b in zip(chars, campaign.characters, strict=True)):
        return campaign, []
    return replace(campaign, characters=tuple(chars)), lines


def turn_ended(campaign: Campaign, name: str) -> tuple[Campaign, list[Msg]]:
    """``name``'s turn conditions counted down one turn (its turn just ended, ``/next``
    moving on from it; the turn it was set in counts). A character outside the turn order
    never counts down."""
    try:
        ch = campaign.character(name)
    except KeyError:
        return campaign, []
    new, ended = counted_down(ch, "turns")
    if new is ch:
        return campaign, []
    return campaign.with_character(new), ended


def round_hook(before: Campaign, out: Outcome) -> Outcome:
    """A change hook: when the running scene's round advanced, count the rounds down."""
    old, new = before.scene, out.campaign.scene
    if old is None or new is None or old.name != new.name or new.round <= old.round:
        return out
    campaign, lines = rounds_passed(out.campaign, new.round - old.round)
    if not lines and campaign is out.campaign:
        return out
    draft = out.draft.with_effects(lines)
    return replace(out, campaign=campaign, draft=draft)
