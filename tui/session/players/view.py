"""The campaign as the players' view shows it (see the package docstring for the rules).

First the veil is lifted: a value a secret entry changed shows as the players last saw it
(:mod:`tui.session.campaign.veil`). Then two steps. First the structure: GM-only characters
leave the party, notes and the scene history go, initiative values and extended-check rolls
of hidden characters go, and the system keeps only the ``scene.system`` data it vets
(``System.players_scene``). Then every string left anywhere in the campaign, keys included,
is redacted: a hidden character's name or alias becomes its stand-in. The second step is
what makes the filter hold for fields added later: a text can only reach the players
through it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields, is_dataclass, replace
from typing import Any

from tui.session.asks.requests import public_options
from tui.session.campaign.log import LogEntry
from tui.session.campaign.model import Campaign, Character, ExtendedCheck, Scene
from tui.session.campaign.prepared import GM_ONLY_OPTIONS
from tui.session.campaign.stand_ins import STAND_INS
from tui.session.campaign.veil import lift_veil
from tui.session.players.cast import Cast
from tui.session.players.log import filter_entries
from tui.session.protocol.system import System

__all__ = ["players", "players_campaign", "players_log", "players_view"]

#: ``scene.system`` keys the shared code owns (the initiative list of
#: :mod:`tui.session.scenes.order`); everything else there belongs to the system.
_SHARED_SCENE_KEYS = ("init",)
#: Closed-set words the code reads back (never names): left as they are.
_KEEP: Mapping[type, tuple[str, ...]] = {
    Campaign: ("system",),
    Character: ("side",),
    Scene: ("kind", "phase"),
    ExtendedCheck: ("status",),
}


def players_view(system: System, campaign: Campaign) -> Campaign:
    """What the players may see of ``campaign`` (``system``: the campaign's)."""
    return players(system, campaign, ())[0]


def players_log(system: System, entries: Sequence[LogEntry], campaign: Campaign) -> list[LogEntry]:
    """What the players may see of ``entries`` (the GM's log of ``campaign``)."""
    return players(system, campaign, entries)[1]


def players(
    system: System, campaign: Campaign, entries: Sequence[LogEntry]
) -> tuple[Campaign, list[LogEntry]]:
    """The players' campaign and log, with one set of stand-in names for both."""
    campaign = lift_veil(campaign, system)
    cast = Cast(campaign, (name for e in entries for name in e.hidden))
    view = players_campaign(system, campaign, cast)
    visible = {c.name for c in view.characters}
    return view, filter_entries(entries, cast, visible)


def players_campaign(system: System, campaign: Campaign, cast: Cast) -> Campaign:
    """The players' campaign with the stand-in names of ``cast`` (which a caller streaming
    a long log through :func:`~tui.session.players.log.filter_entries` shares with it).

    ``campaign``: the GM's, with its veil already lifted (:func:`players` does that first)."""
    view = _structure(system, campaign, cast)
    if view.scene is not None:
        for name in campaign.scene.turn_order if campaign.scene else ():
            if cast.is_hidden(name):
                cast.label(name)  # the turn order gives the first letters
    scrubbed: Campaign = _scrub(view, cast)
    return scrubbed


def _structure(system: System, campaign: Campaign, cast: Cast) -> Campaign:
    characters = tuple(
        replace(c, notes="", conditions=tuple(x for x in c.conditions if not x.gm_only))
        for c in campaign.characters
        if not c.gm_only
    )
    scene = campaign.scene
    if scene is not None:
        scene = replace(scene, system=_scene_system(system, scene, cast))
    checks = tuple(_check(c, cast) for c in campaign.checks)
    # a secret request is the GM's and its player's; the letters are the view's own business;
    # the bestiary and the prepared encounters are the GM's until /start brings them in
    dropped = (STAND_INS, *GM_ONLY_OPTIONS)
    options = {k: v for k, v in public_options(campaign.options).items() if k not in dropped}
    return replace(
        campaign,
        characters=characters,
        scene=scene,
        scene_history=(),
        checks=checks,
        options=options,
    )


def _scene_system(system: System, scene: Scene, cast: Cast) -> dict[str, Any]:
    out: dict[str, Any] = {}
    inits = scene.system.get("init")
    if isinstance(inits, Mapping):
        out["init"] = {k: v for k, v in inits.items() if not cast.is_hidden(str(k))}
    own = system.players_scene(scene, cast.is_hidden)
    out.update((k, v) for k, v in own.items() if k not in _SHARED_SCENE_KEYS)
    return out


def _check(check: ExtendedCheck, cast: Cast) -> ExtendedCheck:
    rolls = tuple(c for c in check.contributions if not cast.is_hidden(str(c.get("who", ""))))
    return replace(check, contributions=rolls)


def _scrub(value: Any, cast: Cast) -> Any:
    """``value`` with every string (keys too) redacted, dataclasses and containers rebuilt."""
    if isinstance(value, str):
        return cast.redact(value)
    if isinstance(value, Mapping):
        return {_scrub(k, cast): _scrub(v, cast) for k, v in value.items()}
    if isinstance(value, tuple | list):
        items = [_scrub(v, cast) for v in value]
        return tuple(items) if isinstance(value, tuple) else items
    if is_dataclass(value) and not isinstance(value, type):
        skip = _KEEP.get(type(value), ())
        changes = {
            f.name: _scrub(getattr(value, f.name), cast)
            for f in fields(value)
            if f.name not in skip
        }
        return replace(value, **changes)
    return value
