"""The preview's rows above the roll entry, as a widget that owns what they show.

Either the typed line's preview (cut to the rows, refitted when the width changes) or the
results of the lines committed since the GM last typed, with the offered next step's odds
under them. The screen only says what changed; the rows are :mod:`tui.widgets.preview_rows`'s.
"""

from __future__ import annotations

from typing import Unpack

from rich.text import Text
from textual import events
from textual.reactive import reactive

from tui.base.textsafe import visible
from tui.session.table.table import Preview
from tui.widgets.options import WidgetOptions
from tui.widgets.preview_rows import PREVIEW_ROWS, fitted, result_row, stacked, typed_preview
from tui.widgets.text_pane import TextPane

__all__ = ["PreviewPane"]


class PreviewPane(TextPane):
    """The typed line's preview (:attr:`typed`, cut with a mark naming :attr:`cut_key`), or
    the results since the GM last typed (:attr:`results`, newest last)."""

    #: the typed line's preview: its rows are made from it, again at a new width. Setting it
    #: clears the results (the GM typed); None shows nothing unless results are in view. The
    #: watcher repaints what changed, the reactive itself never: the entry emptied after a
    #: commit sets None over the results just shown, and that refresh, landing after the
    #: frame that showed them, held the settled screen back a whole frame or two (~30 ms).
    typed: reactive[Preview | None] = reactive(
        None, always_update=True, layout=False, repaint=False
    )

    def __init__(self, **kwargs: Unpack[WidgetOptions]) -> None:
        super().__init__(**kwargs)
        self.results: list[Text] = []
        #: the key that shows a cut preview whole, as the footer names it (the keymap's)
        self.cut_key = "ctrl+o"
        #: the offered line whose odds row is under the results (None: none is)
        self.offered_shown: str | None = None

    @property
    def _rows_width(self) -> int:
        return max(1, self.content_size.width or 78)

    def watch_typed(self, typed: Preview | None) -> None:
        if typed is not None:
            self.offered_shown = None
            self.results.clear()
            self._fit()
        elif not self.results:  # the odds of a line no longer there: gone with it
            self.update("")

    def show_result(self, text: Text, *, logged: bool) -> None:
        """Put a result under the others committed since the GM typed. Too long for the rows
        it is cut, and a notification has it whole when the log does not keep it."""
        width = self._rows_width
        short = result_row(text, width, self.app.console, logged=logged)
        if short is not None:
            if not logged:
                self.app.notify(visible(text.plain, newlines=True), timeout=20, markup=False)
            text = short
        self._add(text)

    def show_offered(self, line: str, preview: Preview) -> None:
        """The odds of the step the entry was offered (``line``), one row under the result
        that asked for it; shown once per offer (typing anything replaces it all)."""
        self.offered_shown = line
        row = Text("→ ", style="bold")
        row.append_text(typed_preview(preview, mono=self.app.no_color).split("\n")[0])
        self._add(row)

    def clear(self) -> None:
        """Nothing in view: no typed line, no result."""
        self.results.clear()
        self.typed = None
        self.update("")

    def _add(self, row: Text) -> None:
        self.results.append(row)
        del self.results[:-PREVIEW_ROWS]
        self.update(stacked(self.results, self._rows_width))

    def _fit(self) -> None:
        """The typed line's preview as the rows hold it at their width now: whole, or cut
        after an outcome (else a word) with a mark naming the key that shows it all."""
        if self.typed is None or self.results:
            return  # no typed line, or results of committed ones are shown
        shown = typed_preview(self.typed, mono=self.app.no_color)
        width = max(1, self.content_size.width or self.app.size.width - 2)
        self.update(fitted(shown, width, self.app.console, self.cut_key))

    def on_resize(self, _event: events.Resize) -> None:
        if self.typed is not None and not self.results:
            self.call_after_refresh(self._fit)  # the cut for the new width
