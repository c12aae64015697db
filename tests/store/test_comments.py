"""The GM's words in a save survive the app's writes, and a change costs only what it touches.

Regression: the first change rewrote the whole file from the campaign, deleting every
comment under a header that said "edit freely".
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings

from tests.store.test_replay import campaigns
from tui.session.campaign.model import Campaign, Character, Scene
from tui.session.campaign.session import Session
from tui.store import Store, demo_paths, load, read_campaign
from tui.store.savetext import SaveText, split

DEMO = next(p for p in demo_paths() if p.name == "demo-brp.toml")


def edited_copy(tmp_path: Path) -> Path:
    save = tmp_path / "brp.toml"
    text = DEMO.read_text(encoding="utf-8")
    text = text.replace(
        'name = "Boris Ivanov"', '# Boris owes Alice a favour (GM note)\nname = "Boris Ivanov"', 1
    )
    text = text.replace(
        '[[characters]]\nname = "Boulder"',
        '# the door in the cellar\n[[characters]]\nname = "Boulder"',
        1,
    )
    text = text.replace("adventure = 1", "adventure = 1  # we started in May", 1)
    save.write_text(text, encoding="utf-8")
    return save


def test_comments_survive_changes_to_other_tables(tmp_path: Path) -> None:
    save = edited_copy(tmp_path)
    with Store.open(save) as store:
        session = Session(store.campaign)
        session.subscribe(store.listener)

        class Hurt:
            def apply(self, campaign):  # type: ignore[no-untyped-def]
                from tui.session.campaign.session import Draft, Outcome

                alice = campaign.character("Alice Moore")
                return Outcome(
                    campaign.with_character(alice.with_resource("HP", 3)),
                    Draft("change", "Alice HP 11 → 3"),
                )

        session.execute(Hurt())
    text = save.read_text(encoding="utf-8")
    assert "# Boris owes Alice a favour (GM note)" in text
    assert "# the door in the cellar" in text
    assert "adventure = 1  # we started in May" in text  # an untouched top-level line
    assert "# ── Non-player characters" in text  # the demo's own section comments
    assert read_campaign(save).character("Alice Moore").resources["HP"] == 3


def test_a_changed_table_is_rewritten_and_the_rest_kept_byte_for_byte(tmp_path: Path) -> None:
    save = tmp_path / "brp.toml"
    shutil.copy(DEMO, save)
    demo = DEMO.read_text(encoding="utf-8")
    boris_block = demo[demo.index('[[characters]]\nname = "Boris Ivanov"') : demo.index("# ── Non")]
    with Store.open(save) as store:
        alice = store.campaign.character("Alice Moore")
        store.save(store.campaign.with_character(alice.with_resource("HP", 1)))
    after = save.read_text(encoding="utf-8")
    assert boris_block.strip() in after
    assert "HP = 1" in after


def test_a_file_split_wrongly_falls_back_to_a_fresh_file(tmp_path: Path) -> None:
    """An odd layout (a sub-table far from its character) is written afresh: data is
    never lost to keep a comment."""
    save = tmp_path / "odd.toml"
    save.write_text(
        'format = 2\nsystem = "brp"\nname = "Odd"\nadventure = 1\ncheckpoint = 0\n\n'
        '[[characters]]\nname = "A"\n\n[[characters]]\nname = "B"\n\n'
        "# far away\n[characters.resources]\nHP = 4\n",
        encoding="utf-8",
    )
    assert split(save.read_text(encoding="utf-8")) is not None  # B's own sub-table: fine
    with Store.open(save) as store:
        a = store.campaign.character("A")
        store.save(store.campaign.with_character(a.with_resource("HP", 2)))
    assert load(save)[0].character("B").resources == {"HP": 4}
    assert load(save)[0].character("A").resources == {"HP": 2}


def test_rendering_reuses_unchanged_fragments(monkeypatch: pytest.MonkeyPatch) -> None:
    chars = tuple(Character(f"C{i}", skills={f"s{j}": j for j in range(40)}) for i in range(50))
    campaign = Campaign("Big", "brp", characters=chars)
    text = SaveText()
    text.render(campaign, 1)
    rendered: list[str] = []
    real = text._chars.render

    def counting(ch: Character) -> str:
        rendered.append(ch.name)
        return real(ch)

    monkeypatch.setattr(text._chars, "render", counting)
    changed = campaign.with_character(chars[7].with_resource("HP", 5))
    second = text.render(changed, 2)
    assert rendered == ["C7"]  # one character changed: one rendered again
    assert second.count("[[characters]]") == 50 and "HP = 5" in second
    assert read_back(second) == changed


def read_back(text: str) -> Campaign:
    import tomllib

    from tui.session.campaign.schema import from_doc
    from tui.session.systems.registry import TRACKERS

    doc = tomllib.loads(text)
    doc.pop("checkpoint")
    return from_doc(doc, TRACKERS)


@settings(max_examples=200, deadline=None)
@given(campaigns(), campaigns())
def test_any_campaign_reads_back_from_its_text(first: Campaign, second: Campaign) -> None:
    """Regression: tomli_w wrote a past scene as an inline array after the scene's own
    sub-table, where it landed inside ``[scene.system]`` and the save no longer loaded."""
    text = SaveText()
    assert read_back(text.render(first, 1)) == first
    assert read_back(text.render(second, 2)) == second  # fragments reused across states


def test_a_past_scene_after_the_scene_table_stays_a_past_scene() -> None:
    campaign = Campaign(
        "C",
        "brp",
        scene=Scene("Now", system={"x": {"y": 1}}),
        scene_history=({"name": "Then", "round": 3},),
    )
    assert read_back(SaveText().render(campaign, 0)) == campaign
