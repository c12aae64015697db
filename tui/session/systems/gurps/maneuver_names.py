"""The GURPS maneuvers' names in the GM's language: shown, and typed after ``/maneuver``.

The rules name the maneuvers in English (``All-Out Attack``, ``Suppression Fire``); the
catalog has them as the GURPS seed writes them in Russian («тотальная атака»,
«прицеливание», «огонь на подавление»). :func:`maneuver_name` and :func:`option_name` give a
name as a stored message, so a log line written in one language reads in the other.
:func:`read_spec` reads the maneuver a GM typed: its key (``all_out_attack``), its English
name or its name in the language in use, spaces, hyphens and underscores alike
(``тотальная атака:точная атака``, ``тотальная-атака:точная``, ``aoa:determined``).

Decision: an option is named whole, with its maneuver (``All-Out Attack: Feint`` →
«тотальная атака: финт + атака»): the rules reuse a word for an option and a maneuver
(Feint), which one catalog entry could not tell apart.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

from rules import gurps
from tui.language import N_, Msg, _, current, term, tr
from tui.session.campaign.session import CommandError
from tui.session.entry.names import match_prefix_words

__all__ = ["NAMES", "OPTIONS", "maneuver_name", "option_name", "option_said", "read_spec"]

#: each maneuver's name by its key (the rules' English, translated where shown)
NAMES: Mapping[str, str] = {
    "do_nothing": N_("Do Nothing"),
    "move": N_("Move"),
    "change_posture": N_("Change Posture"),
    "aim": N_("Aim"),
    "evaluate": N_("Evaluate"),
    "attack": N_("Attack"),
    "feint": N_("Feint"),
    "all_out_attack": N_("All-Out Attack"),
    "move_and_attack": N_("Move and Attack"),
    "all_out_defense": N_("All-Out Defense"),
    "concentrate": N_("Concentrate"),
    "ready": N_("Ready"),
    "wait": N_("Wait"),
}

#: each option's name with its maneuver's, by (maneuver key, option key)
OPTIONS: Mapping[tuple[str, str], str] = {
    ("all_out_attack", "determined_melee"): N_("All-Out Attack: Determined"),
    ("all_out_attack", "determined_ranged"): N_("All-Out Attack: Determined"),
    ("all_out_attack", "double"): N_("All-Out Attack: Double"),
    ("all_out_attack", "feint"): N_("All-Out Attack: Feint"),
    ("all_out_attack", "strong"): N_("All-Out Attack: Strong"),
    ("all_out_attack", "suppression_fire"): N_("All-Out Attack: Suppression Fire"),
    ("move_and_attack", "ranged"): N_("Move and Attack: Ranged"),
    ("move_and_attack", "melee"): N_("Move and Attack: Melee"),
    ("all_out_defense", "increased_dodge"): N_("All-Out Defense: Increased Dodge"),
    ("all_out_defense", "increased_parry"): N_("All-Out Defense: Increased Parry"),
    ("all_out_defense", "increased_block"): N_("All-Out Defense: Increased Block"),
    ("all_out_defense", "double_defense"): N_("All-Out Defense: Double Defense"),
}


def maneuver_name(key: str) -> Msg:
    """Maneuver ``key``'s name, shown in the reader's language (``RulesError`` if unknown)."""
    return term(NAMES.get(key) or gurps.maneuver(key).name)


def option_name(key: str, option: str) -> Msg:
    """The name of ``option`` of maneuver ``key`` with the maneuver's («тотальная атака:
    точная атака»), shown in the reader's language."""
    found = OPTIONS.get((key, option))
    if found is not None:
        return term(found)
    info = gurps.maneuver(key)
    return term(f"{info.name}: {info.option(option).name}")


def option_said(key: str, option: str) -> str:
    """Option ``option`` of maneuver ``key`` as the GM types it after the colon: its name
    in the language in use («точная атака»), in English its key (``determined``)."""
    if current() == "en":
        return option
    own = OPTIONS.get((key, option)) or OPTIONS.get((key, f"{option}_melee"), "")
    return tr(own).partition(": ")[2] or option


def _spellings(*names: str) -> list[str]:
    """``names`` as they may be typed: with spaces, hyphens or underscores between words."""
    out = []
    for name in names:
        words = name.casefold().replace("_", " ").replace("-", " ").split()
        out += [" ".join(words), "-".join(words), "_".join(words)]
    return out


@cache
def _maneuvers(lang: str) -> dict[str, str]:
    """Every spelling of a maneuver in ``lang`` (the current language) → its key."""
    found: dict[str, str] = {}
    for key, info in gurps.MANEUVERS.items():
        name = NAMES.get(key, info.name)
        for spelt in _spellings(key, info.name, tr(name)):
            found.setdefault(spelt, key)
    return found


@cache
def _options(lang: str, key: str) -> dict[str, str]:
    """Every spelling of an option of maneuver ``key`` in ``lang`` → its key; Determined of
    All-Out Attack, which the rules split by the weapon's type, is ``determined``."""
    found: dict[str, str] = {}
    for opt in gurps.maneuver(key).options:
        own = OPTIONS.get((key, opt.key), "")
        shown = tr(own).partition(": ")[2] if own else ""
        said = "determined" if opt.key.startswith("determined_") else opt.key
        for spelt in _spellings(opt.key):
            found.setdefault(spelt, opt.key)
        for spelt in _spellings(opt.name, shown):
            found.setdefault(spelt, said)
    return found


def read_spec(words: Sequence[str]) -> tuple[str, int]:
    """The maneuver the leading ``words`` name, as ``key`` or ``key:option`` (option keys as
    the rules write them, ``determined`` left to the weapon), and how many words it took."""
    colon = next((i for i, w in enumerate(words) if ":" in w), None)
    head = list(words if colon is None else words[: colon + 1])
    tail = ""
    if colon is not None:
        head[-1], _sep, tail = head[-1].partition(":")
        head = [w for w in head if w]
    names = _maneuvers(current())
    shown = {spelt: maneuver_name(key).render() for spelt, key in names.items()}
    found = match_prefix_words(head, list(names), what="maneuver", same=shown)
    key = names.get(found.name) or {shown[s]: k for s, k in names.items()}[found.name]
    if colon is None:
        return key, found.consumed
    if found.consumed != len(head):
        raise CommandError(_("unexpected {names!r}").format(names=" ".join(head[found.consumed :])))
    asked = [w for w in (tail, *words[colon + 1 :]) if w]
    if not asked:
        return key, colon + 1
    info = gurps.maneuver(key)
    if not info.options:
        raise CommandError(_("{name} has no options").format(name=maneuver_name(key)))
    options = _options(current(), key)
    what = _("{maneuver} option").format(maneuver=maneuver_name(key))
    said = {s: option_said(key, o) for s, o in options.items()}
    chosen = match_prefix_words(asked, list(options), what=what, same=said)
    option = options.get(chosen.name) or {said[s]: o for s, o in options.items()}[chosen.name]
    return f"{key}:{option}", colon + 1 + chosen.consumed - (1 if tail else 0)
