"""Extended checks as plain text lines for the scene panel (no Textual, no Rich).

``describe_checks(system, campaign)`` returns ``(text, style)`` pairs; the style is a Rich
style word the panel may use as is: ``green`` done, ``red`` failed or serious, ``bold yellow``
major, ``yellow`` minor, ``magenta`` blocked, ``bold`` otherwise; ``dim`` for a check's
second line (effects in force). The selected check (``/ext use NAME``) starts with ``▸``. A
race shows both sides' pools on one line (:func:`tui.session.extended.races.describe_race`).
"""

from __future__ import annotations

import weakref
from fractions import Fraction

from rules.age import ChallengeTest, Level
from rules.errors import RulesError
from tui.language import N_, _, current, ngettext, tr
from tui.session.campaign.model import Campaign, ExtendedCheck
from tui.session.entry.rules_text import rules_message
from tui.session.extended.data import from_check
from tui.session.extended.naming import selected
from tui.session.extended.progress import Penalty, consequence_line, minutes
from tui.session.extended.save import is_race
from tui.session.protocol.system import System

__all__ = ["BAR_WIDTH", "bar", "describe_check", "describe_checks"]

BAR_WIDTH = 8
_LEVEL_STYLE = {
    Level.NONE: "bold",
    Level.MINOR: "yellow",
    Level.MAJOR: "bold yellow",
    Level.SERIOUS: "red",
}


#: the AGE consequences' levels, in the seed's words where shown
LEVELS = (N_("minor"), N_("major"), N_("serious"))


def bar(pool: int, threshold: int, width: int = BAR_WIDTH) -> str:
    """``████░░░░`` for 8 of 15: the filled share, rounded down, never past the width."""
    filled = max(0, min(width, (pool * width) // max(1, threshold)))
    return "█" * filled + "░" * (width - filled)


def _level_text(test: ChallengeTest, penalty: Penalty) -> str:
    if test.timed_out:
        return _("  serious: out of time")
    if test.level is Level.NONE or test.consequence(test.level) is None:
        return ""
    text = consequence_line(test, test.level, penalty, ": ", tr(test.level.label))
    if test.level is Level.MINOR and not test.minor_active:
        text += _(" (cleared)")
    return f"  {text}"


def describe_check(system: System, campaign: Campaign, chk: ExtendedCheck) -> list[tuple[str, str]]:
    """One or two lines for ``chk`` (the second lists effects in force)."""
    return _described(system, chk, selected(campaign) == chk)


#: each check's lines by the check's id: (a weak reference to it, what else they depend on —
#: the system, whether it is selected, the language — and the lines). A check is immutable,
#: and a change touches one check of fifty: the others' lines are not made again.
_DESCRIBED: dict[int, tuple[weakref.ref[ExtendedCheck], tuple[object, ...], list[tuple[str, str]]]]
_DESCRIBED = {}
_DESCRIBED_MOST = 2048


def _described(system: System, chk: ExtendedCheck, chosen: bool) -> list[tuple[str, str]]:
    """:func:`_describe`, kept per check and state (``chosen``: the selected check)."""
    state = (system, chosen, current())
    hit = _DESCRIBED.get(id(chk))
    if hit is not None and hit[0]() is chk and hit[1] == state:
        return list(hit[2])
    lines = _describe(system, chk, "▸ " if chosen else "")
    if len(_DESCRIBED) >= _DESCRIBED_MOST:
        _DESCRIBED.clear()
    _DESCRIBED[id(chk)] = (weakref.ref(chk), state, lines)
    return list(lines)


def _describe(system: System, chk: ExtendedCheck, marker: str) -> list[tuple[str, str]]:
    if is_race(chk):
        from tui.session.extended.races import describe_race

        return describe_race(marker, chk, bar)
    try:
        test = from_check(chk)
    except RulesError as exc:
        return [
            (
                f"{marker}{chk.name} {chk.pool}/{chk.threshold}  "
                + _("(damaged: {problem})").format(problem=rules_message(str(exc))),
                "red",
            )
        ]
    penalty = system.penalty_msg
    used = Fraction(test.elapsed)
    left = test.time_left
    tn = "  " + _("TN {tn}").format(tn=test.tn_for("?")) if system.extended_tn else ""
    rolls = len(test.contributions)
    counted = ngettext("{n} roll", "{n} rolls", rolls).format(n=rolls)
    time = _("{used}/{budget} min ({left} left)").format(
        used=minutes(used), budget=test.budget, left=minutes(left)
    )
    if chk.status == "running":  # what the refusal counts: whole rolls that end in time
        fits = test.rolls_left
        time += "  " + (
            ngettext("{n} roll fits", "{n} rolls fit", fits).format(n=fits)
            if fits
            else _("no roll fits")
        )
    text = (
        f"{marker}{chk.name} {bar(test.pool, test.threshold)} {test.pool}/{test.threshold}"
        f"{tn}  {counted}  {time}{_level_text(test, penalty)}"
    )
    style = _LEVEL_STYLE[test.level] if test.consequence(test.level) is not None else "bold"
    if chk.status == "done":
        text, style = text + _("  ✓ complete"), "green"
    elif chk.status == "failed":
        text, style = text + _("  ✗ failed"), "red"
    elif test.blocked:
        style = "magenta"
    lines = [(text, style)]
    extra = _conditions(test, penalty)
    if extra and chk.status == "running":
        lines.append(("    " + " · ".join(extra), "dim"))
    return lines


def _conditions(test: ChallengeTest, penalty: Penalty) -> list[str]:
    """The effects in force but the minor consequence (shown on the first line), in the
    GM's language (the rules' ``conditions``, word for word, in English)."""
    out = [
        _("{penalty} for {scope}").format(
            penalty=penalty(n).render(), scope=scope or _("all rolls")
        )
        for n, scope in test.permanent_tn
    ]
    out += [_("closed: {skill}").format(skill=skill) for skill in test.closed]
    if test.blocked:
        out.append(tr("blocked until another test is done"))
    return out


def describe_checks(system: System, campaign: Campaign) -> list[tuple[str, str]]:
    """Plain ``(text, style)`` lines for every extended check, in creation order."""
    out: list[tuple[str, str]] = []
    chosen = selected(campaign)
    for chk in campaign.checks:
        out.extend(_described(system, chk, chosen is chk or chosen == chk))
    return out
