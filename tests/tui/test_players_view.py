"""The players' view never shows what is the GM's: a property test over generated tables.

Each example takes a demo campaign, adds GM-only characters whose names are unique tokens
(Latin or Cyrillic), plays GM lines that involve them (rolls, opposed rolls, resources,
initiative, turn order, Strange goals and actions, GURPS maneuvers, extended checks, scene
names), writes GM notes and secret lines with tokens of their own, then opens the players'
view (Pilot) and reads every segment of every screen on the stack at 80×24, 120×40 and
200×60: the main screen, each character's sheet (f2), the help (f1), the command palette
(ctrl+p) and completions (Tab in the entry). No token may appear, nor the hidden
characters' danger class (Strange: the pseudo-skill ``danger`` only hidden NPCs roll).
"""

from __future__ import annotations

import asyncio
import random
import shutil
from dataclasses import replace
from pathlib import Path
from tempfile import TemporaryDirectory

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.app import App

from tests.systems import SYSTEMS, derived_rolls, derived_template, written_for
from tests.tui.conftest import DEMOS
from tests.waits import settled, until
from tui.app.app import TablekeeperApp
from tui.session.campaign.model import Campaign
from tui.session.campaign.session import Session
from tui.session.tables import open_table
from tui.store import Store, read_campaign

SIZES = ((80, 24), (120, 40), (200, 60))
#: the NPC of each demo the hidden characters are copied from, and a visible roller (a system
#: without an entry: tests.systems.derived_template)
TEMPLATES = {
    "brp": ("Boulder", "alice"),
    "gurps": ("Guard Moss", "vic"),
    "age": ("Bobbie", "naomi"),
    "strange": ("Ог'лай", "kirma"),
    "skirmish": ("Ninja", "samurai"),
}

latin = st.text(alphabet="bcdfghjkmnpqrstvwxz", min_size=6, max_size=6).map(lambda s: "Qx" + s)
cyrillic = st.text(alphabet="бвгджзклмнпрстфхцчшщ", min_size=6, max_size=6).map(lambda s: "Жю" + s)
token = latin | cyrillic


def all_text(app: App[None]) -> str:
    """Every text segment of every screen on the stack, as the terminal would get them."""
    out: list[str] = []
    for screen in app.screen_stack:
        for line in screen._compositor.render_full_update().strips:
            for strip in line:
                out.extend(seg.text for seg in strip if not seg.control)
    return "".join(out)


#: what the hidden characters roll, and a roll line of a visible character (a system without
#: an entry: tests.systems.derived_rolls)
ROLLS = {
    "brp": ("str", "alice spot hidden"),
    "gurps": ("broadsword", "vic lockpicking"),
    "age": ("fighting", "naomi stealth tn=11"),
    "strange": ("danger", "kirma bow"),
    "skirmish": ("fighting", "samurai fighting"),
}


def gm_lines(system: str, hidden: list[str], secrets: list[str], roller: str) -> list[str]:
    h = hidden[0]
    skill, visible_roll = written_for(ROLLS, system, "ROLLS", derived_rolls)
    lines = [
        f"/scene Ambush by {h}",
        "/order",
        f"/init {h} 15",
        f"/hp {h} HP =13",
        f"{h} {skill}",
        f"{visible_roll} vs {h}",
        f"{visible_roll}",
        f"/note {secrets[0]} is the traitor",
        f"!/note! {secrets[1]} waits",
        f"!{visible_roll}",
        "/next",
        "/next",
        f"/ext lock{secrets[2][:3]} threshold=9 time=30m",
        f"{h} {skill} ext=lock{secrets[2][:3]}",
        # the character commands: conditions, maxima, copies, a new GM-only character
        f"/cond {h} stunned 2 rounds",
        f"/hp {h} max=20",
        f"/dup {h}",
        f"/attr {h} Wits 3",
        "/init roll all 2d6",
        f"/add {secrets[2]} npc gm",
        f"/cond {secrets[2]} prone",
        "/next",
        "/next",
        "/next",
        "/note! the bridge creaks",
    ]
    if system == "strange":
        lines[2:2] = [
            f"/goal {h} {secrets[2]} the bridge",
            "/goal kirma cross",
            "/phase",
            f"/act {h} danger vs kirma",
            f"/act {roller} bow vs {h}",
        ]
    if system == "gurps":
        lines.insert(2, f"/maneuver {h} all-out-attack")
    lines.extend(f"{other} {skill}" for other in hidden[1:])
    lines.append(f"/rm {hidden[-1]}")  # the log keeps a removed character's entries hidden
    return lines


