"""Preparing fights ahead and starting them: ``/encounter``, ``/encounters``, ``/start``,
and the bestiary they draw on, ``/bestiary``.

Preparing is the GM's business: every ``/encounter`` and ``/bestiary keep`` step is a secret
log entry, and the players' filter leaves the prepared data out
(:mod:`tui.session.campaign.prepared`). ``/start NAME`` is one public, undoable step that
brings the creatures in, starts the scene, opens the checks and builds the turn order; the
encounter stays prepared, so a wandering-monster table can be started again (the new
creatures take the next free numbers).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from tui.language import Msg, _, msg
from tui.session.campaign.model import Campaign
from tui.session.campaign.session import CommandError, Draft
from tui.session.characters import roster
from tui.session.characters.bestiary import (
    creatures,
    find,
    folder_of,
    search,
    templates_of,
    with_template,
)
from tui.session.characters.values import label
from tui.session.encounters.parts import check_of, kind_of, member_of, name_of, note_of, scene_of
from tui.session.encounters.plan import (
    Encounter,
    encounters,
    find_encounter,
    names_of,
    with_encounter,
    without_encounter,
)
from tui.session.entry.entry import Slash
from tui.session.entry.names import normal
from tui.session.entry.pick import pick_character
from tui.session.protocol.answers import Feedback
from tui.session.protocol.commands import CommandSet
from tui.session.protocol.context import SlashContext
from tui.session.protocol.system import System
from tui.session.scenes.base import start_scene
from tui.session.scenes.initiative import parse_expression, roll_one

__all__ = ["COMMANDS", "start_encounter"]

COMMANDS = CommandSet()

_USAGE = (
    "/encounter NAME [scene=TEXT] [kind=active|long] | NAME add WHO [xN] [gm] | "
    "NAME note TEXT | NAME ext CHECK key=value… | NAME show | NAME edit | drop NAME"
)
#: the campaign option naming the initiative roll /start makes where the system has no order
INITIATIVE = "initiative"


# -- /bestiary -------------------------------------------------------------------------------
@COMMANDS.slash(
    "bestiary",
    "/bestiary [TEXT] | keep CHAR",
    "list or search the creature templates (the campaign's and your bestiary); "
    "keep CHAR keeps a character as the campaign's template",
    args="TEXT",
)
def _bestiary(table: SlashContext, cmd: Slash) -> Feedback:
    words = list(cmd.args)
    if words and words[0].casefold() == "keep":
        return _keep(table, words[1:])
    found = templates_of(table.campaign, table.system)
    shown = search(found.templates, " ".join(words)) if words else list(found.templates)
    parts = [
        f"{t.name}{'' if t.source else ' *'}"
        for t in sorted(shown, key=lambda t: t.name.casefold())
    ]
    if not found.templates:
        text = _("no templates yet: /bestiary keep CHAR, or files in {folder}").format(
            folder=folder_of(table.campaign)
        )
    elif not parts:
        text = _("no template matches {text!r}").format(text=" ".join(words))
    else:
        text = _("templates (* the campaign's own): {names}").format(names=", ".join(parts))
    if found.problems:
        text += " │ " + _("skipped: {problems}").format(problems="; ".join(found.problems[:5]))
    return Feedback(True, text)


def _keep(table: SlashContext, words: Sequence[str]) -> Feedback:
    if not words:
        return Feedback(False, _("usage: /bestiary keep CHAR"))
    name, rest = pick_character(table, words)
    if rest:
        return Feedback(
            False, _("unexpected {rest!r} after {name}").format(rest=" ".join(rest), name=name)
        )
    ch = table.campaign.character(name)
    draft = Draft.of(
        "change", msg("{name} kept as a template of the campaign", name=ch.name), secret=True
    )
    return table.run_change(lambda c: with_template(c, ch), draft)


# -- /encounter and /encounters ----------------------------------------------------------------
@COMMANDS.slash(
    "encounters",
    "/encounters",
    "list the prepared encounters with what they hold (hidden from the players)",
)
def _encounters(table: SlashContext, _cmd: Slash) -> Feedback:
    known = encounters(table.campaign)
    if not known:
        return Feedback(True, _("no encounters prepared yet: /encounter NAME prepares one"))
    listed = " │ ".join(_described(e) for e in known)
    return Feedback(True, f"{listed} │ " + _("/encounter NAME edit opens one in the editor"))


@COMMANDS.arg_kind("ENCOUNTER")
def _encounter_names(table: SlashContext, _who: str | None) -> dict[str, str]:
    """What Tab offers after ``/start`` and ``/encounter``: the prepared encounters (none in
    the players' view, whose campaign has none; none while the save's table is damaged)."""
    try:
        return {e.name: e.name for e in encounters(table.campaign)}
    except CommandError:
        return {}


def _described(enc: Encounter) -> str:
    parts = [enc.name]
    if enc.scene:
        parts.append(_("scene {name}").format(name=enc.scene))
    parts.append(names_of(enc.creatures) or _("nobody yet"))
    if enc.checks:
        parts.append(_("checks: {names}").format(names=", ".join(c[0] for c in enc.checks)))
    if enc.notes:
        parts.append(_("notes: {notes}").format(notes="; ".join(enc.notes)))
    return " — ".join(parts)


def _secret(table: SlashContext, fn: Callable[[Campaign], Campaign], text: Msg) -> Feedback:
    """A preparing step: logged for the GM alone."""
    return table.run_change(fn, Draft.of("change", text, secret=True))


@COMMANDS.slash(
    "encounter",
    _USAGE,
    "prepare an encounter ahead (hidden from the players)",
    args="ENCOUNTER edit|show|add|note|ext TEXT",
)
def _encounter(table: SlashContext, cmd: Slash) -> Feedback:
    words = list(cmd.args)
    if not words:
        return Feedback(False, _("usage: {usage}").format(usage=_USAGE))
    if words[0].casefold() == "drop":
        enc = find_encounter(table.campaign, " ".join(words[1:]))
        return _secret(
            table,
            lambda c: without_encounter(c, enc.name),
            msg("encounter {name} dropped", name=enc.name),
        )
    verbs = ("add", "note", "ext", "show", "edit")
    at = next((i for i, w in enumerate(words) if i and w.casefold() in verbs), None)
    if at is None:
        return _define(table, words)
    verb, rest = words[at].casefold(), words[at + 1 :]
    named = " ".join(words[:at])
    if verb == "add" and not _known(table.campaign, named):  # the first add prepares it
        return _add_member(table, Encounter(name_of(table.campaign, named)), rest)
    if verb == "edit" and not _known(table.campaign, named):  # the editor prepares it
        name = name_of(table.campaign, named)
        return Feedback(
            True,
            _("preparing encounter {name}").format(name=name),
            action="edit_encounter",
            argument=name,
        )
    enc = find_encounter(table.campaign, named)
    if verb == "show":
        return Feedback(True, _described(enc))
    if verb == "note":
        new = replace(enc, notes=(*enc.notes, note_of(" ".join(rest))))
        return _secret(
            table,
            lambda c: with_encounter(c, new),
            msg("encounter {name}: note added", name=enc.name),
        )
    if verb == "ext":
        check = check_of(table, enc, rest)
        new = replace(enc, checks=(*enc.checks, check))
        return _secret(
            table,
            lambda c: with_encounter(c, new),
            msg("encounter {name}: opens the check {check}", name=enc.name, check=check[0]),
        )
    if verb == "edit":
        return Feedback(
            True,
            _("editing encounter {name}").format(name=enc.name),
            action="edit_encounter",
            argument=enc.name,
        )
    return _add_member(table, enc, rest)


def _known(campaign: Campaign, typed: str) -> bool:
    """Whether ``typed`` names a prepared encounter (whole, or the start of one)."""
    form = normal(typed)
    return any(normal(e.name).startswith(form) for e in encounters(campaign))


def _define(table: SlashContext, words: list[str]) -> Feedback:
    """``/encounter NAME [scene=…] [kind=…]``: create it, or change its scene and kind."""
    options = {}
    while words and "=" in words[-1] and words[-1].split("=", 1)[0].casefold() in ("scene", "kind"):
        key, value = words.pop().split("=", 1)
        options[key.casefold()] = value
    name = label(" ".join(words), "encounter")
    kind = kind_of(options["kind"]) if "kind" in options else None
    scene = scene_of(options["scene"]) if options.get("scene") else None
    try:
        old = find_encounter(table.campaign, name)
    except CommandError:
        old = None
    if old is not None and normal(old.name) == normal(name):
        if kind is None and scene is None:
            return Feedback(True, _described(old))
        new = replace(old, kind=kind or old.kind, scene=old.scene if scene is None else scene)
        text = msg("encounter {name} changed", name=old.name)
    else:
        new = Encounter(name, scene or "", kind or "active")
        text = msg("encounter {name} prepared", name=name)
    return _secret(table, lambda c: with_encounter(c, new, old=old.name if old else None), text)


def _add_member(table: SlashContext, enc: Encounter, words: list[str]) -> Feedback:
    """``/encounter NAME add WHO [xN] [gm]``: a template or a campaign character."""
    member = member_of(table, words)
    new = enc.with_member(member)
    shown = member.name if member.count == 1 else f"{member.name} ×{member.count}"
    return _secret(
        table,
        lambda c: with_encounter(c, new),
        msg("encounter {name}: {who} added", name=enc.name, who=shown),
    )


# -- /start ----------------------------------------------------------------------------------
@COMMANDS.slash(
    "start",
    "/start ENCOUNTER",
    "start a prepared encounter: its creatures, scene, checks and turn order in one step",
    args="ENCOUNTER",
)
def _start(table: SlashContext, cmd: Slash) -> Feedback:
    if not cmd.args:
        return Feedback(False, _("usage: /start ENCOUNTER (/encounters lists them)"))
    enc = find_encounter(table.campaign, cmd.rest.strip())
    new, draft, notes = start_encounter(table, enc)
    feedback = table.run_change(lambda _c: new, draft)
    if feedback.ok and notes:
        return replace(
            feedback,
            message=f"{feedback.message} │ " + _("notes: {notes}").format(notes="; ".join(notes)),
        )
    return feedback


def start_encounter(table: SlashContext, enc: Encounter) -> tuple[Campaign, Draft, tuple[str, ...]]:
    """The campaign after ``/start``, its log entry, and the GM's notes to show."""
    system, campaign = table.system, table.campaign
    campaign = start_scene(system, campaign, enc.scene_name, enc.kind)
    templates = templates_of(table.campaign, table.system).templates
    arrived: list[str] = []
    for member in enc.creatures:
        template = find(templates, member.name)
        if template is not None:
            for ch in creatures(campaign, template, member.count, gm=member.gm):
                campaign = roster.add(system, campaign, ch)
                arrived.append(ch.name)
            continue
        try:
            ch = campaign.character(member.name)
        except KeyError:
            raise CommandError(
                _("{encounter}: no template or character called {name!r} any more").format(
                    encounter=enc.name, name=member.name
                )
            ) from None
        if member.gm and not ch.gm_only:
            campaign = campaign.with_character(replace(ch, gm_only=True))
        arrived.append(ch.name)
        if member.count > 1:
            campaign, copies = roster.duplicate(system, campaign, ch.name, member.count - 1)
            arrived.extend(copies)
    opened: list[str] = []
    if enc.checks:
        from tui.session.extended.checks import create_check

        for words in enc.checks:
            chk = create_check(system, table.system_name, campaign, words[0], words[1:])
            campaign = campaign.with_check(chk)
            opened.append(chk.name)
    campaign, order_said = _ordered(table, system, campaign, arrived)
    effects: list[str | Msg] = []
    if arrived:
        effects.append(msg("arrived: {names}", names=", ".join(arrived)))
    if opened:
        effects.append(msg("checks opened: {names}", names=", ".join(opened)))
    effects.extend(order_said)
    draft = Draft.of(
        "change",
        msg("encounter {name} starts: scene {scene}", name=enc.name, scene=enc.scene_name),
        effects=effects,
    )
    return campaign, draft, enc.notes


