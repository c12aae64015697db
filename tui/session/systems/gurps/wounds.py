"""GURPS injury at the table: what a wound asks for, the HT rolls that answer it, and the
turn start of a stunned or sub-zero character.

``/ht CHAR CHECK… [±N] [= faces]`` rolls the HT rolls the rules ask for, in the order
given, each with its exact odds in the preview and its effect applied in the same step:

- ``death``: one roll per multiple of -HP newly reached (the damage line says how many);
  a failure: ``dead``.
- ``knockdown`` (after a major wound): failure → ``stunned`` and ``prone``; failure by 5+
  or a critical failure → ``unconscious`` and ``prone``. Pain Threshold changes the roll.
- ``conscious`` (turn start at 0 HP or below, -1 per full multiple of HP below zero):
  failure → ``unconscious``.
- ``stun`` (turn start while stunned): success → no longer stunned.

HT is the ``HT`` attribute; HP (its maximum) is the HP maximum, else an ``HP``
attribute, else the HP the character had before the damage. Pain Threshold comes from
``extra.pain_threshold = "high"|"low"`` or a trait named "High Pain Threshold" / "Low Pain
Threshold" among ``extra.traits`` or ``extra.advantages`` (what a GCS import keeps).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from rules import gurps
from rules.gurps import Knockdown, PainThreshold
from tui.language import Msg, _, joined, msg
from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.session import CommandError, Draft, Outcome
from tui.session.characters.conditions import with_condition, without_condition
from tui.session.entry.entry import Slash, parse_faces
from tui.session.protocol.answers import Feedback, Preview
from tui.session.protocol.context import SlashContext
from tui.session.protocol.plans import Chance
from tui.session.protocol.system import System
from tui.session.systems.gurps.commands import COMMANDS
from tui.session.systems.gurps.spec import hint

__all__ = [
    "CHECKS",
    "DEAD",
    "PRONE",
    "SHOCK",
    "STUNNED",
    "UNCONSCIOUS",
    "hp_of",
    "ht_of",
    "is_out",
    "pain_of",
    "turn_start_checks",
]

STUNNED = "stunned"
PRONE = "prone"
SHOCK = "shock"
UNCONSCIOUS = "unconscious"
DEAD = "dead"
#: the HT rolls /ht makes, in the order a wound asks for them
CHECKS = ("death", "knockdown", "conscious", "stun")
_USAGE = "/ht CHAR death|knockdown|conscious|stun… [±N] [= faces]"


def ht_of(ch: Character) -> int | None:
    value = ch.attributes.get("HT")
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def hp_of(ch: Character, fallback: int | None = None) -> int | None:
    """The character's full HP: the HP maximum, else an ``HP`` attribute, else ``fallback``."""
    for value in (ch.maxima.get("HP"), ch.attributes.get("HP"), fallback):
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            return value
    return None


def pain_of(ch: Character) -> PainThreshold:
    """High or Low Pain Threshold from the sheet (``extra``), else neither."""
    raw = ch.extra.get("pain_threshold")
    if isinstance(raw, str) and raw.strip().casefold() in ("high", "low"):
        return gurps.pain_threshold(raw)
    for key in ("traits", "advantages", "disadvantages"):
        traits = ch.extra.get(key)
        names: Sequence[object] = list(traits) if isinstance(traits, Mapping | list | tuple) else ()
        for name in names:
            folded = str(name).casefold()
            if "high pain threshold" in folded:
                return PainThreshold.HIGH
            if "low pain threshold" in folded:
                return PainThreshold.LOW
    return PainThreshold.NORMAL


def is_out(ch: Character) -> bool:
    """Dead or unconscious: no turn-start roll is asked of them."""
    return any(ch.condition(n) is not None for n in (DEAD, UNCONSCIOUS))


def turn_start_checks(ch: Character) -> tuple[str, ...]:
    """The HT rolls ``ch``'s turn start asks for: ``stun`` while stunned, ``conscious`` at
    0 HP or below."""
    if is_out(ch):
        return ()
    out: list[str] = []
    hp = ch.resources.get("HP")
    if isinstance(hp, int) and hp <= 0:
        out.append("conscious")
    if ch.condition(STUNNED) is not None:
        out.append("stun")
    return tuple(out)


@dataclass(frozen=True)
class _Check:
    """One HT roll /ht makes: which, how many times, at what effective HT."""

    kind: str
    times: int
    skill: int
    why: str  # the modifiers, e.g. "HT 11 -1 (1×HP below 0)"


