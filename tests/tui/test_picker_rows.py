"""The picker's rows: name, system and adventure read properly, broken saves, copy names."""

from __future__ import annotations

from pathlib import Path

from tests.tui.conftest import DEMOS, rng
from tui.app.app import TablekeeperApp
from tui.base.locations import shown
from tui.store.catalog import check, copy_name, summarize

HEAD = 'format = 1\nsystem = "gurps"\nname = {name}\nadventure = 4\n'


def rows(app: TablekeeperApp) -> list[str]:
    option_list = app.screen.query_one("#picker-list")
    return [str(o.prompt) for o in option_list.options]  # type: ignore[attr-defined]


def test_a_quoted_name_reads_as_written_with_system_and_adventure(tmp_path: Path) -> None:
    path = tmp_path / "axe.toml"
    path.write_text(HEAD.format(name=r'"Tom \"The Axe\" \u00e9"'), encoding="utf-8")
    summary = summarize(path)
    assert (summary.name, summary.system, summary.adventure) == ('Tom "The Axe" é', "gurps", 4)
    assert summary.details == "GURPS 4e · adventure 4" and summary.problem == ""


def test_only_the_top_of_the_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    path.write_text(
        HEAD.format(name='"Big"') + "[[characters]]\nname = 5 = broken\n", encoding="utf-8"
    )
    assert summarize(path).problem == ""  # the broken body is past the first table
    assert check(path).startswith("line 6, column ")  # the full check finds it


def test_a_head_that_looks_cut_short_is_parsed_whole(tmp_path: Path) -> None:
    path = tmp_path / "odd.toml"
    path.write_text(HEAD.format(name='"Odd"') + "tags = [\n  [1, 2],\n]\n", encoding="utf-8")
    summary = summarize(path)
    assert summary.name == "Odd"  # whether the schema accepts "tags" is the full check's job


def test_broken_tops_say_why(tmp_path: Path) -> None:
    cases = {
        "syntax.toml": 'format = 1\nname = "x\n',
        "system.toml": 'format = 1\nsystem = "chess"\nname = "x"\n',
        "nosystem.toml": 'format = 1\nname = "x"\n',
    }
    for name, text in cases.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "bytes.toml").write_bytes(b'name = "\xff"\n')
    problems = {p.name: summarize(p).problem for p in sorted(tmp_path.iterdir())}
    assert problems == {
        "bytes.toml": "line 1, column 9: not valid UTF-8 text",
        "nosystem.toml": "system: missing",
        "syntax.toml": "line 2, column 10: Illegal character '\\n'",
        "system.toml": "system: no such system 'chess'",
    }


def test_names_with_control_characters_cannot_drive_the_terminal(tmp_path: Path) -> None:
    path = tmp_path / "esc.toml"
    path.write_text(HEAD.format(name=r'"Red\u001b[31m game\u0007"'), encoding="utf-8")
    assert summarize(path).name == "Red␛[31m game␇"  # one visible stand-in per control


def test_copy_names_are_distinct() -> None:
    from tui import language as i18n

    i18n.set_language("ru")
    try:
        assert copy_name("Северный тракт", ["северный тракт (КОПИЯ)"]) == (
            "Северный тракт (копия 2)"
        )
    finally:
        i18n.set_language("en")
    assert copy_name("Demo BRP", []) == "Demo BRP (copy)"
    assert copy_name("Demo BRP", ["demo brp (COPY)"]) == "Demo BRP (copy 2)"
    assert copy_name("Demo BRP", ["Demo BRP (copy)", "Demo BRP (copy 2)"]) == "Demo BRP (copy 3)"


async def test_the_picker_shows_rows_marks_broken_saves_and_says_where(tmp_path: Path) -> None:
    (tmp_path / "axe.toml").write_text(
        HEAD.format(name=r'"Tom \"The Axe\""') + "[[characters]]\nname = 5\n", encoding="utf-8"
    )
    (tmp_path / "cut.toml").write_text('format = 1\nname = "x\n', encoding="utf-8")
    app = TablekeeperApp(saves_dir=tmp_path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        assert f"Saves in {shown(tmp_path)}" in str(app.screen.query_one("#picker-folder").render())
        await app.workers.wait_for_complete()
        await pilot.pause()
        shown_rows = rows(app)
        axe = next(r for r in shown_rows if "The Axe" in r)  # its file name may be cut
        assert axe.startswith('✗ Tom "The Axe"  broken')
        assert "characters[0].name: expected a string, got an integer" in axe  # found by the worker
        cut = next(r for r in shown_rows if "cut.toml" in r)
        assert cut.startswith("✗ cut  broken") and "line 2, column 10" in cut
        demos = [r for r in shown_rows if r.startswith("Demo: ")]
        assert len(demos) == len(DEMOS) == 5
        assert "Basic Roleplaying · adventure 1 · demo-brp.toml" in "".join(demos)
        index = shown_rows.index(axe)
        app.screen.query_one("#picker-list").highlighted = index  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "ProblemScreen"  # still opens, to show the error


async def test_copies_of_a_demo_get_distinct_names(tmp_path: Path) -> None:
    app = TablekeeperApp(saves_dir=tmp_path, rng=rng())
    names = []
    for _ in range(2):
        async with app.run_test(size=(80, 24)) as pilot:
            shown_rows = rows(app)
            index = next(i for i, r in enumerate(shown_rows) if "demo-brp.toml" in r)
            app.screen.query_one("#picker-list").highlighted = index  # type: ignore[attr-defined]
            await pilot.press("enter")
            await pilot.pause()
            names.append(app.screen.query_one("#new-name").value)  # type: ignore[attr-defined]
            await pilot.press("enter")
            await pilot.pause()
            assert type(app.screen).__name__ == "MainScreen"
            app.flush()
        app = TablekeeperApp(saves_dir=tmp_path, rng=rng())
    assert names == ["The Whispering House (copy)", "The Whispering House (copy 2)"]
    made = sorted(p.name for p in tmp_path.glob("*.toml") if not p.name.endswith(".log.toml"))
    assert made == ["The Whispering House (copy 2).toml", "The Whispering House (copy).toml"]
