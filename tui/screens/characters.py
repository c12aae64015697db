"""Opening the character screens from the main screen (``/add``, ``/edit``, ``/sheet``, f4,
Enter on the party list), and bringing the main screen up to date when they close."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui.language import _
from tui.screens.editor import EditorScreen
from tui.screens.sheet import SheetScreen

if TYPE_CHECKING:
    from tui.screens.main import MainScreen

__all__ = ["open_character"]


def open_character(main: MainScreen, screen: str, name: str) -> None:
    """Push the sheet or the editor of ``name`` over ``main``; the player view gets only
    the sheet (without GM notes), and only of the characters it shows."""
    names = main.party.names
    if name not in names:
        if not names:
            main.app.notify(_("No characters yet: /add NAME adds one"), markup=False)
            return
        name = names[0]

    def closed(result: str | None) -> None:
        if result is not None:
            main.selected = result
        main.refresh_all()

    if screen == "edit" and not main.read_only:
        main.app.push_screen(EditorScreen(main.table, name), closed)
    else:
        main.app.push_screen(
            SheetScreen(main.table, name, names=names, gm=not main.read_only), closed
        )
