"""config.toml: values, problems that name the key, the theme written back, keymap and help."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.markup import to_content
from textual.theme import BUILTIN_THEMES

from tests.seeds import ROOT
from tests.tui.conftest import rng
from tui.app.app import TablekeeperApp
from tui.app.bindings import binding_ids, bindings
from tui.app.config import Config, ConfigWriteError, is_key, load_config, write_theme
from tui.cli.settings import default_keys

GOOD = """# my table
theme = "nord"   # a dark one
saves = "~/rpg"
language = "ru"

[keymap]
"app.undo" = "ctrl+u"
"""


def load(path: Path) -> Config:
    return load_config(path, themes=BUILTIN_THEMES, binding_ids=binding_ids)


def load_checked(path: Path) -> Config:
    """As the app and ``config check`` read it: with every binding's default keys."""
    return load_config(path, themes=BUILTIN_THEMES, binding_ids=default_keys)


def test_a_good_config(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text(GOOD, encoding="utf-8")
    config = load(path)
    assert config.problems == ()
    assert (config.theme, config.language) == ("nord", "ru")
    assert config.saves == Path("~/rpg").expanduser()
    assert dict(config.keymap) == {"app.undo": "ctrl+u"}


def test_a_relative_saves_folder_counts_from_the_config_file(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('saves = "campaigns"\n', encoding="utf-8")
    assert load(path).saves == tmp_path / "campaigns"


def test_a_missing_default_config_is_the_defaults(tmp_path: Path) -> None:
    assert load(tmp_path / "none.toml") == Config(path=tmp_path / "none.toml")


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ('theme = "no-such-theme"\n', "config.toml: theme: no theme 'no-such-theme'"),
        ("theme = 3\n", "config.toml: theme: expected a theme name in quotes, got a number"),
        ('language = "de"\n', "config.toml: language: expected one of en, ru, got 'de'"),
        ("saves = false\n", "config.toml: saves: expected a folder path in quotes"),
        ('saves = "~nosuchuser42/x"\n', "config.toml: saves: '~nosuchuser42/x': no user with"),
        ('colour = "red"\n', "config.toml: colour: unknown key, ignored"),
        ('keymap = "x"\n', "config.toml: keymap: expected a [keymap] table"),
        ('[keymap]\n"app.undoo" = "u"\n', 'config.toml: keymap."app.undoo": no such binding id'),
        ('[keymap]\n"app.undo" = "ctrl u"\n', 'config.toml: keymap."app.undo": expected keys'),
    ],
)
def test_a_bad_value_names_its_key_and_keeps_the_rest(
    tmp_path: Path, text: str, names: str
) -> None:
    path = tmp_path / "config.toml"
    path.write_text('language = "en"\n' * ("language" not in text) + text, encoding="utf-8")
    config = load(path)
    assert len(config.problems) == 1 and config.problem_texts[0].startswith(names)
    assert config.theme is None and not config.keymap and config.saves is None
    assert config.language == ("en" if "language" not in text else None)


