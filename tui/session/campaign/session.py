"""The session: one owner of the campaign state, every change a command, undo/redo, the log.

A command is any object with ``apply(campaign) -> Outcome``. Commands never mutate: they
return the next :class:`~tui.session.campaign.model.Campaign` and a :class:`Draft` of the log entry.
Because states are immutable, undo restores the previous value exactly; redo restores the
next one (a redone roll is not re-rolled). Undo and redo are logged too: the log is
append-only and never rewritten.

Every entry is marked for the players' view when it is made: ``secret`` for a secret roll, a
GM note or anything run inside :meth:`Session.secretly` (an undo or redo inherits it), and
``hidden`` with the GM-only characters it names (:mod:`tui.session.campaign.hidden`). The
state keeps what the players' view needs beside: the veil over the values secret entries
changed (:mod:`~tui.session.campaign.veil`) and the stand-in letters
(:mod:`~tui.session.campaign.stand_ins`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any, Literal, Protocol

from tui.language import Msg, msg, verbatim
from tui.session.campaign.hidden import HiddenNames, strings_in
from tui.session.campaign.log import LogEntry
from tui.session.campaign.model import Campaign
from tui.session.campaign.stand_ins import carried, with_letters
from tui.session.campaign.veil import veiled

__all__ = ["UNDO_DEPTH", "Command", "CommandError", "Draft", "Earlier", "Outcome", "Session"]

UNDO_DEPTH = 500


class CommandError(ValueError):
    """A command that cannot apply to the current state; nothing changed."""


@dataclass(frozen=True)
class Draft:
    """A log entry before the session numbers and timestamps it."""

    kind: str
    text: str
    actor: str = ""
    grade: str = ""
    inputs: Mapping[str, Any] = field(default_factory=dict)
    effects: tuple[str, ...] = ()
    secret: bool = False  # only the GM may see the entry (a /note, a secret roll)
    msg: Msg | None = None  # ``text`` as facts, shown in the GM's language (see LogEntry)
    effect_msgs: tuple[Msg, ...] = ()
    odds: str = ""  # a roll's exact chance of success for its actor, "p/q" (LogEntry.odds)

    @property
    def shown(self) -> str:
        """The text in the GM's language (its facts rendered now), else as written."""
        return self.msg.render() if self.msg is not None else self.text

    @property
    def shown_effects(self) -> tuple[str, ...]:
        if self.effect_msgs and len(self.effect_msgs) == len(self.effects):
            return tuple(m.render() for m in self.effect_msgs)
        return self.effects

    def with_effects(self, more: Sequence[str | Msg]) -> Draft:
        """This draft with ``more`` effects after its own, every one's facts kept."""
        said = tuple(e if isinstance(e, str) else e.english() for e in more)
        facts: tuple[Msg, ...] = ()
        if self.effect_msgs or any(isinstance(e, Msg) for e in more):
            own = (
                self.effect_msgs
                if len(self.effect_msgs) == len(self.effects)
                else tuple(verbatim(e) for e in self.effects)
            )
            facts = own + tuple(e if isinstance(e, Msg) else verbatim(e) for e in more)
        return replace(self, effects=(*self.effects, *said), effect_msgs=facts)

    def with_tail(self, tail: str | Msg) -> Draft:
        """This draft's text followed by ``; tail`` (an added fact, the turn order …)."""
        text = msg(
            "{text}; {tail}",
            text=self.msg or verbatim(self.text),
            tail=tail if isinstance(tail, Msg) else verbatim(tail),
        )
        return replace(self, text=text.english(), msg=text)

    @classmethod
    def of(
        cls,
        kind: str,
        text: str | Msg,
        actor: str = "",
        grade: str = "",
        inputs: Mapping[str, Any] | None = None,
        effects: Sequence[str | Msg] = (),
        *,
        secret: bool = False,
    ) -> Draft:
        """A draft from messages or plain strings: the English goes to ``text`` and
        ``effects``, the facts to ``msg`` and ``effect_msgs`` (when any effect has them)."""
        english = text if isinstance(text, str) else text.english()
        said = tuple(e if isinstance(e, str) else e.english() for e in effects)
        facts = (
            tuple(e if isinstance(e, Msg) else verbatim(e) for e in effects)
            if any(isinstance(e, Msg) for e in effects)
            else ()
        )
        return cls(
            kind,
            english,
            actor,
            grade,
            dict(inputs or {}),
            said,
            secret,
            None if isinstance(text, str) else text,
            facts,
        )


