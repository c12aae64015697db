"""Extended checks at the table: ``/ext``, ``/clear``, ``/unblock``, each change one step.

This module is loaded for every campaign, so it stays cheap: creating and changing a check
is in :mod:`.checks` (imported on use: it needs the AGE rules), the consequence syntax in
:mod:`.data`, how rolls count in :mod:`.rolls`, the scene panel's lines in :mod:`.view`.
The commands' forms are the README's *Extended checks* and each ``slash`` declaration.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from tui.language import _, msg, term, tr
from tui.session.campaign.model import Campaign
from tui.session.entry.entry import EntryError, Slash
from tui.session.extended.naming import ACTIVE, USAGE, match_check, selected
from tui.session.protocol.answers import Feedback
from tui.session.protocol.commands import CommandSet
from tui.session.protocol.context import SlashContext
from tui.session.protocol.system import System

__all__ = ["COMMANDS"]

#: this part's commands and hooks (listed with the others in :mod:`tui.session.tables`)
COMMANDS = CommandSet()


@COMMANDS.slash(
    "ext",
    "/ext NAME threshold=N time=30m [per=10m] [tn=N] [every=N] [minor=…] [major=…] [serious=…]",
    'create, list, select (/ext use NAME) or drop an extended check; race="A vs B" makes a race',
    aliases=("extended",),
    args="use|drop CHECK",
)
def _ext(table: SlashContext, cmd: Slash) -> Feedback:
    """``/ext`` lists, ``/ext NAME`` shows one, ``/ext NAME key=value…`` creates or changes;
    ``tn`` defaults to the campaign option ``tn``, else 11 (Average), and matters only in a
    system that rolls against it (``System.extended_tn``); ``every`` defaults to 1 (the level
    rises with every failed roll)."""
    campaign = table.campaign
    args = list(cmd.args)
    if not args or args == ["list"]:
        lines = _describe(table.system, campaign)
        if not lines:
            return Feedback(True, _("no extended checks yet: {usage}").format(usage=USAGE))
        return Feedback(True, " │ ".join(text.strip() for text, _ in lines))
    head = args[0].casefold()
    if head == "use":
        return _use(table, args[1:])
    if head == "drop":
        return _drop(table, args[1:])
    if len(args) == 1 and "=" not in args[0] and campaign.checks:
        try:
            chk = match_check(campaign, args[0])
        except EntryError:
            chk = None
        if chk is not None:
            from tui.session.extended.view import describe_check

            described = describe_check(table.system, campaign, chk)
            return Feedback(True, " │ ".join(t.strip() for t, _ in described))
    from tui.session.extended.checks import create_check, summary

    chk = create_check(table.system, table.system_name, campaign, args[0], args[1:])
    text, effects = summary(table.system, campaign, chk)
    return table.change(lambda c: c.with_check(chk), text, effects=effects)


def _describe(system: System, campaign: Campaign) -> list[tuple[str, str]]:
    if not campaign.checks:
        return []  # no check, no rules to load
    from tui.session.extended.view import describe_checks

    return describe_checks(system, campaign)


def _one_name(args: Sequence[str], usage: str) -> str:
    if len(args) != 1:
        raise EntryError(_("usage: {usage}").format(usage=usage))
    return args[0]


def _without_selection(campaign: Campaign) -> Campaign:
    return replace(campaign, options={k: v for k, v in campaign.options.items() if k != ACTIVE})


def _use(table: SlashContext, args: Sequence[str]) -> Feedback:
    name = _one_name(args, "/ext use NAME (or /ext use none)")
    current = selected(table.campaign)
    if name.casefold() in ("none", "off", "-"):
        if current is None:
            return Feedback(False, _("no extended check is selected"))
        return table.change(
            _without_selection, msg("rolls no longer count toward {name}", name=current.name)
        )
    chk = match_check(table.campaign, name)
    if chk.status != "running":
        return Feedback(
            False, _("{name} is already {status}").format(name=chk.name, status=tr(chk.status))
        )

    def select(c: Campaign) -> Campaign:
        return replace(c, options={**c.options, ACTIVE: chk.name})

    return table.change(
        select, msg("rolls now count toward {name} (until /ext use none)", name=chk.name)
    )


def _drop(table: SlashContext, args: Sequence[str]) -> Feedback:
    chk = match_check(table.campaign, _one_name(args, "/ext drop NAME"))

    def drop(c: Campaign) -> Campaign:
        if selected(c) == chk:
            c = _without_selection(c)
        return replace(c, checks=tuple(x for x in c.checks if x.name != chk.name))

    return table.change(
        drop,
        msg(
            "extended check {name} dropped (pool {pool}/{threshold}, {status})",
            name=chk.name,
            pool=chk.pool,
            threshold=chk.threshold,
            status=term(chk.status),
        ),
    )


def _rules_change(table: SlashContext, usage: str, args: Sequence[str], step: str) -> Feedback:
    """``/clear`` and ``/unblock``: a rules method of the check, as one undoable step."""
    chk = match_check(table.campaign, _one_name(args, usage))
    if chk.status != "running":
        return Feedback(
            False, _("{name} is already {status}").format(name=chk.name, status=tr(chk.status))
        )
    from tui.session.extended.checks import changed

    updated, what = changed(chk, step)
    return table.change(
        lambda c: c.with_check(updated), msg("{name}: {what}", name=chk.name, what=what)
    )


@COMMANDS.slash(
    "clear",
    "/clear NAME",
    "clear the minor consequence of an extended check after a separate test",
    args="CHECK",
)
def _clear(table: SlashContext, cmd: Slash) -> Feedback:
    return _rules_change(table, "/clear NAME", cmd.args, "clear")


@COMMANDS.slash(
    "unblock",
    "/unblock NAME",
    "lift a 'blocked' consequence once the other test is done",
    args="CHECK",
)
def _unblock(table: SlashContext, cmd: Slash) -> Feedback:
    return _rules_change(table, "/unblock NAME", cmd.args, "unblock")
