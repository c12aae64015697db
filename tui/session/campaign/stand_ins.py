"""The stand-in letters of hidden characters, kept with the campaign so that they never move."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from string import ascii_uppercase
from typing import Final

from tui.session.campaign.log import LogEntry
from tui.session.campaign.model import Campaign

__all__ = ["STAND_INS", "carried", "kept_letters", "letters", "with_letters"]

#: the ``options`` key: the name of a hidden character → its letter ("A", "B" … "AA")
STAND_INS: Final = "stand_ins"


def letters(n: int) -> str:
    """The ``n``-th letter name (from 0): A, B … Z, AA, AB …"""
    out = ""
    n += 1
    while n:
        n, r = divmod(n - 1, 26)
        out = ascii_uppercase[r] + out
    return out


def kept_letters(campaign: Campaign) -> dict[str, str]:
    """The letters ``campaign`` keeps (a damaged table keeps what is readable)."""
    kept = campaign.options.get(STAND_INS)
    if not isinstance(kept, Mapping):
        return {}
    return {str(k): v for k, v in kept.items() if isinstance(v, str) and v.isalpha()}


def _with(campaign: Campaign, kept: Mapping[str, str]) -> Campaign:
    if kept == kept_letters(campaign):
        return campaign
    return replace(campaign, options={**campaign.options, STAND_INS: dict(kept)})


def _shown_hidden(campaign: Campaign) -> list[str]:
    """The hidden characters of the turn order, in its order (the players see their turns)."""
    scene = campaign.scene
    if scene is None:
        return []
    hidden = {ch.name for ch in campaign.characters if ch.gm_only}
    return [name for name in scene.turn_order if name in hidden]


def with_letters(
    before: Campaign, after: Campaign, entry: LogEntry, log: Sequence[LogEntry] = ()
) -> Campaign:
    """``after`` with a letter for every hidden character the players have now met.

    A hidden character gets its letter the first time the players' view meets it: in the turn
    order or named by an entry they see (never earlier, so the letters do not tell how many
    hidden characters the campaign has). A letter is never taken back or given to another:
    a renamed character keeps its own (its old name keeps it too, for the old entries), an
    undo keeps the letters (:func:`carried`). A campaign saved before the letters were kept
    starts them as its players' view gave them: the turn order first, then the log's order.
    """
    kept = kept_letters(before)
    if STAND_INS not in before.options:
        if not any(ch.gm_only for ch in after.characters) and not entry.hidden:
            return after  # nobody hidden yet: nothing to keep
        met = _shown_hidden(before)
        for earlier in log:
            if earlier is not entry:
                met.extend(_met_in(earlier))
        _give(kept, met)
        after = replace(after, options={**after.options, STAND_INS: {}})
    if before.characters is not after.characters:
        old_names = {ch.name for ch in before.characters}
        new_names = {ch.name for ch in after.characters}
        gone, made = old_names - new_names, new_names - old_names
        if len(gone) == len(made) == 1:
            (old,), (new,) = gone, made
            if old in kept and new not in kept:
                kept[new] = kept[old]
    shown = [] if entry.secret else _shown_hidden(after)
    _give(kept, [*shown, *_met_in(entry)])
    return _with(after, kept)


def _met_in(entry: LogEntry) -> tuple[str, ...]:
    """The hidden characters the players' view names in ``entry``: none in one it leaves
    out (a secret, an undo or redo touching a hidden character, a hidden character's own)."""
    if entry.secret or entry.kind in ("undo", "redo") or entry.actor in entry.hidden:
        return ()
    return entry.hidden


def _give(kept: dict[str, str], names: Iterable[str]) -> None:
    used = set(kept.values())
    n = 0
    for name in names:
        if name in kept:
            continue
        while letters(n) in used:
            n += 1
        kept[name] = letters(n)
        used.add(kept[name])


def carried(state: Campaign, current: Campaign) -> Campaign:
    """``state`` (one an undo or redo goes back to) with the letters of ``current``: letters
    only grow, so an undone entry's stand-ins stay what the players read."""
    kept = kept_letters(current)
    if not kept:
        return state
    return _with(state, kept)
