"""Extended checks made and changed by the rules: ``/ext NAME key=value…``, clear, unblock.

Needs the AGE rules (an extended check is an AGE challenge test in every system), so the
commands in :mod:`tui.session.extended.commands` import this module only when a check is
created, described or changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from rules import age
from rules.age import ChallengeTest, Level
from rules.errors import RulesError
from tui.language import Msg, _, gm_hint, msg, nmsg, term, vs_words
from tui.session.campaign.model import Campaign, ExtendedCheck
from tui.session.entry.entry import EntryError
from tui.session.entry.rules_text import rules_message
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
from tui.session.extended.naming import USAGE
from tui.session.extended.progress import consequence_msg, minutes
from tui.session.extended.save import is_race
from tui.session.protocol.system import System

__all__ = ["changed", "create_check", "summary"]

DEFAULT_TN = 11
#: below this chance to complete (the party's best roller, every roll) creation warns
LOW_CHANCE = Fraction(5, 100)
MAX_THRESHOLD = 200
_KEYS = ("tn", "threshold", "time", "per", "every", "minor", "major", "serious", "skills", "race")


def _options(words: Sequence[str]) -> dict[str, str]:
    opts: dict[str, str] = {}
    for word in words:
        key, eq, value = word.partition("=")
        key = key.casefold()
        if not eq and word.casefold() in vs_words():
            raise EntryError(_('quote a race\'s sides: race="naomi vs guard"'))
        if not eq:
            raise EntryError(
                _(
                    "unexpected word {word!r}: options are key=value; quote texts with spaces: "
                    'minor="guards alerted; tn+2"'
                ).format(word=word)
            )
        if key not in _KEYS:
            allowed = ", ".join(k + "=" for k in _KEYS)
            raise EntryError(
                _("unknown option {key}= (allowed: {allowed})").format(key=key, allowed=allowed)
            )
        if key in opts:
            raise EntryError(_("{key}= given twice").format(key=key))
        if not value.strip():
            raise EntryError(_("{key}= needs a value").format(key=key))
        opts[key] = value.strip()
    return opts


def _tn(raw: str | None, campaign: Campaign) -> int:
    if raw is None:
        default = campaign.options.get("tn", DEFAULT_TN)
        return default if isinstance(default, int) and not isinstance(default, bool) else 11
    try:
        value = int(raw) if raw.lstrip("-").isdigit() else age.difficulty(raw)
    except (ValueError, RulesError):
        raise EntryError(
            _("tn= needs a number or a difficulty name, got {raw!r}").format(raw=raw)
        ) from None
    if not 1 <= value <= 40:
        raise EntryError(_("tn= must be within 1..40, got {value}").format(value=value))
    return value


def _threshold(raw: str) -> int:
    try:
        value = int(raw) if raw.isdigit() else age.threshold(raw)
    except (ValueError, RulesError):
        raise EntryError(
            _(
                "threshold= needs a number or easy, average, challenging, hard, very-hard; got "
                "{raw!r}"
            ).format(raw=raw)
        ) from None
    if not 1 <= value <= MAX_THRESHOLD:
        raise EntryError(
            _("threshold= must be within 1..{MAX_THRESHOLD}, got {value}").format(
                MAX_THRESHOLD=MAX_THRESHOLD, value=value
            )
        )
    return value


def create_check(
    system: System, system_name: str, campaign: Campaign, name: str, words: Sequence[str]
) -> ExtendedCheck:
    """A new check from ``/ext NAME key=value…`` (an EntryError names what is wrong)."""
    check_name(name)
    if any(c.name.casefold() == name.casefold() for c in campaign.checks):
        raise EntryError(
            _("there is already a check called {name} (/ext drop {name} first)").format(name=name)
        )
    opts = _options(words)
    if "race" in opts:
        from tui.session.extended.races import create_race

        if "threshold" not in opts:
            raise EntryError(_("/ext {name} race=… needs threshold=").format(name=name))
        budget = parse_minutes(opts["time"]) if "time" in opts else None
        return create_race(
            system,
            system_name,
            campaign,
            name,
            opts,
            _tn(opts.get("tn"), campaign),
            _threshold(opts["threshold"]),
            budget,
        )
    missing = [k for k in ("threshold", "time") if k not in opts]
    if missing:
        raise EntryError(
            _("/ext {name} needs {names}: {USAGE}").format(
                name=name, names=_(" and ").join(k + "=" for k in missing), USAGE=USAGE
            )
        )
    levels = {lv.label: parse_consequence(lv, opts[lv.label]) for lv in LEVELS if lv.label in opts}
    escalation = parse_escalation(opts.get("every", "1"))
    skills = parse_skills(opts["skills"]) if "skills" in opts else ()
    budget = parse_minutes(opts["time"])
    per = parse_minutes(opts["per"]) if "per" in opts else system.extended_per_roll
    if per is not None and per > budget:
        raise EntryError(
            _("per= ({per} min a roll) is longer than time= ({budget} min): no roll fits").format(
                per=per, budget=budget
            )
        )
    try:
        test = ChallengeTest.create(
            _tn(opts.get("tn"), campaign),
            _threshold(opts["threshold"]),
            budget,
            escalation=escalation,
            per_roll=per,
            **levels,
        )
    except RulesError as exc:
        raise EntryError(rules_message(str(exc))) from None
    return to_check(test, name, allowed_skills=skills)


def summary(
    system: System, campaign: Campaign, chk: ExtendedCheck
) -> tuple[str | Msg, list[str | Msg]]:
    """The log line and effects that announce a new check (as facts: either language)."""
    if is_race(chk):
        from tui.session.extended.races import summary as race_summary

        said, lines = race_summary(chk)
        return said, list(lines)
    test = from_check(chk)
    named = test.threshold_name
    head = msg(
        "extended check {name}: threshold {threshold}", name=chk.name, threshold=test.threshold
    )
    if named:
        head = msg("{head} ({named})", head=head, named=term(named))
    if system.extended_tn:
        head = msg("{head}, TN {tn}", head=head, tn=test.tn)
    rolls = nmsg("{n} roll", "{n} rolls", test.rolls_left)
    text = msg(
        "{head}, {budget} min, {per} min per roll ({rolls})",
        head=head,
        budget=test.budget,
        per=minutes(test.time_per_roll),
        rolls=rolls,
    )
    effects: list[str | Msg] = []
    if test.per_roll is not None and test.per_roll == system.extended_per_roll:
        effects.append(
            gm_hint(
                msg(
                    "{per} min a roll is this system's default: per= sets another",
                    per=test.per_roll,
                )
            )
        )
    from tui.session.extended.outlook import best_chance

    best = best_chance(system, campaign, chk)
    if best is not None and best.p < LOW_CHANCE:
        effects.append(  # advice on the numbers: the GM's, like the lines to type
            gm_hint(
                msg(
                    "warning: at best {pct} to complete ({who}, {skill}, every roll): "
                    "more time= or a shorter per= gives the party a chance",
                    pct=best.percent,
                    who=best.who,
                    skill=best.skill,
                )
            )
        )
    effects += [
        msg(
            "consequence {what}",
            what=consequence_msg(test, lv, system.penalty_msg),
        )
        for lv in LEVELS
        if test.consequence(lv) is not None
    ]
    if chk.allowed_skills:
        effects.append(msg("skills: {names}", names=", ".join(chk.allowed_skills)))
    effects.append(gm_hint(msg("roll with ext={name}, or /ext use {name}", name=chk.name)))
    return text, effects


def changed(chk: ExtendedCheck, step: str) -> tuple[ExtendedCheck, Msg]:
    """``/clear`` (``step="clear"``) or ``/unblock``: the check after the rules' step, and
    what happened."""
    if is_race(chk):
        raise EntryError(
            _("{name} is a race: it has no consequences to clear or unblock").format(name=chk.name)
        )
    test = from_check(chk)
    if step == "clear":
        if not test.minor_active:
            raise EntryError(
                _("{name} has no active minor consequence to clear").format(name=chk.name)
            )
        new = test.clear_minor()
        minor = test.consequence(Level.MINOR)
        what = (
            msg("minor consequence cleared ({text})", text=minor.text)
            if minor and minor.text
            else msg("minor consequence cleared")
        )
    else:
        if not test.blocked:
            raise EntryError(_("{name} is not blocked").format(name=chk.name))
        new, what = test.unblock(), msg("unblocked: rolls count again")
    updated = to_check(new, chk.name, allowed_skills=chk.allowed_skills, notes=chk.contributions)
    return updated, what
