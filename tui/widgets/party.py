"""The party panel: every character with key resources and tick counts, and one sheet.

Each character is a line with its name (struck through and marked ``✗ down`` when a vital
resource — the system's ``vital_resources``, HP by default — is at 0 or below, see
:mod:`tui.session.characters.resources`), then, when there is any, a line with its first
resource (``HP 7/11`` and a small bar when it has a maximum), its conditions
(``stunned 2r``) and its second resource, cut at the panel's edge. Enter on a character
(or f4) opens the full sheet.

A change repaints only what changed: characters are immutable, so a line is rebuilt only
for a character that is not the same object as before, and :class:`PartyList` repaints just
its rows. A row is drawn only once it scrolls into view (:mod:`tui.widgets.party_list`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Unpack

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical

from tui.language import _
from tui.session.campaign.model import Campaign, Character
from tui.session.characters.conditions import shown_label
from tui.session.characters.resources import bar, is_down, resource_text
from tui.session.systems.registry import tracker
from tui.widgets.options import WidgetOptions
from tui.widgets.party_list import PartyList
from tui.widgets.text_pane import KEEP, TextPane, keep_together, safe

__all__ = ["PartyList", "PartyPanel", "sheet_text"]


BAR_STYLES = {"good": "green", "hurt": "yellow", "low": "bold red"}
#: the space before a number in a name ("Guard Moss 12")
_NUMBERED = re.compile(r" (?=\d)")


def _summary(ch: Character, vital: Sequence[str] = ("HP",)) -> Text:
    """Two lines: the name (npc, hidden from the players, ticks, a down mark), then
    resources with bars and the conditions; the second line only when there is something to
    show."""
    down = is_down(ch, vital)
    # what must stay whole when the line is fitted by words (tui.widgets.fit_words) is held
    # with no-break spaces: a name's number, a resource and its value, a condition and its
    # time
    text = Text(
        _NUMBERED.sub(KEEP, ch.name),  # "Guard 12" stays whole: never "Guard …"
        style="bold" if ch.side == "party" else "",
        no_wrap=True,
        overflow="ellipsis",
    )
    if down:
        text.stylize("strike")
    if ch.gm_only:  # only the GM's panel lists them: the players' view leaves them out
        hidden = _(" (npc, hidden)") if ch.side != "party" else _(" (hidden)")
        text.append(hidden, style="italic magenta")
    elif ch.side != "party":
        text.append(_(" (npc)"), style="dim")
    if ch.ticks:  # before the rest: the part most likely to be cut off is the last
        text.append(f" ✓{len(ch.ticks)}", style="bold green")
    if down:
        text.append(_(" ✗ down"), style="bold red")
    second = Text("  ", no_wrap=True, overflow="ellipsis")
    names = list(ch.resources)[:2]
    # the first resource (with a bar when it has a maximum), the conditions, then the second
    # resource: what is cut off at the panel's edge is the least needed
    for i, name in enumerate(names):
        if i == 1 and ch.conditions:
            second.append(_conditions(ch) + " ", style="bold yellow")
        top = ch.maxima.get(name)
        second.append(
            resource_text(ch, name).replace(" ", KEEP) + " ", style="dim" if top is None else ""
        )
        if top and i == 0:
            shape, grade = bar(ch.resources[name], top, 4)
            second.append(shape + " ", style=BAR_STYLES[grade])
    if ch.conditions and len(names) < 2:
        second.append(_conditions(ch), style="bold yellow")
    if second.plain.strip():
        text.append("\n")
        text.append_text(second)
    return safe(text)


def _conditions(ch: Character) -> str:
    """``stunned 2r, bleeding 3t``: each condition one word for the fitting."""
    return ", ".join(c.short.replace(" ", KEEP) for c in ch.conditions)


#: the most of a character's notes the compact sheet holds: more than the tallest, widest
#: pane shows (the pane is not scrolled; f4 opens the full sheet), so megabytes of notes
#: are not copied and cleaned of control codes at every change to that character
SHEET_NOTES = 200_000


def sheet_text(ch: Character, *, gm: bool = True) -> Text:
    """A compact character sheet (GM-only notes hidden from the player view; of long notes
    their start, :data:`SHEET_NOTES` characters)."""
    text = Text()
    text.append(ch.name, style="bold underline")
    if ch.player:
        text.append(f"  ({ch.player})", style="dim")
    # a name and its value never part at a line break (KEEP is a no-break space)
    if ch.resources:
        text.append(
            "\n" + "  ".join(resource_text(ch, k).replace(" ", KEEP) for k in ch.resources),
            style="bold",
        )
    if ch.conditions:
        text.append("\n" + ", ".join(shown_label(c) for c in ch.conditions), style="bold yellow")
    if ch.attributes:
        text.append("\n" + "  ".join(keep_together(k, v) for k, v in ch.attributes.items()))
    for skill, value in ch.skills.items():
        mark = f"{KEEP}✓" if skill in ch.ticks else ""
        text.append(f"\n {skill}:{KEEP}{value}{mark}")
    if ch.notes and gm:
        text.append("\n" + ch.notes[:SHEET_NOTES], style="italic dim")
    text.append(
        "\n" + _("f4: the full sheet") + (_(" · /edit: the editor") if gm else ""), style="dim"
    )
    return text


class PartyPanel(Vertical):
    """Character list (``#party-list``) above the selected character's sheet."""

    DEFAULT_CSS = """
    PartyPanel > #sheet { height: 1fr; border-top: solid $secondary; }
    """

    def __init__(self, *, gm: bool = True, **kwargs: Unpack[WidgetOptions]) -> None:
        super().__init__(**kwargs)
        self.gm = gm
        self._shown: tuple[object, int | None] | None = None
        self._sheet_of: Character | None = None
        self._vital: Sequence[str] = ("HP",)

    def compose(self) -> ComposeResult:
        yield PartyList(self._summary_of, id="party-list")
        # fixed height: a new sheet repaints in place instead of re-laying out the screen
        yield TextPane(id="sheet")

    def shown_characters(self, campaign: Campaign) -> list[Character]:
        """The characters listed (the players' view leaves out the GM-only ones)."""
        return [c for c in campaign.characters if self.gm or not c.gm_only]

    def _summary_of(self, ch: Character) -> Text:
        return _summary(ch, self._vital)

    def show(self, campaign: Campaign, selected: str | None) -> None:
        """Show ``campaign``'s characters; cheap when nothing they show has changed."""
        chars = self.shown_characters(campaign)
        names = [c.name for c in chars]
        highlight = names.index(selected) if selected in names else (0 if names else None)
        if (campaign.characters, highlight) == self._shown:
            return  # states are immutable: the same tuple means the same characters
        listing = self.query_one("#party-list", PartyList)
        vital = tracker(campaign.system).vital_resources
        if vital != self._vital:
            self._vital = vital
            listing.redraw()  # another system: what marks a character down differs
        listing.set_characters(chars)
        if highlight is not None and listing.highlighted != highlight:
            listing.highlighted = highlight
        sheet = self.query_one("#sheet", TextPane)
        shown = chars[highlight] if highlight is not None else None
        if shown is None:
            sheet.update("")
        elif shown is not self._sheet_of:  # the same object: the same sheet
            gm = self.gm
            sheet.update_keyed(shown, lambda: sheet_text(shown, gm=gm))
        self._sheet_of = shown
        self._shown = (campaign.characters, highlight)

    @property
    def names(self) -> list[str]:
        return [c.name for c in self.query_one("#party-list", PartyList).characters]