def _ordered(
    table: SlashContext, system: System, campaign: Campaign, arrived: Sequence[str]
) -> tuple[Campaign, list[str | Msg]]:
    """The turn order of the party and the arrivals, the system's way: its own order
    (GURPS: Basic Speed), else the initiative roll the campaign option ``initiative`` names
    (``3d6 + Dexterity``), skipping whoever lacks an attribute it adds; else as listed."""
    fighters = [c.name for c in campaign.characters if c.side == "party" and c.name not in arrived]
    fighters += list(arrived)
    scene = campaign.scene
    assert scene is not None
    if not fighters:
        return campaign, []
    try:
        own = system.turn_order(campaign, fighters)
    except (CommandError, KeyError):
        own = None
    said: list[str | Msg] = []
    if own is not None:
        order = list(own)
        inits: dict[str, int] = {}
    else:
        order, inits, said = _rolled(table, campaign, fighters)
    system_data = {**scene.system, "init": inits} if inits else dict(scene.system)
    scene = replace(scene, turn_order=tuple(order), current=0, system=system_data)
    said.append(msg("turn order: {names}", names=", ".join(order)))
    return replace(campaign, scene=scene), said


def _rolled(
    table: SlashContext, campaign: Campaign, fighters: list[str]
) -> tuple[list[str], dict[str, int], list[str | Msg]]:
    expression = campaign.options.get(INITIATIVE)
    if not isinstance(expression, str) or not expression.strip():
        return fighters, {}, []
    dice, terms = parse_expression(expression)
    inits: dict[str, int] = {}
    rolled: list[str] = []
    skipped: list[str] = []
    for name in fighters:
        one = roll_one(campaign.character(name), dice, terms, table.rng)
        if one is None:
            skipped.append(name)
        else:
            inits[name] = one.total
            rolled.append(f"{name} {one.text}")
    order = sorted((n for n in fighters if n in inits), key=lambda n: -inits[n]) + skipped
    said: list[str | Msg] = [msg("initiative: {rolls}", rolls="; ".join(rolled))] if rolled else []
    if skipped:
        said.append(
            msg("no initiative roll (missing an attribute): {names}", names=", ".join(skipped))
        )
    return order, inits, said
