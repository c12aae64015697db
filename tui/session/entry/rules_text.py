"""The rules engine's error messages in the GM's language.

Decision: :mod:`rules` stays language-neutral — its :class:`~rules.errors.RulesError` texts
are English, part of its contract, and carry no codes. The tracker renders one where it is
shown (:func:`rules_message`, called by :func:`~tui.session.entry.steps.message_of` and by the
commands that pass a rules error on): the English text is matched against the templates
below — the messages a GM can reach by typing (dice expressions, typed dice, numbers out of
range) — and the template's catalog entry is filled with the values the English held. A
field name the rules use (``tn``, ``roll``, ``modifiers[0] div amount``) is shown in the GM's
words too. A message no template matches (an internal slip the session should have caught)
is shown in English, rewritten as a sentence by :func:`~tui.session.entry.wording.humane`.

English costs nothing: with English in use the text goes straight to ``humane``.
"""

from __future__ import annotations

import re
from functools import cache

from tui.language import N_, _, current, tr
from tui.session.entry.wording import humane

__all__ = ["RULES_MESSAGES", "rules_message"]

#: the rules' messages a GM can reach, as templates of the English (values in braces)
RULES_MESSAGES = (
    N_("multiplier must be at least 1, got {n}"),
    N_("too many dice: {count} (at most {most})"),
    N_("modifier must be within ±{most}, got {value}"),
    N_("dice expression too long ({n} chars, at most {most})"),
    N_("bad dice expression {text}: a space inside a number"),
    N_("empty dice expression"),
    N_("bad dice expression {text} at character {n}"),
    N_("constant must be at most {most}, got {value}"),
    N_("dice count must be at least 1"),
    N_("too many faces: {count} (at most {most})"),
    N_("a die needs at least 1 face"),
    N_("{expr} needs {n} dice, got {got}"),
    N_("die {i} must be within 1..{sides}, got {face}"),
    N_("{expr} has {n} totals; exact odds limited to {most}"),
    N_("{field} must be within {low}..{high}, got {value}"),
    N_("{field} must be an integer, got {value}"),
    N_("{field} must hold {n} values, got {got}"),
)

#: a range open at one end, said as a bound
_AT_LEAST = N_("{field} must be at least {low}, got {value}")
_AT_MOST = N_("{field} must be at most {high}, got {value}")

#: the rules' field names a message may name, in the GM's words
FIELDS = (
    N_("roll"),
    N_("modifier"),
    N_("tn"),
    N_("bonus"),
    N_("skill"),
    N_("shots"),
    N_("recoil"),
    N_("threshold"),
    N_("value"),
    N_("dice"),
)

_PATH = re.compile(r"^([a-z_]+)\[(\d+)\]\s*(?:(mul|div|add|sub|set) amount)?$")
_KINDS = {
    "mul": N_("the factor of xN"),
    "div": N_("the divisor of /N"),
    "add": N_("+N"),
    "sub": N_("-N"),
    "set": N_("the value of set=N"),
}


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    found = []
    for template in RULES_MESSAGES:
        parts = re.split(r"\{(\w+)\}", template)
        regex = "".join(
            re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts)
        )
        found.append((re.compile(f"^{regex}$", re.S), template))
    return tuple(found)


def _field(name: str) -> str:
    """A rules field name in the GM's words: ``modifiers[0] div amount`` → «делитель /N
    (модификатор 1)»; an unknown one stays as it is."""
    m = _PATH.match(name)
    if m is None:
        return tr(name) if name in FIELDS else name
    noun = m.group(1).removesuffix("s")
    which = _("{noun} {n}").format(noun=tr(noun) if noun in FIELDS else noun, n=int(m.group(2)) + 1)
    if m.group(3):
        return _("{kind} ({which})").format(kind=tr(_KINDS[m.group(3)]), which=which)
    return which


def rules_message(text: str) -> str:
    """A rules error's message as the GM reads it, in the current language."""
    if current() == "en":
        return humane(text)
    for pattern, template in _patterns():
        m = pattern.match(text)
        if m is not None:
            values = m.groupdict()
            if "field" in values:
                values["field"] = _field(values["field"])
            if values.get("high") == "+inf":
                template = _AT_LEAST
            elif values.get("low") == "-inf":
                template = _AT_MOST
            return tr(template).format(**values)
    return humane(text)
