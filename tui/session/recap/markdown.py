"""The recap as Markdown: every word the recap writes is in this module.

Text that comes from the save or the log (names, scene summaries, log lines) passes
:func:`_md` on its way in: the players' view redaction first (a GM-only name becomes its
stand-in), then control characters become visible pictures (:func:`tui.base.textsafe.visible`),
then the characters Markdown would read as markup are escaped, so a name like ``*Boss*``
or a log line with ``|`` cannot change the document's structure.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from tui.base.textsafe import visible
from tui.language import N_, _, ngettext, tr
from tui.session.campaign.model import Campaign, ExtendedCheck
from tui.session.recap.gather import Gathered, Notable
from tui.session.recap.select import RecapOptions
from tui.session.stats.dice import Tally
from tui.session.stats.poisson import EXACT_LIMIT

__all__ = ["LUCK_WORDS", "luck_word", "percent", "render"]

_MARKUP = re.compile(r"([\\`*_\[\]<>|~])")
_LEADING = re.compile(r"^(\s*)(?:([#+\->=])|(\d+)([.)]))")

TITLE = N_("# Recap: {name}")
NOTHING = N_("Nothing to recap: no entries match.")
SCENES = N_("## Scenes")
SCENE = "### {number}. {name}"
NO_SCENE = N_("### Outside any scene")
RUNNING = N_("still running")
NOTABLE = N_("Notable rolls:")
NOTHING_NOTABLE = N_("No notable rolls.")
CHECKS = N_("## Extended checks")
STATUS = {"running": N_("still running"), "done": N_("done"), "failed": N_("failed")}
CHECK = N_(
    "- **{name}** — {status}: pool {pool} of {threshold}, {elapsed} of {budget} min, {rolls}"
)
RACE = N_("- **{name}** (race) — {status}{winner}")
RACE_WINNER = N_(", won by {side}")
CONSEQUENCE = N_("  - consequence: {level}{text}")
EXPERIENCE = N_("## Experience")
GAIN = "- {character} · {skill}: {before} → {after} (+{gain})"
RESOURCES = N_("## Resources")
RESOURCE = "- {character}: {resource} {before} → {after}"
DICE = N_("## Dice")
DICE_HEAD = N_("| Who | Rolls | Successes | Expected | Percentile | Luck |")
DICE_RULE = "|---|---:|---:|---:|---:|---|"
DICE_ROW = "| {name} | {rolls} | {successes} | {expected} | {percentile} | {luck} |"
DICE_ALL = N_("All ({system})")
DICE_NOTE = N_(
    "Each roll counts with its exact chance of success when it was made. The "
    "percentile is the share of equally likely tables that would have rolled fewer "
    "successes (ties count half): at 50%, luck is average."
)
DICE_APPROX = N_("≈: more than {limit} rolls, the normal approximation (exact mean and variance).")
NO_DICE = N_("No rolls with stored odds.")
#: (upper bound of the percentile, word), checked in order
LUCK_WORDS: tuple[tuple[Fraction, str], ...] = (
    (Fraction(1, 100), N_("cursed")),
    (Fraction(1, 10), N_("unlucky")),
    (Fraction(9, 10), N_("as expected")),
    (Fraction(99, 100), N_("lucky")),
    (Fraction(1), N_("blessed")),
)


def luck_word(percentile: Fraction) -> str:
    for bound, word in LUCK_WORDS:
        if percentile < bound:
            return tr(word)
    return tr(LUCK_WORDS[-1][1])


def percent(p: Fraction) -> str:
    """``p`` as a percentage with one decimal ("<0.1%" and ">99.9%" at the ends)."""
    value = p * 100
    if 0 < value < Fraction(1, 20):
        return "<0.1%"
    if Fraction(1999, 20) < value < 100:
        return ">99.9%"
    return f"{float(value):.1f}%"


class _Writer:
    def __init__(self, redact: Callable[[str], str]) -> None:
        self.redact = redact
        self.lines: list[str] = []

    def md(self, value: object) -> str:
        text = _MARKUP.sub(r"\\\1", visible(self.redact(str(value))))
        return _LEADING.sub(_escape_leading, text)

    def add(self, *lines: str) -> None:
        self.lines.extend(lines)


def _escape_leading(m: re.Match[str]) -> str:
    """A line start Markdown reads as a heading, list, quote or rule, escaped."""
    if m[2]:
        return f"{m[1]}\\{m[2]}"
    return f"{m[1]}{m[3]}\\{m[4]}"


def render(
    campaign: Campaign,
    scenes: Mapping[int, Mapping[str, Any]],
    got: Gathered,
    options: RecapOptions,
    system: str,
    redact: Callable[[str], str],
    checks: Sequence[tuple[ExtendedCheck, bool]],
) -> str:
    """The Markdown recap. ``campaign`` is what the reader may see (the players' view, or
    the GM's campaign with ``--gm``); ``checks`` pairs each of its checks with whether the
    selected entries mention it."""
    w = _Writer(redact)
    w.add(
        tr(TITLE).format(name=w.md(campaign.name)),
        "",
        _subtitle(w, campaign, got, system, options),
        "",
    )
    if not got.entries:
        w.add(tr(NOTHING), "")
        return "\n".join(w.lines)
    _scenes(w, scenes, got)
    _checks(w, [c for c, mentioned in checks if mentioned])
    gains = got.kept_gains()
    if gains:
        w.add(tr(EXPERIENCE), "")
        w.add(
            *(
                GAIN.format(
                    character=w.md(g.character),
                    skill=w.md(g.skill),
                    before=g.before,
                    after=g.before + g.gain,
                    gain=g.gain,
                )
                for g in gains
            )
        )
        w.add("")
    changes = got.resource_changes()
    if changes:
        w.add(tr(RESOURCES), "")
        w.add(
            *(
                RESOURCE.format(character=w.md(who), resource=w.md(what), before=a, after=b)
                for who, what, a, b in changes
            )
        )
        w.add("")
    _dice(w, got, system)
    return "\n".join(w.lines)


def _subtitle(
    w: _Writer, campaign: Campaign, got: Gathered, system: str, options: RecapOptions
) -> str:
    parts = [w.md(system)]
    if options.adventure is not None:
        parts.append(_("adventure {n}").format(n=options.adventure))
    if options.scene is not None:
        parts.append(_("scene {name}").format(name=w.md(options.scene)))
    days = sorted({got.first_time[:10], got.last_time[:10]} - {""})
    if days:
        parts.append(" – ".join(dict.fromkeys(days)))
    if options.gm:
        parts.append(_("GM copy"))
    return "*" + " · ".join(parts) + "*"


def _scenes(w: _Writer, scenes: Mapping[int, Mapping[str, Any]], got: Gathered) -> None:
    notable: dict[int, list[Notable]] = {}
    for n in got.kept_notable():
        notable.setdefault(n.scene, []).append(n)
    shown = [s for s in got.scenes if s or notable.get(s)]
    if not shown:
        return
    w.add(tr(SCENES), "")
    for number in shown:
        scene = scenes.get(number, {})
        if number:
            w.add(SCENE.format(number=number, name=w.md(scene.get("name", "?"))), "")
            about = []
            rounds = scene.get("rounds")
            if isinstance(rounds, int) and not isinstance(rounds, bool):
                about.append(ngettext("{n} round", "{n} rounds", rounds).format(n=rounds))
            if scene.get("running"):
                about.append(tr(RUNNING))
            summary = scene.get("summary")
            line = ", ".join(about)
            if isinstance(summary, str) and summary.strip():
                line = f"{w.md(summary.strip())}" + (f" ({line})" if line else "")
            if line:
                w.add(line, "")
        else:
            w.add(tr(NO_SCENE), "")
        rolls = notable.get(number, [])
        if rolls:
            w.add(tr(NOTABLE), "")
            w.add(*(_notable(w, n) for n in rolls))
        else:
            w.add(tr(NOTHING_NOTABLE))
        w.add("")


def _notable(w: _Writer, n: Notable) -> str:
    said = n.text.casefold()
    grade = tr(n.grade)
    extra = (
        [w.md(grade)] if n.grade in ("critical", "fumble") and grade.casefold() not in said else []
    )
    if n.stunts:
        extra.append(ngettext("{n} stunt point", "{n} stunt points", n.stunts).format(n=n.stunts))
    return f"- {w.md(n.text)}" + (f" ({', '.join(extra)})" if extra else "")


def _checks(w: _Writer, checks: Sequence[ExtendedCheck]) -> None:
    if not checks:
        return
    w.add(tr(CHECKS), "")
    for chk in checks:
        status = tr(STATUS[chk.status]) if chk.status in STATUS else w.md(chk.status)
        if chk.consequences.get("kind") == "race":
            w.add(tr(RACE).format(name=w.md(chk.name), status=status, winner=_winner(w, chk)))
            continue
        rolls = len(chk.contributions)
        w.add(
            tr(CHECK).format(
                name=w.md(chk.name),
                status=status,
                pool=chk.pool,
                threshold=chk.threshold,
                elapsed=chk.elapsed,
                budget=chk.time_budget,
                rolls=ngettext("{n} roll", "{n} rolls", rolls).format(n=rolls),
            )
        )
        level = chk.consequences.get("level")
        if isinstance(level, str) and level not in ("", "none"):
            about = chk.consequences.get(level)
            text = about.get("text") if isinstance(about, Mapping) else None
            w.add(
                tr(CONSEQUENCE).format(
                    level=w.md(tr(level)),
                    text=f" — {w.md(text)}" if isinstance(text, str) and text else "",
                )
            )
    w.add("")


def _winner(w: _Writer, chk: ExtendedCheck) -> str:
    sides, winner = chk.consequences.get("sides"), chk.consequences.get("winner")
    if not isinstance(sides, list) or not isinstance(winner, int) or isinstance(winner, bool):
        return ""
    if not 0 <= winner < len(sides) or not isinstance(sides[winner], list):
        return ""
    return tr(RACE_WINNER).format(side=" & ".join(w.md(n) for n in sides[winner]))


def _dice(w: _Writer, got: Gathered, system: str) -> None:
    w.add(tr(DICE), "")
    tallies = got.dice.tallies()
    if not tallies:
        w.add(tr(NO_DICE), "")
        return
    w.add(tr(DICE_HEAD), DICE_RULE)
    rows: list[Tally] = [*tallies]
    if len(tallies) > 1:
        rows.append(got.dice.total(tr(DICE_ALL).format(system=system)))
    for tally in rows:
        luck = tally.luck()
        w.add(
            DICE_ROW.format(
                name=w.md(tally.name),
                rolls=tally.rolls,
                successes=tally.successes,
                expected=f"{float(luck.expected):.1f}",
                percentile=("" if luck.exact else "≈") + percent(luck.percentile),
                luck=luck_word(luck.percentile),
            )
        )
    w.add("", tr(DICE_NOTE), "")
    if any(t.rolls > EXACT_LIMIT for t in rows):
        w.add(tr(DICE_APPROX).format(limit=EXACT_LIMIT), "")
