"""``tablekeeper import SAVE FILE...``: GCS characters into a GURPS campaign from the shell,
every file it can in one step, one line for each file skipped and why."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tui.cli import main as cli
from tui.cli.importer import SOME_SKIPPED
from tui.store import Store, load

ROOT = Path(__file__).resolve().parents[2]
GCS = ROOT / "tests" / "session" / "systems" / "gurps" / "gcs"


@pytest.fixture
def save(tmp_path: Path) -> Path:
    target = tmp_path / "warehouse.toml"
    shutil.copy(ROOT / "saves" / "demo-gurps.toml", target)
    return target


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli.main(["import", *args])
    out, err = capsys.readouterr()
    return code, out, err


def names(save: Path) -> list[str]:
    campaign, _log = load(save)
    return [ch.name for ch in campaign.characters]


def test_two_files_become_two_characters_in_one_logged_step(
    save: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = names(save)
    code, out, err = run([str(save), str(GCS / "moira.gcs"), str(GCS / "tomas.gcs")], capsys)
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == "added Moira Vance from moira.gcs"
    assert "taken as given or left out: Forgery, Plasma Gun's damage" in out
    assert names(save) == [*before, "Moira Vance", "Tomas Brandt"]
    with Store.open(save, read_only=True) as store:
        entry = store.log[-1]
    assert entry.text == "imported Moira Vance, Tomas Brandt from GCS"
    assert entry.inputs["files"] == ["moira.gcs", "tomas.gcs"]


@pytest.mark.parametrize("side", [["--npc"], ["--npc", "--gm-only"], ["--gm-only"]])
def test_npc_and_gm_only(save: Path, capsys: pytest.CaptureFixture[str], side: list[str]) -> None:
    assert run([str(save), str(GCS / "tomas.gcs"), *side], capsys)[0] == 0
    tomas = load(save)[0].character("Tomas Brandt")
    assert tomas.side == ("npc" if "--npc" in side else "party")
    assert tomas.gm_only == ("--gm-only" in side)


def test_a_broken_file_is_skipped_saying_why_and_the_rest_imported(
    save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.gcs"
    broken.write_text('{"version": 5, "profile": {"name": "X"}, "attributes": [')
    code, out, err = run([str(save), str(GCS / "tomas.gcs"), str(broken)], capsys)
    assert code == SOME_SKIPPED and err == ""
    assert out.splitlines() == [
        "added Tomas Brandt from tomas.gcs",
        "skipped broken.gcs: line 1, column 57: not valid JSON",
        "Tomas Brandt: taken as given or left out: Off-Hand Weapon Training, skill bonuses "
        "from traits",
    ]
    assert "Tomas Brandt" in [c.name for c in load(save)[0].characters]


def test_only_broken_files_change_nothing(
    save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.gcs"
    broken.write_text('{"version": 5, "profile": {"name": "X"}, "attributes": [')
    before = save.read_bytes()
    code, out, err = run([str(save), str(broken)], capsys)
    assert code == 1 and out == ""
    assert err.splitlines() == [
        "tablekeeper import: skipped broken.gcs: line 1, column 57: not valid JSON",
        "tablekeeper import: nothing to import",
    ]
    assert save.read_bytes() == before
    assert not save.with_name("warehouse.log.toml").exists() or "Moira" not in (
        save.with_name("warehouse.log.toml").read_text()
    )


def test_a_campaign_of_another_system_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    brp = tmp_path / "brp.toml"
    shutil.copy(ROOT / "saves" / "demo-brp.toml", brp)
    code, _out, err = run([str(brp), str(GCS / "moira.gcs")], capsys)
    assert code == 1
    assert err == f"tablekeeper import: {brp}: this campaign's system imports no character files\n"


def test_reimport_shows_changes_and_needs_yes_without_a_terminal(
    save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run([str(save), str(GCS / "moira.gcs")], capsys)[0] == 0
    doc = json.loads((GCS / "moira.gcs").read_text())
    doc["skills"][0]["calc"]["level"] = 12
    newer = tmp_path / "moira.gcs"
    newer.write_text(json.dumps(doc))
    code, out, err = run([str(save), str(newer)], capsys)
    assert code == 1
    assert out.splitlines() == ["Moira Vance (moira.gcs) will change:", "  Lockpicking 10 → 12"]
    assert err.splitlines() == [
        "tablekeeper import: skipped moira.gcs: Moira Vance would change: add --yes to update it",
        "tablekeeper import: nothing to import",
    ]
    assert load(save)[0].character("Moira Vance").skills["Lockpicking"] == 10
    code, out, _err = run([str(save), str(newer), "--yes"], capsys)
    assert code == 0 and "updated Moira Vance from moira.gcs" in out.splitlines()
    campaign = load(save)[0]
    assert campaign.character("Moira Vance").skills["Lockpicking"] == 12
    assert [ch.name for ch in campaign.characters].count("Moira Vance") == 1


def test_a_clash_is_asked_about_or_decided_by_on_clash(
    save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = json.loads((GCS / "moira.gcs").read_text())
    doc["profile"]["name"] = "Guard Moss"
    moss = tmp_path / "moss.gcs"
    moss.write_text(json.dumps(doc))
    # without a terminal to ask on, that file is skipped, saying how to import it; the
    # rest of the batch goes in
    code, out, err = run([str(save), str(moss), str(GCS / "tomas.gcs")], capsys)
    assert code == SOME_SKIPPED, err
    assert out.splitlines()[:2] == [
        "added Tomas Brandt from tomas.gcs",
        "skipped moss.gcs: Guard Moss is already in the campaign: add --on-clash update, "
        "rename or skip",
    ]
    assert names(save).count("Guard Moss") == 1
    code, out, _err = run([str(save), str(moss), "--on-clash", "rename"], capsys)
    assert code == 0 and out.splitlines()[0] == "added Guard Moss 2 from moss.gcs"
    assert "Guard Moss 2" in names(save) and "Guard Moss" in names(save)


def test_answers_on_a_terminal(save: Path, tmp_path: Path) -> None:
    from tui.cli.importer import import_main

    doc = json.loads((GCS / "moira.gcs").read_text())
    doc["profile"]["name"] = "Guard Moss"
    moss = tmp_path / "moss.gcs"
    moss.write_text(json.dumps(doc))
    asked: list[str] = []
    replies = iter(["s"])

    def ask(question: str) -> str:
        asked.append(question)
        return next(replies)

    assert import_main(save, [moss], ask=ask) == 1  # skipped: nothing to import
    assert asked == [
        "moss.gcs: Guard Moss is already in the campaign (not from this file): "
        "[u]pdate it, import as a [r]enamed copy, or [s]kip? "
    ]
    replies = iter(["u", "y"])
    assert import_main(save, [moss], ask=ask) == 0
    assert load(save)[0].character("Guard Moss").skills["Lockpicking"] == 10


def test_a_missing_save_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _out, err = run([str(tmp_path / "none.toml"), str(GCS / "moira.gcs")], capsys)
    assert code == 2 and err.count("\n") == 1


def test_a_whole_folder_in_one_command(
    save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the folder itself, as a library keeps it (subfolders too, a hidden one not): every
    # sheet of the tests' library, one of them broken; the rest is imported, each skipped
    # file says why, and the exit status says some were skipped
    folder = tmp_path / "library"
    shutil.copytree(GCS, folder / "monsters")
    (folder / "monsters" / "broken.gcs").write_text("<character")
    (folder / ".trash").mkdir()
    shutil.copy(GCS / "moira.gcs", folder / ".trash" / "old.gcs")
    (folder / "empty").mkdir()
    files = sorted((folder / "monsters").glob("*.gcs"))
    code, out, err = run([str(save), str(folder), str(folder / "empty"), "--npc"], capsys)
    assert code == SOME_SKIPPED, err
    assert [line for line in out.splitlines() if line.startswith("skipped")] == [
        "skipped empty: no .gcs files",
        "skipped broken.gcs: line 1, column 1: not valid XML",
    ]
    added = [line for line in out.splitlines() if line.startswith("added ")]
    assert len(added) == len(files) - 1
    # one GCS id, two creatures; a sheet without a name takes its title
    assert {"Ash Ghoul", "Ash Slave", "Bandit Chief", "nameless_thing"} <= set(names(save))


def test_a_folder_too_large_to_walk_is_refused(
    save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from tui.session.characters import importing

    monkeypatch.setattr(importing, "MAX_ENTRIES", 3)
    folder = tmp_path / "home"
    for n in range(5):
        (folder / f"d{n}").mkdir(parents=True)
    before = save.read_bytes()
    code, _out, err = run([str(save), str(folder)], capsys)
    assert code == 1
    assert "tablekeeper import: skipped home: more than 3 entries: name a smaller folder" in (
        err.splitlines()
    )
    assert save.read_bytes() == before


def test_a_folder_larger_than_a_campaign_imports_what_fits(
    save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from tui.session.characters import roster

    monkeypatch.setattr(roster, "MAX_CHARACTERS", len(names(save)) + 1)
    code, out, _err = run([str(save), str(GCS / "moira.gcs"), str(GCS / "tomas.gcs")], capsys)
    assert code == SOME_SKIPPED
    lines = out.splitlines()
    assert lines[0] == "added Moira Vance from moira.gcs"
    assert f"skipped tomas.gcs: a campaign holds at most {len(names(save))} characters" in lines
    assert "Moira Vance" in names(save) and "Tomas Brandt" not in names(save)


def test_variants_of_one_sheet_without_a_choice_import_the_first(
    save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a library's "Chiora - Tamed" and "Chiora - Wild": one id, one name
    for variant in ("tamed", "wild"):
        shutil.copy(GCS / "natural.gcs", tmp_path / f"hound - {variant}.gcs")
    files = [str(tmp_path / "hound - tamed.gcs"), str(tmp_path / "hound - wild.gcs")]
    code, out, _err = run([str(save), *files], capsys)
    assert code == SOME_SKIPPED
    assert (
        "skipped hound - wild.gcs: Ash Hound is also in hound - tamed.gcs: add --on-clash "
        "rename to import both"
    ) in out.splitlines()
    assert names(save).count("Ash Hound") == 1


def test_an_update_declined_on_a_terminal_keeps_the_new_characters(
    save: Path, tmp_path: Path
) -> None:
    from tui.cli.importer import import_main

    assert import_main(save, [GCS / "moira.gcs"]) == 0
    doc = json.loads((GCS / "moira.gcs").read_text())
    doc["skills"][0]["calc"]["level"] = 12
    newer = tmp_path / "moira.gcs"
    newer.write_text(json.dumps(doc))
    code = import_main(save, [newer, GCS / "tomas.gcs"], ask=lambda _question: "")
    assert code == SOME_SKIPPED
    campaign = load(save)[0]
    assert campaign.character("Moira Vance").skills["Lockpicking"] == 10  # not updated
    assert "Tomas Brandt" in [ch.name for ch in campaign.characters]
