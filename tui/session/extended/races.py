"""Races at the table: two sides filling their own pools, first to the threshold wins.

The seed's «длительные противостояния, где важно, кто успеет первым» (:class:`rules.age.Race`):
``/ext chase race="naomi vs guard, amos" threshold=10 [time=30m] [tn=11]``, then each slice
is one opposed roll bound with ``ext=NAME``. Needs the AGE rules; imported only when a
campaign has a race.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

from rules.age import Race, Status
from rules.errors import RulesError
from tui.language import Msg, _, msg, ngettext, nmsg, term, verbatim, vs_words
from tui.session.campaign.model import Campaign, ExtendedCheck
from tui.session.campaign.session import Outcome
from tui.session.entry.entry import Check, EntryError, split_words
from tui.session.entry.names import NameError_, match_prefix_words
from tui.session.entry.rules_text import rules_message
from tui.session.extended.progress import as_test, minutes, named, settle
from tui.session.extended.save import from_race, race_sides, to_race
from tui.session.protocol.system import System

__all__ = [
    "amend_slice",
    "create_race",
    "describe_race",
    "problem",
    "race_step",
    "side_of",
    "step_lines",
    "summary",
]

_NOT_FOR_RACES = ("every", "minor", "major", "serious", "skills")
RACE_USAGE = '/ext NAME race="A vs B[, C]" threshold=N [time=30m] [tn=N]'


def _sides(campaign: Campaign, text: str) -> tuple[tuple[str, ...], ...]:
    vs = re.compile(r"\s+(?:" + "|".join(map(re.escape, sorted(vs_words()))) + r")\s+", re.I)
    parts = vs.split(text)
    if len(parts) != 2 or not all(p.strip() for p in parts):
        raise EntryError(
            _(
                "race= names two sides separated by 'vs', e.g. race=\"naomi vs guard\"; got "
                "{text!r}"
            ).format(text=text)
        )
    names = [ch.name for ch in campaign.characters]
    seen: set[str] = set()
    sides: list[tuple[str, ...]] = []
    for part in parts:
        side: list[str] = []
        for piece in part.split(","):
            words = split_words(piece)
            if not words:
                continue
            try:
                found = match_prefix_words(words, names, what="character")
            except NameError_ as exc:
                raise EntryError(_("race=: {exc}").format(exc=exc)) from None
            if found.consumed != len(words):
                raise EntryError(
                    _("race=: {words!r} is not one character (separate names with commas)").format(
                        words=" ".join(words)
                    )
                )
            if found.name in seen:
                raise EntryError(_("race=: {name} is named twice").format(name=found.name))
            seen.add(found.name)
            side.append(found.name)
        if not side:
            raise EntryError(_("race=: a side without a character in {text!r}").format(text=text))
        sides.append(tuple(side))
    return tuple(sides)


def create_race(
    system: System,
    system_name: str,
    campaign: Campaign,
    name: str,
    opts: Mapping[str, str],
    tn: int,
    threshold: int,
    budget: int | None,
) -> ExtendedCheck:
    """A new race from ``/ext NAME race=… threshold=… [time=…] [tn=…]`` (``system_name``
    names the system when it cannot run races).

    ``race=`` names the two sides separated by ``vs``; a side is one or more characters
    separated by commas (whoever is at the helm may change from slice to slice). Without
    ``time=`` the race has no deadline; a race has no consequences (``minor=``… refused)."""
    wrong = [k for k in _NOT_FOR_RACES if k in opts]
    if wrong:
        raise EntryError(
            _("a race has no {names}: {RACE_USAGE}").format(
                names=", ".join(k + "=" for k in wrong), RACE_USAGE=RACE_USAGE
            )
        )
    if not system.opposed_steps:
        raise EntryError(
            _("races are run with opposed rolls, which {name} extended checks do not count").format(
                name=system_name
            )
        )
    sides = _sides(campaign, opts["race"])
    try:
        race = Race.create(tn, threshold, budget, [" + ".join(s) for s in sides])
    except RulesError as exc:
        raise EntryError(rules_message(str(exc))) from None
    return to_race(race, name, sides)


def summary(chk: ExtendedCheck) -> tuple[Msg, list[Msg]]:
    """The log line and effects that announce a new race (as facts: either language)."""
    race = from_race(chk)
    time = msg("no time limit")
    if race.budget is not None and race.time_per_roll is not None:
        count = race.rolls_left or 0
        time = msg(
            "{budget} min, {per} min per slice ({slices})",
            budget=race.budget,
            per=minutes(race.time_per_roll),
            slices=nmsg("{n} slice", "{n} slices", count),
        )
    text = msg(
        "race {name}: {sides} to {threshold}, TN {tn}, {time}",
        name=chk.name,
        sides=" vs ".join(race.sides),
        threshold=race.threshold,
        tn=race.tn,
        time=time,
    )
    sides = race_sides(chk)
    first, second = (s[0].split()[0].casefold() for s in sides[:2])
    return text, [
        msg(
            "each slice: {a} SKILL vs {b} SKILL ext={name} (the winner fills its pool)",
            a=first,
            b=second,
            name=chk.name,
        )
    ]


def side_of(chk: ExtendedCheck, actor: str) -> int | None:
    """The race side ``actor`` is on, or None."""
    return next((i for i, side in enumerate(race_sides(chk)) if actor in side), None)


def problem(system: System, campaign: Campaign, chk: ExtendedCheck, check: Check) -> Msg | None:
    """Why this roll cannot be a slice of the race ``chk`` (None when it can), as a fact."""
    if chk.status != "running":
        return msg("{name} is already {status}", name=chk.name, status=term(chk.status))
    if not system.opposed_steps:
        return msg(
            "{name} is a race: its slices are opposed rolls, not counted in this system",
            name=chk.name,
        )
    sides = race_sides(chk)
    shown = " vs ".join(", ".join(s) for s in sides)
    if len(check.sides) != 2:
        return msg(
            "{name} is a race ({sides}): each slice is one opposed roll between one "
            "character of each side",
            name=chk.name,
            sides=shown,
        )
    found = [side_of(chk, s.actor) for s in check.sides]
    for side, index in zip(check.sides, found, strict=True):
        if index is None:
            return msg(
                "{actor} is on neither side of {name} ({sides})",
                actor=side.actor,
                name=chk.name,
                sides=shown,
            )
    if found[0] == found[1]:
        return msg(
            "both rollers are on the same side of {name} ({sides})", name=chk.name, sides=shown
        )
    return None


def race_step(
    system: System, before: Campaign, chk: ExtendedCheck, check: Check, out: Outcome
) -> Outcome:
    """A committed opposed roll counted as the next slice of the race ``chk``: resolved at
    the race's TN (a TN typed on the line stands for that slice only), its winner adds its
    Drama Die to its own side's pool, nobody gains when nobody wins, and the slice takes
    budget ÷ (threshold / 2) of the time."""
    opposed = system.extended_opposed(out)
    if opposed is None or len(check.sides) != 2:
        raise RulesError(
            _("{name} is a race: each slice is an opposed roll of its sides").format(name=chk.name)
        )
    results = (as_test(opposed[0]), *(as_test(r) for r in opposed[1]))
    race = from_race(chk)
    order = sorted(range(2), key=lambda i: side_of(chk, check.sides[i].actor) or 0)
    who = [check.sides[i].actor for i in order]
    skills = [system.extended_skill(before, check.sides[i]) for i in order]
    ordered = [results[i] for i in order]
    new, note = _stepped(race, who, skills, ordered)
    lines = [named(chk.name, note)] if note is not None else []
    lines.extend(step_lines(chk.name, new))
    record: dict[str, Any] = {"grade": out.draft.grade}
    updated = to_race(new, chk.name, race_sides(chk), notes=[*chk.contributions, record])
    campaign = settle(out.campaign, updated, new.status)
    inputs = {**out.draft.inputs, "ext": chk.name}
    draft = replace(out.draft.with_effects(lines), inputs=inputs)
    return replace(out, campaign=campaign, draft=draft)


def _stepped(
    race: Race,
    who: Sequence[str],
    skills: Sequence[str],
    results: Sequence[Any],
    *,
    amend: bool = False,
) -> tuple[Race, Msg | None]:
    """``race`` after one slice (``amend``: its last slice re-decided); a TN typed on the line
    stands for this slice only."""
    start = race.previous if amend else race
    if start is None:
        raise RulesError(_("that slice can no longer be changed: the race changed since"))
    typed = results[0].tn
    base = start if typed == start.tn else replace(start, tn=typed)
    new = base.step(who, skills, results)
    previous = new.previous
    new = replace(
        new, tn=start.tn, previous=None if previous is None else replace(previous, tn=start.tn)
    )
    note = (
        None
        if typed == start.tn
        else msg("TN {tn} for this slice (the race's TN is {need})", tn=typed, need=start.tn)
    )
    return new, note


def amend_slice(race: Race, results: Sequence[Any]) -> tuple[Race, Msg | None]:
    """The race with its last slice re-decided from changed results (in race side order)."""
    last = race.steps[-1] if race.steps else None
    if last is None:
        raise RulesError(_("the race has no slice to change"))
    return _stepped(race, last.who, last.skills, results, amend=True)


def step_lines(name: str, race: Race) -> list[Msg]:
    """The log's lines on one slice: who gained, the pools, the time, the end (as facts)."""
    step = race.steps[-1]
    pools = " · ".join(
        f"{s} {p}/{race.threshold}" for s, p in zip(race.sides, race.pools, strict=True)
    )
    gain = (
        msg("nobody gains")
        if step.winner is None
        else verbatim(f"{race.sides[step.winner]} +{step.added}")
    )
    line = msg("{gain}; {pools}", gain=gain, pools=pools)
    if race.budget is not None:
        line = msg(
            "{gain}; {pools}, {elapsed}/{budget} min",
            gain=gain,
            pools=pools,
            elapsed=minutes(Fraction(race.elapsed)),
            budget=race.budget,
        )
    lines = [named(name, line)]
    if race.status is Status.DONE and race.winner is not None:
        lines.append(named(name, msg("{side} wins the race", side=race.sides[race.winner])))
    elif race.status is Status.FAILED:
        lines.append(
            named(name, msg("time is up, nobody reached {threshold}", threshold=race.threshold))
        )
    return lines


