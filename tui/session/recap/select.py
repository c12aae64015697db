"""Which entries a recap covers: ``--adventure N``, ``--since DATE``, ``--scene NAME``.

The filters combine (all must hold). An entry knows its adventure and its scene's place in
the scene history (``LogEntry.adventure`` and ``.scene``); entries logged before they did
carry ``0`` and are left out by ``--adventure`` and ``--scene`` (the recap says nothing it
cannot place). ``--since`` compares the day of the entry's time as it was logged (the
table's local day), so ``--since 2024-05-03`` starts with that evening's session.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from tui.language import _
from tui.session.campaign.hidden import fold
from tui.session.campaign.log import LogEntry
from tui.session.campaign.model import Campaign

__all__ = ["RecapOptions", "Selection", "parse_date", "parse_words", "scene_names", "select"]


@dataclass(frozen=True)
class RecapOptions:
    """What the GM asked for (``None``: no such filter); ``gm`` includes GM-only data."""

    adventure: int | None = None
    since: date | None = None
    scene: str | None = None
    gm: bool = False


def scene_names(campaign: Campaign) -> dict[int, Mapping[str, Any]]:
    """Scene number → its history table (the running scene as ``{"name": …}``), read only
    when a recap needs them."""
    scenes: dict[int, Mapping[str, Any]] = dict(enumerate(campaign.scene_history, start=1))
    if campaign.scene is not None:
        scenes[len(campaign.scene_history) + 1] = {
            "name": campaign.scene.name,
            "rounds": campaign.scene.round,
            "running": True,
        }
    return scenes


@dataclass(frozen=True)
class Selection:
    """A compiled filter: ``wanted(entry)`` says whether the recap covers it."""

    adventure: int | None = None
    since: str | None = None
    scenes: frozenset[int] | None = None

    def wanted(self, entry: LogEntry) -> bool:
        if self.adventure is not None and entry.adventure != self.adventure:
            return False
        if self.since is not None and entry.time[:10] < self.since:
            return False
        return self.scenes is None or entry.scene in self.scenes


def select(
    options: RecapOptions,
    scenes: Mapping[int, Mapping[str, Any]],
    shown: Mapping[int, Mapping[str, Any]] | None = None,
) -> Selection:
    """The filter for ``options``; a scene name nobody used is a ``ValueError`` naming the
    scenes there are (as ``shown``: the players' names of them). Several scenes of that name
    are all covered."""
    numbers: frozenset[int] | None = None
    if options.scene is not None:
        wanted = fold(options.scene.strip())
        numbers = frozenset(n for n, s in scenes.items() if fold(str(s.get("name", ""))) == wanted)
        if not numbers:
            known = _names((scenes if shown is None else shown).values())
            raise ValueError(
                _("no scene called {name!r}").format(name=options.scene)
                + (_(" (scenes: {known})").format(known=known) if known else _(" (no scenes yet)"))
            )
    since = options.since.isoformat() if options.since is not None else None
    return Selection(options.adventure, since, numbers)


def _names(scenes: Sequence[Mapping[str, Any]] | Any) -> str:
    names = list(dict.fromkeys(str(s.get("name", "")) for s in scenes))
    shown = ", ".join(names[-8:])
    return ("…, " if len(names) > 8 else "") + shown


def parse_date(text: str) -> date:
    """``YYYY-MM-DD``, or a ``ValueError`` saying so."""
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise ValueError(
            _("expected a date written YYYY-MM-DD, got {text!r}").format(text=text)
        ) from None


def parse_words(words: Sequence[str]) -> RecapOptions:
    """The app's ``/recap`` words: ``gm``, ``adventure=N``, ``since=YYYY-MM-DD`` and
    ``scene=NAME`` (the rest of the line is the name); ``ValueError`` for anything else."""
    adventure: int | None = None
    since: date | None = None
    scene: str | None = None
    gm = False
    rest = list(words)
    while rest:
        word = rest.pop(0)
        key, eq, value = word.partition("=")
        key = key.casefold()
        if not eq and key in ("gm", "--gm"):
            gm = True
        elif eq and key in ("adventure", "adv"):
            if not value.isascii() or not value.isdigit() or not 0 < int(value) < 10**6:
                raise ValueError(
                    _("adventure= needs an adventure number, got {value!r}").format(value=value)
                )
            adventure = int(value)
        elif eq and key == "since":
            since = parse_date(value)
        elif eq and key == "scene":
            scene = " ".join([value, *rest]).strip()
            rest = []
            if not scene:
                raise ValueError(_("scene= needs a scene's name"))
        else:
            raise ValueError(
                _(
                    "unknown recap option {word!r} (gm, adventure=N, since=YYYY-MM-DD, scene=NAME)"
                ).format(word=word)
            )
    return RecapOptions(adventure, since, scene, gm)