def _checks(table_campaign: Campaign, ch: Character, words: Sequence[str]) -> list[_Check]:
    ht = ht_of(ch)
    if ht is None:
        raise CommandError(
            _("{name} has no HT (/attr {who} HT 10 adds it)").format(
                name=ch.name, who=hint(table_campaign, ch.name)
            )
        )
    extra = 0
    kinds: list[str] = []
    for word in words:
        text = word.replace("−", "-")
        if text[:1] in "+-" and text[1:].isdigit():
            extra += int(text)
            continue
        found = [k for k in CHECKS if k.startswith(word.casefold())]
        if len(found) != 1:
            raise CommandError(
                _("unknown HT roll {word!r} (allowed: {allowed})").format(
                    word=word, allowed=", ".join(CHECKS)
                )
            )
        kinds.append(found[0])
    if not kinds:
        kinds = list(turn_start_checks(ch))
    if not kinds:
        raise CommandError(_("usage: /ht CHAR death|knockdown|conscious|stun… [±N] [= faces]"))
    if abs(extra) > gurps.MAX_MODIFIER:
        raise CommandError(
            _("a modifier must be within -{most}..+{most}").format(most=gurps.MAX_MODIFIER)
        )
    hp = ch.resources.get("HP", 0)
    full = hp_of(ch) or 1
    out: list[_Check] = []
    for kind in dict.fromkeys(kinds):
        skill, why = ht + extra, f"HT {ht}" + (f" {extra:+d}" if extra else "")
        times = 1
        if kind == "knockdown":
            pain = gurps.knockdown_modifier(pain_of(ch))
            if pain:
                skill += pain
                why += f" {pain:+d} ({pain_of(ch).value} pain threshold)"
        elif kind == "conscious":
            below = gurps.consciousness_modifier(min(hp, 0), full) or 0
            if below:
                skill += below
                why += f" {below:+d} ({-below}×HP below 0)"
        elif kind == "death":
            times = max(1, len(_pending_death(ch, full)))
        out.append(_Check(kind, times, skill, why))
    return out


def _pending_death(ch: Character, full: int) -> tuple[int, ...]:
    """The multiples of -HP reached that still ask for a roll (kept in ``extra``)."""
    raw = ch.extra.get("death_checks")
    if isinstance(raw, list | tuple):
        return tuple(int(k) for k in raw if isinstance(k, int) and not isinstance(k, bool))
    hp = ch.resources.get("HP", 0)
    return tuple(k for k in gurps.DEATH_MULTIPLES if hp <= -k * full)[-1:]


def _label(kind: str) -> str:
    return {
        "death": _("HT roll against death"),
        "knockdown": _("HT roll against knockdown and stun"),
        "conscious": _("HT roll to stay conscious"),
        "stun": _("HT roll to recover from stun"),
    }[kind]


def _odds(check: _Check) -> tuple[Chance, ...]:
    if check.kind == "knockdown":
        dist = gurps.knockdown_odds(check.skill)
        return (
            Chance(_("keeps standing"), dist[Knockdown.KEPT], "success"),
            Chance(_("stunned and knocked down"), dist[Knockdown.STUNNED], "failure"),
            Chance(_("knocked out"), dist[Knockdown.UNCONSCIOUS], "fumble"),
        )
    levels = gurps.odds(check.skill)
    ok = levels[gurps.Level.SUCCESS] + levels[gurps.Level.CRITICAL_SUCCESS]
    p = ok**check.times
    good, bad = {
        "death": (_("survives"), _("dies")),
        "conscious": (_("stays conscious"), _("falls unconscious")),
        "stun": (_("recovers"), _("stays stunned")),
    }[check.kind]
    return (Chance(good, p, "success"), Chance(bad, Fraction(1) - p, "failure"))


def _parsed(table: SlashContext, cmd: Slash) -> tuple[Character, list[_Check], list[int] | None]:
    text = cmd.rest
    body, sep, tail = text.partition("=")
    words = body.split()
    if not words:
        raise CommandError(_("usage: /ht CHAR death|knockdown|conscious|stun… [±N] [= faces]"))
    who = table.match_character(words)
    ch = table.campaign.character(who.name)
    checks = _checks(table.campaign, ch, words[who.consumed :])
    totals = list(parse_faces(tail)) if sep else None
    return ch, checks, totals


def _preview(table: SlashContext, cmd: Slash) -> Preview:
    ch, checks, _totals = _parsed(table, cmd)
    lines = []
    odds: list[Chance] = []
    for check in checks:
        times = f" ×{check.times}" if check.times > 1 else ""
        chances = _odds(check)
        shown = " · ".join(f"{c.label} {c.percent}" for c in chances if c.p)
        lines.append(
            f"{ch.name}: {_label(check.kind)}{times}, {check.why} → {check.skill} — {shown}"
        )
        odds.extend(chances)
    return Preview("\n  ".join(lines), True, tuple(odds) if len(checks) == 1 else ())