@dataclass(frozen=True)
class Outcome:
    campaign: Campaign
    draft: Draft
    result: Any = None  # the rules result, for the UI (not persisted)
    #: the line the rules ask for next (the damage after a hit, an HT roll), offered in the
    #: roll entry for the GM to edit or commit; nothing is applied until Enter (not persisted)
    next: str = ""


class Command(Protocol):
    def apply(self, campaign: Campaign) -> Outcome: ...


@dataclass(frozen=True)
class _Step:
    before: Campaign
    after: Campaign
    seq: int
    text: str
    secret: bool = False
    hidden: tuple[str, ...] = ()
    msg: Msg | None = None

    def said(self, kind: str) -> Msg:
        """``undo: …`` / ``redo: …`` of this step, its own facts kept."""
        what = self.msg if self.msg is not None else verbatim(self.text)
        return msg("undo: {what}", what=what) if kind == "undo" else msg("redo: {what}", what=what)


Listener = Callable[[Campaign, Sequence[LogEntry]], None]
#: the steps taken before the session began, oldest first: (state before, state after, the
#: entry that made the change) each; the store rebuilds them from the log (undo after a restart)
Earlier = Callable[[], Sequence[tuple[Campaign, Campaign, LogEntry]]]


def _now() -> str:
    return datetime.now(UTC).astimezone().isoformat(timespec="seconds")


def _scene_number(campaign: Campaign) -> int:
    """The running scene's place in the scene history (1 = the first scene), or 0: none.

    A change made while a scene runs belongs to it (``/endscene`` and the ``/scene`` that
    ends it included); one made between scenes, to the scene it starts, if any."""
    return len(campaign.scene_history) + 1 if campaign.scene is not None else 0


