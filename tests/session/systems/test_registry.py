"""The registry of systems: the five built in agree with ``rules``, entries are checked, and a
campaign loads its own system only (its tracker package when read, its rules after warm-up)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import rules
from tests.systems import demo, demo_campaign, roll_line
from tui.session.campaign.schema import SchemaError, from_doc
from tui.session.systems import registry
from tui.session.systems.registry import TRACKERS, SystemInfo

ROOT = Path(__file__).resolve().parents[3]
FIVE = list(rules.SYSTEMS)  # the systems shipped in rules/ (five today), registered first


def test_the_five_built_in_systems_agree_with_rules() -> None:
    assert list(registry.system_keys())[: len(FIVE)] == FIVE and len(FIVE) >= 5
    for key in FIVE:
        found = registry.info(key)
        assert found.name == rules.SYSTEM_NAMES[key]
        assert registry.rules_module(key) is rules.SYSTEMS[key]
        assert found.tracker == f"tui.session.systems.{key}"
        assert registry.tracker(key).key == key


def test_register_checks_its_entry() -> None:
    brp = registry.info("brp")
    assert registry.register(brp) is brp  # the same entry again is harmless
    with pytest.raises(ValueError, match="already registered"):
        registry.register(SystemInfo("brp", "Another BRP", "rules.brp", "x.y"))
    with pytest.raises(ValueError, match="lower-case"):
        registry.register(SystemInfo("Big Key", "Big", "rules.brp", "x.y"))
    with pytest.raises(ValueError, match="display name"):
        registry.register(SystemInfo("nameless", " ", "rules.brp", "x.y"))
    assert "nameless" not in registry.system_keys()


def test_unregister_forgets_a_system() -> None:
    registry.register(SystemInfo("scratch", "Scratch", "rules.brp", "tui.session.systems.brp"))
    assert "scratch" in registry.system_keys()
    registry.unregister("scratch")
    assert "scratch" not in registry.system_keys()
    with pytest.raises(KeyError):
        registry.info("scratch")


def test_a_tracker_answering_to_another_key_is_refused() -> None:
    registry.register(
        SystemInfo("mislabelled", "Mislabelled", "rules.brp", "tui.session.systems.brp")
    )
    try:
        with pytest.raises(ValueError, match="answers to 'brp'"):
            registry.tracker("mislabelled")
    finally:
        registry.unregister("mislabelled")


def test_an_unknown_system_in_a_save_names_the_registered_ones() -> None:
    with pytest.raises(SchemaError) as caught:
        from_doc({"format": 1, "system": "dnd", "name": "X"}, TRACKERS)
    assert caught.value.path == "system"
    assert "'dnd'" in caught.value.message
    assert ", ".join(registry.system_keys()) in caught.value.message


PROBE = textwrap.dedent(
    """
    import json, sys, tomllib
    from tui.session.campaign.schema import from_doc
    from tui.session.systems.registry import TRACKERS
    from tui.session.campaign.session import Session
    from tui.session.table.table import Table
    from tui.session.tables import open_table

    key, line, save = sys.argv[1:4]
    with open(save, "rb") as file:
        campaign = from_doc(tomllib.load(file), TRACKERS)  # what reading a save does

    def loaded():
        return sorted(m for m in sys.modules if m.startswith(("rules.", "tui.session.systems.")))

    read = loaded()
    table = open_table(Session(campaign))
    table.warm_up()
    table.preview(line)
    print(json.dumps({"read": read, "warm": loaded()}))
    """
)


@pytest.mark.parametrize("key", FIVE)
def test_a_campaign_loads_only_its_own_system(key: str) -> None:
    # its demo read there, and a roll of its own previewed
    line = roll_line(demo_campaign(key))
    done = subprocess.run(
        [sys.executable, "-c", PROBE, key, line, str(demo(key))],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    others = [k for k in FIVE if k != key]
    for phase in ("read", "warm"):
        for other in others:
            leaked = [
                m
                for m in report[phase]
                if m.startswith((f"rules.{other}", f"tui.session.systems.{other}"))
            ]
            assert leaked == [], (phase, leaked)
    # reading a save imports the tracker package but not the rules; warming up loads them
    assert f"tui.session.systems.{key}" in report["read"]
    assert f"rules.{key}" not in report["read"]
    assert f"rules.{key}" in report["warm"]
