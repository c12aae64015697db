"""The session and store layers never import Textual or Rich (checked in a clean interpreter)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = textwrap.dedent(
    """
    import importlib, json, pkgutil, sys
    import rules, tui.session, tui.store
    names = []
    for package in (rules, tui.session, tui.store):
        names.append(package.__name__)
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            names.append(info.name)
    names.append("tui.app.players_feed")  # the players' view's model, beside the session
    for name in names:
        importlib.import_module(name)
    leaked = sorted(
        m for m in sys.modules if m.split(".")[0] in ("textual", "rich")
    )
    print(json.dumps({"modules": names, "leaked": leaked}))
    """
)


def test_session_and_store_do_not_import_textual_or_rich() -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    modules = set(report["modules"])
    # the walk really covered the layers (a broken walk would pass vacuously)
    for expected in (
        "tui.session.campaign.schema",
        "tui.session.entry.entry",
        "tui.session.entry.names",
        "tui.session.table.table",
        "tui.session.scenes.order",
        "tui.session.extended.progress",
        "tui.session.adventure.flow",
        "tui.session.systems.registry",
        "tui.session.systems.brp.adapter",
        "tui.session.systems.strange.rounds",
        "tui.session.systems.gurps.maneuvers",
        "tui.session.players.view",
        "tui.app.players_feed",
        "tui.store",
    ):
        assert expected in modules, expected
    assert report["leaked"] == []


def test_the_check_itself_detects_a_leak() -> None:
    script = SCRIPT.replace(
        "import rules, tui.session, tui.store", "import rules, tui.session, tui.store, rich"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "rich" in json.loads(done.stdout.strip().splitlines()[-1])["leaked"]
