"""Extended checks at the table: ``/ext``, ``/clear``, ``/unblock`` and rolls that feed them.

Commands (each change is one undoable, logged step)::

    /ext                                   list the checks
    /ext NAME                              one check's state
    /ext NAME threshold=15|challenging time=30m [tn=13|challenging] [every=2 | every=1,3,4]
         [minor="guards alerted; tn+2"] [major="…; tn+2:Technology"] [serious="…; reset"]
         [skills="Dexterity (Stealth), Intelligence (Technology)"]
    /ext use NAME | /ext use none          select the check every roll counts toward
    /ext drop NAME                         remove a check
    /clear NAME                            clear the minor consequence (after a separate test)
    /unblock NAME                          lift a "blocked" consequence

``tn`` defaults to the campaign option ``tn``, else 11 (Average); outside AGE it is unused.
``every`` defaults to 1 (the level rises with every failed roll). The effect syntax of the
consequence texts is in :mod:`tui.session.extended.data`; how rolls count, per system, in
:mod:`tui.session.extended.rolls`; the scene panel's lines come from
:func:`~tui.session.extended.view.describe_checks`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rules import age
from rules.age import ChallengeTest, Level
from rules.errors import RulesError
from tui.session.campaign.model import Campaign, ExtendedCheck
from tui.session.extended.data import (
    LEVELS,
    check_name,
    from_check,
    parse_consequence,
    parse_escalation,
    parse_minutes,
    parse_skills,
    to_check,
)
from tui.session.extended.rolls import (
    ACTIVE,
    consequence_line,
    match_check,
    minutes,
    selected,
)
from tui.session.extended.view import describe_check, describe_checks
from tui.session.table.entry import EntryError, Slash
from tui.session.table.table import Feedback, Table, slash

__all__ = ["create_check", "describe_checks", "from_check", "to_check"]

DEFAULT_TN = 11
MAX_THRESHOLD = 200
_KEYS = ("tn", "threshold", "time", "every", "minor", "major", "serious", "skills")
USAGE = ("/ext NAME threshold=N|easy…very-hard time=30m [tn=N] [every=N] [minor=\"…\"] "
         "[major=\"…\"] [serious=\"…\"] [skills=\"…\"] · /ext use NAME|none · /ext drop NAME")


def _options(words: Sequence[str]) -> dict[str, str]:
    opts: dict[str, str] = {}
    for word in words:
        key, eq, value = word.partition("=")
        key = key.casefold()
        if not eq:
            raise EntryError(f"unexpected word {word!r}: options are key=value; quote texts with "
                             "spaces: minor=\"guards alerted; tn+2\"")
        if key not in _KEYS:
            allowed = ", ".join(k + "=" for k in _KEYS)
            raise EntryError(f"unknown option {key}= (allowed: {allowed})")
        if key in opts:
            raise EntryError(f"{key}= given twice")
        if not value.strip():
            raise EntryError(f"{key}= needs a value")
        opts[key] = value.strip()
    return opts


def _tn(raw: str | None, campaign: Campaign) -> int:
    if raw is None:
        default = campaign.options.get("tn", DEFAULT_TN)
        return default if isinstance(default, int) and not isinstance(default, bool) else 11
    try:
        value = int(raw) if raw.lstrip("-").isdigit() else age.difficulty(raw)
    except (ValueError, RulesError):
        raise EntryError(f"tn= needs a number or a difficulty name, got {raw!r}") from None
    if not 1 <= value <= 40:
        raise EntryError(f"tn= must be within 1..40, got {value}")
    return value


def _threshold(raw: str) -> int:
    try:
        value = int(raw) if raw.isdigit() else age.threshold(raw)
    except (ValueError, RulesError):
        raise EntryError(f"threshold= needs a number or easy, average, challenging, hard, "
                         f"very-hard; got {raw!r}") from None
    if not 1 <= value <= MAX_THRESHOLD:
        raise EntryError(f"threshold= must be within 1..{MAX_THRESHOLD}, got {value}")
    return value


def create_check(campaign: Campaign, name: str, words: Sequence[str]) -> ExtendedCheck:
    """A new check from ``/ext NAME key=value…`` (an EntryError names what is wrong)."""
    check_name(name)
    if any(c.name.casefold() == name.casefold() for c in campaign.checks):
        raise EntryError(f"there is already a check called {name} (/ext drop {name} first)")
    opts = _options(words)
    missing = [k for k in ("threshold", "time") if k not in opts]
    if missing:
        raise EntryError(f"/ext {name} needs {' and '.join(k + '=' for k in missing)}: {USAGE}")
    levels = {lv.label: parse_consequence(lv, opts[lv.label]) for lv in LEVELS
              if lv.label in opts}
    escalation = parse_escalation(opts.get("every", "1"))
    skills = parse_skills(opts["skills"]) if "skills" in opts else ()
    try:
        test = ChallengeTest.create(_tn(opts.get("tn"), campaign), _threshold(opts["threshold"]),
                                    parse_minutes(opts["time"]), escalation=escalation,
                                    **levels)
    except RulesError as exc:
        raise EntryError(str(exc)) from None
    return to_check(test, name, allowed_skills=skills)


def _summary(campaign: Campaign, chk: ExtendedCheck) -> tuple[str, list[str]]:
    test = from_check(chk)
    named = test.threshold_name
    tn = f", TN {test.tn}" if campaign.system == "age" else ""
    text = (f"extended check {chk.name}: threshold {test.threshold}"
            f"{f' ({named})' if named else ''}{tn}, {test.budget} min, "
            f"{minutes(test.time_per_roll)} min per roll ({test.rolls_left} rolls)")
    effects = [f"consequence {consequence_line(test, lv)}" for lv in LEVELS
               if test.consequence(lv) is not None]
    if chk.allowed_skills:
        effects.append("skills: " + ", ".join(chk.allowed_skills))
    effects.append(f"roll with ext={chk.name}, or /ext use {chk.name}")
    return text, effects


@slash("ext", "/ext NAME threshold=N time=30m [tn=N] [every=N] [minor=…] [major=…] [serious=…]",
       "create, list, select (/ext use NAME) or drop an extended check", aliases=("extended",))
def _ext(table: Table, cmd: Slash) -> Feedback:
    campaign = table.campaign
    args = list(cmd.args)
    if not args or args == ["list"]:
        lines = describe_checks(campaign)
        if not lines:
            return Feedback(True, f"no extended checks yet: {USAGE}")
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
            return Feedback(True, " │ ".join(t.strip() for t, _ in describe_check(campaign, chk)))
    chk = create_check(campaign, args[0], args[1:])
    text, effects = _summary(campaign, chk)
    return table.change(lambda c: c.with_check(chk), text, effects=effects)


def _one_name(args: Sequence[str], usage: str) -> str:
    if len(args) != 1:
        raise EntryError(f"usage: {usage}")
    return args[0]


def _without_selection(campaign: Campaign) -> Campaign:
    return replace(campaign, options={k: v for k, v in campaign.options.items() if k != ACTIVE})


def _use(table: Table, args: Sequence[str]) -> Feedback:
    name = _one_name(args, "/ext use NAME (or /ext use none)")
    current = selected(table.campaign)
    if name.casefold() in ("none", "off", "-"):
        if current is None:
            return Feedback(False, "no extended check is selected")
        return table.change(_without_selection,
                            f"rolls no longer count toward {current.name}")
    chk = match_check(table.campaign, name)
    if chk.status != "running":
        return Feedback(False, f"{chk.name} is already {chk.status}")

    def select(c: Campaign) -> Campaign:
        return replace(c, options={**c.options, ACTIVE: chk.name})

    return table.change(select, f"rolls now count toward {chk.name} (until /ext use none)")


def _drop(table: Table, args: Sequence[str]) -> Feedback:
    chk = match_check(table.campaign, _one_name(args, "/ext drop NAME"))

    def drop(c: Campaign) -> Campaign:
        if selected(c) == chk:
            c = _without_selection(c)
        return replace(c, checks=tuple(x for x in c.checks if x.name != chk.name))

    return table.change(drop, f"extended check {chk.name} dropped "
                              f"(pool {chk.pool}/{chk.threshold}, {chk.status})")


def _rules_change(table: Table, usage: str, args: Sequence[str], step: str) -> Feedback:
    """``/clear`` and ``/unblock``: a rules method of the check, as one undoable step."""
    chk = match_check(table.campaign, _one_name(args, usage))
    if chk.status != "running":
        return Feedback(False, f"{chk.name} is already {chk.status}")
    test = from_check(chk)
    if step == "clear":
        new = test.clear_minor()
        minor = test.consequence(Level.MINOR)
        what = "minor consequence cleared" + (f" ({minor.text})" if minor and minor.text else "")
    else:
        new, what = test.unblock(), "unblocked: rolls count again"
    updated = to_check(new, chk.name, allowed_skills=chk.allowed_skills,
                       notes=chk.contributions)
    return table.change(lambda c: c.with_check(updated), f"{chk.name}: {what}")


@slash("clear", "/clear NAME",
       "clear the minor consequence of an extended check after a separate test")
def _clear(table: Table, cmd: Slash) -> Feedback:
    return _rules_change(table, "/clear NAME", cmd.args, "clear")


@slash("unblock", "/unblock NAME", "lift a 'blocked' consequence once the other test is done")
def _unblock(table: Table, cmd: Slash) -> Feedback:
    return _rules_change(table, "/unblock NAME", cmd.args, "unblock")
