"""The party panel: every character with key resources and tick counts, and one sheet."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from tui.i18n import _
from tui.session.campaign.model import Campaign, Character
from tui.widgets.text_pane import KEEP, TextPane, keep_together, safe

__all__ = ["PartyPanel", "sheet_text"]


def _summary(ch: Character) -> Text:
    text = Text(ch.name, style="bold" if ch.side == "party" else "", no_wrap=True,
                overflow="ellipsis")
    if ch.side != "party":
        text.append(_(" (npc)"), style="dim")
    if ch.ticks:  # before the resources: the part most likely to be cut off is the last
        text.append(f" ✓{len(ch.ticks)}", style="bold green")
    bits = [f"{k} {v}" for k, v in list(ch.resources.items())[:2]]
    if bits:
        text.append("  " + " ".join(bits), style="dim")
    return safe(text)


def sheet_text(ch: Character, *, gm: bool = True) -> Text:
    """A compact character sheet (GM-only notes hidden from the player view)."""
    text = Text()
    text.append(ch.name, style="bold underline")
    if ch.player:
        text.append(f"  ({ch.player})", style="dim")
    # a name and its value never part at a line break (KEEP is a no-break space)
    if ch.attributes:
        text.append("\n" + "  ".join(keep_together(k, v) for k, v in ch.attributes.items()))
    for skill, value in ch.skills.items():
        mark = f"{KEEP}✓" if skill in ch.ticks else ""
        text.append(f"\n {skill}:{KEEP}{value}{mark}")
    if ch.resources:
        text.append("\n" + "  ".join(keep_together(k, v) for k, v in ch.resources.items()),
                    style="bold")
    if ch.notes and gm:
        text.append(f"\n{ch.notes}", style="italic dim")
    return text


class PartyPanel(Vertical):
    """Character list (``#party-list``) above the selected character's sheet."""

    DEFAULT_CSS = """
    PartyPanel > OptionList {
        height: auto; max-height: 50%; border: none; padding: 0;
        text-wrap: nowrap; text-overflow: ellipsis;
    }
    PartyPanel > #sheet { height: 1fr; border-top: solid $secondary; }
    """

    def __init__(self, *, gm: bool = True, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.gm = gm
        self._names: list[str] = []
        self._shown: tuple[object, int | None] | None = None

    def compose(self) -> ComposeResult:
        yield OptionList(id="party-list")
        # fixed height: a new sheet repaints in place instead of re-laying out the screen
        yield TextPane(id="sheet")

    def visible(self, campaign: Campaign) -> list[Character]:
        return [c for c in campaign.characters if self.gm or not c.gm_only]

    def show(self, campaign: Campaign, selected: str | None) -> None:
        """Show ``campaign``'s characters; cheap when nothing they show has changed."""
        chars = self.visible(campaign)
        names = [c.name for c in chars]
        highlight = names.index(selected) if selected in names else (0 if names else None)
        if (campaign.characters, highlight) == self._shown:
            return  # states are immutable: the same tuple means the same characters
        listing = self.query_one("#party-list", OptionList)
        if names == self._names:
            # same people: replace only the lines that changed (no re-layout)
            for i, ch in enumerate(chars):
                prompt = _summary(ch)
                if str(listing.get_option_at_index(i).prompt) != prompt.plain:
                    listing.replace_option_prompt_at_index(i, prompt)
        else:
            listing.clear_options()
            listing.add_options([Option(_summary(c), id=f"c{i}") for i, c in enumerate(chars)])
        self._names = names
        if highlight is not None and listing.highlighted != highlight:
            listing.highlighted = highlight
        sheet = self.query_one("#sheet", TextPane)
        sheet.update(sheet_text(chars[highlight], gm=self.gm) if highlight is not None else "")
        self._shown = (campaign.characters, highlight)

    @property
    def names(self) -> list[str]:
        return list(self._names)
