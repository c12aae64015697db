"""``tablekeeper recap`` on a real save and its log (read forward, read-only)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tests.session.conftest import Scripted, brp_campaign
from tui.cli.main import main
from tui.session.campaign.session import Session
from tui.session.tables import open_table
from tui.store import Store


def saved(tmp_path: Path) -> Path:
    campaign = brp_campaign()
    boulder = replace(campaign.character("Boulder"), gm_only=True)
    path = tmp_path / "house.toml"
    store = Store.create(path, campaign.with_character(boulder))
    session = Session(store.campaign)
    session.subscribe(store.listener)
    t = open_table(session, rng=Scripted((1, 50, 99)))
    for line in (
        "/scene Hall",
        "alice spot hidden",
        "/ext Search threshold=5 time=30m per=12m",
        "alice stealth ext=Search",
        "/hp boulder =9",
        "/endscene Boulder hid",
        "boris listen",
    ):
        assert t.submit(line).ok, line
    store.close()
    return path


def test_recap_to_stdout_and_to_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = saved(tmp_path)
    assert main(["recap", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Recap: The Whispering House\n")
    assert "- Alice Moore · Spot Hidden 60%: 01 → critical success" in out
    assert "- **Search** — still running: pool 0 of 5, 12 of 30 min, 1 roll" in out
    assert "Unknown A hid" in out and "Boulder" not in out
    assert main(["recap", str(path), "--gm", "-o", str(tmp_path / "gm.md")]) == 0
    gm = (tmp_path / "gm.md").read_text(encoding="utf-8")
    assert "Boulder hid" in gm and "- Boulder: HP 0 → 9" in gm  # the GM sees his HP
    assert capsys.readouterr().out == ""
    assert main(["recap", str(path), "--scene", "hall"]) == 0
    assert "Boris" not in capsys.readouterr().out.split("## Dice")[0]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--since", "yesterday"], "--since: expected a date"),
        (["--adventure", "0"], "--adventure: expected 1 or more"),
        (["--scene", "Crypt"], "no scene called 'Crypt'"),
    ],
)
def test_bad_arguments_are_one_line_and_status_2(
    tmp_path: Path, args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved(tmp_path)
    assert main(["recap", str(path), *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_a_damaged_log_is_named_and_the_recap_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved(tmp_path)
    log = tmp_path / "house.log.toml"
    text = log.read_text(encoding="utf-8")
    log.write_text(text.replace('kind = "roll"', "kind = 7", 1), encoding="utf-8")
    assert main(["recap", str(path)]) == 1
    assert "house.log.toml" in capsys.readouterr().err


def test_recap_in_russian_renders_the_log_from_its_facts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from tui import language as i18n

    path = saved(tmp_path)  # logged in English
    monkeypatch.setenv("LANG", "C.UTF-8")
    try:
        assert main(["recap", str(path), "--lang", "ru"]) == 0
    finally:
        i18n.set_language("en")
    out = capsys.readouterr().out
    assert out.startswith("# Пересказ: The Whispering House\n")
    assert "- Alice Moore · Spot Hidden 60%: 01 → критический успех" in out
    assert "- **Search** — ещё идёт: набрано 0 из 5, 12 из 30 мин, 1 бросок" in out
    assert "## Кубики" in out and "Recap" not in out
