"""The Strange System round state as the players' view may show it.

Goals, actions, skips and reactions of GM-only characters are left out, in the running round
and in the rounds kept for the summing up (and their tallies and repeat streaks), so the
scene panel of the players' view never shows what a hidden character wants, declared or
rolled, nor the required hits that would give away its danger class. An action of a visible
character aimed at a hidden one stays (the players see the attack); its target is named by
the view's stand-in ("Unknown A"). Action numbers keep the GM's numbering, so "#2" means the
same at the table in both views. A state that no longer reads back after filtering is not
shown at all.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.errors import RulesError
from tui.session.campaign.model import Scene
from tui.session.systems.strange.codec import load

__all__ = ["players_rounds"]

Hidden = Callable[[str], bool]


def _by(docs: Any, key: str, hidden: Hidden) -> list[Any]:
    if not isinstance(docs, list):
        return []
    return [d for d in docs if isinstance(d, Mapping) and not hidden(str(d.get(key, "")))]


def _round(doc: Mapping[str, Any], hidden: Hidden) -> dict[str, Any]:
    out = dict(doc)
    out["goals"] = _by(doc.get("goals", []), "actor", hidden)
    actions = _by(doc.get("actions", []), "character", hidden)
    numbers = {a.get("number") for a in actions}
    out["actions"] = actions
    out["skipped"] = [s for s in doc.get("skipped", []) if not hidden(str(s))]
    out["reactions"] = [
        r for r in _by(doc.get("reactions", []), "character", hidden) if r.get("action") in numbers
    ]
    return out


def players_rounds(scene: Scene, hidden: Hidden) -> Mapping[str, Any]:
    """``{"strange": the filtered round state}`` (empty when there is none or it is damaged)."""
    doc = scene.system.get("strange")
    if not isinstance(doc, Mapping):
        return {}
    try:
        out = _round(doc, hidden)
        out["history"] = [
            _round(r, hidden) for r in doc.get("history", []) if isinstance(r, Mapping)
        ]
        verdicts = []
        for v in doc.get("verdicts", []):
            summary = dict(v["summary"])
            summary["tallies"] = _by(summary.get("tallies", []), "character", hidden)
            verdicts.append({**v, "summary": summary})
        out["verdicts"] = verdicts
        out["streaks"] = [
            s for s in doc.get("streaks", []) if isinstance(s, list) and s and not hidden(str(s[0]))
        ]
        load(out)  # what the panel will read must read back
    except (RulesError, KeyError, TypeError, ValueError, AttributeError):
        return {}
    return {"strange": out}
