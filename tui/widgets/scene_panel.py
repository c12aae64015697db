"""The scene panel: scene and round, Strange System phases, turn order, maneuvers, checks.

What to show is decided in :mod:`tui.session.scenes.view` (plain styled segments); this
widget wraps each line to the panel's width (a continued line is indented two columns) and
grows with the terminal, up to :data:`SHARE` of the column it sits in (six lines at 80×24).
When the lines do not fit, the least important go and the last row says so; f3 opens
:class:`~tui.screens.scene.SceneScreen` with every line. The extended checks' lines need
their rules loaded: when they are not yet, the first frame goes out without them and they
follow right after it (as the roll rules do, see :meth:`MainScreen._warm_up`).
"""

from __future__ import annotations

import contextlib
import sys
from functools import partial
from typing import Unpack

from rich.console import Console
from rich.text import Text
from textual.geometry import Size
from textual.strip import Strip
from textual.widget import Widget

from tui.language import _
from tui.session.campaign.model import Campaign
from tui.session.scenes.view import (
    MAX_LINES,
    ORDER_WIDTH,
    Segment,
    candidates,
    fit,
    hidden_line,
    ranked_lines,
)
from tui.session.systems.interface import Line
from tui.session.systems.registry import tracker
from tui.widgets.fit_words import fit_words
from tui.widgets.options import WidgetOptions
from tui.widgets.text_pane import StripPane, safe, to_strips

__all__ = ["SHARE", "ScenePanel", "line_text", "scene_text", "wrapped"]

#: the largest share of its column the panel takes (the CSS says the same: max-height 45%)
SHARE = 0.45
INDENT = 2
_CHECKS_VIEW = "tui.session.extended.view"
#: seconds after the first frame's refresh before the checks' lines are made (the frame is
#: out by then; the main screen loads the roll rules the same way)
AFTER_FRAME = 0.01


def line_text(segments: list[Segment]) -> Text:
    """One panel line as Rich text (text of a save made visible)."""
    text = Text()
    for segment, style in segments:
        text.append(segment, style=style or None)
    return safe(text)


def scene_text(campaign: Campaign, limit: int = MAX_LINES) -> Text:
    """The panel's content for ``campaign`` at one row a line (for tests and tools)."""
    from tui.session.scenes.view import scene_lines

    text = Text(no_wrap=True, overflow="ellipsis")
    for i, line in enumerate(scene_lines(tracker(campaign.system), campaign, limit)):
        if i:
            text.append("\n")
        text.append_text(line_text(line))
    return safe(text)


def wrapped(text: Text, width: int, console: Console) -> list[Text]:
    """``text`` wrapped to ``width``, every row after the first indented two columns."""
    rows: list[Text] = []
    rest = text
    room = max(1, width)
    while rest.plain.strip():
        first = rest.wrap(console, room, overflow="fold")[0]
        rows.append(first if not rows else Text(" " * INDENT) + first)
        taken = len(first.plain)
        skip = len(rest.plain[taken:]) - len(rest.plain[taken:].lstrip(" "))
        rest = rest[taken + skip :]
        room = max(1, width - INDENT)
    return rows or [Text("")]


