"""The GM's app taking the players' answers from the campaign's inbox (no Textual here).

``tablekeeper serve`` drops each answer a player gives on their page into the inbox
(:mod:`tui.store.inbox`); the app, the campaign's only writer, follows it with a timer
(:data:`EVERY`; one ``stat`` of the folder when nothing changed) and runs each answer of an
open request exactly as if the GM had typed its line with those dice
(:func:`tui.session.asks.answer.answer`): logged as "entered by the player" or "rolled for
the player", the request closed in the same step, undoable like any roll.

An answer's file goes once its change is durable (in the log on disk), so a restart after a
failed write runs it again; one for a request no longer open (withdrawn, answered, or
another character's) is dropped — the server told that player 409 when it knew — and so is
one that does not run any more (its dice no longer fit: the request stays open for another
answer, and the GM is told why).

A roll a player started on their own page comes the same way
(:func:`tui.session.asks.own_rolls.arrived`): it waits for the GM's ``/take`` as a pending
roll, or is taken at once, or refused, as the campaign's ``players_roll`` says.
"""

from __future__ import annotations

from dataclasses import dataclass

from tui.session.asks.answer import answer
from tui.session.asks.offers import Offer
from tui.session.asks.own_rolls import arrived
from tui.session.asks.requests import find_ask
from tui.session.protocol.answers import Feedback
from tui.session.table.table import Table
from tui.store import Store
from tui.store.inbox import Answer, Inbox

__all__ = ["EVERY", "Answers", "Taken"]

#: seconds between two looks at the inbox
EVERY = 0.25


@dataclass(frozen=True)
class Taken:
    """One answer run: who answered which request, and what the table said."""

    answer: Answer
    feedback: Feedback


class Answers:
    """The app's side of one campaign's inbox."""

    def __init__(self, inbox: Inbox, table: Table, store: Store | None = None) -> None:
        self.inbox = inbox
        self.table = table
        self.store = store  # None: nothing to wait for (a test's table without files)
        self._run: list[Answer] = []  # run; their files go once the change is durable

    def poll(self) -> list[Taken]:
        """Run what came in since the last look (cheap when nothing did)."""
        self.inbox.follow()  # until it holds: the server says 503 while no app follows
        self._sweep()
        if not self.inbox.changed():
            return []
        taken: list[Taken] = []
        done = {a.path for a in self._run}
        for got in self.inbox.answers():
            if got.path in done:
                continue
            if got.line is not None:
                self._own_roll(got, taken)
                continue
            ask = find_ask(self.table.campaign, got.request)
            if ask is None or ask.who != got.who:
                self.inbox.remove(got)  # no longer open: dropped
                continue
            feedback = answer(self.table, got.request, got.dice)
            taken.append(Taken(got, feedback))
            if feedback.ok:
                self._run.append(got)
            else:
                self.inbox.remove(got)  # the request stays open for another answer
        self._sweep()
        return taken

    def _own_roll(self, got: Answer, taken: list[Taken]) -> None:
        """A roll the player started: pending, taken at once or refused, as the campaign's
        ``players_roll`` says (:func:`tui.session.asks.own_rolls.arrived`)."""
        offer = Offer(got.roll or got.request, got.who, got.line or "", got.dice)
        feedback = arrived(self.table, offer)
        if feedback is None:
            self.inbox.remove(got)  # no longer a party member, or one of theirs waits: dropped
            return
        taken.append(Taken(got, feedback))
        if feedback.outcome is not None:
            self._run.append(got)  # its file goes once the change is durable
        else:
            self.inbox.remove(got)

    def _sweep(self) -> None:
        """Remove the files of the answers whose change is on disk."""
        if self.store is not None and (self.store.pending or self.store.conflict is not None):
            return
        run, self._run = self._run, []
        for got in run:
            self.inbox.remove(got)

    def close(self) -> None:
        self.inbox.close()
