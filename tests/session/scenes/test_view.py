"""The scene panel's lines: what is shown, the current actor's style, the height limit."""

from __future__ import annotations

from dataclasses import replace

from tests.session.scene_helpers import (
    brp_campaign,
    gurps_campaign,
    ok,
    strange_campaign,
    table_for,
)
from tui.session.campaign.model import Campaign, ExtendedCheck
from tui.session.scenes.view import ranked_lines, scene_lines
from tui.session.systems.registry import tracker
from tui.widgets.scene_panel import scene_text


def plain(campaign: Campaign, limit: int = 6) -> list[str]:
    return [
        "".join(text for text, _ in line)
        for line in scene_lines(tracker(campaign.system), campaign, limit)
    ]


def test_no_scene_hint() -> None:
    assert plain(brp_campaign()) == ["No scene running — /scene NAME [active|long]"]


def test_strange_round_lines_in_reactions() -> None:
    table = table_for(strange_campaign())
    ok(
        table,
        "/scene Wrestling limit=2",
        "/goal dallah throw him",
        "/phase",
        "/act dallah wrestling vs balgruf trip",
        "dallah wrestling range=3,6 = 1 6 5 5",
        "/skip balgruf",
        "/phase",
    )
    lines = plain(table.campaign)
    assert lines[0] == "Wrestling  round 1  REACTIONS  repeat 1/2"
    assert "goals: Sir Dallah: throw him" in lines
    assert "#1 pending, full success: Sir Dallah Wrestling → Jarl Balgruf" in lines
    assert "pending: #1 awaits Jarl Balgruf's reaction" in lines
    assert "skipped to react: Jarl Balgruf" in lines
    ok(table, "balgruf athletics = 2 4 6 6")
    lines = plain(table.campaign)
    assert (
        "#1 Jarl Balgruf wins: Sir Dallah Wrestling full success vs Jarl Balgruf "
        "Athletics full success"
    ) in lines
    assert not any(line.startswith("pending") for line in lines)


def test_pending_list_in_the_actions_phase_and_final_lines() -> None:
    table = table_for(strange_campaign())
    ok(
        table,
        "/scene Duel",
        "/goal dallah win",
        "/phase",
        "/act dallah wrestling vs balgruf",
        "/act kirma riding",
    )
    assert "pending: #1 Sir Dallah to roll; #2 Kirma to roll" in plain(table.campaign)
    ok(table, "dallah wrestling range=3,6 = 1 6 5 5", "kirma riding range=4,5 = 3 3 5 5")
    lines = plain(table.campaign)
    assert "pending: #1 stands unless Jarl Balgruf skips to react" in lines
    assert "#2 full success (final): Kirma Riding" in lines  # no target: told at once
    ok(table, "/phase")
    assert "pending: #1 will stand" in plain(table.campaign)


def test_limit_warning_is_shown_and_kept_when_space_runs_out() -> None:
    table = table_for(strange_campaign())
    ok(
        table,
        "/scene Wrestling limit=1",
        "/goal dallah throw him",
        "/goal kirma ride",
        "/goal balgruf stand",
        "/phase",
        "/act dallah wrestling vs balgruf trip",
        "kirma riding range=4,5 = 3 3 5 5",
        "balgruf athletics range=3,6 = 2 4 6 6",
    )
    lines = plain(table.campaign, limit=3)
    assert len(lines) == 3
    assert lines[0].endswith("repeat 1/1")
    assert lines[1].startswith("⚠ round limit 1 reached")
    assert lines[2].startswith("… ") and "f3 shows the whole scene" in lines[2]


def test_turn_order_highlights_the_current_actor() -> None:
    table = table_for(gurps_campaign())
    ok(table, "/scene Warehouse", "/order", "/next", "/maneuver ruth aim")
    lines = scene_lines(table.system, table.campaign)
    order = next(line for line in lines if line[0][0] == "order: ")
    highlighted = [text for text, style in order if "reverse" in style]
    assert highlighted == ["Ruth Hale"]
    assert "Ruth Hale: Aim Stevenson 1 s → +3 next turn (step move, defends)" in plain(
        table.campaign
    )


def test_extended_checks_are_drawn_by_their_own_view() -> None:
    from tui.session.extended.view import describe_checks

    chk = ExtendedCheck("Hack the door", tn=13, threshold=15, time_budget=60, pool=5, elapsed=10)
    campaign = replace(brp_campaign(), checks=(chk,))
    lines = scene_lines(tracker(campaign.system), campaign)
    expected = [[pair] for pair in describe_checks(tracker(campaign.system), campaign)]
    assert expected and lines[-len(expected) :] == expected
    assert "5/15" in plain(campaign)[-len(expected)]


def test_panel_text_never_wraps() -> None:
    table = table_for(brp_campaign())
    ok(table, "/scene " + "Very long scene name " * 3 + "long")
    text = scene_text(table.campaign)
    assert text.no_wrap and text.overflow == "ellipsis"
    assert str(text) == "Very long scene name " * 2 + "Very long scene name (long-term)  round 1"


def test_long_turn_orders_shorten_the_names_furthest_from_their_turn_first() -> None:
    table = table_for(gurps_campaign())
    ok(table, "/scene Warehouse", "/order", "/next")  # Ruth Hale's turn

    def order(width: int) -> str:
        lines = ranked_lines(table.system, table.campaign, width=width)
        return "".join(text for text, _style in lines[-1][1])

    assert order(57) == "order: Vic Lockwood › Ruth Hale › Guard Moss › Guard Pike"  # fits
    assert order(56) == "order: Vic › Ruth Hale › Guard Moss › Guard Pike"  # Vic's turn is last
    assert order(45) == "order: Vic › Ruth Hale › Guard Moss › G. Pike"
    assert order(40) == "order: Vic › Ruth Hale › G. Moss › G. Pike"  # all it can
    assert "order: Vic › Ruth Hale › Guard Moss › Guard Pike" in plain(table.campaign)
    ok(table, "/order ruth vic")
    assert "order: Vic Lockwood › Ruth Hale" in plain(table.campaign)


def test_fit_gives_every_line_a_row_before_any_wraps() -> None:
    from tui.session.scenes.view import fit

    # importance, rows each line needs: everything fits
    assert fit([0, 1, 2], [1, 2, 1], 4) == ([(0, 1), (1, 2), (2, 1)], 0)
    # too tall: each line one row, the spare row to the most important that wraps
    assert fit([0, 5, 1], [1, 3, 3], 4) == ([(0, 1), (1, 1), (2, 2)], 0)
    # more lines than rows: the least important go, one row is kept for the note
    kept, hidden = fit([0, 5, 1, 4], [1, 1, 1, 1], 3)
    assert kept == [(0, 1), (2, 1)] and hidden == 2
