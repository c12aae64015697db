"""The roll entry: one line with history (Up/Down) and name completion (Tab).

The widget knows nothing about rules or the session. It asks its ``completer`` (a callable
set by the screen) for candidates; ``Changed`` on each keystroke (for the preview) comes
from :class:`~textual.widgets.Input`, and Enter calls ``on_commit`` with the line.

Keys are taken in the order they arrive, also when they arrive in one burst (type-ahead,
a slow SSH link): Enter and Tab are handled here rather than as bindings, which Textual
would run before the keys still queued. The grey suggestion is the first completion of the
word being typed (never a next word); when the completion does not simply continue the
line (a typo corrected, another script) it is shown whole after ``⇥``. A paste of several
lines goes to ``on_paste_lines`` (the screen asks, then runs each line).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Unpack

from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.reactive import Reactive
from textual.suggester import Suggester
from textual.widgets import Input
from textual.widgets.input import Selection

from tui.widgets.key_order import keys_waiting
from tui.widgets.options import WidgetOptions

__all__ = ["EDIT_KEYS", "RollEntry", "problem_part"]

#: the keys that edit the line (the Input's own, and the history's up and down): one of
#: them on a refused line means the GM is fixing it
EDIT_KEYS = frozenset(
    {key for binding in Input.BINDINGS for key in str(getattr(binding, "key", "")).split(",")}
    | {"up", "down"}
) - {"enter"}

#: a line's completions in Tab order; given a count, the first that many (all: None)
Completer = Callable[[str, int | None], Sequence[str]]
HISTORY_LIMIT = 500
_CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


#: between the line and a completion that replaces part of it, in the grey suggestion
REPLACES = "  ⇥ "


class _Suggest(Suggester):
    """Greyed-out inline suggestion: the first completion of the word being typed."""

    def __init__(self, entry: RollEntry) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self._entry = entry

    async def get_suggestion(self, value: str) -> str | None:
        return self._entry.suggestion_for(value)


#: the word of an offered line the GM fills in (``/damage TARGET 2d6+1 cut``)
PLACEHOLDER = "TARGET"


def problem_part(line: str, at: int) -> Selection:
    """``line`` from ``at`` to the end of its word, selected (cursor at its end): the
    problem starts there (after the ``/`` of a command); just the cursor at ``at`` when
    no word goes on there (the line's end)."""
    at = max(0, min(len(line), at))
    end = at
    while end < len(line) and not line[end].isspace():
        end += 1
    return Selection(at, end)


class RollEntry(Input):
    """Input with history and completion; Enter hands the line to ``on_commit``."""

    # A refused line's problem word is selected; some themes' selection background is
    # barely lighter than the entry's, so the selection is underlined too (any theme, also
    # without colour). The cursor is the theme's own, drawn in the foreground colour.
    DEFAULT_CSS = """
    RollEntry > .input--selection {
        text-style: bold underline;
    }
    """

    # Input re-lays out the whole screen whenever the text width changes (its virtual size
    # is a layout reactive). The entry has a fixed size and never shows scrollbars, so a
    # repaint is enough: this keeps each keystroke and each committed roll within a frame.
    virtual_size = Reactive(Size(0, 0), repaint=True, layout=False)

    BINDINGS = [
        Binding("up", "history(-1)", "Previous line", show=False, id="entry.history_back"),
        Binding("down", "history(1)", "Next line", show=False, id="entry.history_forward"),
        Binding("tab", "complete", "Complete", show=False, id="entry.complete"),
        Binding(
            "shift+tab", "complete(-1)", "Complete (back)", show=False, id="entry.complete_back"
        ),
    ]

    def __init__(
        self,
        *,
        on_commit: Callable[[str], None],
        completer: Completer | None = None,
        on_paste_lines: Callable[[list[str]], None] | None = None,
        **kwargs: Unpack[WidgetOptions],
    ) -> None:
        # select_on_focus off: coming back from the log or the party list, the next key
        # goes on with the half-typed line instead of replacing all of it
        super().__init__(
            placeholder="alice spot hidden hard · 3d6+2 · /help", select_on_focus=False, **kwargs
        )
        self.completer: Completer = completer or (lambda _text, _count: ())
        self.on_commit = on_commit
        self.on_paste_lines = on_paste_lines
        self.suggester = _Suggest(self)
        self._replacing: dict[str, str] = {}  # shown suggestion → the line it stands for
        #: the refused line put back (its error stays shown until the GM changes it)
        self.restored: str | None = None
        #: the line the rules asked for next, as offered (:meth:`offer`), until committed
        self.offered: str | None = None
        #: the refused line is still untouched: a typed character replaces all of it (the GM
        #: starts anew far more often than they fix the line); an edit key (an arrow,
        #: Backspace, Home, Tab …) keeps it for fixing, the problem word selected
        self._fresh_refusal = False
        self._commits = 0  # lines committed so far (a refused line waits for none to follow)
        self.history: list[str] = []
        self._cursor = 0
        self._draft = ""
        self._cycle: list[str] = []
        self._cycle_at = 0

    def completions(self, value: str, count: int | None = None) -> list[str]:
        """Full-line completions of ``value`` (empty when nothing fits): of the first
        ``count`` (all: None), those that change it."""
        if not value.strip():
            return []
        try:
            return [c for c in self.completer(value, count) if c != value]
        except Exception:  # a completer must never break typing
            return []

    def suggestion_for(self, value: str) -> str | None:
        """The grey suggestion for ``value``: nothing after a space (the GM has not asked
        for a next word); the completed line when it continues ``value``; else the line,
        ``⇥`` and the completed line (→ or End accepts it)."""
        if not value.strip() or value[-1:].isspace():
            return None
        options = self.completions(value, 2)  # the first that changes it: one may not
        if not options:
            return None
        if options[0].startswith(value):
            return options[0]
        shown = f"{value}{REPLACES}{options[0]}"
        self._replacing = {shown: options[0]}
        return shown

    def action_complete(self, step: int = 1) -> None:
        """Tab: the first completion; Tab again cycles through every other one (wrapping),
        shift+Tab goes back. After the only candidate, Tab goes on with the next word.
        On an empty line shift+Tab leaves the entry for the party list (there is nothing to
        complete, and it is the way to the list from the keyboard; Tab comes back)."""
        if step < 0 and not self.value.strip():
            self.screen.focus_previous()
            return
        if len(self._cycle) > 1 and self.value == self._cycle[self._cycle_at]:
            self._cycle_at = (self._cycle_at + step) % len(self._cycle)
        else:
            options = list(self.completer_lines(self.value))
            changing = [i for i, o in enumerate(options) if o != self.value]
            if not changing:
                self._cycle = []
                self.app.bell()
                return
            self._cycle = options
            self._cycle_at = changing[0] if step > 0 else changing[-1]
        self.value = self._cycle[self._cycle_at]
        self.cursor_position = len(self.value)

    def completer_lines(self, value: str) -> Sequence[str]:
        """Every completion of ``value`` in Tab order (lines equal to it included)."""
        if not value.strip():
            return []
        try:
            return list(self.completer(value, None))
        except Exception:  # a completer must never break typing
            return []

    def action_cursor_right(self, select: bool = False) -> None:
        """→ at the end accepts the suggestion (the completed line, also a replacing one)."""
        real = self._replacing.get(self._suggestion)
        if real is not None and not select and self.cursor_at_end:
            self.value = real
            self.cursor_position = len(real)
            return
        super().action_cursor_right(select)

    def action_end(self, select: bool = False) -> None:
        real = self._replacing.get(self._suggestion)
        if real is not None and not select and self.cursor_at_end:
            self.value = real
            self.cursor_position = len(real)
            return
        super().action_end(select)

    def action_history(self, step: int) -> None:
        if not self.history:
            return
        if self._cursor == len(self.history):
            self._draft = self.value
        self._cursor = max(0, min(len(self.history), self._cursor + step))
        self.value = self.history[self._cursor] if self._cursor < len(self.history) else self._draft
        self.cursor_position = len(self.value)

    def load_history(self, lines: Sequence[str]) -> None:
        """Lines of an earlier session, placed before this session's (Up reaches them last)."""
        self.history[:0] = lines
        del self.history[:-HISTORY_LIMIT]
        self._cursor = len(self.history)

    def remember(self, line: str) -> None:
        if line and (not self.history or self.history[-1] != line):
            self.history.append(line)
            del self.history[:-HISTORY_LIMIT]
        self._cursor = len(self.history)
        self._draft = ""

    def _on_paste(self, event: events.Paste) -> None:
        """Pasted text loses its control characters (a pasted escape sequence would reach
        the terminal when the entry repaints). Several lines go to ``on_paste_lines`` with
        what is already typed before the first; one line is inserted at the cursor."""
        text = event.text.replace("\r\n", "\n").replace("\r", "\n").replace("\t", " ")
        lines = [_CONTROL.sub("", line) for line in text.split("\n")]
        lines = [line for line in lines if line.strip()]
        event.prevent_default()  # this handler does it all (Input's own would paste again)
        if lines:
            self._start_over()
        if len(lines) > 1 and self.on_paste_lines is not None:
            event.stop()
            before = self.value[: self.cursor_position]
            after = self.value[self.cursor_position :]
            lines[0] = before + lines[0]
            lines[-1] = lines[-1] + after
            self.on_paste_lines(lines)  # the screen asks, then clears the entry and runs them
            return
        event.text = lines[0] if lines else ""
        super()._on_paste(event)

    async def _on_key(self, event: events.Key) -> None:
        # Enter and Tab are handled here, in the order the keys arrived. As bindings they
        # would be run when the key reaches the app, before the keys typed just ahead of
        # them (which arrive in the same packet over a slow link) are in the line.
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            self.commit()
            return
        action = None if event.is_printable else self._completion_action(event.key)
        if event.is_printable:
            self._start_over()
        elif event.key in EDIT_KEYS or action is not None:
            self._fresh_refusal = False  # an edit key: the GM fixes the refused line
        # any other key (f4, f3, ctrl+r: a screen opened and closed) leaves the refused line
        # as it was: the first character typed after it still starts a new line
        if action is not None:
            event.stop()
            event.prevent_default()
            self.action_complete(action)
            return
        await super()._on_key(event)

    def _completion_action(self, key: str) -> int | None:
        """1 (Tab) or -1 (shift+Tab) when ``key`` is bound to completion (keymap applied)."""
        for node, bindings in self.screen._binding_chain:  # the chain has the keymap applied
            if node is not self:
                continue
            for binding in bindings.key_to_bindings.get(key, ()):
                if binding.action == "complete":
                    return 1
                if binding.action == "complete(-1)":
                    return -1
        return None

    def resume(self, typed: str = "") -> None:
        """Take the focus back, the line and its cursor as they were; ``typed`` is typed at
        the cursor first (a key pressed in the log, handed on; on a refused line still
        untouched it starts a new line, as a key typed here would)."""
        if typed:
            self._start_over()
            self.insert_text_at_cursor(typed)
        self.focus()

    def _start_over(self) -> None:
        """A character typed on an untouched refused line: the line goes, the key begins
        the next one (``/phase`` then ``/summary`` is ``/summary``, not ``/phase/summary``)."""
        fresh, self._fresh_refusal = self._fresh_refusal, False
        if fresh and self.restored is not None and self.value == self.restored:
            self.value = ""

    def restore(self, line: str, cursor: int) -> None:
        """Put a refused ``line`` back with the word at ``cursor`` (its problem) selected,
        so what the GM types next replaces it; at the end of the line (a missing word) the
        cursor waits there. Only once the keys already queued have been handled, and only
        if none of them started a new line (type-ahead wins)."""

        commits = self._commits

        def put_back() -> None:
            if not self.value and self._commits == commits and not keys_waiting(self.app):
                self.restored = line
                self.value = line
                self.selection = problem_part(line, cursor)
                self._fresh_refusal = True

        self.app.call_later(self.call_later, put_back)

    def offer(self, line: str) -> None:
        """Put ``line`` (the next step the rules ask for) in the empty entry, selected (its
        ``TARGET`` alone, when it has one), for the GM to commit with Enter, to replace by
        typing another line, or to edit after End or an arrow (Escape clears it). Only once the
        keys already queued have been handled, and only if none of them started a new line."""

        commits = self._commits

        def put() -> None:
            if not self.value and self._commits == commits and not keys_waiting(self.app):
                self.offered = line
                self.value = line
                blank = line.find(PLACEHOLDER)
                if blank >= 0:  # a word only the GM knows (the target): typing replaces it
                    self.selection = Selection(blank, blank + len(PLACEHOLDER))
                else:  # Enter runs it; a line typed instead replaces it; End/→ to add to it
                    self.selection = Selection(0, len(line))

        self.app.call_later(self.call_later, put)

    def commit(self) -> None:
        """Take the line: remember it, clear the entry at once, hand the line on.

        ``on_commit`` (set by the screen) handles the line right here, so the cleared entry
        and the result reach the screen in the same frame; a message would arrive a frame
        later.
        """
        line = self.value
        self.restored = None
        self.offered = None
        self._fresh_refusal = False
        self._commits += 1
        if line.strip():
            self.remember(line.strip())
        self.value = ""
        self.on_commit(line)
