"""Save names typed by the GM never leave the saves folder; listing and folder choice."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tui.store import (
    REPO_SAVES,
    demo_paths,
    list_saves,
    new_campaign_path,
    safe_save_name,
    saves_dir,
)


@pytest.mark.parametrize("text", ["..", ".", "", "   ", "/", "\\\\", "\x00\x01", "../..", "-.-"])
def test_nothing_usable_is_rejected(text: str) -> None:
    with pytest.raises(ValueError):
        safe_save_name(text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("/etc/passwd", "etc-passwd"),
        ("../../secret", "secret"),
        ("C:\\Windows\\x", "C-Windows-x"),
        ("Nine\x00Lives\x1b[31m", "NineLives[31m"),
        ("Северный  тракт", "Северный тракт"),
        (".hidden", "hidden"),
        ("game.log.toml", "game"),
        ("  Глава 2. Тени  ", "Глава 2. Тени"),
    ],
)
def test_names_are_cleaned(text: str, name: str) -> None:
    assert safe_save_name(text) == name


@given(st.text(min_size=1))
def test_never_escapes(text: str) -> None:
    try:
        name = safe_save_name(text)
    except ValueError:
        return
    assert "/" not in name and "\\" not in name and name not in (".", "..")
    assert not name.startswith(".") and all(c.isprintable() for c in name)
    folder = Path("/tmp/saves")
    assert (folder / f"{name}.toml").resolve().parent == folder.resolve()


def test_new_campaign_path_never_overwrites(tmp_path: Path) -> None:
    first = new_campaign_path(tmp_path, "Северный тракт")
    assert first == tmp_path / "Северный тракт.toml"
    first.write_text("x", encoding="utf-8")
    second = new_campaign_path(tmp_path, "северный ТРАКТ")
    assert second == tmp_path / "северный ТРАКТ-2.toml"
    (tmp_path / "Other.log.toml").write_text("", encoding="utf-8")  # a stray log counts too
    assert new_campaign_path(tmp_path, "Other") == tmp_path / "Other-2.toml"
    assert new_campaign_path(tmp_path, "demo-brp").name == "my-demo-brp.toml"


def test_list_saves_skips_demos_logs_and_backups(tmp_path: Path) -> None:
    for name in [
        "b.toml",
        "a.toml",
        "a.log.toml",
        "a.toml.bak",
        "a.toml.lock",
        "demo-brp.toml",
        ".a.toml.x.tmp",
        "notes.txt",
    ]:
        (tmp_path / name).write_text("", encoding="utf-8")
    assert [p.name for p in list_saves(tmp_path)] == ["a.toml", "b.toml"]
    assert list_saves(tmp_path / "missing") == []


def test_saves_dir_follows_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TABLEKEEPER_SAVES", raising=False)
    assert saves_dir() == REPO_SAVES == Path(__file__).resolve().parents[2] / "saves"
    monkeypatch.setenv("TABLEKEEPER_SAVES", str(tmp_path))
    assert saves_dir() == tmp_path
    import tui.store as store

    resolved = store.SAVES_DIR
    assert resolved == tmp_path
    shutil.copy(REPO_SAVES / "demo-age.toml", tmp_path / "mine.toml")
    assert list_saves() == [tmp_path / "mine.toml"]
    assert len(demo_paths()) == 5  # demos always come from the repository
