"""The app in a pseudo-language: every message of the catalog made unreadable-but-legible
(``Scene ended`` → ``Šçéñé éñðéð``), then every screen, sheet, dialog, help page, completion
and refusal opened in it. Any plain Latin word left on screen is a string that never went
through the catalog, and the failure names the source lines whose literals hold it.

The Russian screens' test finds the same leftovers, but only where a Russian translation
exists and reads differently; here every message has a translation by construction, so a
word left in English can only come from the code. What may stay Latin is the same list as
in Russian (the save's data, the words typed at the roll entry, key names): see
:mod:`tests.tui.test_russian`.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from tests.tui.conftest import DEMOS, rng, type_keys
from tests.tui.test_russian import (
    LATIN,
    _visit,
    allowed_words,
    changed_outside_rows,
    demo,
    english_left,
    locked_rows,
    main,
    screen_rows,
    without_paths,
)
from tui import language as i18n
from tui.app.app import TablekeeperApp
from tui.language import help, po
from tui.session.systems import registry

LANG = "xx"
_LOWER = "áƀçðéƒĝĥíĵķļɱñóþʠŕšţúṽŵẋýž"
_UPPER = "ÁƁÇÐÉƑĜĤÍĴĶĻṀÑÓÞɊŔŠŢÚṼŴẊÝŽ"
_LETTERS = str.maketrans("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", _LOWER + _UPPER)
#: what a translation must keep as it is: ``{name}``, ``{n:>3}``, ``%(value)r``, ``%s``
_KEEP = re.compile(r"\{[^{}]*\}|%\([a-z_]+\)[sdr]|%[sdr]")


def pseudo(text: str) -> str:
    """``text`` with every Latin letter accented, its placeholders kept."""
    out, at = [], 0
    for m in _KEEP.finditer(text):
        out += [text[at : m.start()].translate(_LETTERS), m.group()]
        at = m.end()
    return "".join([*out, text[at:].translate(_LETTERS)])


def test_the_pseudo_language_keeps_placeholders_and_leaves_no_latin_letter() -> None:
    assert pseudo("{n} hits on {name!r}, %(value)s") == "{n} ĥíţš óñ {name!r}, %(value)s"
    assert not re.search("[A-Za-z]", pseudo("Scene ended: Next turn (ctrl+n)"))


def _quoted(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return '"' + escaped.replace("\t", "\\t") + '"'


def _help_texts() -> dict[str, str]:
    """The English of each shipped system's help page, by its file's name."""
    return {
        f"entry-{info.key}": registry.tracker(info.key).entry_help
        for info in registry.infos()
        if info.tracker.startswith("tui.") and registry.tracker(info.key).entry_help
    }


def write_pseudo_locale(folder: Path) -> None:
    """A locale folder holding the real catalogs and ``xx``: the Russian catalog's messages
    (every message the app has: the catalog test keeps it complete) in the pseudo-language,
    with each help page too."""
    real = Path(i18n.LOCALE)
    for lang in i18n.languages()[1:]:
        (folder / lang).symlink_to(real / lang, target_is_directory=True)
    source = po.read(i18n.catalog_path("ru"))
    blocks = [
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n"Language-Team: Pseudo\\n"\n'
    ]
    for entry in source.entries:
        lines = [f"msgctxt {_quoted(entry.context)}"] if entry.context is not None else []
        lines.append(f"msgid {_quoted(entry.msgid)}")
        if entry.plural is not None:
            lines.append(f"msgid_plural {_quoted(entry.plural)}")
            lines.append(f"msgstr[0] {_quoted(pseudo(entry.msgid))}")
            lines.append(f"msgstr[1] {_quoted(pseudo(entry.plural))}")
        else:
            lines.append(f"msgstr {_quoted(pseudo(entry.msgid))}")
        blocks.append("\n".join(lines) + "\n")
    messages = folder / LANG / "LC_MESSAGES"
    messages.mkdir(parents=True)
    (messages / f"{i18n.DOMAIN}.po").write_text("\n".join(blocks), encoding="utf-8")
    pages = folder / LANG / "help"
    pages.mkdir()
    for name, english in _help_texts().items():
        page = f"{help.HEADER}{help.fingerprint(english)}\n{pseudo(english)}"
        (pages / f"{name}.txt").write_text(page, encoding="utf-8")


@pytest.fixture
def pseudo_language(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    folder = tmp_path_factory.mktemp("locale")
    write_pseudo_locale(folder)
    mp = pytest.MonkeyPatch()
    mp.setattr(i18n, "LOCALE", str(folder))
    i18n.set_language(LANG)
    assert i18n.current() == LANG
    yield
    i18n.set_language("en")
    mp.undo()


@cache
def _literals() -> tuple[tuple[str, int, str], ...]:
    """Every string literal in ``tui/`` but docstrings: (file, line, text)."""
    root = Path(i18n.__file__).resolve().parents[1]
    found: list[tuple[str, int, str]] = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
                continue
            if id(node) not in docs and re.search("[A-Za-z]{2}", node.value):
                found.append((str(path.relative_to(root.parent)), node.lineno, node.value))
    return tuple(found)


def origins(word: str) -> list[str]:
    """Where a word left on screen may come from: the literals holding it as a word."""
    pattern = re.compile(rf"(?<![A-Za-z]){re.escape(word)}(?![A-Za-z])", re.I)
    return [f"{f}:{line}" for f, line, text in _literals() if pattern.search(text)][:4]


def leftovers(seen: dict[str, list[str]], allowed: set[str]) -> dict[str, list[str]]:
    """Each screen's Latin words that are no data, with where each may come from."""
    found: dict[str, list[str]] = {}
    for name, rows in seen.items():
        for hit in english_left(rows, allowed):
            word = hit.split("'")[1] if hit.startswith("'") else hit.split('"')[1]
            found.setdefault(name, []).append(f"{hit} (from {', '.join(origins(word)) or '?'})")
    return found


