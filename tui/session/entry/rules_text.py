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

from tui.language import N_, _, current, pgettext, tr
from tui.session.entry.rules_messages import FIELD_NAMES, FIELDS, RULES_MESSAGES
from tui.session.entry.wording import humane

__all__ = ["RULES_MESSAGES", "rules_message", "rules_template"]

#: a range open at one end, said as a bound
_AT_LEAST = N_("{field} must be at least {low}, got {value}")
_AT_MOST = N_("{field} must be at most {high}, got {value}")

_PATH = re.compile(r"^([a-z_]+)\[(\d+)\]\s*(?:(mul|div|add|sub|set) amount)?$")
_KINDS = {
    "mul": N_("the factor of xN"),
    "div": N_("the divisor of /N"),
    "add": N_("+N"),
    "sub": N_("-N"),
    "set": N_("the value of set=N"),
}


#: a value a template takes only in one shape: ``{kind}`` is a type the program names
#: (``SceneKind``, ``random.Random``), never English words, so a general template such as
#: ``{field} must be a {kind}, got {value}`` does not take a message it would leave half English
_HOLES = {"kind": r"(?:[A-Z]|\w+\.)[\w.]*"}


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    """The templates as patterns, the most specific first: the one with the most fixed
    English wins (``{field} must be a string, got …`` before ``{field} must be {kind}, got
    …``), so a general shape only takes what no closer one says."""
    found = []
    for template in RULES_MESSAGES:
        parts = re.split(r"\{(\w+)\}", template)
        regex = "".join(
            re.escape(p) if i % 2 == 0 else f"(?P<{p}>{_HOLES.get(p, '.+?')})"
            for i, p in enumerate(parts)
        )
        fixed = sum(len(p) for p in parts[::2])
        found.append((fixed, re.compile(f"^{regex}$", re.S), template))
    found.sort(key=lambda f: -f[0])
    return tuple((pattern, template) for _, pattern, template in found)


def rules_template(text: str) -> tuple[str, dict[str, str]] | None:
    """The template a rules message is an instance of, and the values it holds; None for
    a message no template knows."""
    for pattern, template in _patterns():
        m = pattern.match(text)
        if m is not None:
            return template, m.groupdict()
    return None


def _name(name: str) -> str:
    """A bare field name in the GM's words; one the rules never use stays as it is."""
    if name in FIELDS:
        return tr(name)
    if name in FIELD_NAMES:
        return pgettext("rules field", name)
    return name


def _field(name: str) -> str:
    """A rules field name in the GM's words: ``modifiers[0] div amount`` → «делитель /N
    (модификатор 1)»; an unknown one stays as it is."""
    m = _PATH.match(name)
    if m is None:
        return _name(name)
    noun = m.group(1).removesuffix("s")
    noun = noun if noun in FIELDS or noun in FIELD_NAMES else m.group(1)
    which = _("{noun} {n}").format(noun=_name(noun), n=int(m.group(2)) + 1)
    if m.group(3):
        return _("{kind} ({which})").format(kind=tr(_KINDS[m.group(3)]), which=which)
    return which


_MINUTES = re.compile(r"^(\d+(?:\.\d+)?) min$")


def _value(value: str) -> str:
    """A value a message holds, in the GM's words where it is a rules term (a phase, a
    status, a level: ``planning`` → «планирование»; a list of them item by item; ``5 min``
    → «5 мин»); a number, a quoted input or a name stays as it is."""
    m = _MINUTES.match(value)
    if m is not None:
        return _("{n} min").format(n=m.group(1))
    if not value[:1].isalpha():
        return value
    return ", ".join(tr(part) for part in value.split(", "))


def _within(text: str) -> str:
    """A line that holds a rules message after a lead-in the tracker already translated
    («урон 2d6: <rules message>», «Alice's d100: …») or before a tail («…; Удача не
    потрачена»): that part in the GM's language, the rest as it is; else the English."""
    for m in re.finditer(r": |; ", text):
        head, tail = text[: m.start()], text[m.end() :]
        if rules_template(tail) is not None:
            return text[: m.end()] + rules_message(tail)
        if rules_template(head) is not None:
            return rules_message(head) + text[m.start() :]
    return humane(text)


def rules_message(text: str) -> str:
    """A rules error's message as the GM reads it, in the current language."""
    if current() == "en":
        return humane(text)
    found = rules_template(text)
    if found is None:
        return _within(text)
    template, values = found
    values = {k: _field(v) if k == "field" else _value(v) for k, v in values.items()}
    if values.get("high") == "+inf":
        template = _AT_LEAST
    elif values.get("low") == "-inf":
        template = _AT_MOST
    return tr(template).format(**values)
