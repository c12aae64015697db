"""Scene flows in the real app (Pilot, 80×24): a Strange System round through its phases with
the seed's wrestling typed in, and a GURPS turn order wrapping into round 2.

Campaigns are built here and written to a temporary save, so the demo files can change
freely.
"""

from __future__ import annotations

import random
from pathlib import Path

import tomli_w
from textual.pilot import Pilot

from tests.tui.conftest import type_line
from tui.app.app import TablekeeperApp
from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.schema import to_doc
from tui.session.systems.strange.rounds import rounds_of
from tui.store import load


def save(tmp_path: Path, campaign: Campaign) -> Path:
    path = tmp_path / "campaign.toml"
    path.write_text(tomli_w.dumps(to_doc(campaign)), encoding="utf-8")
    return path


def strange() -> Campaign:
    return Campaign(
        "Northern Road",
        "strange",
        characters=(
            Character("Sir Dallah", skills={"Wrestling": "Умелец", "Longsword": "Профессионал"}),
            Character(
                "Jarl Balgruf",
                side="npc",
                skills={"Athletics": "Профессионал", "Longsword": "Профессионал"},
            ),
        ),
    )


def gurps() -> Campaign:
    def fighter(name: str, dx: int, speed: float, side: str = "party") -> Character:
        return Character(
            name, side=side, attributes={"DX": dx, "Basic Speed": speed}, skills={"Brawling": 12}
        )

    return Campaign(
        "The Warehouse Job",
        "gurps",
        characters=(
            fighter("Guard Moss", 11, 5.5, "npc"),
            fighter("Ruth Hale", 11, 5.75),
            fighter("Guard Pike", 11, 5.5, "npc"),
            fighter("Vic Lockwood", 12, 5.75),
        ),
    )


async def typed(pilot: Pilot[None], line: str) -> None:
    await type_line(pilot, line)


def shown(pilot: Pilot[None], selector: str) -> str:
    """What a widget shows, a line the panel wrapped (indented) read as one."""
    return str(pilot.app.screen.query_one(selector).render()).replace("\n  ", " ")


async def test_strange_round_with_a_skipped_action_resolved_in_reactions(tmp_path: Path) -> None:
    path = save(tmp_path, strange())
    app = TablekeeperApp(path, rng=random.Random(7))
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.table
        assert table is not None
        await typed(pilot, "/scene Wrestling limit=2")
        assert "PLANNING" in shown(pilot, "#header") and "Wrestling" in shown(pilot, "#scene")
        await typed(pilot, "/goal dallah throw Balgruf down")
        await typed(pilot, "/goal balgruf stay on his feet")
        assert "goals: Sir Dallah: throw Balgruf down" in shown(pilot, "#scene")

        await typed(pilot, "/phase")
        assert "ACTIONS" in shown(pilot, "#header")
        await typed(pilot, "/act dallah wrestling vs balgruf trip and throw")
        await typed(pilot, "dallah wrestling range=3,6 = 1 6 5 5")
        await typed(pilot, "/skip balgruf")
        scene = shown(pilot, "#scene")
        assert "#1 pending, full success: Sir Dallah Wrestling → Jarl Balgruf" in scene
        assert "skipped to react: Jarl Balgruf" in scene

        await typed(pilot, "/phase")
        assert "REACTIONS" in shown(pilot, "#header")
        assert "pending: #1 awaits Jarl Balgruf's reaction" in shown(pilot, "#scene")
        assert rounds_of(table.campaign).awaiting_reaction == ("Jarl Balgruf",)

        await typed(pilot, "balgruf athletics = 2 4 6 6")
        rounds = rounds_of(table.campaign)
        assert rounds.reactions[0].winner == "reaction" and rounds.round_complete
        assert "Jarl Balgruf wins" in shown(pilot, "#scene")
        assert "the reaction wins" in shown(pilot, "#preview")
        assert "pending:" not in shown(pilot, "#scene")

        await typed(pilot, "/phase")
        scene_state = table.campaign.scene
        assert scene_state is not None and (scene_state.round, scene_state.phase) == (2, "planning")
        assert "round 2" in shown(pilot, "#header") and "PLANNING" in shown(pilot, "#header")

        # the goals carry over into round 2 of the series, and the GM is told so
        assert "goals carried over" in shown(pilot, "#preview")
        assert "goals: Sir Dallah: throw Balgruf down" in shown(pilot, "#scene")

        # a bad line changes nothing and says why
        before = table.campaign
        await typed(pilot, "/resolve 1")
        assert table.campaign is before
        assert "reactions phase" in shown(pilot, "#preview")

        app.flush()
        saved, _log = load(path)
        assert saved == table.campaign
        assert rounds_of(saved).history[0].reactions[0].character == "Jarl Balgruf"


async def test_gurps_turn_order_from_basic_speed_wraps_into_round_two(tmp_path: Path) -> None:
    app = TablekeeperApp(save(tmp_path, gurps()), rng=random.Random(7))
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.table
        assert table is not None
        await typed(pilot, "/scene Warehouse")
        await typed(pilot, "/order")
        scene = table.campaign.scene
        assert scene is not None
        assert scene.turn_order == ("Vic Lockwood", "Ruth Hale", "Guard Moss", "Guard Pike")
        assert "order: Vic Lockwood › Ruth › G. Moss › G. Pike" in shown(pilot, "#scene")

        actors = []
        for _ in range(3):
            await typed(pilot, "/next")
            scene = table.campaign.scene
            assert scene is not None
            actors.append(scene.turn_order[scene.current])
        assert actors == ["Ruth Hale", "Guard Moss", "Guard Pike"]

        # the tie between the guards may be reordered with a key (alt+up on the current actor)
        await pilot.press("alt+up")
        await pilot.pause()
        scene = table.campaign.scene
        assert scene is not None and scene.turn_order[2:] == ("Guard Pike", "Guard Moss")
        assert scene.turn_order[scene.current] == "Guard Pike"
        await pilot.press("alt+up")  # Ruth is not tied with Pike: refused, nothing moves
        await pilot.pause()
        assert table.campaign.scene == scene
        assert "not tied" in shown(pilot, "#preview")

        await pilot.press("ctrl+n")  # = /next
        await pilot.pause()
        scene = table.campaign.scene
        assert scene is not None and scene.turn_order[scene.current] == "Guard Moss"
        await typed(pilot, "/next")
        scene = table.campaign.scene
        assert scene is not None and (scene.round, scene.current) == (2, 0)
        assert "round 2" in shown(pilot, "#header")
        assert "round 2: Vic Lockwood's turn" in shown(pilot, "#preview")

        # the current actor is highlighted (reverse) in the panel
        panel = pilot.app.screen.query_one("#scene").render()
        spans = [
            str(panel)[s.start : s.end]
            for s in getattr(panel, "spans", [])
            if getattr(s.style, "reverse", False) is True or "reverse" in str(s.style)
        ]
        assert spans == ["Vic Lockwood"]


async def test_the_turn_order_names_everyone_in_full_where_the_row_has_room(
    tmp_path: Path,
) -> None:
    app = TablekeeperApp(save(tmp_path, gurps()), rng=random.Random(7))
    async with app.run_test(size=(120, 40)) as pilot:
        await typed(pilot, "/scene Warehouse")
        await typed(pilot, "/order")
        assert "order: Vic Lockwood › Ruth Hale › Guard Moss › Guard Pike" in shown(pilot, "#scene")
        await pilot.resize_terminal(80, 24)  # too narrow: the names furthest off shortened
        await pilot.pause()
        assert "order: Vic Lockwood › Ruth › G. Moss › G. Pike" in shown(pilot, "#scene")