def _commands_allowed(app: TablekeeperApp) -> set[str]:
    assert app.table is not None
    commands = app.table.commands()
    return {c.name for c in commands} | {
        k.casefold() for c in commands for k in re.findall(r"(\w+)=", c.usage)
    }


@pytest.mark.parametrize("system", sorted(DEMOS))
async def test_no_screen_of_a_system_shows_a_word_the_catalog_never_saw(
    system: str, tmp_path: Path, pseudo_language: None
) -> None:
    app = TablekeeperApp(demo(system, tmp_path), rng=rng())
    async with app.run_test(size=(100, 40)) as pilot:
        seen = await _visit(app, pilot, system)
        screen = main(app)
        # completions: a command's name, then its arguments
        for typed in ("/", "/h", "/hp "):
            screen.entry.value = ""
            await type_keys(pilot, *typed, "tab")
            seen[f"completing {typed!r}"] = screen_rows(app)
        # refusals: each kind of line the table turns down
        for line in ("/hp nobody -3", "/nosuchcommand", "nobody spot = 7", "/scene", "= 99"):
            screen.entry.value = ""
            screen.commit_line(line)
            await pilot.pause()
            seen[f"refusing {line!r}"] = screen_rows(app)
        allowed = allowed_words(system) | _commands_allowed(app)
        # what the GM typed; a refused line keeps its problem word selected, and the
        # screenshot's text runs join the selection to the word after it
        allowed |= {"nobody", "nosuchcommand", "nobodyspot"}
    assert any(pseudo("Party") in row for row in seen["main"])  # the language is in use
    assert leftovers(seen, allowed) == {}


async def test_the_picker_the_end_and_the_players_view_show_no_word_the_catalog_never_saw(
    tmp_path: Path, pseudo_language: None
) -> None:
    demo("strange", tmp_path, "my-campaign.toml")
    seen: dict[str, list[str]] = {}
    picker = TablekeeperApp(saves_dir=tmp_path, rng=rng())
    async with picker.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        seen["picker"] = screen_rows(picker)
        await pilot.press("n")
        await pilot.pause()
        seen["new campaign"] = screen_rows(picker)
    path = demo("brp", tmp_path)
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(100, 40)) as pilot:
        main(app)._warm_up()
        main(app).commit_line("alice spot hidden = 07")
        main(app).commit_line("/endadventure")
        await pilot.pause()
        seen["end of adventure"] = screen_rows(app)
        allowed = _commands_allowed(app)
    view = TablekeeperApp(path, rng=rng(), read_only=True)
    async with view.run_test(size=(100, 40)) as pilot:
        main(view)._warm_up()
        await pilot.pause()
        seen["players' view"] = screen_rows(view)
        await pilot.press("f1")
        await pilot.pause()
        seen["players' help"] = screen_rows(view)
    allowed |= set().union(*(allowed_words(s) for s in DEMOS)) | {"my-campaign"}
    allowed |= {f"demo-{s}" for s in DEMOS} | {w.casefold() for w in LATIN.findall(str(tmp_path))}
    assert leftovers(seen, allowed) == {}


async def test_the_problem_dialogs_show_no_word_the_catalog_never_saw(
    tmp_path: Path, pseudo_language: None
) -> None:
    """A save another Tablekeeper holds, one that does not parse, one whose log no longer
    fits, and one changed outside the app while it is open."""

    seen: dict[str, list[str]] = {}
    path = demo("brp", tmp_path)
    seen["locked"] = await locked_rows(path)
    broken = demo("brp", tmp_path, "broken.toml")
    text = broken.read_text(encoding="utf-8")
    broken.write_text(text.replace('"Spot Hidden" = 60', '"Spot Hidden" = "sixty"', 1), "utf-8")
    app = TablekeeperApp(broken, rng=rng())
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        seen["does not parse"] = screen_rows(app)
    seen["changed outside"] = await changed_outside_rows(path)
    paths = [str(p) for p in tmp_path.iterdir()]
    seen = {k: without_paths(v, paths) for k, v in seen.items()}
    allowed = allowed_words("brp") | {"brp", "toml", "log", "tablekeeper", "broken", "sixty"}
    allowed |= {"characters", "skills", "diff", "conflict"}
    assert leftovers(seen, allowed) == {}


def test_a_word_left_in_english_is_found_and_traced_to_its_literal() -> None:
    """The check itself: a row with a word no catalog saw is reported, one without is not;
    a word is traced to the app's literals that hold it."""
    rows = ["│ Šçéñé éñðéð  Unmistakable leftover │"]
    found = leftovers({"a screen": rows}, set())
    assert list(found) == ["a screen"]
    assert "Unmistakable" in found["a screen"][0]
    assert leftovers({"a screen": ["│ Šçéñé éñðéð │"]}, set()) == {}
    assert any(o.startswith("tui/") for o in origins("Tablekeeper"))
