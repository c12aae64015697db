"""Undo after a restart: the steps the log's newest entries took, rebuilt from their ways back.

Every entry that changed the campaign carries, beside its patch, the patch back to the state
before it (``patch.back``, :meth:`tui.store.store.Store.record`). The session's undo stack is
rebuilt by reading the entries as the session made them: a change pushes a step, ``undo: …``
takes the step it names off the top and ``redo: …`` puts it back. Walking back from the
campaign as opened, entry by entry through their ways back, gives each step's states. An
entry that changed nothing (a roll without effects, a note) is no step here: after a restart
undo takes back changes. The walk stops at an entry whose way back is unknown (a log written
before ways back were kept) or does not fit: the steps below it stay where they are.

How far back: the entries the store keeps in memory (:data:`tui.store.logfile.LOG_TAIL`)
and at most the session's undo depth.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tui.session.campaign.log import LogEntry
from tui.session.campaign.model import Campaign
from tui.store.patch import PatchError, apply_patch

__all__ = ["earlier_steps"]


def _open_steps(entries: Sequence[LogEntry], backs: Mapping[int, Any]) -> list[int]:
    """``seq`` of the steps still on the undo stack after ``entries``, oldest first."""
    done: list[int] = []
    undone: list[int] = []
    for e in entries:
        if e.kind == "undo" and e.undoes:
            if done and done[-1] == e.undoes:
                undone.append(done.pop())
        elif e.kind == "redo" and e.undoes:
            if undone and undone[-1] == e.undoes:
                done.append(undone.pop())
        elif e.seq in backs:
            done.append(e.seq)
            undone.clear()
    return done


def earlier_steps(
    campaign: Campaign, entries: Sequence[LogEntry], backs: Mapping[int, Mapping[str, Any] | None]
) -> list[tuple[Campaign, Campaign, LogEntry]]:
    """The undo stack that ``entries`` (the log's newest, oldest first) leave, ending in
    ``campaign``: (state before, state after, entry) for each step, oldest first."""
    wanted = _open_steps(entries, backs)
    if not wanted:
        return []
    want = set(wanted)
    found: dict[int, tuple[Campaign, Campaign, LogEntry]] = {}
    state = campaign
    for e in reversed(entries):
        if len(found) == len(want):
            break
        if e.seq not in backs:
            continue  # it changed nothing
        back = backs[e.seq]
        if back is None:
            break  # a change whose way back the log does not hold
        try:
            before = apply_patch(state, back)
        except PatchError:
            break
        if e.seq in want:
            found[e.seq] = (before, state, e)
        state = before
    steps: list[tuple[Campaign, Campaign, LogEntry]] = []
    for seq in reversed(wanted):  # from the top down, as far as every step is known
        if seq not in found:
            break
        steps.append(found[seq])
    return steps[::-1]
