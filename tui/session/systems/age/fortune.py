"""AGE Fortune at the table: ``/fortune CHAR die=1|2|3 face=F [side=N]`` after the roll.

The seed: the player rolls «и при необходимости модифицирует его результат, тратя ОУ», and in
an opposed test «оппоненты … модифицируют свои результаты, тратя ОУ». So Fortune changes a
die of the character's last test and the test is re-decided, an extended check or race it
counted toward included (``amend_last`` in the rules); each spend is one undoable step.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules import age
from rules.errors import RulesError
from tui.language import Msg, _, msg, nmsg
from tui.session.campaign.log import LogEntry
from tui.session.campaign.model import Campaign
from tui.session.campaign.session import Draft
from tui.session.entry.entry import EntryError, Slash
from tui.session.entry.rules_text import rules_message
from tui.session.protocol.answers import Feedback
from tui.session.protocol.commands import CommandSet
from tui.session.protocol.context import SlashContext
from tui.session.systems.age.adapter import opposed_msg
from tui.session.systems.age.words import result_msg

__all__ = ["COMMANDS"]

#: ``/fortune``
COMMANDS = CommandSet()
USAGE = "/fortune CHAR die=1|2|3 face=F [side=N]"


@dataclass(frozen=True)
class _Roll:
    """The last test a character took part in, rebuilt from its log entry."""

    entry: LogEntry
    actors: tuple[str, ...]
    skills: tuple[str, ...]
    results: tuple[age.Result, ...]
    gate: int | None  # opposed tests only

    @property
    def opposed(self) -> bool:
        return len(self.results) > 1


def _int(raw: object, what: str) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise EntryError(
            _("the log entry's {what} is not a number ({raw!r})").format(what=what, raw=raw)
        )
    return raw


def _result(doc: Mapping[str, Any]) -> age.Result:
    dice = doc.get("dice")
    if not isinstance(dice, list) or len(dice) != 3:
        raise EntryError(_("the log entry holds no three AGE dice"))
    rating = doc.get("skill_value")
    return age.resolve(
        (_int(dice[0], "die"), _int(dice[1], "die"), _int(dice[2], "die")),
        _int(doc.get("bonus"), "bonus"),
        _int(doc.get("tn"), "TN"),
        skill=None if rating is None else _int(rating, "skill"),
    )


def _as_roll(entry: LogEntry) -> _Roll | None:
    inputs = entry.inputs
    sides = inputs.get("sides")
    if isinstance(sides, list) and sides and all(isinstance(s, Mapping) for s in sides):
        gate = inputs.get("gate")
        return _Roll(
            entry,
            tuple(str(s.get("actor", "")) for s in sides),
            tuple(str(s.get("skill", "")) for s in sides),
            tuple(_result(s) for s in sides),
            None if gate is None else _int(gate, "TN"),
        )
    if "bonus" in inputs and "tn" in inputs and isinstance(inputs.get("dice"), list):
        return _Roll(
            entry, (entry.actor,), (str(inputs.get("skill", "")),), (_result(inputs),), None
        )
    return None


def _last_roll(table: SlashContext, actor: str) -> _Roll:
    undone = table.session.undone()
    for entry in reversed(table.session.log):
        if entry.kind != "roll" or entry.seq in undone:
            continue
        roll = _as_roll(entry)
        if roll is not None and actor in roll.actors:
            return roll
        if roll is None and entry.actor == actor:
            break  # the character's last roll was not an AGE test
    raise EntryError(
        _("{actor} has no test to spend Fortune on (the last roll must be theirs)").format(
            actor=actor
        )
    )


def _whole(options: Mapping[str, object], key: str, default: int) -> int:
    """A campaign option that must be a whole number (a hand-edited save may hold anything)."""
    value = options.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise EntryError(
            _("campaign option {key} must be a whole number, got {value!r}").format(
                key=key, value=value
            )
        )
    return value


def _side(roll: _Roll, who: str, raw: str | None) -> int:
    mine = [i for i, a in enumerate(roll.actors) if a == who]
    if raw is None:
        if len(mine) > 1:
            shown = ", ".join(f"side={i + 1} ({roll.skills[i]})" for i in mine)
            raise EntryError(
                _("{who} rolled more than once in that test: add {shown}").format(
                    who=who, shown=shown
                )
            )
        return mine[0]
    try:
        index = int(raw) - 1
    except ValueError:
        raise EntryError(_("side= takes the side's number (1 = the first named)")) from None
    if index not in mine:
        raise EntryError(_("side {raw} of that test is not {who}'s").format(raw=raw, who=who))
    return index


def _verdict(roll: _Roll, results: Sequence[age.Result]) -> tuple[Msg, str]:
    """(text, grade) of the test with ``results`` (grade from the first side's view), as a
    fact (the text in English is the rules' own)."""
    if not roll.opposed:
        return result_msg(results[0]), "success" if results[0].success else "failure"
    winner = age.opposed_many(results, roll.gate)
    grade = (
        "partial"
        if winner is None
        else "success"
        if roll.actors[winner] == roll.actors[0]
        else "failure"
    )
    text = opposed_msg(
        roll.actors, results, winner, None, None if winner is None else roll.actors[winner]
    )
    return text, grade


@COMMANDS.slash(
    "fortune",
    USAGE,
    "spend Fortune to set a die of CHAR's last test (3 = Drama Die); opposed tests and "
    "extended checks are re-decided",
    args="CHAR die=1|die=2|die=3",
)
def _fortune(table: SlashContext, cmd: Slash) -> Feedback:
    """Change die ``die`` (3 is the Drama Die) of the character's last test to ``face``: a
    single test, or either side's roll in an opposed test of any size (``side=N`` picks the
    side when the character rolled twice in it); success or the opposed verdict is decided
    again by the seed's chain, and the log says what it was. The costs come from the
    campaign options ``fortune_regular`` (default 2) and ``fortune_drama`` (default 3), the
    points from the ``Fortune`` resource. A roll counted toward a check is re-counted (pool,
    failures, consequences, time) while it is still that check's last roll. Setting a die to
    the face it shows is refused and costs nothing."""
    words = [w for w in cmd.args if "=" not in w]
    opts = dict(w.split("=", 1) for w in cmd.args if "=" in w)
    if not words or "die" not in opts or "face" not in opts:
        return Feedback(False, _("usage: {USAGE}").format(USAGE=USAGE))
    who = table.match_character(words).name  # aliases resolve to the real name
    ch = table.campaign.character(who)
    try:
        die, face = int(opts["die"]), int(opts["face"])
    except ValueError:
        return Feedback(False, _("die= and face= take whole numbers"))
    if not 1 <= die <= 3:
        return Feedback(
            False, _("die= must be 1, 2 or 3 (the Drama Die), got {die}").format(die=die)
        )
    options = table.campaign.options
    costs = age.FortuneCosts(
        _whole(options, "fortune_regular", 2), _whole(options, "fortune_drama", 3)
    )
    roll = _last_roll(table, who)
    index = _side(roll, who, opts.get("side"))
    points = ch.resources.get("Fortune", 0)
    spend = age.spend_fortune(roll.results[index], die - 1, face, points, costs)
    results = list(roll.results)
    results[index] = spend.result
    before, _after = _verdict(roll, roll.results)
    after, grade = _verdict(roll, results)
    changed = roll.opposed and (
        age.opposed_many(roll.results, roll.gate) != age.opposed_many(results, roll.gate)
    )
    ext = roll.entry.inputs.get("ext")
    change, lines = _recount(table.campaign, ext, roll, results)
    updated = ch.with_resource("Fortune", spend.points_left)
    effects: list[str | Msg] = [
        msg("{who} Fortune {before} → {after}", who=who, before=points, after=spend.points_left),
        *lines,
    ]
    if changed:
        effects.insert(0, msg("verdict changed; was: {was}", was=before))
    # the same sentence as the rules' ``label`` of a spend, word for word in English
    text = nmsg(
        "{who} · Fortune {n} point: {die}, {left} left; {verdict}",
        "{who} · Fortune {n} points: {die}, {left} left; {verdict}",
        spend.cost,
        who=who,
        die=_die(spend),
        left=spend.points_left,
        verdict=after,
    )
    inputs = _inputs(roll, results, spend.cost)
    return table.run_change(
        lambda c: change(c.with_character(updated)),
        Draft.of("roll", text, who, grade, inputs, tuple(effects)),
    )


def _die(spend: age.FortuneSpend) -> Msg:
    before = spend.before.dice[spend.die_index]
    if spend.die_index == 2:
        return msg("Drama Die {before} → {face}", before=before, face=spend.face)
    return msg("die {n} {before} → {face}", n=spend.die_index + 1, before=before, face=spend.face)


def _inputs(roll: _Roll, results: Sequence[age.Result], cost: int) -> dict[str, object]:
    """The new entry records the test as changed, in the shape of the original, so that a
    further spend (by either side) starts from it."""
    old = dict(roll.entry.inputs)
    if roll.opposed:
        sides = [
            {**dict(s), "dice": list(r.dice)}
            for s, r in zip(old.get("sides", []), results, strict=True)
        ]
        old["sides"] = sides
    else:
        old["dice"] = list(results[0].dice)
        old["bonus"], old["tn"] = results[0].bonus, results[0].tn
    return {**old, "source": "fortune", "cost": cost}


def _recount(
    campaign: Campaign, ext: object, roll: _Roll, results: Sequence[age.Result]
) -> tuple[Callable[[Campaign], Campaign], list[Msg]]:
    """How the change re-counts the extended check the roll counted toward (if any)."""
    if not isinstance(ext, str) or not ext:
        return (lambda c: c), []
    try:
        chk = campaign.check(ext)
    except KeyError:
        return (lambda c: c), []  # the check was dropped since: nothing to re-count
    from tui.session.extended.amend import amend_last_roll
    from tui.session.systems.age.words import penalty_msg

    try:
        updated, lines = amend_last_roll(
            chk,
            roll.actors,
            roll.results,
            results,
            bool(roll.entry.inputs.get("ext_clear", False)),
            penalty_msg,
        )
    except RulesError as exc:
        raise EntryError(_("{exc}; no Fortune spent").format(exc=rules_message(str(exc)))) from None

    def change(c: Campaign) -> Campaign:
        return c.with_check(updated)

    return change, lines
