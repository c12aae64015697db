"""Past scenes stay unparsed until someone looks: opening, ending a scene and saving cost the
same with ten past scenes or ten thousand."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.store.helpers import small_campaign
from tui.session.campaign.history import History
from tui.session.campaign.model import Scene
from tui.session.campaign.session import Draft, Outcome, Session
from tui.session.scenes.base import end_scene
from tui.session.systems.registry import tracker
from tui.store import SaveError, Store, load, read_save
from tui.store.savetext import SaveText


def with_history(tmp_path: Path, scenes: int) -> Path:
    campaign = small_campaign()
    history = tuple(
        {"name": f"Scene {i}", "kind": "active", "round": 2, "summary": f"Summary {i}"}
        for i in range(scenes)
    )
    from dataclasses import replace

    save = tmp_path / "c.toml"
    save.write_text(
        SaveText().render(replace(campaign, scene=Scene("Now"), scene_history=history), 0),
        encoding="utf-8",
    )
    return save


class EndScene:
    def apply(self, campaign):  # type: ignore[no-untyped-def]
        return Outcome(
            end_scene(tracker(campaign.system), campaign, "won"), Draft("change", "scene ended")
        )


def test_opening_leaves_past_scenes_unparsed_and_ending_a_scene_keeps_them(tmp_path: Path) -> None:
    save = with_history(tmp_path, 5000)
    read = read_save(save)
    past = read.campaign.scene_history
    assert isinstance(past, History) and past.base_text is not None
    assert len(past) == 5000 and "lazy" in repr(past)  # counted, not parsed
    with Store.open(save) as store:
        session = Session(store.campaign)
        session.subscribe(store.listener)
        session.execute(EndScene())
        assert "lazy" in repr(session.campaign.scene_history)  # still not parsed
        assert session.campaign.scene_history[-1]["summary"] == "won"
    again, _ = load(save)
    assert len(again.scene_history) == 5001
    assert again.scene_history[0]["name"] == "Scene 0"  # parsed now, on demand
    assert again.scene_history[-1]["summary"] == "won"


def test_a_comment_among_past_scenes_survives(tmp_path: Path) -> None:
    save = with_history(tmp_path, 3)
    text = save.read_text(encoding="utf-8").replace(
        'name = "Scene 1"', '# the GM: this one went badly\nname = "Scene 1"', 1
    )
    save.write_text(text, encoding="utf-8")
    with Store.open(save) as store:
        session = Session(store.campaign)
        session.subscribe(store.listener)
        session.execute(EndScene())
    assert "# the GM: this one went badly" in save.read_text(encoding="utf-8")
    assert len(load(save)[0].scene_history) == 4


def test_broken_past_scenes_are_reported_when_read_and_never_overwritten(tmp_path: Path) -> None:
    save = with_history(tmp_path, 3)
    text = save.read_text(encoding="utf-8").replace("round = 2", "round = = 2", 1)
    save.write_text(text, encoding="utf-8")
    campaign, _ = load(save)  # the campaign opens: its past scenes are not read yet
    with pytest.raises(SaveError) as info:
        list(campaign.scene_history)
    assert info.value.line == text.split("\n").index("round = = 2") + 1
    with Store.open(save) as store:
        session = Session(store.campaign)
        session.subscribe(store.listener)
        session.execute(EndScene())
    assert "round = = 2" in save.read_text(encoding="utf-8")  # the GM's text as it was


def test_a_save_with_past_scenes_before_other_tables_is_parsed_whole(tmp_path: Path) -> None:
    save = with_history(tmp_path, 2)
    text = (
        save.read_text(encoding="utf-8") + '\n[[checks]]\nname = "Late"\ntn = 11\n'
        "threshold = 5\ntime_budget = 30\n"
    )
    save.write_text(text, encoding="utf-8")
    campaign = read_save(save).campaign
    assert campaign.checks[0].name == "Late" and len(campaign.scene_history) == 2
    assert (
        not isinstance(campaign.scene_history, History) or campaign.scene_history.base_text is None
    )
