"""A recap of a campaign's log, for the players unless the GM asks for a GM copy.

The log may be long, so it is given as a *source*: a function returning a fresh iterator of
its entries, oldest first (:func:`tui.store.logfile.iter_entries` reads the file forward in
steps), and, when there is one, the log's *index* (:class:`Indexed`,
:mod:`tui.store.logindex`), which knows the names log entries recorded as GM-only and where
the selected entries lie: then only the entries the recap covers are read (the recap of one
adventure costs that adventure's entries, whatever came before). Without it the recap walks
the source once with ``--gm`` and twice for the players: first for those names, then for the
recap itself. Either way each entry passes the players' view filter
(:mod:`tui.session.players`) with one set of stand-in names for the whole recap. The scene
names and summaries, check names and everything else the recap writes pass the same
redaction, and the finished text passes it once more.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Protocol

from tui.language import tr
from tui.session.campaign.log import LogEntry
from tui.session.campaign.model import Campaign
from tui.session.campaign.veil import lift_veil
from tui.session.players import Cast, filter_entries, players_campaign
from tui.session.protocol.infos import info
from tui.session.protocol.system import System
from tui.session.recap.gather import gather
from tui.session.recap.markdown import render
from tui.session.recap.select import RecapOptions, Selection, scene_names, select

__all__ = ["Indexed", "Source", "recap"]

Source = Callable[[], Iterable[LogEntry]]


class Indexed(Protocol):
    """The log's index as the recap asks it (:class:`tui.store.logindex.LogIndex`). Its
    answers may raise ``LookupError`` (the index no longer fits the log): the recap then
    reads the source instead."""

    def hidden_names(self) -> set[str] | None:
        """Every name an entry recorded as GM-only (``None``: unknown, read the source)."""
        ...

    def select(
        self, *, adventure: int | None, since: str | None, scenes: frozenset[int] | None
    ) -> Iterator[LogEntry]:
        """The entries of that adventure, from that day, of those scenes, oldest first."""
        ...


def recap(
    system: System,
    campaign: Campaign,
    source: Source,
    options: RecapOptions | None = None,
    *,
    index: Indexed | None = None,
) -> str:
    """The Markdown recap of ``campaign`` (of ``system``) over the entries ``source`` gives
    (those ``index`` selects, when it is given and fits the log).

    Raises ``ValueError`` for a ``--scene`` name no scene has, or a damaged log's
    ``SaveError`` as reading it does.
    """
    if index is not None:
        try:
            return _recap(system, campaign, source, options, index)
        except LookupError:
            pass  # the index no longer fits the log: the log itself answers
    return _recap(system, campaign, source, options, None)


def _recap(
    system: System,
    campaign: Campaign,
    source: Source,
    options: RecapOptions | None,
    index: Indexed | None,
) -> str:
    options = options or RecapOptions()
    system_name = tr(info(campaign.system).name)
    scenes = scene_names(campaign)
    names = [c.name for c in campaign.checks]

    def selected(selection: Selection) -> Iterator[LogEntry]:
        if index is None:
            yield from (e for e in source() if selection.wanted(e))
            return
        chosen = index.select(
            adventure=selection.adventure, since=selection.since, scenes=selection.scenes
        )
        yield from (e for e in chosen if selection.wanted(e))

    if options.gm:
        selection = select(options, scenes)
        got = gather(selected(selection), names)
        checks = [(c, got.mentioned(c.name)) for c in campaign.checks]
        return render(campaign, scenes, got, options, system_name, str, checks)
    campaign = lift_veil(campaign, system)  # values a secret entry changed, as players saw them
    hidden = index.hidden_names() if index is not None else None
    if hidden is None:
        hidden = {name for e in source() for name in e.hidden}
    cast = Cast(campaign, hidden)
    view = players_campaign(system, campaign, cast)
    shown = {n: _players_scene(s, cast) for n, s in scenes.items()}
    selection = select(options, scenes, shown)
    visible = {c.name for c in view.characters}

    def entries() -> Iterator[LogEntry]:
        for entry in selected(selection):
            yield from filter_entries((entry,), cast, visible)

    got = gather(entries(), names)
    # the view keeps every check, in order, with its name redacted
    checks = [
        (c, got.mentioned(real.name)) for c, real in zip(view.checks, campaign.checks, strict=True)
    ]
    text = render(view, shown, got, options, system_name, cast.redact, checks)
    return cast.redact(text)


def _players_scene(scene: Mapping[str, Any], cast: Cast) -> Mapping[str, Any]:
    """A past scene as the players may read it: redacted name and summary, no verdicts
    (a system's verdicts may tally hidden characters)."""
    out: dict[str, Any] = {k: v for k, v in scene.items() if k in ("rounds", "running")}
    for key in ("name", "summary"):
        value = scene.get(key)
        if isinstance(value, str):
            out[key] = cast.redact(value)
    return out