def _roll(rng: random.Random, totals: list[int] | None) -> tuple[int, str]:
    if totals is None:
        faces = [rng.randint(1, 6) for _ in range(3)]
        return sum(faces), "-".join(map(str, faces))
    if not totals:
        raise CommandError(_("more HT rolls than typed totals"))
    value = totals.pop(0)
    if not 3 <= value <= 18:
        raise CommandError(_("an HT roll is a 3d6 total 3..18, got {value}").format(value=value))
    return value, str(value)


def _set(ch: Character, *names: str) -> Character:
    for name in names:
        if ch.condition(name) is None:
            ch = with_condition(ch, name)[0]
    return ch


def _unset(ch: Character, name: str) -> Character:
    return without_condition(ch, name)[0] if ch.condition(name) is not None else ch


@COMMANDS.slash(
    "ht",
    _USAGE,
    "the HT rolls a wound asks for (death, knockdown, conscious, stun), each applied",
    args="CHAR TEXT",
    preview=_preview,
)
def _ht(table: SlashContext, cmd: Slash) -> Feedback:
    ch, checks, totals = _parsed(table, cmd)
    rolls = sum(c.times for c in checks)
    if totals is not None and len(totals) == 3 * rolls:  # three faces a roll, not totals
        if any(not 1 <= f <= 6 for f in totals):
            raise CommandError(_("a die of 3d6 is 1..6"))
        totals = [sum(totals[i : i + 3]) for i in range(0, len(totals), 3)]
    new = ch
    lines: list[Msg] = []
    grade = "success"
    dice: list[int] = []
    for check in checks:
        if new.condition(DEAD) is not None:
            break  # a failed death check ends it: nothing further is rolled
        for _n in range(check.times):
            total, shown = _roll(table.rng, totals)
            dice.append(total)
            level = gurps.resolve(check.skill, total).level
            said = f"{_label(check.kind)} {check.skill}: {shown}"
            if check.kind == "knockdown":
                fell = gurps.knockdown(check.skill, total)
                if fell is Knockdown.STUNNED:
                    new = _set(new, STUNNED, PRONE)
                elif fell is Knockdown.UNCONSCIOUS:
                    new = _set(new, UNCONSCIOUS, PRONE)
                outcome = {
                    Knockdown.KEPT: _("keeps standing"),
                    Knockdown.STUNNED: _("stunned and knocked down"),
                    Knockdown.UNCONSCIOUS: _("knocked out"),
                }[fell]
                grade = "failure" if fell is not Knockdown.KEPT else grade
            elif check.kind == "death":
                outcome = _("survives") if level.success else _("dies")
                if not level.success:
                    new = _set(new, DEAD)
                    grade = "fumble"
            elif check.kind == "conscious":
                outcome = _("stays conscious") if level.success else _("falls unconscious")
                if not level.success:
                    new = _set(new, UNCONSCIOUS)
                    grade = "failure"
            else:
                outcome = _("recovers") if level.success else _("stays stunned")
                if level.success:
                    new = _unset(new, STUNNED)
                else:
                    grade = "failure"
            lines.append(msg("{check} → {outcome}", check=said, outcome=outcome))
            if check.kind == "death" and not level.success:
                break
    if totals and new.condition(DEAD) is None:
        raise CommandError(_("more typed totals than HT rolls"))
    if "death_checks" in new.extra:
        new = replace(new, extra={k: v for k, v in new.extra.items() if k != "death_checks"})
    text = msg(
        "{name}: {rolls}",
        name=ch.name,
        rolls=joined(*[p for i, m in enumerate(lines) for p in (("; " if i else ""), m)]),
    )
    inputs = {"ht": [c.kind for c in checks], "dice": dice}
    draft = Draft.of("roll", text, ch.name, grade, inputs)
    return table.run_change(lambda c: c.with_character(new), draft)


@COMMANDS.change_hook
def _turn_start(system: System, before: Campaign, out: Outcome) -> Outcome:
    """A stunned or sub-zero character's turn begins: say which HT rolls it asks for and
    offer the /ht line in the entry (nothing is rolled until Enter)."""
    old, new = before.scene, out.campaign.scene
    if new is None or not new.turn_order or out.next:
        return out
    actor = new.turn_order[new.current % len(new.turn_order)]
    if (
        old is not None
        and old.name == new.name
        and old.turn_order
        and old.round == new.round
        and old.turn_order[old.current % len(old.turn_order)] == actor
    ):
        return out
    try:
        ch = out.campaign.character(actor)
    except KeyError:
        return out
    asked = turn_start_checks(ch)
    if not asked:
        return out
    line = f"/ht {hint(out.campaign, ch.name)} {' '.join(asked)}"
    said = msg("{name}'s turn: {line}", name=ch.name, line=line)
    return replace(out, draft=out.draft.with_effects([said]), next=line)
