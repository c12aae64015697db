"""Tab completion for the roll entry: commands, characters (aliases too) and skills."""

from __future__ import annotations

from tui.session.table.entry import MAX_LINE
from tui.session.table.names import NameError_, complete, normal
from tui.session.table.table import SECRET, Table

__all__ = ["complete_line"]


def _extend(typed: str, fragment: str, name: str) -> str:
    """``typed`` with its trailing ``fragment`` completed to ``name``.

    Keeps what the GM typed when the name simply continues it (so an inline suggestion can
    show the rest); otherwise replaces the fragment with the name.
    """
    head = typed[: len(typed) - len(fragment)]
    if fragment and fragment == fragment.lower():
        name = name.lower()  # the GM types in lower case: keep the line in one case
    if name.casefold().startswith(fragment.casefold()):
        return head + fragment + name[len(fragment) :]
    return head + name


def complete_line(table: Table, text: str) -> list[str]:
    """Whole-line completions for the roll entry: commands, characters, skills.

    A secret line (``!…``) completes as the line after the ``!``, which it keeps.
    """
    if len(text) > MAX_LINE:
        return []
    if text.startswith(SECRET):
        after = text[len(SECRET):]
        head = SECRET + after[: len(after) - len(after.lstrip())]
        return [head + c for c in complete_line(table, after.lstrip())]
    if text.startswith("/"):
        typed = text[1:]
        if " " in typed:
            return []
        names = sorted({c.name for c in table.commands()})
        return [f"/{n}" for n in names if n.startswith(typed.casefold()) and n != typed]
    lower = text.casefold()
    cut = max(lower.rfind(" vs "), -1)
    side = text[cut + 4 :] if cut >= 0 else text
    words = side.split()
    before = words if side.endswith(" ") else words[:-1]
    out: list[str] = []
    if before:
        try:
            who = table.match_character(before)
        except NameError_:
            who = None
        if who is not None:
            rest = words[who.consumed :]
            skill_fragment = " ".join(rest) + (" " if side.endswith(" ") and rest else "")
            skill_fragment = skill_fragment.strip()
            if skill_fragment or side.endswith(" "):
                for name in complete(skill_fragment, table.rollables(who.name))[:8]:
                    out.append(_extend(text, _tail(text, skill_fragment), name))
    if not out and words:
        whole = " ".join(words)
        aliases = table._character_aliases()
        seen: set[str] = set()
        # one completion per character, preferring the name that continues what was typed
        for name in sorted(
            complete(whole, list(aliases)), key=lambda n: not normal(n).startswith(normal(whole))
        ):
            if aliases[name] not in seen:
                seen.add(aliases[name])
                out.append(_extend(text, _tail(text, whole), name) + " ")
    return [o for o in out if o != text][:8]


def _tail(text: str, fragment: str) -> str:
    """The actual trailing characters of ``text`` that ``fragment`` (space-joined) covers."""
    if not fragment:
        return ""
    n = len(fragment)
    stripped = text.rstrip()
    return stripped[-n:] if stripped[-n:].casefold() == fragment.casefold() else fragment
