"""A recap of a campaign's log, for the players unless the GM asks for a GM copy.

The log may be long, so it is given as a *source*: a function returning a fresh iterator of
its entries, oldest first (:func:`tui.store.logfile.iter_entries` reads the file forward in
steps). The recap walks it once with ``--gm`` and twice for the players: first for the
names log entries recorded as GM-only (a few names), then for the recap itself, each entry
passing the players' view filter (:mod:`tui.session.players`) with one set of stand-in
names for the whole recap. The scene names and summaries, check names and everything else
the recap writes pass the same redaction, and the finished text passes it once more.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from tui.session.campaign.log import LogEntry
from tui.session.campaign.model import Campaign
from tui.session.campaign.veil import lift_veil
from tui.session.players import Cast, filter_entries, players_campaign
from tui.session.protocol.infos import info
from tui.session.protocol.system import System
from tui.session.recap.gather import gather
from tui.session.recap.markdown import render
from tui.session.recap.select import RecapOptions, scene_names, select

__all__ = ["Source", "recap"]

Source = Callable[[], Iterable[LogEntry]]


def recap(
    system: System, campaign: Campaign, source: Source, options: RecapOptions | None = None
) -> str:
    """The Markdown recap of ``campaign`` (of ``system``) over the entries ``source`` gives.

    Raises ``ValueError`` for a ``--scene`` name no scene has, or a damaged log's
    ``SaveError`` as reading it does.
    """
    options = options or RecapOptions()
    system_name = info(campaign.system).name
    scenes = scene_names(campaign)
    names = [c.name for c in campaign.checks]
    if options.gm:
        selection = select(options, scenes)
        got = gather((e for e in source() if selection.wanted(e)), names)
        checks = [(c, got.mentioned(c.name)) for c in campaign.checks]
        return render(campaign, scenes, got, options, system_name, str, checks)
    campaign = lift_veil(campaign, system)  # values a secret entry changed, as players saw them
    cast = Cast(campaign, {name for e in source() for name in e.hidden})
    view = players_campaign(system, campaign, cast)
    shown = {n: _players_scene(s, cast) for n, s in scenes.items()}
    selection = select(options, scenes, shown)
    visible = {c.name for c in view.characters}

    def entries() -> Iterator[LogEntry]:
        for entry in source():
            if selection.wanted(entry):
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
