"""Every key binding of the app by id: what ``[keymap]`` in the config may remap.

Importing the screens costs start-up time, so this runs only when a config has a keymap
(and for the README's key table and its test).
"""

from __future__ import annotations

from textual.binding import Binding

__all__ = ["binding_ids", "bindings"]


def bindings() -> list[Binding]:
    """Our bindings (each carries an id), in the order app, screens, widgets."""
    from tui.app.app import TablekeeperApp
    from tui.screens.adventure_end import AdventureEndScreen
    from tui.screens.best import BestScreen
    from tui.screens.dice_stats import DiceStatsScreen
    from tui.screens.editor import EditorScreen
    from tui.screens.help import HelpScreen
    from tui.screens.log_search import LogSearchScreen
    from tui.screens.main import MainScreen
    from tui.screens.paste import PasteScreen
    from tui.screens.picker import NewCampaignScreen, PickerScreen, ProblemScreen
    from tui.screens.recap_view import RecapScreen
    from tui.screens.roll_form import RollFormScreen
    from tui.screens.scene import SceneScreen
    from tui.screens.scenes_list import ScenesScreen
    from tui.screens.sheet import SheetScreen
    from tui.screens.whole_preview import WholePreviewScreen
    from tui.widgets.log_panel import LogPanel
    from tui.widgets.roll_entry import RollEntry

    found: list[Binding] = []
    for owner in (
        TablekeeperApp,
        MainScreen,
        RollEntry,
        LogPanel,
        PickerScreen,
        NewCampaignScreen,
        ProblemScreen,
        HelpScreen,
        AdventureEndScreen,
        RollFormScreen,
        BestScreen,
        SceneScreen,
        PasteScreen,
        SheetScreen,
        EditorScreen,
        LogSearchScreen,
        ScenesScreen,
        DiceStatsScreen,
        RecapScreen,
        WholePreviewScreen,
    ):
        found += [b for b in owner.BINDINGS if isinstance(b, Binding) and b.id]
    return found


def binding_ids() -> frozenset[str]:
    return frozenset(b.id for b in bindings() if b.id)
