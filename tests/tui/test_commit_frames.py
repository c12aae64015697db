"""A committed line settles in the frame that shows it: nothing the commit causes afterwards
(the entry emptying, its preview of nothing) asks for another paint of what did not change.

A refresh landing after the frame that showed the result holds the settled screen back by
one or two of Textual's 60-a-second frames: the committed-roll latency went from ~5 ms to
~35 ms that way in the bench (``roll_latency_vs_bare_frame``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.tui.conftest import rng, screen_text, type_keys, type_line
from tui.app.app import TablekeeperApp
from tui.widgets.preview_pane import PreviewPane


async def test_a_committed_roll_repaints_the_preview_once(
    demo_copy: Callable[[str], Path],
) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(100, 30)) as pilot:
        await type_line(pilot, "alice spot hidden = 42", enter=False)
        preview = app.screen.query_one("#preview", PreviewPane)
        painted: list[str] = []
        real = preview.refresh

        def refresh(*args, **kwargs):  # type: ignore[no-untyped-def]
            painted.append(preview._text.plain)
            return real(*args, **kwargs)

        preview.refresh = refresh  # type: ignore[method-assign]
        await type_line(pilot, "")  # Enter: the result shows, the entry empties
        await pilot.pause()
        assert "Alice" in screen_text(pilot, "#preview")  # the result stays in view
        assert len(painted) == 1, painted  # the result; the emptied entry changed nothing
        # typing again replaces the result with the new line's preview (one repaint a key)
        painted.clear()
        await type_line(pilot, "b", enter=False)
        assert len(painted) == 1 and "Alice" not in screen_text(pilot, "#preview")
        # and emptying the entry then clears it
        await type_keys(pilot, "backspace")
        assert screen_text(pilot, "#preview").strip() == ""
