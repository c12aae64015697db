"""A prepared encounter as plain data, kept in ``options.encounters`` of the save.

One table per encounter, readable and editable by hand::

    [[options.encounters]]
    name = "Wolves"
    scene = "Birch wood at dusk"      # the scene /start opens ("" = the encounter's name)
    kind = "active"                   # or "long"
    creatures = [{ name = "Bushwolf", count = 3 }, { name = "Ог'лай", count = 1, gm = true }]
    notes = ["they flee below half HP"]
    checks = [["Escape", "threshold=10", "time=30m"]]   # /ext NAME key=value … at /start

A creature names a template (the campaign's or the bestiary's) or a character of the
campaign; ``gm = true`` brings it in hidden from the players. A damaged table is named in
one line when it is used, never a crash.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from tui.language import N_, _
from tui.session.campaign.model import Campaign, SceneKind
from tui.session.campaign.prepared import ENCOUNTERS
from tui.session.campaign.session import CommandError
from tui.session.entry.names import normal

__all__ = [
    "MAX_ENCOUNTERS",
    "Encounter",
    "Member",
    "encounter_doc",
    "encounters",
    "find_encounter",
    "with_encounter",
    "without_encounter",
]

#: what a name may be, as the messages say it (translated there)
WHATS = (N_("encounter"), N_("scene"))
MAX_ENCOUNTERS = 200
MAX_MEMBERS = 40


@dataclass(frozen=True)
class Member:
    """Who an encounter brings: a template or a campaign character, how many, hidden or not."""

    name: str
    count: int = 1
    gm: bool = False


@dataclass(frozen=True)
class Encounter:
    name: str
    scene: str = ""
    kind: SceneKind = "active"
    creatures: tuple[Member, ...] = ()
    notes: tuple[str, ...] = ()
    checks: tuple[tuple[str, ...], ...] = ()

    @property
    def scene_name(self) -> str:
        return self.scene or self.name

    def with_member(self, member: Member) -> Encounter:
        """One more member; the same name (and hiddenness) adds to its count."""
        out: list[Member] = []
        merged = False
        for m in self.creatures:
            if not merged and normal(m.name) == normal(member.name) and m.gm == member.gm:
                out.append(replace(m, count=m.count + member.count))
                merged = True
            else:
                out.append(m)
        if not merged:
            if len(out) >= MAX_MEMBERS:
                raise CommandError(
                    _("an encounter holds at most {most} kinds of creature").format(
                        most=MAX_MEMBERS
                    )
                )
            out.append(member)
        return replace(self, creatures=tuple(out))


def _bad(i: int, what: str) -> CommandError:
    return CommandError(
        _("prepared encounter {n} of the save: {what} (fix options.encounters)").format(
            n=i + 1, what=what
        )
    )


def _member(raw: Any, i: int) -> Member:
    if isinstance(raw, str):
        return Member(raw)
    if not isinstance(raw, Mapping) or not isinstance(raw.get("name"), str):
        raise _bad(i, _("a creature needs a name"))
    count = raw.get("count", 1)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 20:
        raise _bad(i, _("a creature's count must be 1..20"))
    return Member(raw["name"], count, raw.get("gm") is True)


def _strings(raw: Any) -> tuple[str, ...]:
    return tuple(s for s in raw if isinstance(s, str)) if isinstance(raw, list | tuple) else ()


def _encounter(raw: Any, i: int) -> Encounter:
    if not isinstance(raw, Mapping) or not isinstance(raw.get("name"), str):
        raise _bad(i, _("an encounter needs a name"))
    kind = raw.get("kind", "active")
    if kind not in ("active", "long"):
        raise _bad(i, _("kind must be active or long"))
    creatures = raw.get("creatures", [])
    if not isinstance(creatures, list | tuple):
        raise _bad(i, _("creatures must be a list"))
    checks = raw.get("checks", [])
    return Encounter(
        name=raw["name"],
        scene=raw.get("scene", "") if isinstance(raw.get("scene", ""), str) else "",
        kind=kind,
        creatures=tuple(_member(c, i) for c in creatures),
        notes=_strings(raw.get("notes")),
        checks=tuple(_strings(c) for c in checks if isinstance(c, list | tuple) and _strings(c))
        if isinstance(checks, list | tuple)
        else (),
    )


def encounters(campaign: Campaign) -> list[Encounter]:
    """The campaign's prepared encounters (a damaged one raises, naming it)."""
    raw = campaign.options.get(ENCOUNTERS, [])
    if not isinstance(raw, list | tuple):
        raise CommandError(_("options.encounters must be a list of tables (fix it in the save)"))
    return [_encounter(doc, i) for i, doc in enumerate(raw)]


