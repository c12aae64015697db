"""The campaign picker, the new-campaign form, and the problem screen for bad saves."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from rules import SYSTEM_NAMES
from tui.textsafe import visible

__all__ = ["NewCampaignScreen", "PickerScreen", "ProblemScreen"]


class PickerScreen(Screen[tuple[str, Path | str]]):
    """Lists saves, demo templates and "new campaign"; dismisses with the GM's choice.

    The result is ``("open", path)``, ``("demo", path)`` or ``("new", "")``.
    """

    BINDINGS = [
        Binding("q", "app.quit", "Quit", id="picker.quit"),
        Binding("n", "new", "New campaign", id="picker.new"),
    ]

    def __init__(self, saves: list[tuple[str, Path]], demos: list[tuple[str, Path]]) -> None:
        super().__init__()
        self.saves = saves
        self.demos = demos

    def compose(self) -> ComposeResult:
        with Vertical(id="picker"):
            yield Static("Tablekeeper — choose a campaign", id="picker-title")
            options: list[Option | None] = [Option("＋ New campaign…", id="new")]
            if self.saves:
                options.append(None)
                options += [
                    Option(Text(visible(label)), id=f"open:{i}")
                    for i, (label, _p) in enumerate(self.saves)
                ]
            if self.demos:
                options.append(None)
                options += [
                    Option(Text(visible(f"Demo: {label}  → new copy")), id=f"demo:{i}")
                    for i, (label, _p) in enumerate(self.demos)
                ]
            yield OptionList(*options, id="picker-list")
            yield Static("Enter opens · n new campaign · q quits", id="picker-hint")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    @on(OptionList.OptionSelected, "#picker-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        key = event.option.id or ""
        if key == "new":
            self.dismiss(("new", ""))
        elif key.startswith("open:"):
            self.dismiss(("open", self.saves[int(key[5:])][1]))
        elif key.startswith("demo:"):
            self.dismiss(("demo", self.demos[int(key[5:])][1]))

    def action_new(self) -> None:
        self.dismiss(("new", ""))


class NewCampaignScreen(ModalScreen[tuple[str, str] | None]):
    """Pick a system (unless fixed by a demo) and type a name; dismisses (system, name)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="new.cancel")]

    def __init__(self, *, system: str | None = None, name: str = "") -> None:
        super().__init__()
        self.system = system
        self.default_name = name

    def compose(self) -> ComposeResult:
        with Vertical(id="new-campaign"):
            yield Static("New campaign", id="new-title")
            if self.system is None:
                yield OptionList(
                    *[Option(f"{label}", id=key) for key, label in SYSTEM_NAMES.items()],
                    id="new-system",
                )
            else:
                yield Static(f"System: {SYSTEM_NAMES[self.system]}")
            yield Input(self.default_name, placeholder="campaign name", id="new-name")
            yield Static("", id="new-error")
            yield Static("Tab moves between fields · Enter creates · Escape cancels")

    def on_mount(self) -> None:
        if self.system is None:
            lst = self.query_one("#new-system", OptionList)
            lst.highlighted = 0
            lst.focus()
        else:
            self.query_one("#new-name", Input).focus()

    @on(OptionList.OptionSelected, "#new-system")
    def _system(self, event: OptionList.OptionSelected) -> None:
        self.query_one("#new-name", Input).focus()

    @on(Input.Submitted, "#new-name")
    def _submit(self, event: Input.Submitted) -> None:
        name = event.value.strip()
        if not name:
            self.query_one("#new-error", Static).update("Type a name for the campaign.")
            return
        system = self.system
        if system is None:
            lst = self.query_one("#new-system", OptionList)
            option = lst.highlighted_option
            system = option.id if option is not None and option.id else "brp"
        self.dismiss((system, name))

    def action_cancel(self) -> None:
        self.dismiss(None)


class ProblemScreen(ModalScreen[str]):
    """A save that cannot be opened: what is wrong, and what the GM can do about it.

    Dismisses with the chosen action key: ``backup``, ``readonly``, ``back`` or ``quit``.
    """

    BINDINGS = [Binding("escape", "choose('back')", "Back", id="problem.back")]

    def __init__(self, title: str, message: str, choices: list[tuple[str, str]]) -> None:
        super().__init__()
        self.title_text = title
        self.message = message
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical(id="problem"):
            yield Static(Text(visible(self.title_text)), id="problem-title")
            yield Static(Text(visible(self.message, newlines=True)), id="problem-message")
            yield OptionList(
                *[Option(Text(visible(label)), id=key) for key, label in self.choices],
                id="problem-choices",
            )

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    @on(OptionList.OptionSelected, "#problem-choices")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id or "back")

    def action_choose(self, key: str) -> None:
        self.dismiss(key)