def test_a_file_that_does_not_parse_is_every_default(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('theme = "nord"\nkeymap = [\n', encoding="utf-8")
    config = load(path)
    assert config.theme is None
    assert len(config.problems) == 1
    problem = config.problem_texts[0]
    assert problem.startswith(f"{path}:2:") and problem.endswith("; using the defaults")


def test_write_theme_keeps_comments_and_other_keys(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text(GOOD, encoding="utf-8")
    write_theme(path, "dracula")
    assert path.read_text(encoding="utf-8") == GOOD.replace('"nord"', '"dracula"')
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left behind


def test_write_theme_adds_the_key_before_the_first_table(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    text = '# keys\n[keymap]\n"app.undo" = "ctrl+u"\n'
    path.write_text(text, encoding="utf-8")
    write_theme(path, "gruvbox")
    after = path.read_text(encoding="utf-8")
    assert after.startswith('# keys\ntheme = "gruvbox"\n')
    assert tomllib.loads(after) == {"theme": "gruvbox", "keymap": {"app.undo": "ctrl+u"}}


def test_write_theme_creates_the_file_and_its_folder(tmp_path: Path) -> None:
    path = tmp_path / "new" / "config.toml"
    write_theme(path, "nord")
    assert path.read_text(encoding="utf-8") == 'theme = "nord"\n'


@pytest.mark.parametrize("text", ["theme = [\n", '"theme" = "nord"\n', "theme = '''nord'''\n"])
def test_write_theme_never_damages_a_file_it_cannot_edit_safely(tmp_path: Path, text: str) -> None:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigWriteError):
        write_theme(path, "dracula")
    assert path.read_text(encoding="utf-8") == text


def test_every_default_key_is_a_key_and_typos_are_not() -> None:
    for binding in bindings():
        assert all(is_key(key) for key in binding.key.split(",")), binding
    for key in ("ctrl+u", "f5", "q", "?", "shift+tab", "ctrl+shift+up", "question_mark", "f24"):
        assert is_key(key), key
    for key in ("ctrl+", "ctl+u", "fn", "ctrl+ctrl+u", "+", "", "pgup", "shift+", "f25", " "):
        assert not is_key(key), key


@pytest.mark.parametrize(
    ("keymap", "said"),
    [
        ('"app.undo" = "ctrl+"', """keymap."app.undo": 'ctrl+' is not a key"""),
        ('"main.next_turn" = "f5,ctl+n"', """keymap."main.next_turn": 'ctl+n' is not a key"""),
        ('"app.quit" = "f1"', 'keymap."app.quit": "f1" is already app.help on the same screen'),
        ('"main.scene" = "ctrl+z"', 'keymap."main.scene": "ctrl+z" is already app.undo'),
        ('"main.find" = "up"', 'keymap."main.find": "up" is already entry.history_back'),
        ('"help.close" = "ctrl+q"', 'keymap."help.close": "ctrl+q" is already app.quit'),
    ],
)
def test_a_key_that_is_no_key_or_is_taken_on_its_screen_is_refused(
    keymap: str, said: str, tmp_path: Path
) -> None:
    path = tmp_path / "config.toml"
    path.write_text(f'[keymap]\n"main.stats" = "f9"\n{keymap}\n', encoding="utf-8")
    config = load_checked(path)
    assert dict(config.keymap) == {"main.stats": "f9"}  # the good entry stays
    (problem,) = config.problem_texts
    assert problem.startswith(f"config.toml: {said}") and "using the default key" in problem


def test_keys_on_different_screens_and_a_swap_are_no_clash(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text(
        '[keymap]\n"sheet.edit" = "r"\n"log.copy" = "enter,y"\n'  # r: the adventure's roll
        '"app.undo" = "ctrl+y"\n"app.redo" = "ctrl+z"\n',  # undo and redo swapped
        encoding="utf-8",
    )
    config = load_checked(path)
    assert config.problem_texts == ()
    assert dict(config.keymap)["app.undo"] == "ctrl+y"


def test_every_binding_has_an_id_listed_in_the_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = bindings()
    assert len({b.id for b in found}) == len(found)  # ids are unique
    missing = [b.id for b in found if f"`{b.id}`" not in readme]
    assert missing == []


async def test_the_app_applies_theme_and_keymap_and_the_help_shows_the_new_key(
    demo_copy: Callable[[str], Path],
    tmp_path: Path,
) -> None:
    path = tmp_path / "config.toml"
    path.write_text('theme = "nord"\n[keymap]\n"app.help" = "f5"\n', encoding="utf-8")
    app = TablekeeperApp(demo_copy("brp"), rng=rng(), config=load(path))
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.theme == "nord"
        await pilot.press("f1")
        await pilot.pause()
        assert type(app.screen).__name__ == "MainScreen"  # f1 is no longer help
        await pilot.press("f5")
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"
        text = str(app.screen.query_one("Static").render())
        assert any(line.split()[:1] == ["f5"] and "app.help" in line for line in text.splitlines())
        assert "ctrl+z" in text and "app.undo" in text and "enter" in text


async def test_a_theme_picked_in_the_app_is_remembered(
    demo_copy: Callable[[str], Path],
    tmp_path: Path,
) -> None:
    path = tmp_path / "config.toml"
    path.write_text('# mine\nlanguage = "en"\n', encoding="utf-8")
    app = TablekeeperApp(demo_copy("age"), rng=rng(), config=load(path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert path.read_text(encoding="utf-8") == '# mine\nlanguage = "en"\n'  # not yet
        app.theme = "gruvbox"  # what choosing it in ctrl+p → Theme does
        await pilot.pause()
    assert path.read_text(encoding="utf-8") == '# mine\nlanguage = "en"\ntheme = "gruvbox"\n'


async def test_config_problems_are_notified_and_the_app_starts(
    demo_copy: Callable[[str], Path],
    tmp_path: Path,
) -> None:
    path = tmp_path / "config.toml"
    path.write_text('theme = "no-such"\n', encoding="utf-8")
    app = TablekeeperApp(demo_copy("age"), rng=rng(), config=load(path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "MainScreen"
        assert app.theme == "textual-dark"
        messages = [n.message for n in app._notifications]
        assert any(m.startswith("config.toml: theme: no theme 'no-such'") for m in messages)


async def test_the_palette_keeps_textuals_commands_beside_ours(
    demo_copy: Callable[[str], Path],
    tmp_path: Path,
) -> None:
    path = tmp_path / "config.toml"
    path.write_text('[keymap]\n"app.undo" = "ctrl+u"\n', encoding="utf-8")
    app = TablekeeperApp(demo_copy("age"), rng=rng(), config=load(path))
    async with app.run_test(size=(80, 24)):
        app.screen._warm_up()  # type: ignore[attr-defined]
        found = list(app.get_system_commands(app.screen))
        titles = [cmd.title for cmd in found]
        for title in ("Theme", "Keys", "Screenshot", "Undo", "/fortune", "Quit"):
            assert title in titles
        assert titles.count("Quit") == 1  # ours, which saves first
        assert next(c.help for c in found if c.title == "Quit").startswith("Save and leave")
        assert next(c.help for c in found if c.title == "Undo").endswith("(ctrl+u)")
        down = next(c.help for c in found if c.title == "/down")
        assert to_content(down).plain.startswith("/down [CHAR] — ")  # shown, not a tag


def test_problems_show_in_the_language_chosen_after_reading(tmp_path: Path) -> None:
    """The file is read before the language is known (it may choose it): each problem is a
    message rendered when shown."""
    from tui import language as i18n

    path = tmp_path / "config.toml"
    path.write_text('language = "ru"\ntheme = 5\ncolour = "red"\n', encoding="utf-8")
    config = load(path)
    assert config.language == "ru"
    english = config.problem_texts
    assert any("expected a theme name in quotes, got a number" in p for p in english), english
    i18n.set_language("ru")
    try:
        russian = config.problem_texts
    finally:
        i18n.set_language("en")
    assert any("нужно название темы в кавычках, а здесь число" in p for p in russian), russian
    assert any("неизвестный ключ" in p for p in russian), russian
