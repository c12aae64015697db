"""Every check an answer meets on its way into the GM's campaign, each pinned by a test that
fails without it (issue 47: removing the re-check that a request is still open when the
answer is applied left 108 tests passing).

The answer's path: the app finds an answer file in the inbox (:class:`tui.app.answers.Answers`
drops it unless the request is open *and* the file's character is the request's), runs it
(:func:`tui.session.asks.answer.answer`: refused unless open), and the command applies it
(:class:`tui.session.asks.answer.Answered`: refused unless still open in the campaign it is
applied to — the state may have moved between the look and the step).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from tests.tui.test_player_pages import Table_, gm
from tui.app.answers import Answers
from tui.session.asks.answer import Answered, answer_line
from tui.session.asks.requests import find_ask, open_asks
from tui.store.inbox import Inbox

__all__ = ["gm"]  # the fixture, imported to be used here


def _state(gm: Table_) -> tuple[object, int]:
    return gm.table.campaign, len(gm.table.session.log)


def test_an_answer_applied_after_its_request_closed_changes_nothing(gm: Table_) -> None:
    ident = gm.ask("/ask alice spot hidden")
    ask = find_ask(gm.table.campaign, ident)
    assert ask is not None
    step = gm.table.check_step(answer_line(ask, (34,)))
    command = Answered(step, ask, entered=True)
    assert gm.table.submit("/ask cancel").ok  # withdrawn between the look and the step
    before = _state(gm)
    feedback = gm.table.execute(command)
    assert not feedback.ok and "no longer open" in feedback.message
    assert _state(gm) == before  # no roll logged, no tick, nothing closed twice


def test_an_answer_applied_twice_runs_once(gm: Table_) -> None:
    ident = gm.ask("/ask alice spot hidden")
    ask = find_ask(gm.table.campaign, ident)
    assert ask is not None
    command = Answered(gm.table.check_step(answer_line(ask, (34,))), ask, entered=True)
    assert gm.table.execute(command).ok
    before = _state(gm)
    assert not gm.table.execute(command).ok
    assert _state(gm) == before


def _forged(gm: Table_, ident: str, who: str) -> None:
    inbox = gm.answers.inbox
    assert isinstance(inbox, Inbox)
    inbox.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    doc = {"request": ident, "who": who, "dice": "05"}
    (inbox.folder / f"{ident}.json").write_text(json.dumps(doc), encoding="utf-8")


def test_an_answer_file_naming_another_character_is_dropped_unrun(gm: Table_) -> None:
    ident = gm.ask("/ask alice spot hidden")
    _forged(gm, ident, "Boris Ivanov")  # Boris answering Alice's request
    before = _state(gm)
    assert gm.answers.poll() == []
    assert _state(gm) == before
    assert [a.id for a in open_asks(gm.table.campaign)] == [ident]  # still Alice's to answer
    assert gm.answers.inbox.answers() == []  # and the forged file is gone


def test_an_answer_file_for_a_withdrawn_request_is_dropped_unrun(gm: Table_) -> None:
    ident = gm.ask("/ask alice spot hidden")
    _forged(gm, ident, "Alice Moore")
    assert gm.table.submit("/ask cancel").ok
    before = _state(gm)
    assert gm.answers.poll() == []
    assert _state(gm) == before
    assert gm.answers.inbox.answers() == []


@dataclass
class _Saving:
    """A store whose last change is not on disk yet (the app's checkpoint runs behind)."""

    pending: bool = True
    conflict: None = None


def test_the_same_answer_file_is_run_once_and_kept_until_its_change_is_saved(
    gm: Table_,
) -> None:
    ident = gm.ask("/ask alice spot hidden")
    saving = _Saving()
    answers = Answers(gm.answers.inbox, gm.table, saving)  # type: ignore[arg-type]
    _forged(gm, ident, "Alice Moore")
    (taken,) = answers.poll()
    assert taken.feedback.ok
    after = _state(gm)
    answers.inbox._unread = True  # look again at once: the file is still there
    assert answers.poll() == []  # not run again, not refused either
    assert _state(gm) == after
    assert [a.request for a in answers.inbox.answers()] == [ident]  # kept until saved
    saving.pending = False
    assert answers.poll() == [] and answers.inbox.answers() == []  # saved: it goes
