"""A counted roll changed after the fact (AGE Fortune): the check re-counts its last roll.

The rules keep the state before a check's last roll (``previous``); re-deciding that roll
with changed dice is ``contribute`` again from there, so pool, failures, consequences and
time come out as if the changed roll had been made. Only the check's *last* roll can be
changed: once another roll counted, or ``/clear`` or ``/unblock`` changed the check, the
rules drop ``previous`` and the change is refused with the reason (nothing is spent).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules import age
from rules.age import ChallengeTest
from rules.errors import RulesError
from tui.language import Msg, _, msg, term
from tui.session.campaign.model import ExtendedCheck
from tui.session.extended.data import from_check, to_check
from tui.session.extended.progress import Penalty, count, effects, named, recounted
from tui.session.extended.save import from_race, is_race, race_sides, to_race

__all__ = ["amend_last_roll"]


def _stale(name: str) -> RulesError:
    return RulesError(
        _(
            "that roll is no longer {name}'s last (another roll counted, or the "
            "check changed since): it cannot be changed now"
        ).format(name=name)
    )


def amend_last_roll(
    chk: ExtendedCheck,
    actors: Sequence[str],
    old: Sequence[age.Result],
    new: Sequence[age.Result],
    clear: bool,
    penalty: Penalty,
) -> tuple[ExtendedCheck, list[Msg]]:
    """``chk`` with its last roll — made by ``actors`` with results ``old`` (the first side
    first) — re-counted with ``new``; and the log lines on what that changed (``penalty``:
    how the system names a consequence's penalty)."""
    if is_race(chk):
        return _race(chk, actors, old, new)
    test = from_check(chk)
    if not test.contributions or not isinstance(test.previous, ChallengeTest):
        raise _stale(chk.name)
    last = test.contributions[-1]
    if last.result != old[0] or last.opponents != tuple(old[1:]) or last.who != actors[0]:
        raise _stale(chk.name)
    amended, notes = count(test, last.who, last.skill, new[0], clear, tuple(new[1:]), amend=True)
    records: list[dict[str, Any]] = [dict(c) for c in chk.contributions]
    records[-1]["dice"] = list(new[0].dice)
    records[-1]["fortune"] = True
    updated = to_check(amended, chk.name, allowed_skills=chk.allowed_skills, notes=records)
    lines = [named(chk.name, n) for n in notes] + effects(chk.name, test.previous, amended, penalty)
    lines[0] = recounted(lines[0])
    if amended.level < test.level:
        back = term(amended.level.label)
        lines.append(
            named(
                chk.name,
                msg("consequences back to {level} (time is no longer up)", level=back)
                if test.timed_out
                else msg("consequences back to {level}", level=back),
            )
        )
    return updated, lines


def _race(
    chk: ExtendedCheck, actors: Sequence[str], old: Sequence[age.Result], new: Sequence[age.Result]
) -> tuple[ExtendedCheck, list[Msg]]:
    from tui.session.extended.races import amend_slice, side_of, step_lines

    race = from_race(chk)
    if not race.steps or race.previous is None:
        raise _stale(chk.name)
    found = [side_of(chk, a) for a in actors]
    if len(found) != 2 or None in found or found[0] == found[1]:
        raise _stale(chk.name)
    order = [found.index(0), found.index(1)]
    if race.steps[-1].results != tuple(old[i] for i in order):
        raise _stale(chk.name)
    amended, note = amend_slice(race, [new[i] for i in order])
    records = [dict(c) for c in chk.contributions]
    records[-1]["fortune"] = True
    updated = to_race(amended, chk.name, race_sides(chk), notes=records)
    lines = [named(chk.name, note)] if note is not None else []
    lines += step_lines(chk.name, amended)
    lines[0] = recounted(lines[0])
    return updated, lines
