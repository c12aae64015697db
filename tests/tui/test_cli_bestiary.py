"""``tablekeeper import --bestiary FILE...``: GCS creatures become template files in the
user's bestiary, which every GURPS campaign then brings to the table with ``/add``."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest

from tests.session.conftest import gurps_campaign, make_table
from tests.session.scene_helpers import ok
from tui.base.locations import bestiary_dir
from tui.cli import main as cli
from tui.cli.bestiary_import import file_name

GCS = Path(__file__).parents[1] / "session" / "systems" / "gurps" / "gcs"


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli.main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_a_gcs_creature_becomes_a_template_with_its_natural_attacks(
    user_dirs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["import", "--bestiary", str(GCS / "natural.gcs")], capsys)
    assert code == 0, err
    [written] = sorted((bestiary_dir() / "gurps").glob("*.toml"))
    assert str(written.name) in out
    doc = tomllib.loads(written.read_text(encoding="utf-8"))
    assert doc["side"] == "npc" and "ticks" not in doc
    weapons = doc.get("extra", {}).get("weapons", {})
    assert weapons, doc  # natural attacks come along
    # a campaign brings two of them, numbered, each with its own resources
    table = make_table(gurps_campaign())
    ok(table, f'/add "{doc["name"]}" x2')
    made = [c for c in table.campaign.characters if c.name.startswith(doc["name"] + " ")]
    assert len(made) == 2 and all(c.extra.get("weapons") for c in made)


def test_a_folder_imports_what_it_can_and_names_the_rest(
    user_dirs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "library"
    folder.mkdir()
    for name in ("natural.gcs", "moira.gcs", "tomas.gcs"):
        shutil.copy(GCS / name, folder / name)
    (folder / "broken.gcs").write_text("{ not json", encoding="utf-8")
    code, _out, err = run(["import", "--bestiary", str(folder)], capsys)
    assert code == 3  # some skipped
    assert "broken.gcs" in err
    assert len(list((bestiary_dir() / "gurps").glob("*.toml"))) == 3
    # a second import of the same files replaces them, never piles up copies
    code, _out, _err = run(["import", "--bestiary", str(folder)], capsys)
    assert code == 3 and len(list((bestiary_dir() / "gurps").glob("*.toml"))) == 3


def test_nothing_readable_is_exit_1(
    user_dirs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "x.gcs"
    bad.write_text("nope", encoding="utf-8")
    code, _out, err = run(["import", "--bestiary", str(bad)], capsys)
    assert code == 1 and "nothing written" in err


@pytest.mark.parametrize(
    ("name", "file"),
    [
        ("Bushwolf", "Bushwolf.toml"),
        ("../../etc/passwd", "_.._etc_passwd.toml"),
        ("a/b\\c", "a_b_c.toml"),
        ("\x1b[31mRed", "_[31mRed.toml"),
        ("...", "creature.toml"),
    ],
)
def test_a_creatures_name_is_a_safe_file_name(name: str, file: str) -> None:
    assert file_name(name) == file
