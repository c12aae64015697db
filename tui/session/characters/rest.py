"""``/rest``: the party (or one character) rested, as one undoable, logged step.

Every resource with a maximum goes back to it (HP, FP, Fortune …, or only those named) and
every condition with a duration ends; a condition without one (a curse, a lost limb) stays,
since only the GM knows what a night's sleep cures. ``all`` (the default) is the party;
NPCs rest when named.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from tui.language import Msg, _, msg
from tui.session.campaign.model import Campaign, Character
from tui.session.entry.entry import Slash
from tui.session.entry.names import normal
from tui.session.entry.pick import pick_characters
from tui.session.protocol.answers import Feedback
from tui.session.protocol.commands import CommandSet
from tui.session.protocol.context import SlashContext

__all__ = ["COMMANDS", "rested"]

COMMANDS = CommandSet()


def rested(ch: Character, resources: Sequence[str] = ()) -> tuple[Character, list[str]]:
    """``ch`` after a rest and what changed (``HP 3 → 11``, ``stunned ends``)."""
    chosen = resources or [r for r in ch.resources if r in ch.maxima]
    values = dict(ch.resources)
    said: list[str] = []
    for name in chosen:
        top = ch.maxima.get(name)
        if top is not None and values.get(name, 0) < top:
            said.append(f"{name} {values.get(name, 0)} → {top}")
            values[name] = top
    kept = tuple(c for c in ch.conditions if not c.unit)
    said += [_("{name} ends").format(name=c.name) for c in ch.conditions if c.unit]
    return replace(ch, resources=values, conditions=kept), said


def _trailing_resources(campaign: Campaign, words: list[str]) -> list[str]:
    """The resource names at the end of ``words`` (whole names, as any character has them),
    taken off ``words``: ``/rest alice hp fp`` rests Alice's HP and FP."""
    known = {normal(r): r for c in campaign.characters for r in c.maxima}
    names: list[str] = []
    while words and normal(words[-1]) in known:
        names.insert(0, known[normal(words.pop())])
    return list(dict.fromkeys(names))


@COMMANDS.slash(
    "rest",
    "/rest [CHAR…|all] [RESOURCE…]",
    "a rest: resources back to their maxima (all, or those named) and conditions with a "
    "duration ended, for the party or the characters named",
    args="CHAR RESOURCE",
)
def _rest(table: SlashContext, cmd: Slash) -> Feedback:
    campaign = table.campaign
    words = list(cmd.args)
    resources = _trailing_resources(campaign, words)
    who: list[str] = []
    if words and words[0].casefold() in ("all", "party") and len(words) == 1:
        words.pop(0)
    elif words:
        who = pick_characters(table, words)
    if not who:
        who = [c.name for c in campaign.characters if c.side == "party"]
    if not who:
        return Feedback(False, _("nobody to rest: the party is empty"))
    new = campaign
    parts: list[str] = []
    for name in who:
        ch, said = rested(campaign.character(name), resources)
        if said:
            new = new.with_character(ch)
            parts.append(f"{name}: {', '.join(said)}")
    if not parts:
        return Feedback(False, _("everyone named is rested already"))
    text: Msg = msg("rest: {changes}", changes="; ".join(parts))
    return table.change(lambda _c: new, text, actor=who[0] if len(who) == 1 else "")
