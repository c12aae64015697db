"""AGE Fortune at the table: ``/fortune CHAR die=1|2|3 face=F`` changes a die of the last test.

Only the character's own last roll, if it is a single test, can be changed; die 3 is the
Drama Die. The costs come from the campaign options ``fortune_regular`` (default 2) and
``fortune_drama`` (default 3); the points from the character's ``Fortune`` resource.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules import age
from tui.session.campaign.session import Draft
from tui.session.table.commands import CommandSet
from tui.session.table.entry import EntryError, Slash
from tui.session.table.table import Feedback, Table

__all__ = ["COMMANDS"]

#: ``/fortune``
COMMANDS = CommandSet()


def _last_test(table: Table, actor: str) -> age.Result:
    undone = table.session.undone()
    for entry in reversed(table.session.log):
        if entry.kind == "roll" and entry.actor == actor and entry.seq not in undone:
            inputs = entry.inputs
            dice = inputs.get("dice")
            if "bonus" in inputs and "tn" in inputs and isinstance(dice, list) and len(dice) == 3:
                return age.resolve(
                    (dice[0], dice[1], dice[2]), int(inputs["bonus"]), int(inputs["tn"])
                )
            break
    raise EntryError(f"{actor} has no test to spend Fortune on (the last roll must be theirs)")


def _whole(options: Mapping[str, object], key: str, default: int) -> int:
    """A campaign option that must be a whole number (a hand-edited save may hold anything)."""
    value = options.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise EntryError(f"campaign option {key} must be a whole number, got {value!r}")
    return value


@COMMANDS.slash(
    "fortune",
    "/fortune CHAR die=1|2|3 face=F",
    "spend Fortune to set a die of CHAR's last test (3 = Drama Die)", args="CHAR die=1|die=2|die=3",
)
def _fortune(table: Table, cmd: Slash) -> Feedback:
    words = [w for w in cmd.args if "=" not in w]
    opts = dict(w.split("=", 1) for w in cmd.args if "=" in w)
    if not words or "die" not in opts or "face" not in opts:
        return Feedback(False, "usage: /fortune CHAR die=1|2|3 face=F")
    who = table.match_character(words).name  # aliases resolve to the real name
    ch = table.campaign.character(who)
    try:
        die, face = int(opts["die"]), int(opts["face"])
    except ValueError:
        return Feedback(False, "die= and face= take whole numbers")
    if not 1 <= die <= 3:
        return Feedback(False, f"die= must be 1, 2 or 3 (the Drama Die), got {die}")
    options = table.campaign.options
    costs = age.FortuneCosts(
        _whole(options, "fortune_regular", 2), _whole(options, "fortune_drama", 3)
    )
    points = ch.resources.get("Fortune", 0)
    spend = age.spend_fortune(_last_test(table, who), die - 1, face, points, costs)
    new = spend.result
    updated = ch.with_resource("Fortune", spend.points_left)
    return table.run_change(
        lambda c: c.with_character(updated),
        Draft(
            "roll",
            f"{who} · {spend.label}",
            who,
            "success" if new.success else "failure",
            {
                "bonus": new.bonus,
                "tn": new.tn,
                "dice": list(new.dice),
                "source": "fortune",
                "cost": spend.cost,
            },
            (f"{who} Fortune {points} → {spend.points_left}",),
        ),
    )
