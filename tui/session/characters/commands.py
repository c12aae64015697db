"""The character commands every system has, and the change hooks that follow every change.

``/add``, ``/edit``, ``/sheet``, ``/dup``, ``/rm``, ``/skill``, ``/attr``, ``/hp``, ``/cond``,
``/uncond`` and ``/import``: each change is one undoable, logged step; their forms are the
README's *Commands* table and each ``slash`` declaration here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path

from tui.language import Msg, _, joined, msg, tr
from tui.session.campaign.durations import UNIT_WORDS, parse_condition, parse_duration
from tui.session.campaign.model import Campaign, Character, DurationUnit
from tui.session.campaign.session import CommandError, Draft, Outcome
from tui.session.characters import bestiary, importing, roster
from tui.session.characters.conditions import (
    round_hook,
    shown_label,
    with_condition,
    without_condition,
)
from tui.session.characters.resources import (
    Amount,
    down_lines,
    is_amount,
    parse_amount,
    with_amount,
)
from tui.session.characters.values import (
    attribute_value,
    character_name,
    label,
    skill_value,
    spelling,
    with_table,
)
from tui.session.entry.entry import Slash
from tui.session.entry.names import NameError_, match_prefix_words, normal
from tui.session.entry.pick import pick_character
from tui.session.protocol.answers import Feedback
from tui.session.protocol.commands import CommandSet
from tui.session.protocol.context import SlashContext
from tui.session.protocol.system import System

__all__ = ["COMMANDS", "existing_name"]

#: this part's commands and hooks (listed with the others in :mod:`tui.session.tables`)
COMMANDS = CommandSet()

_FLAGS = {"npc": "npc", "party": "party", "gm": "gm", "gm-only": "gm", "gm_only": "gm"}
#: a count of copies: x3, ×3, *3, or х3 with the Cyrillic letter a Russian layout types
_COUNT = re.compile(r"^[x×*хХ](\d+)$", re.IGNORECASE)


def _one(table: SlashContext, words: Sequence[str], usage: str) -> Character:
    if not words:
        raise CommandError(_("usage: {usage}").format(usage=usage))
    name, rest = pick_character(table, words)
    if rest:
        raise CommandError(
            _("unexpected {rest!r} after {name}").format(rest=" ".join(rest), name=name)
        )
    return table.campaign.character(name)


@COMMANDS.slash(
    "add",
    "/add NAME [xN] [npc] [gm]",
    "add a character (npc: an opponent; gm: hidden from players) and edit it; a template's "
    "name (/bestiary) brings that creature, xN numbered copies of it",
    args="TEXT",
)
def _add(table: SlashContext, cmd: Slash) -> Feedback:
    """Trailing ``npc`` and ``gm`` (or ``gm-only``) are flags, so a character called "Npc"
    is added with ``/add`` and renamed in the editor."""
    words = list(cmd.args)
    side, gm_only = "party", False
    while len(words) > 1 and words[-1].casefold() in _FLAGS:
        flag = _FLAGS[words.pop().casefold()]
        if flag == "gm":
            gm_only = True
        else:
            side = flag
    count = 1
    if len(words) > 1 and (m := _COUNT.match(words[-1])):
        count = int(m[1])
        words.pop()
    while len(words) > 1 and words[-1].casefold() in _FLAGS:  # "/add Wolf gm x3" too
        flag = _FLAGS[words.pop().casefold()]
        gm_only = gm_only or flag == "gm"
        side = flag if flag != "gm" else side
    if not words:
        return Feedback(False, _("usage: /add NAME [xN] [npc] [gm]"))
    template = bestiary.find(
        bestiary.templates_of(table.campaign, table.system).templates, " ".join(words)
    )
    if template is not None:
        return _add_creatures(table, template, count, gm_only)
    if count != 1:
        return Feedback(
            False,
            _(
                "no template called {name!r}: x{count} brings copies of a template "
                "(/bestiary lists them; /dup copies a character)"
            ).format(name=" ".join(words), count=count),
        )
    name = character_name(table.campaign, " ".join(words))
    ch = Character(name, side=side, gm_only=gm_only)
    npc = side == "npc"
    text = (
        msg("added {name} (npc, GM-only)", name=name)
        if npc and gm_only
        else msg("added {name} (npc)", name=name)
        if npc
        else msg("added {name} (GM-only)", name=name)
        if gm_only
        else msg("added {name}", name=name)
    )
    feedback = table.run_change(
        lambda c: roster.add(table.system, c, ch),
        Draft.of("change", text, name, "", {"added": name}),
    )
    if not feedback.ok:
        return feedback
    return replace(feedback, action="edit", argument=name)


def _add_creatures(
    table: SlashContext, template: bestiary.Template, count: int, gm_only: bool
) -> Feedback:
    """``/add Bushwolf x3``: numbered creatures from a template, each with its own
    resources, in one step."""
    made = bestiary.creatures(table.campaign, template, count, gm=gm_only)
    names = [c.name for c in made]

    def bring(campaign: Campaign) -> Campaign:
        for ch in made:
            campaign = roster.add(table.system, campaign, ch)
        return campaign

    text = msg(
        "added {names} from the template {template}", names=", ".join(names), template=template.name
    )
    return table.run_change(bring, Draft.of("change", text, names[0], "", {"added": names}))


_IMPORT_FLAGS = {"npc", "gm", "gm-only", "update", "rename", "skip"}
_IMPORT_USAGE = "/import PATH... [npc] [gm] [update|rename|skip]"


def _import_paths(words: Sequence[str]) -> list[Path]:
    """Each word a file, relative to where Tablekeeper was started; ``~`` is the home."""
    return [Path(word).expanduser() for word in words]


@COMMANDS.slash(
    "import",
    _IMPORT_USAGE,
    "add characters from another program's files (GURPS: GCS sheets) as one step; "
    "update confirms changing one imported before",
    args="PATH... [npc] [gm] [update|rename|skip]",
)
def _import(table: SlashContext, cmd: Slash) -> Feedback:
    reader = table.system.character_reader()
    if reader is None:
        return Feedback(
            False,
            _("{system} campaigns import no character files").format(system=table.system_name),
        )
    words = list(cmd.args)
    flags = set()
    while words and words[-1].casefold() in _IMPORT_FLAGS:
        flags.add(words.pop().casefold())
    if not words:
        return Feedback(False, _("usage: {usage}").format(usage=_IMPORT_USAGE))
    items = []
    paths, unread = importing.files_of(_import_paths(words), reader.suffixes)
    for path in paths:
        try:
            items.append(reader.read(path))
        except ValueError as exc:
            unread.append(str(exc))
    if not items:
        return Feedback(False, "; ".join(unread))
    campaign = table.campaign
    planned = importing.plan(campaign, items)
    how = next((f for f in ("update", "rename", "skip") if f in flags), None)
    clashes = [p for p in planned if p.clash is not None]
    if clashes and how is None:
        names = ", ".join(p.clash or "" for p in clashes)
        return Feedback(
            False,
            _("{names} already in the campaign: add update, rename or skip").format(names=names),
        )
    planned = importing.resolve_all(campaign, planned, how) if how else planned
    planned = importing.fit(campaign, planned)
    updates = [p for p in planned if p.target is not None and not p.skipped]
    if updates and "update" not in flags:
        nothing = _("nothing changes")  # outside the f-string, so every Python extracts it
        shown = "; ".join(f"{p.target}: {', '.join(p.changes) or nothing}" for p in updates)
        return Feedback(False, _("{changes} — add update to apply").format(changes=shown))
    side = "npc" if "npc" in flags else "party"
    gm_only = bool(flags & {"gm", "gm-only"})
    try:
        draft = importing.draft(planned, unread)
    except CommandError as exc:
        return Feedback(False, "; ".join([*unread, str(exc)]))
    feedback = table.run_change(
        lambda c: importing.apply(table.system, c, planned, side=side, gm_only=gm_only), draft
    )
    if not feedback.ok:
        return feedback
    # the notes are the entry's further lines in the log; the message names them too
    said = [feedback.message, *(line.render() for line in importing.notes(planned, unread))]
    return replace(feedback, message=" · ".join(said))


@COMMANDS.slash(
    "edit", "/edit CHAR", "open the character editor (every field; Escape closes)", args="CHAR"
)
def _edit(table: SlashContext, cmd: Slash) -> Feedback:
    ch = _one(table, cmd.args, "/edit CHAR")
    return Feedback(True, _("editing {name}").format(name=ch.name), action="edit", argument=ch.name)


@COMMANDS.slash(
    "sheet",
    "/sheet [CHAR]",
    "the character sheet: everything about one character (f4)",
    args="[CHAR]",
)
def _sheet(table: SlashContext, cmd: Slash) -> Feedback:
    name = _one(table, cmd.args, "/sheet CHAR").name if cmd.args else ""
    return Feedback(
        True,
        _("sheet of {name}").format(name=name) if name else _("sheet"),
        action="sheet",
        argument=name,
    )


@COMMANDS.slash(
    "dup", "/dup CHAR [xN]", "copy a character N times: Guard → Guard 2, Guard 3", args="CHAR"
)
def _dup(table: SlashContext, cmd: Slash) -> Feedback:
    words = list(cmd.args)
    count = 1
    if words and (m := _COUNT.match(words[-1])):
        count = int(m[1])
        words.pop()
    ch = _one(table, words, "/dup CHAR [xN]")
    new, names = roster.duplicate(table.system, table.campaign, ch.name, count)
    text = msg("copied {name}: {copies}", name=ch.name, copies=", ".join(names))
    return table.run_change(
        lambda _c: new,
        Draft.of("change", text, names[-1], "", {"copied": ch.name, "copies": names}),
    )


@COMMANDS.slash(
    "rm",
    "/rm CHAR",
    "remove a character (the log keeps its history; ctrl+z undoes)",
    aliases=("remove",),
    args="CHAR",
)
def _rm(table: SlashContext, cmd: Slash) -> Feedback:
    ch = _one(table, cmd.args, "/rm CHAR")
    new = roster.remove(table.system, table.campaign, ch.name)
    return table.run_change(
        lambda _c: new,
        Draft.of(
            "change",
            msg("removed {name} (its log entries stay; ctrl+z brings it back)", name=ch.name),
            "",
            "",
            {"removed": ch.name},
        ),
    )


def existing_name(
    typed: str, names: Sequence[str], *, what: str = "skill", exact_only: bool = False
) -> str | None:
    """The one name ``typed`` means: exact (ignoring case and punctuation), else the start
    of exactly one name; ``None`` for a new name. Starting several is an error."""
    form = normal(typed)
    exact = [n for n in names if normal(n) == form]
    if exact or exact_only:
        return exact[0] if exact else None
    starts = [n for n in names if normal(n).startswith(form)]
    if len(starts) > 1:
        raise CommandError(
            _(
                '{what} {typed!r} could be {names}: write it out, or quote a new name ("{typed}")'
            ).format(what=tr(what), typed=typed, names=", ".join(starts[:4]))
        )
    return starts[0] if starts else None


def _known(campaign: Campaign, table_of: str) -> list[str]:
    """Every name of this kind (skills or attributes) across the campaign."""
    seen: dict[str, None] = {}
    for ch in campaign.characters:
        values: Mapping[str, object] = getattr(ch, table_of)
        seen.update(dict.fromkeys(values))
    return list(seen)


def _set_value(table: SlashContext, cmd: Slash, kind: str) -> Feedback:
    """A skill or attribute is matched by its exact name or as the start of exactly one of
    the character's own (``/skill alice spot 70`` is Spot Hidden; starting several is
    refused); otherwise a new one is added, written as another character already writes it
    (``listen`` → "Listen" when Boris has Listen). The message says which happened."""
    usage = "/skill CHAR SKILL VALUE" if kind == "skills" else "/attr CHAR NAME VALUE"
    words = list(cmd.args)
    if len(words) < 3:
        return Feedback(False, _("usage: {usage}").format(usage=usage))
    raw = words.pop()
    name, rest = pick_character(table, words)
    if not rest:
        return Feedback(
            False,
            _("usage: {usage} (which {kind} of {name}?)").format(
                usage=usage, kind=tr("skill") if kind == "skills" else tr("attribute"), name=name
            ),
        )
    ch = table.campaign.character(name)
    values: Mapping[str, object] = getattr(ch, kind)
    what = "skill" if kind == "skills" else "attribute"
    typed = label(" ".join(rest), what)
    quoted = f'"{typed}"' in cmd.rest or f"'{typed}'" in cmd.rest
    found = existing_name(typed, list(values), what=what, exact_only=quoted)
    key = found or spelling(typed, _known(table.campaign, kind))
    value = skill_value(table.system, raw, key) if kind == "skills" else attribute_value(raw, key)
    problem = table.system.entry_problem(table.campaign, what, key, value)
    if problem:
        return Feedback(False, _("{key}: {problem}").format(key=key, problem=problem))
    updated = dict(values)
    updated[key] = value
    new = with_table(ch, kind, updated)
    text = (
        msg(
            "{name} {key} {old} → {value}",
            name=ch.name,
            key=key,
            old=str(values[key]),
            value=str(value),
        )
        if found
        else msg(
            "{name}: new {what} {key} {value}",
            name=ch.name,
            key=key,
            what=msg("skill") if kind == "skills" else msg("attribute"),
            value=str(value),
        )
    )
    return table.change(lambda c: c.with_character(new), text, actor=ch.name)


@COMMANDS.slash(
    "skill",
    "/skill CHAR SKILL VALUE",
    "set a skill (added when the character lacks it), checked by the system's rules",
    args="CHAR SKILL N",
)
def _skill(table: SlashContext, cmd: Slash) -> Feedback:
    return _set_value(table, cmd, "skills")


@COMMANDS.slash(
    "attr",
    "/attr CHAR NAME VALUE",
    "set an attribute or characteristic (added if new)",
    args="CHAR TEXT",
)
def _attr(table: SlashContext, cmd: Slash) -> Feedback:
    return _set_value(table, cmd, "attributes")


@COMMANDS.slash(
    "hp",
    "/hp CHAR [RESOURCE] ±N[!]|=N|max=N",
    "change a resource (HP by default); healing stops at the maximum unless N!; "
    "=N or max=N on a new name adds it",
    aliases=("res",),
    args="CHAR [RESOURCE] N",
)
def _resource(table: SlashContext, cmd: Slash) -> Feedback:
    words = list(cmd.args)
    amounts: list[Amount] = []
    while words and is_amount(words[-1]) and len(amounts) < 2:
        amounts.insert(0, parse_amount(words.pop()))
    if len(words) > 1 and not amounts:
        parse_amount(words[-1])  # says what is wrong with the amount
    if not words or not amounts:
        return Feedback(
            False, _("usage: /hp CHAR [RESOURCE] ±N, =N or max=N (! forces past the maximum)")
        )
    if len({a.op == "max" for a in amounts}) != len(amounts):
        return Feedback(False, _("give one change and at most one max=N"))
    name, rest = pick_character(table, words)
    ch = table.campaign.character(name)
    adds = any(a.op in ("=", "max") for a in amounts)
    if rest:
        try:
            resource = match_prefix_words(rest, list(ch.resources), what="resource").name
        except NameError_:
            if not adds:  # a typo must not invent a resource: only =N or max=N adds one
                raise
            resource = label(" ".join(rest), "resource")
    elif "HP" in ch.resources or adds:
        resource = "HP"
    else:
        have = ", ".join(ch.resources) or _("none")
        return Feedback(
            False,
            _("{name} has no HP (resources: {have}); /hp CHAR NAME =N adds one").format(
                name=ch.name, have=have
            ),
        )
    parts: list[str | Msg] = [ch.name]
    new = ch
    for amount in sorted(amounts, key=lambda a: a.op != "max"):  # the maximum first
        new, text = with_amount(new, resource, amount)
        parts += ["; " if len(parts) > 1 else " ", text]
    shown = joined(*parts)
    # the inputs say what changed in words a recap reads (tui.session.recap.gather)
    before, after = ch.resources.get(resource, 0), new.resources.get(resource, 0)
    inputs = {"resource": resource, "from": before, "to": after} if before != after else {}
    return table.run_change(
        lambda c: c.with_character(new), Draft.of("change", shown, ch.name, "", inputs)
    )


def _duration(words: list[str]) -> tuple[int, DurationUnit]:
    """Take a trailing ``N rounds`` / ``N turns`` / ``Nr`` / ``N`` (rounds) off ``words``."""
    if len(words) >= 2 and words[-1].casefold() in UNIT_WORDS and words[-2].isdigit():
        unit = words.pop()
        left, kind = parse_duration(f"{words.pop()} {unit}")
        return left, kind
    m = re.fullmatch(r"(\d+)([a-zа-яё]+)?", words[-1].casefold()) if words else None
    if m is not None and (m[2] is None or m[2] in UNIT_WORDS):
        words.pop()
        return parse_duration(f"{m[1]} {m[2] or 'rounds'}")
    return 0, ""


def _mod_and_flag(words: list[str]) -> tuple[int, bool]:
    """Take ``mod=±N`` (anywhere) and a trailing ``gm`` off ``words`` (read as a save reads
    them, :func:`~tui.session.campaign.durations.parse_condition`)."""
    mod, gm_only = 0, False
    for word in list(words):
        if word.casefold().startswith("mod="):
            try:
                mod = parse_condition(word)[2]
            except ValueError as exc:
                raise CommandError(str(exc)) from None
            words.remove(word)
    if len(words) > 1 and words[-1].casefold() in ("gm", "gm-only", "gm_only"):
        words.pop()
        gm_only = True
    return mod, gm_only


@COMMANDS.slash(
    "cond",
    "/cond CHAR NAME [N rounds|turns] [mod=±N] [gm]",
    "set a condition (stunned, prone …); rounds count down by the round, turns by the "
    "character's own turn; mod= is a modifier every roll of theirs takes; gm hides it "
    "from the players",
    args="CHAR CONDITION N",
)
def _cond(table: SlashContext, cmd: Slash) -> Feedback:
    """A trailing number is a duration: ``/cond moss stunned 2`` is 2 rounds; ``2t`` or
    ``2 turns`` counts turns. ``mod=-2`` gives it a modifier to every roll (the system's
    unit: BRP percent, others points); ``gm`` keeps it, and its log line, from the players."""
    words = list(cmd.args)
    if not words:
        return Feedback(False, _("usage: /cond CHAR NAME [N rounds|turns] [mod=±N] [gm]"))
    name, rest = pick_character(table, words)
    ch = table.campaign.character(name)
    if not rest:
        listed = ", ".join(shown_label(c) for c in ch.conditions) or _("no conditions")
        return Feedback(True, _("{name}: {conditions}").format(name=ch.name, conditions=listed))
    mod, gm_only = _mod_and_flag(rest)
    left, unit = _duration(rest)
    if not gm_only:  # "gm" before the duration: /cond moss bribed gm 1 round
        gm_only = _mod_and_flag(rest)[1]
    if not rest:
        return Feedback(False, _("usage: /cond CHAR NAME [N rounds|turns] [mod=±N] [gm]"))
    condition = label(" ".join(rest), "condition")
    new, text = with_condition(ch, condition, left, unit, mod=mod, gm_only=gm_only)
    draft = Draft.of("change", text, ch.name, "", {})
    return table.run_change(lambda c: c.with_character(new), replace(draft, secret=gm_only))


@COMMANDS.slash(
    "uncond",
    "/uncond CHAR NAME|all",
    "lift a condition (all: every one)",
    args="CHAR CONDITION|all",
)
def _uncond(table: SlashContext, cmd: Slash) -> Feedback:
    words = list(cmd.args)
    if len(words) < 2:
        return Feedback(False, _("usage: /uncond CHAR NAME (or all)"))
    name, rest = pick_character(table, words)
    ch = table.campaign.character(name)
    if [w.casefold() for w in rest] == ["all"]:
        if not ch.conditions:
            return Feedback(False, _("{name} has no conditions").format(name=ch.name))
        new = ch.with_conditions(())
        lifted = ch.conditions
        text = msg(
            "{name}: conditions lifted ({conditions})",
            name=ch.name,
            conditions=", ".join(c.name for c in ch.conditions),
        )
    else:
        found = match_prefix_words(rest, [c.name for c in ch.conditions], what="condition")
        if found.consumed != len(rest):
            return Feedback(
                False, _("unexpected {names!r}").format(names=" ".join(rest[found.consumed :]))
            )
        new, text = without_condition(ch, found.name)
        lifted = tuple(c for c in ch.conditions if c.name == found.name)
    # lifting a GM-only condition names it: the line is the GM's alone, as setting it was
    draft = Draft.of("change", text, ch.name, "", {})
    secret = any(c.gm_only for c in lifted)
    return table.run_change(lambda c: c.with_character(new), replace(draft, secret=secret))


# -- change hooks: they follow every change, in the same undoable step ----------------------
@COMMANDS.change_hook
def _rounds(_system: System, before: Campaign, out: Outcome) -> Outcome:
    return round_hook(before, out)


@COMMANDS.change_hook
def _down(system: System, before: Campaign, out: Outcome) -> Outcome:
    lines = down_lines(before, out.campaign, system.vital_resources)
    if not lines:
        return out
    return replace(out, draft=out.draft.with_effects(lines))
