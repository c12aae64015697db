"""The party panel: every character with key resources and tick counts, and one sheet.

Each character is a line with its name (struck through and marked ``✗ down`` when a vital
resource — the system's ``vital_resources``, HP by default — is at 0 or below, see
:mod:`tui.session.characters.resources`), then, when there is any, a line with its first
resource (``HP 7/11`` and a small bar when it has a maximum), its conditions
(``stunned 2r``) and its second resource, cut at the panel's edge. Enter on a character
(or f4) opens the full sheet.

A change repaints only what changed: characters are immutable, so a line is rebuilt only
for a character that is not the same object as before, and :class:`PartyList` repaints just
that option's rows (Textual's own prompt replacement re-measures every option).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.geometry import Size
from textual.reactive import reactive
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from tui.i18n import _
from tui.session.campaign.model import Campaign, Character
from tui.session.characters.conditions import shown_label
from tui.session.characters.resources import bar, is_down, resource_text
from tui.session.systems.registry import tracker
from tui.widgets.text_pane import KEEP, TextPane, keep_together, safe

__all__ = ["PartyPanel", "sheet_text"]


BAR_STYLES = {"good": "green", "hurt": "yellow", "low": "bold red"}
#: lines listed before the first frame of a long party list (the rest follow right after)
FIRST_LINES = 60


def _summary(ch: Character, vital: Sequence[str] = ("HP",)) -> Text:
    """Two lines: the name (npc, ticks, a down mark), then resources with bars and the
    conditions; the second line only when there is something to show."""
    down = is_down(ch, vital)
    text = Text(ch.name, style="bold" if ch.side == "party" else "", no_wrap=True,
                overflow="ellipsis")
    if down:
        text.stylize("strike")
    if ch.side != "party":
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
            second.append(", ".join(c.short for c in ch.conditions) + " ", style="bold yellow")
        top = ch.maxima.get(name)
        second.append(resource_text(ch, name) + " ", style="dim" if top is None else "")
        if top and i == 0:
            shape, grade = bar(ch.resources[name], top, 4)
            second.append(shape + " ", style=BAR_STYLES[grade])
    if ch.conditions and len(names) < 2:
        second.append(", ".join(c.short for c in ch.conditions), style="bold yellow")
    if second.plain.strip():
        text.append("\n")
        text.append_text(second)
    return safe(text)


def sheet_text(ch: Character, *, gm: bool = True) -> Text:
    """A compact character sheet (GM-only notes hidden from the player view)."""
    text = Text()
    text.append(ch.name, style="bold underline")
    if ch.player:
        text.append(f"  ({ch.player})", style="dim")
    # a name and its value never part at a line break (KEEP is a no-break space)
    if ch.resources:
        text.append("\n" + "  ".join(resource_text(ch, k).replace(" ", KEEP)
                                     for k in ch.resources), style="bold")
    if ch.conditions:
        text.append("\n" + ", ".join(shown_label(c) for c in ch.conditions), style="bold yellow")
    if ch.attributes:
        text.append("\n" + "  ".join(keep_together(k, v) for k, v in ch.attributes.items()))
    for skill, value in ch.skills.items():
        mark = f"{KEEP}✓" if skill in ch.ticks else ""
        text.append(f"\n {skill}:{KEEP}{value}{mark}")
    if ch.notes and gm:
        text.append(f"\n{ch.notes}", style="italic dim")
    text.append("\n" + _("f4: the full sheet") + (_(" · /edit: the editor") if gm else ""),
                style="dim")
    return text


class PartyList(OptionList):
    """The character list: an OptionList whose lines can change without re-measuring all,
    and where moving the highlight repaints the two options concerned, not the list."""

    highlighted: reactive[int | None] = reactive(None, repaint=False)
    _was: int | None = None
    _generation = 0  # bumped whenever an option's height may have changed
    _height: tuple[object, int] | None = None

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """Textual measures every option on every layout pass; the heights only change with
        the options, their prompts or the width."""
        key = (width, self.option_count, self._generation)
        if self._height is None or self._height[0] != key:
            self._height = (key, super().get_content_height(container, viewport, width))
        return self._height[1]

    def clear_options(self) -> Self:
        self._generation += 1
        return super().clear_options()

    def notify_style_update(self) -> None:
        self._generation += 1
        super().notify_style_update()

    def watch_highlighted(self, highlighted: int | None) -> None:
        super().watch_highlighted(highlighted)
        old, self._was = self._was, highlighted
        lines = self._line_cache.index_to_line
        for index in (old, highlighted):
            if index is not None and index in lines:
                self.refresh_lines(lines[index], self._line_cache.heights.get(index, 1))

    def replace_prompts(self, changes: dict[int, Text]) -> None:
        """New prompts for the options at these indexes; only their rows repaint when each
        keeps its height (else the list is measured again, as Textual does)."""
        heights = self._line_cache.heights
        same = all(heights.get(i) == len(p.plain.split("\n")) for i, p in changes.items())
        for i, prompt in changes.items():
            self.get_option_at_index(i)._set_prompt(prompt)
        if not same:
            self._generation += 1
        if not same or not heights:
            self._clear_caches()
            return
        options = {id(self.get_option_at_index(i)) for i in changes}
        cache = self._option_render_cache
        keys = cache.keys()
        for key in [k for k in keys if id(k[0]) in options]:
            cache.discard(key)
        for i in changes:
            self.refresh_lines(self._line_cache.index_to_line[i], heights[i])


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
        self._rows: list[Character] = []  # the character each line was made from
        self._shown: tuple[object, int | None] | None = None
        self._sheet_of: Character | None = None
        self._vital: Sequence[str] = ("HP",)

    def compose(self) -> ComposeResult:
        yield PartyList(id="party-list")
        # fixed height: a new sheet repaints in place instead of re-laying out the screen
        yield TextPane(id="sheet")

    def shown_characters(self, campaign: Campaign) -> list[Character]:
        """The characters listed (the players' view leaves out the GM-only ones)."""
        return [c for c in campaign.characters if self.gm or not c.gm_only]

    def show(self, campaign: Campaign, selected: str | None) -> None:
        """Show ``campaign``'s characters; cheap when nothing they show has changed."""
        chars = self.shown_characters(campaign)
        names = [c.name for c in chars]
        highlight = names.index(selected) if selected in names else (0 if names else None)
        if (campaign.characters, highlight) == self._shown:
            return  # states are immutable: the same tuple means the same characters
        listing = self.query_one("#party-list", PartyList)
        vital = tracker(campaign.system).vital_resources
        if names == self._names:
            # same people: rebuild only the lines of changed characters (no re-layout)
            changes: dict[int, Text] = {}
            for i, ch in enumerate(chars[: listing.option_count]):
                if ch is self._rows[i]:
                    continue  # the same object: the same line
                prompt = _summary(ch, vital)
                if str(listing.get_option_at_index(i).prompt) != prompt.plain:
                    changes[i] = prompt
            if changes:
                listing.replace_prompts(changes)
        else:
            listing.clear_options()
            # a long list: what shows first, the rest right after the frame (the list is
            # measured option by option; 200 of them would hold up the first paint)
            now = len(chars) if (highlight or 0) >= FIRST_LINES else FIRST_LINES
            listing.add_options([Option(_summary(c, vital), id=f"c{i}")
                                 for i, c in enumerate(chars[:now])])
            if len(chars) > now:
                self.call_after_refresh(self.set_timer, 0.01, self._add_rest)
        self._names = names
        self._rows = chars
        self._vital = vital
        if highlight is not None and highlight >= listing.option_count:
            self._add_rest()  # a line not listed yet is chosen: list the rest now
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

    def _add_rest(self) -> None:
        """The lines not listed yet (see :meth:`show`), from the characters shown now."""
        listing = self.query_one("#party-list", PartyList)
        have = listing.option_count
        if have < len(self._rows):
            listing.add_options([Option(_summary(c, self._vital), id=f"c{i}")
                                 for i, c in enumerate(self._rows[have:], have)])

    @property
    def names(self) -> list[str]:
        return list(self._names)