def describe_race(marker: str, chk: ExtendedCheck, bar: Any) -> list[tuple[str, str]]:
    """The scene panel's lines for a race: its head (TN, slices, time, the end), then one
    line per side with its pool, so both pools fit a narrow panel."""
    try:
        race = from_race(chk)
    except RulesError as exc:
        return [
            (
                marker
                + _("{name} race  (damaged: {problem})").format(
                    name=chk.name, problem=rules_message(str(exc))
                ),
                "red",
            )
        ]
    count = len(race.steps)
    time = ""
    if race.budget is not None and race.time_left is not None:
        time = "  " + _("{elapsed}/{budget} min ({left} left)").format(
            elapsed=minutes(Fraction(race.elapsed)),
            budget=race.budget,
            left=minutes(race.time_left),
        )
    slices = ngettext("{n} slice", "{n} slices", count).format(n=count)
    head = (
        marker
        + _("{name} race  TN {tn}  {slices}").format(name=chk.name, tn=race.tn, slices=slices)
        + time
    )
    style = "bold"
    if race.status is Status.DONE and race.winner is not None:
        head, style = head + "  ✓ " + _("{side} wins").format(side=race.sides[race.winner]), "green"
    elif race.status is Status.FAILED:
        head, style = head + "  ✗ " + _("nobody in time"), "red"
    lines = [(head, style)]
    lines += [
        (f"    {side} {bar(pool, race.threshold)} {pool}/{race.threshold}", style)
        for side, pool in zip(race.sides, race.pools, strict=True)
    ]
    return lines
