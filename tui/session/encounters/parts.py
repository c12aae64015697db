"""What each part of a prepared encounter may be: the one place its rules are checked.

``/encounter`` (:mod:`tui.session.encounters.commands`) and the encounter editor
(:mod:`tui.session.encounters.editing`) both read what the GM typed through these
functions, so a name, a scene, a kind, a creature, a note or a check is refused in the
same words wherever it is typed. Each returns the part as the encounter keeps it, or
raises :class:`CommandError` saying what is wrong.
"""

from __future__ import annotations

from collections.abc import Sequence

from tui.language import _
from tui.session.campaign.model import Campaign, SceneKind
from tui.session.campaign.session import CommandError
from tui.session.characters import roster
from tui.session.characters.bestiary import find, templates_of
from tui.session.characters.values import label
from tui.session.encounters.plan import Encounter, Member, encounters
from tui.session.entry.names import normal
from tui.session.entry.pick import pick_character
from tui.session.protocol.context import SlashContext

__all__ = [
    "MAX_NOTE",
    "check_of",
    "kind_of",
    "member_of",
    "name_of",
    "note_of",
    "scene_of",
]

MAX_NOTE = 500
#: the words that end a creature's line and bring it hidden
GM_WORDS = ("gm", "gm-only")


def name_of(campaign: Campaign, typed: str, *, old: str | None = None) -> str:
    """``typed`` as an encounter's name: a valid name no other encounter has (``old``
    is the encounter's own name while it is renamed)."""
    name = label(typed, "encounter")
    form = normal(name)
    if old is not None and form == normal(old):
        return name
    if any(normal(e.name) == form for e in encounters(campaign)):
        raise CommandError(_("an encounter called {name} exists already").format(name=name))
    return name


def scene_of(typed: str) -> str:
    """The scene ``/start`` opens; "" (the encounter's own name) when nothing is typed."""
    return label(typed, "scene") if typed.strip() else ""


def kind_of(typed: str) -> SceneKind:
    word = typed.strip().casefold()
    if word in ("active", "long", "long-term"):
        return "active" if word == "active" else "long"
    raise CommandError(_("kind must be active or long, got {raw!r}").format(raw=typed))


def note_of(typed: str) -> str:
    note = " ".join(typed.split())
    if not note:
        raise CommandError(_("usage: /encounter NAME note TEXT"))
    return note[:MAX_NOTE]


def member_of(table: SlashContext, words: Sequence[str]) -> Member:
    """``TEMPLATE|CHAR [xN] [gm]``: a template (the campaign's or the bestiary's) or a
    character of the campaign, named as it is kept; 1..20 of them; hidden with ``gm``."""
    rest = list(words)
    gm = False
    count = 1
    while rest and rest[-1].casefold() in GM_WORDS:
        gm = True
        rest.pop()
    if rest and rest[-1][:1].casefold() in ("x", "×", "*") and rest[-1][1:].isdigit():
        count = int(rest.pop()[1:])
    if not rest:
        raise CommandError(_("usage: /encounter NAME add TEMPLATE|CHAR [xN] [gm]"))
    typed = " ".join(rest)
    template = find(templates_of(table.campaign, table.system).templates, typed)
    if template is not None:
        who = template.name
    else:
        try:
            who, left = pick_character(table, rest)
        except CommandError:
            raise
        except Exception:
            raise CommandError(
                _(
                    "no template or character called {typed!r} (/bestiary lists the templates)"
                ).format(typed=typed)
            ) from None
        if left:
            raise CommandError(
                _("unexpected {rest!r} after {name}").format(rest=" ".join(left), name=who)
            )
    if not 1 <= count <= roster.MAX_COPIES:
        raise CommandError(
            _("bring 1..{most} creatures at a time, not {count}").format(
                most=roster.MAX_COPIES, count=count
            )
        )
    return Member(who, count, gm)


def check_of(table: SlashContext, enc: Encounter, words: Sequence[str]) -> tuple[str, ...]:
    """``CHECK key=value…``: an extended check ``/start`` will open, checked now as ``/ext``
    checks it (so ``/start`` cannot fail on it later); its name not among ``enc``'s checks."""
    if not words:
        raise CommandError(_("usage: /encounter NAME ext CHECK threshold=N time=30m …"))
    if any(normal(c[0]) == normal(words[0]) for c in enc.checks):
        raise CommandError(
            _("{name} already opens a check called {check}").format(name=enc.name, check=words[0])
        )
    # the check's rules load with the first check, as for /ext
    from tui.session.extended.checks import create_check

    create_check(
        table.system,
        table.system_name,
        Campaign(enc.name, table.campaign.system),
        words[0],
        words[1:],
    )
    return tuple(words)
