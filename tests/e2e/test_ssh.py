"""A GM session over a real SSH login: local sshd on loopback, ssh -tt inside tmux; and the
players' view in a second login following the GM's (live, GM-only data never shown).

One daemon serves the module (the ``sshd`` fixture). Each case logs in with the test key and
runs the installed ``tablekeeper`` (its absolute path, with this interpreter's PATH) on a
copy of the BRP demo: a typed roll, an app roll, undo, quit; then the screen
(``capture-pane``, with and without colour escapes) and the save are checked. The colour
cases: ``xterm-256color``; ``xterm`` (16 colours: no 256-colour or RGB escapes may reach the
terminal); ``NO_COLOR=1`` (only greys).
sshd accepts no client environment by default, so every variable rides on the command line.
"""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path

import pytest

from tests.e2e.sshd import Sshd, remote_command
from tests.e2e.term import Terminal, wait_for_file
from tui.store import demo_paths, load

pytestmark = pytest.mark.e2e

DEMO_BRP = next(p for p in demo_paths() if p.name == "demo-brp.toml")
_SGR = re.compile(r"\x1b\[([0-9;:]*)m")
#: 256-palette indexes that are greys (black, white and the 24-step grey ramp).
_GREYS = {0, 7, 8, 15, 16, 231, *range(232, 256)}


def sgr_colours(screen: str) -> list[tuple[str, int]]:
    """Every colour in the SGR escapes: ("16", code), ("256", index) or ("rgb", -1)."""
    found: list[tuple[str, int]] = []
    for match in _SGR.finditer(screen):
        params = [int(p) if p.isdigit() else -1 for p in re.split("[;:]", match[1] or "0")]
        i = 0
        while i < len(params):
            p = params[i]
            if p in (38, 48) and i + 1 < len(params):
                if params[i + 1] == 5:
                    found.append(("256", params[i + 2]))
                    i += 3
                    continue
                found.append(("rgb", -1))
                i += 5
                continue
            if 30 <= p <= 37 or 40 <= p <= 47 or 90 <= p <= 97 or 100 <= p <= 107:
                found.append(("16", p))
            i += 1
    return found


@pytest.mark.parametrize(
    ("case", "size", "env"),
    [
        ("256", (100, 30), {"TERM": "xterm-256color"}),
        ("16", (80, 24), {"TERM": "xterm"}),
        ("mono", (80, 24), {"TERM": "xterm-256color", "NO_COLOR": "1"}),
    ],
    ids=["xterm-256color", "xterm-16-colours", "no-color"],
)
def test_gm_flow_over_ssh(
    case: str, size: tuple[int, int], env: dict[str, str], sshd: Sshd, tmp_path: Path
) -> None:
    save = tmp_path / "table.toml"
    shutil.copy(DEMO_BRP, save)
    ssh = sshd.ssh_argv(remote_command(tmp_path, save, env))
    width, height = size

    with Terminal(tmp_path, width=width, height=height) as term:
        term.start(ssh, env={"TERM": "xterm-256color"}, cwd=tmp_path)
        term.wait_for("The Whispering House", "Alice Moore", timeout=15)

        # a typed roll: odds while typing, the special success on Enter
        term.type("alice spot hidden = 07")
        term.wait_for("Alice Moore · Spot Hidden 60% — critical success")
        term.press("Enter")
        term.wait_for("07 → special success")

        # an app roll (seeded on the remote side)
        term.type("boris listen")
        term.press("Enter")
        term.wait_for("Boris Ivanov · Listen 50%:")
        wait_for_file(lambda: len(load(save)[1]) == 2, what="two rolls in the save")

        coloured = term.screen(escapes=True)
        colours = sgr_colours(coloured)
        assert colours, "no escapes captured at all"
        if case == "256":
            assert any(kind == "256" and n not in _GREYS for kind, n in colours), colours
        elif case == "16":
            assert {kind for kind, _ in colours} == {"16"}, colours
        else:
            assert all(kind == "256" and n in _GREYS for kind, n in colours), colours

        # undo takes back the app roll
        term.press("C-z")
        term.wait_for("undo: Boris Ivanov · Listen 50%:")
        wait_for_file(
            lambda: [e.kind for e in load(save)[1]] == ["roll", "roll", "undo"],
            what="the undo in the save",
        )

        term.press("C-q")
        assert term.wait_exit(timeout=15) == 0

    campaign, log = load(save)
    assert [e.inputs.get("source") for e in log[:2]] == ["typed", "rolled"]
    assert log[0].grade == "special" or "special success" in log[0].text
    assert campaign.character("Alice Moore").ticks == ("Spot Hidden",)
    assert campaign.character("Boris Ivanov").ticks == ()  # whatever it was, it is undone
    assert "Accepted publickey" in sshd.log_text()


DEMO_STRANGE = next(p for p in demo_paths() if p.name == "demo-strange.toml")


def test_players_view_in_a_second_login_follows_and_hides(sshd: Sshd, tmp_path: Path) -> None:
    """The GM in one SSH login, the players' view in another: a roll shows there within a
    second; the GM-only NPC's action, and its name, never."""
    save = tmp_path / "road.toml"
    shutil.copy(DEMO_STRANGE, save)
    env = {"TERM": "xterm-256color"}
    gm_cmd = remote_command(tmp_path, save, env)
    view_cmd = remote_command(tmp_path, save, env) + " --read-only"
    with (
        Terminal(tmp_path, width=100, height=30, name="gm") as gm,
        Terminal(tmp_path, width=100, height=30, name="players") as view,
    ):
        gm.start(sshd.ssh_argv(gm_cmd), env=env, cwd=tmp_path)
        gm.wait_for("Северный тракт", "Ог'лай", timeout=15)
        view.start(sshd.ssh_argv(view_cmd), env=env, cwd=tmp_path)
        view.wait_for("PLAYERS' VIEW", "Кирма", timeout=15)
        assert "Ог'лай" not in view.screen()

        gm.type("kirma riding = 1 2 3 4 range=1,6")
        gm.press("Enter")
        gm.wait_for("Кирма Верховая езда:")
        started = time.monotonic()
        view.wait_for("Кирма Верховая езда:", timeout=1.0)
        seen = time.monotonic() - started

        gm.type("orc danger = 1 2 3 4 range=2,5")
        gm.press("Enter")
        gm.wait_for("Ог'лай danger:")
        gm.type("/hp kirma =3")
        gm.press("Enter")
        view.wait_for("→ 3", timeout=2.0)  # a later change arrived: the NPC's came before it
        shown = view.screen()
        for secret in ("Ог'лай", "Og'lai", "danger"):
            assert secret not in shown, secret

        view.press("C-q")
        assert view.wait_exit(timeout=15) == 0
        gm.press("C-q")
        assert gm.wait_exit(timeout=15) == 0
    assert seen < 1.0
    print(f"players' view over SSH: the roll showed {seen:.2f}s after the GM's screen")
