"""Shared pieces of the scene commands: the running scene, name matching, start and end.

Pure functions of :class:`~tui.session.campaign.model.Campaign`; the ``/commands`` that wrap
them live in :mod:`tui.session.scenes.commands` and its siblings. Errors are
``CommandError`` (or the ``RulesError``/``NameError_`` of the layers below) with a message
for the GM.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from tui.language import Msg, _, char_count
from tui.session.campaign.history import appended
from tui.session.campaign.model import Campaign, Scene, SceneKind
from tui.session.campaign.session import CommandError
from tui.session.protocol.system import System

__all__ = [
    "KINDS",
    "end_scene",
    "need_scene",
    "scene_args",
    "start_scene",
    "with_scene",
    "with_system",
]

#: words the GM may type for a scene kind → the stored kind
KINDS: Mapping[str, SceneKind] = {
    "active": "active",
    "long": "long",
    "long-term": "long",
    "longterm": "long",
    "long_term": "long",
}


def need_scene(campaign: Campaign) -> Scene:
    """The running scene, or a ``CommandError`` telling how to start one."""
    if campaign.scene is None:
        raise CommandError(_("no scene is running: start one with /scene NAME"))
    return campaign.scene


def with_scene(campaign: Campaign, scene: Scene) -> Campaign:
    return replace(campaign, scene=scene)


def with_system(scene: Scene, key: str, value: Any) -> Scene:
    """``scene`` with ``scene.system[key] = value`` (a copy; values are never mutated)."""
    system = dict(scene.system)
    system[key] = value
    return replace(scene, system=system)


def scene_args(words: Sequence[str]) -> tuple[str, SceneKind, int]:
    """``NAME [active|long] [limit=1..4]`` → (name, kind, round limit).

    Only trailing words are read as the kind and the limit, so a name may hold "long".
    """
    kind: SceneKind = "active"
    limit = 4
    name_words = list(words)
    while name_words:
        folded = name_words[-1].casefold()
        if folded in KINDS:
            kind = KINDS[folded]
        elif folded.startswith("limit="):
            raw = folded.partition("=")[2]
            if not raw.isdigit() or not 1 <= int(raw) <= 4:
                raise CommandError(
                    _("limit= must be a round limit 1..4, got {raw!r}").format(raw=raw)
                )
            limit = int(raw)
        else:
            break
        name_words.pop()
    name = " ".join(name_words).strip()
    if not name:
        raise CommandError(_("the scene needs a name: /scene NAME [active|long] [limit=1..4]"))
    if len(name) > 80:
        raise CommandError(
            _("scene name too long ({length}, at most 80)").format(length=char_count(len(name)))
        )
    return name, kind, limit


def _history_entry(system: System, scene: Scene, note: str) -> dict[str, Any]:
    summary, verdicts = system.scene_ended(scene)
    # the history is the save's data: its lines as they read when the scene ended
    entry: dict[str, Any] = {
        "name": scene.name,
        "kind": scene.kind,
        "rounds": scene.round,
        "summary": note or _said(summary),
    }
    if verdicts:
        entry["verdicts"] = [_said(v) for v in verdicts]
    return entry


def _said(text: str | Msg) -> str:
    return text.render() if isinstance(text, Msg) else text


def end_scene(system: System, campaign: Campaign, note: str = "") -> Campaign:
    """Close the running scene into ``scene_history`` (name, kind, rounds, summary)."""
    scene = need_scene(campaign)
    entry = _history_entry(system, scene, note)
    return replace(campaign, scene=None, scene_history=appended(campaign.scene_history, entry))


def start_scene(
    system: System, campaign: Campaign, name: str, kind: SceneKind = "active", limit: int = 4
) -> Campaign:
    """Start a scene (ending the running one into the history first)."""
    if campaign.scene is not None:
        campaign = end_scene(system, campaign)
    scene = Scene(name=name, kind=kind, round=1, round_limit=limit)
    return replace(campaign, scene=system.scene_started(campaign, scene))