def build(folder: Path, system: str, hidden: list[str], secrets: list[str]) -> Path:
    template, roller = written_for(TEMPLATES, system, "TEMPLATES", derived_template)
    campaign: Campaign = read_campaign(DEMOS[system])
    npc = campaign.character(template)
    extra = {k: v for k, v in npc.extra.items() if k != "aliases"}
    copies = [
        replace(npc, name=n, gm_only=True, notes=f"{secrets[0]} plan", extra=extra) for n in hidden
    ]
    others = tuple(c for c in campaign.characters if c.name != template)
    campaign = replace(campaign, characters=(*others, *copies))
    save = folder / "table.toml"
    store = Store.create(save, campaign)
    table = open_table(Session(store.campaign), rng=random.Random(5))
    table.session.subscribe(store.listener)
    for line in gm_lines(system, hidden, secrets, roller):
        table.submit(line)  # a line that does not apply changes nothing
    store.close()
    return save


async def look(save: Path, forbidden: list[str], system: str) -> None:
    app = TablekeeperApp(save, rng=random.Random(1), read_only=True)
    async with app.run_test(size=SIZES[0]) as pilot:

        def check(where: str) -> None:
            text = all_text(app).casefold()
            for word in forbidden:
                assert word.casefold() not in text, (where, word)
            if system == "strange":
                assert "danger" not in text, where

        for width, height in SIZES:
            await pilot.resize_terminal(width, height)
            await pilot.pause()
            check(f"main {width}x{height}")
            for _ in range(len(app.table.campaign.characters) if app.table else 0):
                await pilot.press("f2")
                await pilot.pause()
                check(f"sheet {width}x{height}")
            await pilot.press("f4")
            await pilot.pause()
            check(f"character sheet {width}x{height}")
            await pilot.press("escape")
            await pilot.press("f1")
            await pilot.pause()
            check("help")
            await pilot.press("escape")
            await pilot.press("ctrl+p")
            await until(pilot, lambda: type(app.screen).__name__ == "CommandPalette", "palette")
            await settled(pilot)
            check("palette")
            await pilot.press("escape")
            await pilot.pause()
            for typed in (forbidden[0][:3].casefold(), "/", "u", "!"):
                app.fill_entry(typed)
                await pilot.press("tab")
                await pilot.pause()
                check(f"completion of {typed!r}")
                await pilot.press("escape")


@settings(
    max_examples=6, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    system=st.sampled_from(SYSTEMS),
    tokens=st.lists(token, min_size=5, max_size=6, unique_by=str.casefold),
)
def test_nothing_of_the_gms_reaches_the_players_screen(system: str, tokens: list[str]) -> None:
    hidden, secrets = tokens[:2], tokens[2:]
    with TemporaryDirectory() as folder:
        save = build(Path(folder), system, hidden, secrets)
        asyncio.run(look(save, [*hidden, *secrets], system))


def test_the_generator_makes_a_gm_state_full_of_what_must_stay_hidden(tmp_path: Path) -> None:
    """The property above means something only if the GM's own state holds the tokens."""
    from tui.store import load

    hidden, secrets = ["Qxbcdfgh", "Жювгджз"], ["Qxmnpqrs", "Qxtvwxzb", "Qxzzzzzz"]
    for system in SYSTEMS:
        folder = tmp_path / system
        folder.mkdir()
        campaign, log = load(build(folder, system, hidden, secrets))
        gm = repr(campaign) + repr(log)
        assert all(word in gm for word in (*hidden, secrets[0], secrets[1])), system
        assert sum(1 for e in log if hidden[0] in e.text) >= 3, system
        names = {c.name for c in campaign.characters}
        assert {f"{hidden[0]} 2", secrets[2]} <= names and hidden[1] not in names, system
        assert any("stunned" in e.text and hidden[0] in e.text for e in log), system
        if system == "strange":
            assert "danger" in repr(log)


async def test_the_gms_own_view_shows_them(tmp_path: Path) -> None:
    """The same reading finds the tokens on the GM's screen: the check can fail."""
    save = build(tmp_path, "brp", ["Qxbcdfgh", "Qxkkkkkk"], ["Qxmnpqrs", "Qxtvwxzb", "Qxzz"])
    shutil.copy(save, tmp_path / "copy.toml")
    app = TablekeeperApp(save, rng=random.Random(1))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = all_text(app)
        assert "Qxbcdfgh" in text and "Qxmnpqrs" in text
