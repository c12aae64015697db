"""Every registered system's demo loads, checks clean and survives save → load unchanged."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.systems import SYSTEMS, demo
from tui.cli.check import check_main
from tui.store import Store, demo_paths, dumps, load
from tui.store.paths import REPO_SAVES

DEMOS = demo_paths()


def test_one_demo_per_registered_system() -> None:
    assert sorted(p.name for p in DEMOS) == [f"demo-{s}.toml" for s in SYSTEMS]
    assert [load(demo(s))[0].system for s in SYSTEMS] == list(SYSTEMS)


@pytest.mark.parametrize("system", SYSTEMS)
def test_round_trip(system: str, tmp_path: Path) -> None:
    assert_round_trips(demo(system), tmp_path)


def assert_round_trips(demo: Path, tmp_path: Path) -> None:
    """``demo`` saved by the app reads back equal, byte for byte the second time, with its
    comments kept (any system's campaign: tests/test_new_system.py runs it on the toy's)."""
    campaign, log = load(demo)
    assert log == []
    copy = tmp_path / "copy.toml"
    shutil.copy(demo, copy)
    with Store.open(copy) as store:
        store.save(campaign)
    first = copy.read_bytes()
    again, _ = load(copy)
    assert again == campaign
    with Store.open(copy) as store:
        store.save(again)
    assert copy.read_bytes() == first
    # the demo's own comments survive the app's writes (the GM's words are kept)
    comments = [
        line
        for line in demo.read_text(encoding="utf-8").splitlines()
        if line.lstrip().startswith("#")
    ]
    assert comments and all(line in first.decode("utf-8").splitlines() for line in comments)
    assert load(copy)[0] == load(demo)[0]
    fresh = dumps(campaign)  # a campaign written afresh reads back the same too
    assert "checkpoint = 0" in fresh


@pytest.mark.parametrize("system", SYSTEMS)
def test_demo_checks_clean(system: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert check_main([str(demo(system))]) == 0
    assert capsys.readouterr().out == f"{demo(system)}: ok\n"


def test_demos_live_in_the_repository() -> None:
    assert all(p.parent == REPO_SAVES for p in DEMOS)
    assert all(p.read_bytes().decode("utf-8") for p in DEMOS)  # UTF-8


def test_brp_demo_content() -> None:
    c, _ = load(REPO_SAVES / "demo-brp.toml")
    alice = c.character("Alice Moore")
    assert alice.skills == {
        "Spot Hidden": 60,
        "Knowledge (Occult)": 35,
        "Knowledge (History)": 45,
        "Stealth": 40,
    }
    assert alice.attributes["STR"] == 13 and "HP" in alice.resources
    assert c.character("Boris Ivanov").skills == {"Listen": 50, "Teach": 60, "Spot Hidden": 45}
    boulder = c.character("Boulder")
    assert boulder.side == "npc" and boulder.attributes["SIZ"] == 15


def test_strange_demo_content() -> None:
    c, _ = load(REPO_SAVES / "demo-strange.toml")
    assert c.character("Даймитрий").skills == {"Взлом замков": "Умелец"}
    assert c.character("Сир Даллах").skills["Рукопашный бой"] == "Умелец"
    balgruf = c.character("ярл Балгруф")
    assert balgruf.side == "npc" and balgruf.skills["Атлетика"] == "Профессионал"
    kirma = c.character("Кирма")
    assert kirma.skills["Верховая езда"] == "Мастер"
    # the bow needs Riding Combat only in the saddle (synergy with the word 'mounted')
    assert kirma.extra["supports"] == {
        "Владение луком": {"skill": "Верховой бой", "when": "mounted"}
    }
    orc = c.character("Ог'лай")
    assert orc.gm_only and orc.side == "npc" and orc.attributes["danger"] == 2
    assert c.options["ladder"] == {"Умелец": 3, "Профессионал": 2, "Мастер": 1}


def test_age_demo_content() -> None:
    c, _ = load(REPO_SAVES / "demo-age.toml")
    abilities = {
        "Accuracy",
        "Communication",
        "Constitution",
        "Dexterity",
        "Fighting",
        "Intelligence",
        "Perception",
        "Strength",
        "Willpower",
    }
    assert len(c.characters) == 3
    for ch in c.characters:
        assert set(ch.attributes) == abilities
        assert 10 <= ch.resources["Fortune"] <= 15
        assert all(ability in abilities for ability in ch.skills.values())
    assert c.character("Naomi").attributes["Dexterity"] == 3
    assert c.character("Naomi").skills == {"Stealth": "Dexterity"}
    assert {k: v for k, v in c.options.items() if k not in ("bestiary", "encounters")} == {
        "fortune_regular": 2,
        "fortune_drama": 3,
        "initiative": "3d6 + Dexterity",
    }
    assert [t["name"] for t in c.options["bestiary"]] == ["Station Guard"]
    assert [e["name"] for e in c.options["encounters"]] == ["Patrol"]


def test_skirmish_demo_content() -> None:
    c, _ = load(REPO_SAVES / "demo-skirmish.toml")
    samurai = c.character("Experienced Samurai")
    assert (
        samurai.skills["Fighting"],
        samurai.skills["Shooting"],
        samurai.skills["Dexterity"],
    ) == (7, 7, 7)
    assert c.character("Yamabushi").skills["Fighting"] == 5
    assert c.character("Ninja").extra["musket"] == {"target_dexterity": -5}
    master = c.character("Bushido Master")
    assert master.skills["Body Strength"] == 6 and master.extra["naginata"] == 6
    assert c.options["die"] == "d10"


def test_gurps_demo_ties() -> None:
    c, _ = load(REPO_SAVES / "demo-gurps.toml")
    assert all(isinstance(ch.attributes["Basic Speed"], float) for ch in c.characters)
    keys = [(ch.attributes["Basic Speed"], ch.attributes["DX"]) for ch in c.characters]
    speeds = [k[0] for k in keys]
    assert any(speeds.count(s) > 1 and len({k for k in keys if k[0] == s}) > 1 for s in speeds)
    assert len(set(keys)) < len(keys)  # a full tie (speed and DX)
    shooter = c.character("Ruth Hale")
    assert shooter.extra["weapons"]["Stevenson"]["damage"] == "2d6-1"
    assert "Guns (Shotgun)" in shooter.skills
    assert c.character("Vic Lockwood").skills["Lockpicking"] == 9