def find_encounter(campaign: Campaign, typed: str) -> Encounter:
    """The encounter ``typed`` names (its whole name, or the start of exactly one)."""
    known = encounters(campaign)
    form = normal(typed)
    exact = [e for e in known if normal(e.name) == form]
    starts = exact or [e for e in known if normal(e.name).startswith(form)]
    if len(starts) == 1:
        return starts[0]
    if not known:
        raise CommandError(_("no encounters prepared yet: /encounter NAME prepares one"))
    names = ", ".join(e.name for e in (starts or known)[:8])
    if starts:
        raise CommandError(
            _("encounter {typed!r} could be {names}").format(typed=typed, names=names)
        )
    raise CommandError(
        _("no encounter called {typed!r} (prepared: {names})").format(typed=typed, names=names)
    )


def encounter_doc(enc: Encounter) -> dict[str, Any]:
    doc: dict[str, Any] = {"name": enc.name}
    if enc.scene:
        doc["scene"] = enc.scene
    doc["kind"] = enc.kind
    doc["creatures"] = [
        {"name": m.name, "count": m.count, **({"gm": True} if m.gm else {})} for m in enc.creatures
    ]
    if enc.notes:
        doc["notes"] = list(enc.notes)
    if enc.checks:
        doc["checks"] = [list(c) for c in enc.checks]
    return doc


def _docs_without(campaign: Campaign, name: str) -> list[Any]:
    raw = campaign.options.get(ENCOUNTERS, [])
    docs = list(raw) if isinstance(raw, list | tuple) else []
    return [
        d
        for d in docs
        if not (isinstance(d, Mapping) and normal(str(d.get("name", ""))) == normal(name))
    ]


def with_encounter(campaign: Campaign, enc: Encounter, *, old: str | None = None) -> Campaign:
    """The campaign with ``enc`` kept (in place of the one called ``old`` or its name)."""
    raw = campaign.options.get(ENCOUNTERS, [])
    docs = list(raw) if isinstance(raw, list | tuple) else []
    target = normal(old or enc.name)
    at = next(
        (
            i
            for i, d in enumerate(docs)
            if isinstance(d, Mapping) and normal(str(d.get("name", ""))) == target
        ),
        None,
    )
    if at is None:
        if len(docs) >= MAX_ENCOUNTERS:
            raise CommandError(
                _("a campaign keeps at most {most} prepared encounters").format(most=MAX_ENCOUNTERS)
            )
        docs.append(encounter_doc(enc))
    else:
        docs[at] = encounter_doc(enc)
    return replace(campaign, options={**campaign.options, ENCOUNTERS: docs})


def without_encounter(campaign: Campaign, name: str) -> Campaign:
    docs = _docs_without(campaign, name)
    options = dict(campaign.options)
    if docs:
        options[ENCOUNTERS] = docs
    else:
        options.pop(ENCOUNTERS, None)
    return replace(campaign, options=options)


def names_of(members: Sequence[Member]) -> str:
    """``Bushwolf ×3, Ог'лай (GM-only)`` for a listing."""
    parts = []
    for m in members:
        part = m.name if m.count == 1 else f"{m.name} ×{m.count}"
        parts.append(_("{part} (GM-only)").format(part=part) if m.gm else part)
    return ", ".join(parts)