class ScenePanel(StripPane):
    """Renders the scene lines of the campaign it is given, wrapped and ranked to fit."""

    DEFAULT_CSS = """
    ScenePanel { height: auto; }
    """

    def __init__(self, *, gm: bool = True, **kwargs: Unpack[WidgetOptions]) -> None:
        super().__init__(**kwargs)
        self.gm = gm  # False: the players' view, without the GM's hints (what to type)
        self._campaign: Campaign | None = None
        self._checks_pending: Campaign | None = None
        self._shown: object = None
        self._key: object = None
        self._rows: list[Strip] = []
        self._texts: list[Text] = []
        self._lines: list[Line] = []
        self._lines_width = 0  # the width ``_lines`` were made for

    def show(self, campaign: Campaign) -> None:
        key = (campaign.scene, campaign.checks, campaign.system, campaign.options)
        if key == self._shown:
            return  # nothing the panel shows has changed
        self._shown = key
        self._campaign = campaign
        width = self.content_size.width or ORDER_WIDTH
        if campaign.checks and _CHECKS_VIEW not in sys.modules:
            # the checks' lines load their rules: after the first frame, like the roll rules
            self._lines = self._made(campaign, width, checks=False)
            self._checks_pending = campaign
            # the main screen asks for them with its own warm-up (one layout for both);
            # a screen that has none gets them right after the frame anyway
            self.call_after_refresh(self.set_timer, AFTER_FRAME, self.load_checks)
        else:
            self._checks_pending = None
            self._lines = self._made(campaign, width)
        before = len(self._rows)
        self._key = None
        rows = self._layout(self.content_size.width, self._limit())
        self.refresh(layout=len(rows) != before)

    def _made(self, campaign: Campaign, width: int, *, checks: bool = True) -> list[Line]:
        """The panel's lines for a row ``width`` columns wide (the turn order's names are
        shortened only when they do not fit in it)."""
        self._lines_width = width
        return ranked_lines(
            tracker(campaign.system), campaign, checks=checks, width=width, hints=self.gm
        )

    def load_checks(self) -> None:
        """Add the extended checks' lines left out of the first frame (nothing if none).

        They are made in a thread: loading the extended-check rules takes a few tens of
        milliseconds that would otherwise hold up the first keys the GM types."""
        campaign, self._checks_pending = self._checks_pending, None
        if campaign is None or campaign is not self._campaign:
            return  # none pending, or shown anew since (with its checks)
        self.run_worker(
            partial(self._make_checks, campaign, self._lines_width),
            thread=True,
            group="scene-checks",
            exit_on_error=False,
        )

    def _make_checks(self, campaign: Campaign, width: int) -> None:
        try:  # pure: immutable state in, plain lines out
            lines = ranked_lines(tracker(campaign.system), campaign, width=width, hints=self.gm)
        except Exception:  # a bug: into the bug log; the panel keeps its lines without them
            import traceback

            from tui.base.bugreport import record

            record("scene panel: extended checks", traceback.format_exc())
            return
        with contextlib.suppress(RuntimeError):  # the app stopped meanwhile
            self.app.call_from_thread(self._got_checks, campaign, lines)

    def _got_checks(self, campaign: Campaign, lines: list[Line]) -> None:
        if campaign is not self._campaign:
            return  # shown anew since (with its checks)
        self._lines = lines
        self._key = None
        self.refresh(layout=True)

    def _limit(self, outer: int | None = None) -> int:
        """Rows of content in :data:`SHARE` of a column ``outer`` rows high (the parent's)."""
        if outer is None:
            parent = self.parent
            outer = parent.size.height if isinstance(parent, Widget) else 0
        if outer <= 0:
            return MAX_LINES
        gutter = self.styles.gutter.height
        return max(3, int(outer * SHARE) - gutter)

    def _layout(self, width: int, limit: int) -> list[Strip]:
        """The painted rows for ``width`` and at most ``limit`` rows (cached)."""
        key = (self._shown, width, limit, self.mono)
        if key == self._key or self._campaign is None or width <= 0:
            return self._rows
        if width != self._lines_width:  # the turn order's names for this width
            self._lines = self._made(self._campaign, width, checks=self._checks_pending is None)
        console = self.app.console
        lines = self._lines
        importance = [n for n, _ in lines]
        rows_of = {
            i: wrapped(line_text(lines[i][1]), width, console)
            for i in candidates(importance, limit)
        }  # the rest stay hidden
        heights = [len(rows_of[i]) if i in rows_of else 1 for i in range(len(lines))]
        keep, hidden = fit(importance, heights, limit)
        texts: list[Text] = []
        cut = bool(hidden)
        for i, count in keep:
            shown = rows_of[i][:count]
            if count < len(rows_of[i]):  # cut short: the end says so
                cut = True
                shown[-1] = fit_words(shown[-1], width, mark_style="dim", more=True)
            texts += shown
        if hidden:
            note = line_text(hidden_line(hidden))
            texts.append(fit_words(note, width))
        self._texts = texts
        subtitle = _("f3: the whole scene") if cut else ""
        if self.border_subtitle != subtitle:
            self.border_subtitle = subtitle
        self._rows = [s for t in texts for s in to_strips(t, width, console, mono=self.mono)]
        self._key = key
        return self._rows

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        # ``container`` comes without this widget's border: add it back for the share
        outer = container.height + self.styles.gutter.height if container.height else 0
        return max(1, len(self._layout(width, self._limit(outer))))

    def render_line(self, y: int) -> Strip:
        rows = self._layout(self.shown_size.width, self._limit())
        return self.painted(rows[y]) if y < len(rows) else self.blank()

    @property
    def plain_text(self) -> str:
        """The rows shown, as plain text (tests and tools)."""
        return "\n".join(strip.text.rstrip() for strip in self._rows)

    def render(self) -> Text:
        """The rows shown, styled (painting uses :meth:`render_line`)."""
        return Text("\n").join(self._texts)
