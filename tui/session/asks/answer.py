"""A player's answer to a request: run exactly as the roll line with the player's dice.

:func:`answer` is what the GM's app does with an answer from the inbox: the request's line
with ``= DICE`` (the dice the player typed) or without (``roll for me``: the app rolls), one
undoable step with every hook a typed roll has, logged as "entered by the player" or
"rolled for the player" (an effect, and ``inputs.asked``), the request closed in the same
step. A secret request's roll is secret. :func:`dice_problem` says, before the answer is
taken, why dice do not fit the roll (``tablekeeper serve`` asks it on a read-only table).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from tui.language import _, msg
from tui.session.asks.requests import ASKED_KEY, Ask, find_ask, open_asks, with_asks
from tui.session.campaign.model import Campaign
from tui.session.campaign.session import Command, CommandError, Outcome
from tui.session.entry.entry import EntryError, parse_faces
from tui.session.entry.steps import message_of
from tui.session.protocol.answers import Feedback
from tui.session.table.table import Table

__all__ = ["Answered", "answer", "answer_faces", "answer_line", "dice_problem", "line_problem"]


def answer_line(ask: Ask, faces: tuple[int, ...] | None) -> str:
    """The roll line the answer runs: the request's, with the player's dice if any."""
    if faces is None:
        return ask.line
    return f"{ask.line} = {' '.join(str(f) for f in faces)}"


def answer_faces(dice: str) -> tuple[int, ...]:
    if "=" in dice:
        raise EntryError(_("type only the dice, e.g. 34 or 1 2 3 4"))
    return parse_faces(dice)


def dice_problem(table: Table, ask: Ask, dice: str) -> str:
    """Why ``dice`` do not fit the roll ``ask`` asks for ("" when they do)
    (:func:`line_problem` of its line)."""
    return line_problem(table, ask.line, dice)


def line_problem(table: Table, line: str, dice: str) -> str:
    """Why ``dice`` do not fit the roll ``line`` ("" when they do).

    The roll is planned and run with them on ``table`` (a throwaway generator rolls what the
    app would roll itself, a GM's range say), and its outcome dropped: the same checks the
    roll line makes (how many dice, their faces), nothing recorded."""
    try:
        faces = answer_faces(dice)
        typed = f"{line} = {' '.join(str(f) for f in faces)}"
        table.plan(typed).run(table.campaign, random.Random())
    except (ValueError, KeyError) as exc:  # EntryError, RulesError, CommandError …
        return message_of(exc)
    except Exception as exc:  # a bug must not take the server down: refuse, say what
        return _("internal error ({kind}: {error})").format(kind=type(exc).__name__, error=exc)
    return ""


@dataclass(frozen=True)
class Answered:
    """The roll of an answer, the request closed and the answer noted, as one step."""

    roll: Command
    ask: Ask
    entered: bool  # the player typed the dice (else the app rolled them)

    def apply(self, campaign: Campaign) -> Outcome:
        if find_ask(campaign, self.ask.id) is None:
            raise CommandError(_("request {id} is no longer open").format(id=self.ask.id))
        out = self.roll.apply(campaign)
        left = [a for a in open_asks(out.campaign) if a.id != self.ask.id]
        said = msg("entered by the player") if self.entered else msg("rolled for the player")
        draft = out.draft.with_effects([said])
        how = "entered" if self.entered else "rolled"
        asked = {"id": self.ask.id, "who": self.ask.who, "by": how}
        draft = replace(draft, inputs={**draft.inputs, ASKED_KEY: asked})
        return replace(out, campaign=with_asks(out.campaign, left), draft=draft)


def answer(table: Table, ident: str, dice: str | None) -> Feedback:
    """Run the answer to the open request ``ident``: ``dice`` the player typed, or ``None``
    for the app to roll. Never raises for a bad answer; nothing changes then."""
    ask = find_ask(table.campaign, ident)
    if ask is None:
        return Feedback(False, _("request {id} is no longer open").format(id=ident))
    try:
        faces = None if dice is None else answer_faces(dice)
        step = table.check_step(answer_line(ask, faces))
    except (ValueError, KeyError) as exc:
        return Feedback(False, message_of(exc))
    command = Answered(step, ask, dice is not None)
    if not ask.secret:
        return table.execute(command)
    with table.session.secretly():
        return table.execute(command)