class Session:
    """Holds the campaign and its log; runs commands; keeps undo/redo stacks."""

    def __init__(
        self,
        campaign: Campaign,
        log: Sequence[LogEntry] = (),
        *,
        clock: Callable[[], str] = _now,
        depth: int = UNDO_DEPTH,
        last_seq: int = 0,
        earlier: Earlier | None = None,
    ) -> None:
        self.campaign = campaign
        self.log: list[LogEntry] = list(log)
        #: New entries are numbered after this and after the newest entry of ``log`` (the
        #: store passes the newest ``seq`` on disk, which the kept tail may not show).
        self._last_seq = last_seq
        self._clock = clock
        self._depth = depth
        self._undo: list[_Step] = []
        self._redo: list[_Step] = []
        self._listeners: list[Listener] = []
        self._secret = False
        #: asked once, when undo reaches back past this session's own first step
        self._earlier = earlier
        self._start = campaign

    @contextmanager
    def secretly(self) -> Iterator[None]:
        """Mark every entry made inside the block as secret (the ``!`` prefix of a line)."""
        was, self._secret = self._secret, True
        try:
            yield
        finally:
            self._secret = was

    # -- observers -----------------------------------------------------------------------
    def subscribe(self, listener: Listener) -> None:
        """Call ``listener(campaign, new_entries)`` after every change (autosave, UI)."""
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        """Stop calling ``listener`` (a screen that is closing); unknown ones are ignored."""
        if listener in self._listeners:
            self._listeners.remove(listener)

    def _notify(self, entries: Sequence[LogEntry]) -> None:
        for listener in self._listeners:
            listener(self.campaign, entries)

    def prepare(self, after: Campaign) -> None:
        """The GM is about to change the campaign to ``after``: listeners that can get
        ready for it (a ``prepare(before, after)`` method: the store makes its patch) do so
        now. Nothing changes; the change itself comes through :meth:`execute` as usual."""
        for listener in self._listeners:
            ready = getattr(listener, "prepare", None)
            if callable(ready):
                ready(self.campaign, after)

    def _entry(
        self,
        draft: Draft,
        before: Campaign,
        *,
        undoes: int = 0,
        secret: bool = False,
        hidden: tuple[str, ...] = (),
    ) -> LogEntry:
        seq = max(self._last_seq, self.log[-1].seq if self.log else 0) + 1
        self._last_seq = seq
        names = HiddenNames((before, self.campaign), hidden)
        found: tuple[str, ...] = ()
        if names:  # no GM-only name to look for: the entry's inputs are not walked
            texts = [draft.actor, draft.text, *draft.effects, *strings_in(dict(draft.inputs))]
            found = names.mentioned(texts)
        entry = LogEntry(
            seq=seq,
            time=self._clock(),
            kind=draft.kind,
            text=draft.text,
            actor=draft.actor,
            grade=draft.grade,
            inputs=dict(draft.inputs),
            effects=tuple(draft.effects),
            undoes=undoes,
            secret=draft.secret or secret or self._secret,
            hidden=tuple(dict.fromkeys((*hidden, *found))),
            adventure=before.adventure,
            scene=_scene_number(before) or _scene_number(self.campaign),
            odds=draft.odds,
            msg=draft.msg,
            effect_msgs=draft.effect_msgs,
        )
        self.log.append(entry)
        return entry

    # -- commands ------------------------------------------------------------------------
    def execute(self, command: Command) -> Outcome:
        """Apply ``command``; on any exception the state is untouched and nothing is logged."""
        outcome = command.apply(self.campaign)
        before = self.campaign
        self.campaign = outcome.campaign
        entry = self._entry(outcome.draft, before)
        # what the players' view needs kept with the state: the values a secret entry changed
        # as they last saw them, and the stand-in letters of the hidden characters they met
        after = veiled(before, outcome.campaign, secret=entry.secret)
        self.campaign = with_letters(before, after, entry, self.log)
        if self.campaign is not outcome.campaign:
            outcome = replace(outcome, campaign=self.campaign)
        # Every command is a step, even a roll that changed nothing: ctrl+z then takes back
        # the last thing the GM did, as they expect, and the log marks it undone.
        self._undo.append(
            _Step(
                before,
                self.campaign,
                entry.seq,
                entry.text,
                entry.secret,
                entry.hidden,
                entry.msg,
            )
        )
        del self._undo[: -self._depth]
        self._redo.clear()
        self._notify([entry])
        return outcome

    def note(self, draft: Draft) -> LogEntry:
        """Log ``draft`` without changing anything (not an undo step: ctrl+z still takes
        back the last change). For messages worth keeping, such as a round's summary."""
        entry = self._entry(draft, self.campaign)
        self._notify([entry])
        return entry

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> LogEntry | None:
        """Restore the state before the last change; ``None`` when there is nothing to undo.

        Past this session's own first step it goes on into the steps taken before it began
        (``earlier``, asked the first time and only while the state is still the one the
        session began with), each undone as a new logged step like any other."""
        if not self._undo:
            self._take_earlier()
        if not self._undo:
            return None
        return self._step_over("undo", self._undo, self._redo)

    def _take_earlier(self) -> None:
        earlier, self._earlier = self._earlier, None
        if earlier is None or not self._at_start():
            return
        steps = earlier()[-self._depth :]
        self._undo = [
            _Step(before, after, e.seq, e.text, e.secret, e.hidden, e.msg)
            for before, after, e in steps
        ]

    def _at_start(self) -> bool:
        """Whether the state is the one the session began with (its letters aside: they only
        grow, and an undo keeps them)."""
        if self.campaign is self._start:
            return True
        return carried(self._start, self.campaign) == self.campaign

    def redo(self) -> LogEntry | None:
        """Make again the last change undone; ``None`` when nothing is undone."""
        if not self._redo:
            return None
        return self._step_over("redo", self._redo, self._undo)

    def _step_over(
        self, kind: Literal["undo", "redo"], source: list[_Step], target: list[_Step]
    ) -> LogEntry:
        """Undo or redo (``kind``) the newest step of ``source``, which moves to ``target``: the
        state becomes the step's other side, and a logged entry says which step it takes."""
        step = source.pop()
        target.append(step)
        now, other = (step.before, step.after) if kind == "undo" else (step.after, step.before)
        self.campaign = carried(now, self.campaign)
        entry = self._entry(
            Draft.of(kind, step.said(kind)),
            other,
            undoes=step.seq,
            secret=step.secret,
            hidden=step.hidden,
        )
        self._notify([entry])
        return entry

    def undone(self) -> set[int]:
        """``seq`` of entries whose change is currently undone (for greying them out)."""
        return {step.seq for step in self._redo}
