"""BRP downtime: the free ticks already granted in the current downtime, per character.

The seed: «В случае длительного периода … Мастер игры может также разрешить персонажам четыре
«свободные» отметки опыта по их выбору». Four per downtime, once; a second ``/downtime`` for
the same character within the same downtime is refused with what was granted. The record is
kept in the campaign options (``[options.downtime]``), so it is saved, undone and replayed
like every other change.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from tui.session.campaign.model import Campaign

__all__ = ["KEY", "granted", "with_granted"]

#: the campaign option holding the current downtime's record
KEY = "downtime"


def _stamp(campaign: Campaign) -> tuple[int, int]:
    """Which downtime it is: the time between scenes, so the adventure number and the scenes
    started so far (ended ones plus the running one). When either moves on (the next scene
    or adventure) the old downtime's record no longer applies."""
    scenes = len(campaign.scene_history) + (1 if campaign.scene is not None else 0)
    return campaign.adventure, scenes


def _record(campaign: Campaign) -> Mapping[str, Any]:
    doc = campaign.options.get(KEY)
    if not isinstance(doc, Mapping):
        return {}
    if (doc.get("adventure"), doc.get("scenes")) != _stamp(campaign):
        return {}  # a scene or an adventure came since: that downtime is over
    granted = doc.get("granted")
    return granted if isinstance(granted, Mapping) else {}


def granted(campaign: Campaign, name: str) -> tuple[str, ...] | None:
    """The free ticks ``name`` took in the current downtime, or None if none yet."""
    skills = _record(campaign).get(name)
    if not isinstance(skills, list):
        return None
    return tuple(str(s) for s in skills)


def with_granted(campaign: Campaign, name: str, skills: Sequence[str]) -> Campaign:
    """The campaign with ``name``'s free ticks of this downtime recorded."""
    adventure, scenes = _stamp(campaign)
    record = {str(k): list(v) for k, v in _record(campaign).items() if isinstance(v, list)}
    record[name] = list(skills)
    options = dict(campaign.options)
    options[KEY] = {"adventure": adventure, "scenes": scenes, "granted": record}
    return replace(campaign, options=options)
