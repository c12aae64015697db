"""The scene history as rows for ``/scenes``: number, name, kind, rounds, summary."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tui.session.campaign.model import Campaign

__all__ = ["PastScene", "past_scenes"]


@dataclass(frozen=True)
class PastScene:
    number: int  # its place in the history: the log's ``scene`` of its entries
    name: str
    kind: str
    rounds: int
    summary: str
    running: bool = False


def _text(scene: Mapping[str, Any], key: str) -> str:
    value = scene.get(key, "")
    return value if isinstance(value, str) else ""


def past_scenes(campaign: Campaign) -> list[PastScene]:
    """Every scene, oldest first, the running one last (parses a lazy history once)."""
    rows = []
    for number, scene in enumerate(campaign.scene_history, start=1):
        rounds = scene.get("rounds", 0)
        rows.append(
            PastScene(
                number,
                _text(scene, "name") or "?",
                _text(scene, "kind"),
                rounds if isinstance(rounds, int) else 0,
                _text(scene, "summary"),
            )
        )
    if campaign.scene is not None:
        s = campaign.scene
        rows.append(
            PastScene(len(campaign.scene_history) + 1, s.name, s.kind, s.round, "", running=True)
        )
    return rows
