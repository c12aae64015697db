"""Slash commands and roll hooks: what a part of the tracker adds to the table.

A :class:`CommandSet` collects ``/commands`` and the hooks that rewrite a check before it is
planned, add effects to a committed roll, or follow up any change (conditions counting down
when a round begins, "is down" when HP runs out). Each part of the tracker that has commands
keeps its own set (``COMMANDS``); the shared sets are listed once, in the order their hooks
run, by :mod:`tui.session.tables`, and each system hands the table its own set through
``System.commands()``, so a campaign only ever sees its own system's commands. A handler
gets a :class:`~tui.session.protocol.context.SlashContext`, not the table itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tui.language import N_, tr
from tui.session.campaign.model import Campaign
from tui.session.campaign.session import Outcome
from tui.session.protocol.answers import Feedback, Preview
from tui.session.protocol.lines import Check, Slash
from tui.session.protocol.plans import Plan

if TYPE_CHECKING:  # the context and the system name command sets in turn: types only here
    from tui.session.protocol.context import SlashContext
    from tui.session.protocol.system import System

__all__ = [
    "ARG_KINDS",
    "ArgProvider",
    "ChangeHook",
    "CommandSet",
    "Handler",
    "PlanHook",
    "PreviewHook",
    "RollHook",
    "SlashCommand",
    "SlashPreview",
]

Handler = Callable[["SlashContext", Slash], Feedback]
#: ``preview(context, slash) -> Preview``: what the line under the entry says while a command
#: is typed (a command without one shows its usage); may raise like a handler.
SlashPreview = Callable[["SlashContext", Slash], Preview]
#: Every hook is handed the campaign's system first.
#: ``hook(system, campaign, check) -> check``: rewrite a parsed check before it is planned (e.g. the
#: TN of the extended check it contributes to, a GURPS Aim bonus). Must not raise for lines
#: it does not concern; may raise EntryError/RulesError naming a problem.
PlanHook = Callable[["System", Campaign, Check], Check]
#: ``hook(system, before, check, outcome) -> outcome``: add effects of a committed roll to the same
#: undoable step (pool progress, consequences, spent Aim). ``before`` is the state the roll
#: was made in.
RollHook = Callable[["System", Campaign, Check, Outcome], Outcome]
#: ``hook(system, campaign, check, plan) -> lines``: what the preview adds below the odds of a
#: planned check (the exact chance to complete the extended check it counts toward). Errors
#: are swallowed: a note never blocks a roll.
PreviewHook = Callable[["System", Campaign, Check, Plan], Sequence[str]]
#: ``provider(context, character) -> {name: what it stands for}``: what an argument of a kind
#: may be (Tab completes it), given the character named before it (or None). Aliases map to
#: the real name, so an alias and its name are one candidate.
ArgProvider = Callable[["SlashContext", "str | None"], Mapping[str, str]]

#: The argument kinds every campaign knows (completed by :mod:`tui.session.table.completion`);
#: a command set may add its own (:meth:`CommandSet.arg_kind`), e.g. GURPS ``MANEUVER``.
ARG_KINDS = ("CHAR", "SKILL", "RESOURCE", "CHECK", "CONDITION", "MODIFIER", "N", "TEXT", "PATH")
#: ``hook(system, before, outcome) -> outcome``: follow up every change, a slash command's or a
#: roll's, in the same undoable step (a new round counts conditions down). Runs after the
#: roll hooks; must return ``outcome`` itself when it has nothing to add.
ChangeHook = Callable[["System", Campaign, Outcome], Outcome]


@dataclass(frozen=True)
class SlashCommand:
    """A ``/command``. ``args`` declares its arguments for Tab completion, in order:
    upper-case words are kinds (``CHAR``, ``SKILL`` of the character before it,
    ``RESOURCE``, ``CHECK``, ``CONDITION``, ``MODIFIER``, a number ``N``, free ``TEXT``, or
    a kind a command set provides), lower-case words are literal words (``vs``, ``use``),
    ``A|B`` either, ``[…]`` optional, ``…`` after a word repeats it: ``"CHAR [RESOURCE] N"``,
    ``"CHAR SKILL [vs CHAR] TEXT"``, ``"CHAR…"``."""

    name: str
    usage: str
    help_text: str  # English; :attr:`help` is in the GM's language
    handler: Handler = field(compare=False)
    args: str = ""
    preview: SlashPreview | None = field(default=None, compare=False)

    @property
    def help(self) -> str:
        """What the command does, in the GM's language."""
        return tr(self.help_text)

    @property
    def shown_usage(self) -> str:
        """The usage as the help shows it: its lower-case placeholders in the GM's language
        (upper-case ones, ``CHAR``, and the command's own words stay as typed)."""
        usage = self.usage
        for word in USAGE_WORDS:
            usage = usage.replace(word, tr(word))
        return usage


#: the lower-case placeholders of usages, translated where a usage is shown
USAGE_WORDS = (N_("[modifiers]"), N_("[args]"), N_("[= faces]"))


class CommandSet:
    """Slash commands (by name and alias) and roll hooks, in registration order."""

    __slots__ = (
        "arg_kinds",
        "by_name",
        "change_hooks",
        "plan_hooks",
        "preview_hooks",
        "roll_hooks",
    )

    def __init__(self) -> None:
        self.by_name: dict[str, SlashCommand] = {}
        self.plan_hooks: list[PlanHook] = []
        self.roll_hooks: list[RollHook] = []
        self.preview_hooks: list[PreviewHook] = []
        self.arg_kinds: dict[str, ArgProvider] = {}
        self.change_hooks: list[ChangeHook] = []

    def slash(
        self,
        name: str,
        usage: str,
        help_text: str,
        *,
        aliases: Sequence[str] = (),
        args: str = "",
        preview: SlashPreview | None = None,
    ) -> Callable[[Handler], Handler]:
        """Register a ``/name`` command (listed in help and the command palette); ``args``
        declares its arguments for completion (see :class:`SlashCommand`), ``preview`` what
        the line under the entry says while it is typed."""

        def register(fn: Handler) -> Handler:
            cmd = SlashCommand(name, usage, help_text, fn, args, preview)
            for key in (name, *aliases):
                self.by_name[key] = cmd
            return fn

        return register

    def arg_kind(self, kind: str) -> Callable[[ArgProvider], ArgProvider]:
        """Register what an argument of ``kind`` (upper case) may be, for completion."""

        def register(fn: ArgProvider) -> ArgProvider:
            self.arg_kinds[kind] = fn
            return fn

        return register

    def plan_hook(self, fn: PlanHook) -> PlanHook:
        self.plan_hooks.append(fn)
        return fn

    def roll_hook(self, fn: RollHook) -> RollHook:
        self.roll_hooks.append(fn)
        return fn

    def preview_hook(self, fn: PreviewHook) -> PreviewHook:
        self.preview_hooks.append(fn)
        return fn

    def change_hook(self, fn: ChangeHook) -> ChangeHook:
        self.change_hooks.append(fn)
        return fn

    def listed(self) -> list[SlashCommand]:
        """Each command once (aliases folded), in registration order."""
        seen: list[SlashCommand] = []
        for cmd in self.by_name.values():
            if cmd not in seen:
                seen.append(cmd)
        return seen
