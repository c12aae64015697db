"""Undo after a restart: the log's ways back rebuild the undo stack a closed app had.

The property test runs any mix of changes, rolls that change nothing, notes, undo, redo,
checkpoints and restarts against a model of the undo stack (a restart forgets the redo
stack and the steps that changed nothing, and keeps every change), and checks the
campaign after every step.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.store.helpers import Bump, counter, small_campaign
from tui.session.campaign.model import Campaign
from tui.session.campaign.session import Draft, Outcome, Session
from tui.store import Store, log_path, read_log
from tui.store.logfile import format_entry


@dataclass(frozen=True)
class Look:
    """A roll that changes nothing (still a step while the app runs)."""

    def apply(self, campaign: Campaign) -> Outcome:
        return Outcome(campaign, Draft("roll", "Alice looks around", actor="Alice"))


def opened(path: Path) -> tuple[Store, Session]:
    store = Store.open(path)
    session = Session(store.campaign, store.log, last_seq=store.log_count, earlier=store.earlier())
    session.subscribe(store.record)
    return store, session


def test_a_change_is_undone_after_a_restart_as_a_new_logged_step(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    Store.create(path, small_campaign()).close()
    store, session = opened(path)
    for _ in range(3):
        session.execute(Bump())
    store.flush()
    store.close()

    store, session = opened(path)
    assert counter(session.campaign) == 3
    entry = session.undo()
    assert entry is not None and entry.kind == "undo" and entry.undoes == 3
    assert counter(session.campaign) == 2
    store.close()
    store, session = opened(path)  # the undo was logged: it holds after the next restart
    assert counter(session.campaign) == 2
    assert session.undo() is not None and counter(session.campaign) == 1
    assert session.redo() is not None and counter(session.campaign) == 2
    store.close()


def test_a_log_without_ways_back_undoes_nothing_before_the_restart(tmp_path: Path) -> None:
    """A log written before ways back were kept: its changes stay (nothing is guessed)."""
    path = tmp_path / "c.toml"
    Store.create(path, small_campaign()).close()
    store, session = opened(path)
    session.execute(Bump())
    store.flush()
    store.close()
    log = log_path(path)
    text = log.read_text(encoding="utf-8")
    assert "back = " in text  # the entry holds its way back …
    found = read_log(log)
    stripped = "".join(format_entry(e, {"characters": {}}) for e in found.entries)
    log.write_text(stripped, encoding="utf-8")  # … which an older log lacks
    store, session = opened(path)
    assert session.undo() is None
    store.close()


ops = st.lists(
    st.sampled_from(["bump", "bump", "look", "note", "undo", "undo", "redo", "save", "restart"]),
    max_size=30,
)


@settings(max_examples=60, deadline=None)
@given(ops)
def test_undo_and_redo_after_any_restarts_match_the_model(steps: list[str]) -> None:
    folder = Path(tempfile.mkdtemp())
    path = folder / "c.toml"
    Store.create(path, small_campaign()).close()
    store, session = opened(path)
    done: list[tuple[int, int, bool]] = []  # (value before, value after, changed)
    undone: list[tuple[int, int, bool]] = []
    value = 0
    try:
        for op in steps:
            if op in ("bump", "look"):
                session.execute(Bump() if op == "bump" else Look())
                done.append((value, value + (op == "bump"), op == "bump"))
                value = done[-1][1]
                undone.clear()
            elif op == "note":
                session.note(Draft("note", "the door creaks"))
            elif op == "undo":
                assert (session.undo() is not None) == bool(done), op
                if done:
                    undone.append(done.pop())
                    value = undone[-1][0]
            elif op == "redo":
                assert (session.redo() is not None) == bool(undone), op
                if undone:
                    done.append(undone.pop())
                    value = done[-1][1]
            elif op == "save":
                store.checkpoint()
            else:
                store.flush()
                store.close()
                store, session = opened(path)
                done = [s for s in done if s[2]]
                undone.clear()
            assert counter(session.campaign) == value, (op, steps)
    finally:
        store.close()
