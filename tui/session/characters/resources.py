"""Resources with maxima: ``HP 7/11``, healing that stops at the maximum, "is down" at 0.

``/hp CHAR [RESOURCE] AMOUNT`` reads its amounts with :func:`parse_amount` and applies them
with :func:`with_amount`; the system names the resources whose running out takes a character
down (``System.vital_resources``, HP by default), and the party panel marks it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tui.language import Msg, _, joined, msg
from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.session import CommandError

__all__ = [
    "LIMIT",
    "Amount",
    "bar",
    "down_lines",
    "is_amount",
    "is_down",
    "parse_amount",
    "resource_text",
    "with_amount",
]

LIMIT = 1_000_000


@dataclass(frozen=True)
class Amount:
    """One amount word: ``op`` is ``+`` (add, negative for damage), ``=`` or ``max``."""

    op: str
    value: int | None  # None: remove the maximum
    force: bool = False


def is_amount(word: str) -> bool:
    w = word.casefold().replace("−", "-").rstrip("!")
    if w.startswith("max="):
        return True
    body = w[1:]
    return w[:1] in ("+", "-", "=") and body.lstrip("+-").isdigit()


def _number(text: str, word: str, low: int) -> int:
    if not text.lstrip("+-").isdigit() or text.count("-") + text.count("+") > 1:
        raise CommandError(_("{word!r} is not a number").format(word=word))
    value = int(text)
    if abs(value) > LIMIT:
        raise CommandError(_("that is a very large number"))
    if value < low:
        raise CommandError(_("{word!r} must be at least {low}").format(word=word, low=low))
    return value


def parse_amount(word: str) -> Amount:
    """``+5`` · ``-3`` · ``=7`` · ``+5!`` · ``max=11`` · ``max=none``."""
    text = word.casefold().replace("−", "-")
    force = text.endswith("!")
    text = text.rstrip("!")
    if text.startswith("max="):
        raw = text[4:]
        if raw in ("-", "none", "no", ""):
            return Amount("max", None)
        return Amount("max", _number(raw, word, 0))
    if text[:1] == "=":
        return Amount("=", _number(text[1:], word, -LIMIT), force)
    if text[:1] in ("+", "-"):
        return Amount("+", _number(text, word, -LIMIT), force)
    raise CommandError(_("write +N, -N or =N (or max=N), not {word!r}").format(word=word))


def with_amount(ch: Character, resource: str, amount: Amount) -> tuple[Character, Msg]:
    """The character after ``amount`` of ``resource``, and what happened (without the
    character's name, which the caller puts first: ``HP 7 → 4``).

    ``-N`` damages and ``+N`` heals; healing stops at the maximum unless forced with a
    trailing ``!`` (``+5!``: temporary HP above it), and a value already above its maximum
    is not lowered by healing. ``=N`` sets exactly what the GM typed (the message says when
    that is above the maximum; ``=N!`` is the same). ``max=N`` sets the maximum (``max=-``
    or ``max=none`` removes it); on a resource the character lacks it adds it full
    (``HP 12/12``), as ``=N`` adds it at N. A maximum lowered below the value leaves the
    value alone (the message says so)."""
    current = ch.resources.get(resource)
    top = ch.maxima.get(resource)
    if amount.op == "max":
        if amount.value is None:
            if top is None:
                raise CommandError(
                    _("{name}'s {resource} has no maximum to remove").format(
                        name=ch.name, resource=resource
                    )
                )
            return ch.with_maximum(resource, None), msg("{resource}: no maximum", resource=resource)
        if current is None:
            ch = ch.with_resource(resource, amount.value)
            return (
                ch.with_maximum(resource, amount.value),
                msg("{resource} {value}/{value} (new)", resource=resource, value=amount.value),
            )
        parts: list[str | Msg] = [
            msg(
                "{resource} maximum {value} ({resource} {current}/{value})",
                resource=resource,
                value=amount.value,
                current=current,
            )
            if top is None
            else msg(
                "{resource} maximum {top} → {value}", resource=resource, top=top, value=amount.value
            )
        ]
        if current > amount.value:
            parts.append(
                msg(
                    " ({resource} {current} is above it; =N lowers it)",
                    resource=resource,
                    current=current,
                )
            )
        return ch.with_maximum(resource, amount.value), joined(*parts)
    before = current if current is not None else 0
    assert amount.value is not None
    new = before + amount.value if amount.op == "+" else amount.value
    note: str | Msg = ""
    if top is not None and new > top and new > before and amount.op == "+" and not amount.force:
        new = max(before, top)
        note = msg(" (stops at the maximum {top}; add ! to go past it)", top=top)
    elif top is not None and new > top:
        note = msg(" (above the maximum {top})", top=top)
    if abs(new) > LIMIT:
        raise CommandError(_("that is a very large number"))
    shown = f"{new}/{top}" if top is not None else str(new)
    old: str | Msg = msg("new") if current is None else str(before)
    return ch.with_resource(resource, new), msg(
        "{resource} {old} → {shown}{note}", resource=resource, old=old, shown=shown, note=note
    )


def resource_text(ch: Character, resource: str) -> str:
    """``HP 7/11`` or ``Fortune 12``."""
    value = ch.resources.get(resource, 0)
    top = ch.maxima.get(resource)
    return f"{resource} {value}/{top}" if top is not None else f"{resource} {value}"


def bar(value: int, top: int, width: int = 5) -> tuple[str, str]:
    """A small bar of ``value`` out of ``top`` and its grade (``good``/``hurt``/``low``)."""
    share = 0.0 if top <= 0 else max(0.0, min(1.0, value / top))
    full = round(share * width)
    if value > 0 and full == 0:
        full = 1  # a sliver still shows: not yet down
    grade = "good" if share > 0.5 else "hurt" if share > 0.25 else "low"
    return "█" * full + "░" * (width - full), grade


def is_down(ch: Character, vital: Sequence[str]) -> str:
    """The first vital resource at 0 or below (``""`` when the character is up)."""
    return next((r for r in vital if r in ch.resources and ch.resources[r] <= 0), "")


def down_lines(before: Campaign, after: Campaign, vital: Sequence[str]) -> list[Msg]:
    """ "X is down (HP -3/12)" / "X is back up (HP 2/12)" for what this change did: down at
    0 or below, back up above 0."""
    if before.characters is after.characters:
        return []
    old = {c.name: c for c in before.characters}
    lines: list[Msg] = []
    for ch in after.characters:
        prev = old.get(ch.name)
        if prev is None or prev is ch:
            continue
        was, now = is_down(prev, vital), is_down(ch, vital)
        if now and not was:
            lines.append(
                msg("{name} is down ({resource})", name=ch.name, resource=resource_text(ch, now))
            )
        elif was and not now:
            lines.append(
                msg("{name} is back up ({resource})", name=ch.name, resource=resource_text(ch, was))
            )
    return lines
