"""Nothing a sub-command prints from a file can drive the terminal: a GCS name holding
``ESC[31m`` and BEL, a TOML key holding an OSC title change and a screen clear, a config's
unknown key, a recap's note, a character's link line in ``serve`` — each reaches the shell
with its control characters shown as visible stand-ins (``␛``, ``␇``)."""

from __future__ import annotations

import asyncio
import io
import json
import shutil
import socket
from pathlib import Path

import pytest

from tests.tui.conftest import DEMOS
from tui.cli import main as cli
from tui.cli.serve import PlayersServer
from tui.cli.shellout import SafeText, shown
from tui.store import Store

ROOT = Path(__file__).resolve().parents[2]
GCS = ROOT / "tests" / "session" / "systems" / "gurps" / "gcs"
#: a recolour, a bell, a window title, a screen clear, a C1 control, a bidi override
HOSTILE = "\x1b[31mRed\x07\x1b]0;pwned\x07\x1b[2J\x9b1m\u202e"


def _clean(text: str) -> None:
    for bad in ("\x1b", "\x07", "\x9b", "\u202e"):
        assert bad not in text, repr(text)


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = cli.main(args)
    out, err = capsys.readouterr()
    _clean(out)
    _clean(err)
    return code, out + err


def test_the_sanitiser_keeps_layout_and_shows_every_control() -> None:
    assert shown("Alice\tMoore\nBoris") == "Alice\tMoore\nBoris"
    assert shown(HOSTILE) == "␛[31mRed␇␛]0;pwned␇␛[2J\ufffd1m\ufffd"
    sink = io.StringIO()
    SafeText(sink).write("a\x1b[2Jb\r\n")
    assert sink.getvalue() == "a␛[2Jb␍\n"


def test_import_prints_a_gcs_name_without_its_escapes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "warehouse.toml"
    shutil.copy(ROOT / "saves" / "demo-gurps.toml", save)
    doc = json.loads((GCS / "moira.gcs").read_text(encoding="utf-8"))
    doc["profile"]["name"] = "Moira " + HOSTILE
    sheet = tmp_path / "moira.gcs"
    sheet.write_text(json.dumps(doc), encoding="utf-8")
    code, out = run(["import", str(save), str(sheet)], capsys)
    assert code == 0, out
    assert "Moira ␛[31mRed␇" in out


def test_check_prints_a_toml_key_without_its_escapes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "c.toml"
    text = DEMOS["brp"].read_text(encoding="utf-8")
    key = '"\\u001b]0;pwned\\u0007\\u001b[2J"'
    save.write_text(text.replace("[[characters]]", f"{key} = 1\n\n[[characters]]", 1), "utf-8")
    code, out = run(["check", str(save)], capsys)
    assert code == 1
    assert "␛]0;pwned␇␛[2J" in out and "unknown key" in out


def test_config_check_prints_an_unknown_key_without_its_escapes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "config.toml"
    config.write_text('"\\u001b]0;pwn\\u0007" = 1\n', encoding="utf-8")
    code, out = run(["config", "check", "--config", str(config)], capsys)
    assert code == 1
    assert "␛]0;pwn␇: unknown key" in out


def test_recap_prints_a_note_without_its_escapes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "c.toml"
    shutil.copy(DEMOS["brp"], save)
    text = save.read_text(encoding="utf-8")
    save.write_text(text.replace('name = "', 'name = "\\u001b[2J', 1), encoding="utf-8")
    code, out = run(["recap", str(save)], capsys)
    assert code == 0, out
    assert "# Recap: ␛" in out and "2JThe Whispering House" in out


def test_a_usage_error_prints_a_path_without_its_escapes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run(["check", str(tmp_path / "a\x1b[2Jb.toml")], capsys)
    assert code == 1 and "a␛[2Jb.toml" in out
    code, out = run(["recap", str(tmp_path / "a\x1b]0;x\x07.toml")], capsys)
    assert code == 2 and "a␛]0;x␇.toml" in out


def test_serve_prints_a_characters_link_line_without_its_escapes(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    user_dirs: Path,
) -> None:
    save = tmp_path / "c.toml"
    shutil.copy(DEMOS["brp"], save)
    text = save.read_text(encoding="utf-8")
    save.write_text(text.replace("Alice Moore", "Alice \\u001b[31mMoore\\u0007"), "utf-8")
    Store.open(save).close()  # the campaign gets its identity, so its characters get links

    async def startup(server: PlayersServer) -> None:
        await server.on_startup(None)  # type: ignore[arg-type]
        server.announce()  # what it prints once it listens; then it stops

    def started(self: PlayersServer) -> None:
        asyncio.run(startup(self))

    monkeypatch.setattr(PlayersServer, "serve", started)
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    code, out = run(["serve", str(save), "--port", str(port)], capsys)
    assert code == 0, out
    assert "Alice ␛[31mMoore␇: http://" in out
