"""The app in Russian: every screen without an untranslated English label, 80×24 snapshots
of each system's main screen, and a campaign logged in English read in Russian.

What may stay Latin on a Russian screen is named here, not guessed: the save's own data
(names, skills, notes — the GM typed them), the roll-entry language's words (commands,
modifier words and ``key=`` options the GM types in either language), key names and the
command syntax placeholders (``CHAR``).
"""

from __future__ import annotations

import html
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.tui.conftest import DEMOS, rng, type_keys
from tests.waits import settled, until
from tui import language as i18n
from tui.app.app import TablekeeperApp
from tui.app.bindings import binding_ids
from tui.screens.main import MainScreen
from tui.session.entry.entry import OPTION_KEYS
from tui.session.systems.registry import tracker

#: keys, syntax words and names that are the same in either language
FIXED = {
    "ctrl",
    "shift",
    "tab",
    "enter",
    "escape",
    "pageup",
    "pagedown",
    "alt",
    "up",
    "down",
    "delete",
    "backspace",
    "esc",
    "del",
    "gm",
    "npc",
    "stunned",
    "prone",
    "rounds",
    "turns",  # /add NAME [npc] [gm], /cond words
    "death",
    "knockdown",
    "conscious",
    "stun",  # /ht CHAR death|knockdown|conscious|stun: typed as they are
    "scene",
    "edit",
    "import",
    "update",
    "rename",
    "skip",  # /scene, /edit and /import … [update|rename|skip]: typed as they are
    "cancel",
    "serve",  # /ask cancel, `tablekeeper serve FILE`: typed as they are
    "keep",
    "value",
    "show",
    "drop",  # /bestiary keep CHAR, /encounter NAME ext CHECK key=value… | show | drop NAME
    "help",
    "quit",
    "exit",
    "dice",
    "vs",
    "ext",
    "clear",
    "use",
    "race",
    "threshold",
    "time",
    "every",
    "minor",
    "major",
    "serious",
    "roll",
    "active",
    "long",
    "passive",
    "limit",
    "config",
    "toml",
    "keymap",
    "tablekeeper",
    "gurps",
    "age",
    "brp",
    "opposed",
    "mounted",
    "extra",
    "supports",
    "raw",
    "face",
    "side",
    "pike",
    "block",
    "parry",
    "dodge",
    "moss",
    "ruth",
    "shotgun",
    "lockpicker",
    "lockpicking",
    "samurai",
    "fighting",
    "yamabushi",
    "kirma",
    "bow",
    "alice",
    "spot",
    "hidden",
    "boris",
    "basic",
    "roleplaying",
    "expanse",
    "unknown",  # «Unknown A» is how the players' view names a hidden character in any language
    "aim",
    "attack",
    "evaluate",
    "determined",
    "increased",
    "all",
    "out",
    "defense",
    "svg",
    "rof",
    "recoil",
    "shots",
    "weapon",
    "all-out",
    "all-out-attack",
    "all-out-defense",
    "markdown",
    "md",
    "recap",
    "recap-gm",  # the recap's file: NAME.recap-gm.md
    "the",  # a game's title: The Expanse
}
LATIN = re.compile(r"[A-Za-z][A-Za-z'-]*[A-Za-z]|[A-Za-z]")


@pytest.fixture
def russian() -> Iterator[None]:
    i18n.set_language("ru")
    yield
    i18n.set_language("en")


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            if k == "notes":
                continue  # prose: the copies the tests open have none (see demo)
            yield str(k)
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


_NOTES = re.compile(r'^notes = ".*"$', re.M)


def demo(system: str, folder: Path, name: str = "") -> Path:
    """A copy of ``system``'s demo without the characters' notes (English prose the GM
    typed, which would hide an English label among its words)."""
    target = folder / (name or f"{system}.toml")
    target.write_text(
        _NOTES.sub('notes = ""', DEMOS[system].read_text(encoding="utf-8")), encoding="utf-8"
    )
    return target


def allowed_words(system: str) -> set[str]:
    """Latin words a Russian screen of ``system`` may show (see the module docstring)."""
    doc = tomllib.loads(DEMOS[system].read_text(encoding="utf-8"))
    words = {w.casefold() for s in _strings(doc) for w in LATIN.findall(s)}
    sys_ = tracker(system)
    words |= {w.casefold() for k in (*OPTION_KEYS, *sys_.option_keys) for w in LATIN.findall(k)}
    words |= {
        w.casefold() for f in sys_.modifier_fields for c in f.choices for w in LATIN.findall(c)
    }
    words |= {w.casefold() for v in sys_.entry_words.values() for w in LATIN.findall(v)}
    # the conditions a system sets itself are typed names (/cond moss stunned), like the GM's
    words |= {w.casefold() for c in sys_.builtin_conditions for w in LATIN.findall(c)}
    words |= {w.casefold() for t in sys_.damage_types for w in LATIN.findall(t)}
    return words | FIXED


def main(app: TablekeeperApp) -> MainScreen:
    """The main screen the app shows (a failure naming the screen it shows instead)."""
    screen = app.screen
    assert isinstance(screen, MainScreen), type(screen).__name__
    return screen


def screen_rows(app: TablekeeperApp) -> list[str]:
    """The screen's text, row by row (from Textual's own SVG export of it)."""
    svg = app.export_screenshot()
    rows: dict[float, list[tuple[float, str]]] = {}
    for m in re.finditer(r'<text[^>]*?x="([\d.]+)"[^>]*?y="([\d.]+)"[^>]*>(.*?)</text>', svg, re.S):
        text = html.unescape(re.sub("<[^>]+>", "", m.group(3))).replace("\xa0", " ")
        rows.setdefault(float(m.group(2)), []).append((float(m.group(1)), text))
    return ["".join(t for _, t in sorted(v)) for _, v in sorted(rows.items())]


#: a binding id (``main.next_character``): the config's keymap key, the same in any language;
#: only the whole id is allowed, never its words on their own (a footer label "Next turn")
BINDING_ID = re.compile(r"\b[a-z_]+\.[a-z_]+\b")


def without_paths(rows: list[str], paths: list[str]) -> list[str]:
    """``rows`` with each of ``paths`` blanked, also where a dialog folded one onto its next
    row (a path wider than the dialog breaks anywhere, mid-word)."""
    spans: list[tuple[int, int, int]] = []  # (row, start, end) of each row's text in ``joined``
    joined = ""
    for i, row in enumerate(rows):
        left, right = (row.find("│") + 1, row.rfind("│")) if row.count("│") >= 2 else (0, len(row))
        spans.append((i, len(joined) - left, len(joined) - left + right))
        joined += row[left:right]
    blank = [False] * len(joined)
    for path in sorted(paths, key=len, reverse=True):
        for m in re.finditer(re.escape(path), joined):
            blank[m.start() : m.end()] = [True] * (m.end() - m.start())
    shown = list(rows)
    for i, offset, end in spans:
        chars = list(rows[i])
        for j in range(max(offset, 0), end):
            if 0 <= j - offset < len(chars) and j < len(blank) and blank[j]:
                chars[j - offset] = " "
        shown[i] = "".join(chars)
    return shown


def english_left(rows: list[str], allowed: set[str]) -> list[str]:
    """Each Latin word of two letters or more not in ``allowed`` or upper case (CHAR, HP,
    TN), with its row."""
    found = []
    ids = set(binding_ids())
    for row in rows:
        bare = BINDING_ID.sub(lambda m: " " if m.group(0) in ids else m.group(0), row)
        for word in LATIN.findall(bare):
            if len(word) < 2 or word.isupper() or word.casefold() in allowed:
                continue
            if re.fullmatch(r"[dD]\d*|x\d*|[a-z]*-?N", word):  # d20, x2, dice-N: syntax
                continue
            folded = word.casefold()
            at_edge = re.search(rf"(^|│){re.escape(word)}\b|\b{re.escape(word)} ?│", bare)
            if any(
                a.startswith(folded) or ((len(folded) > 2 or at_edge) and a.endswith(folded))
                for a in allowed
                if len(a) > 2
            ):
                continue  # a name cut by a dialog's edge (two letters only right at a border)
            found.append(f"{word!r} in {row.strip()!r}")
    return found


async def _visit(app: TablekeeperApp, pilot, system: str) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    """Every screen of ``system``'s demo, as the GM reaches it, → its rows."""
    seen: dict[str, list[str]] = {}

    async def look(name: str) -> None:
        await pilot.pause()
        seen[name] = screen_rows(app)

    main(app)._warm_up()
    await look("main")
    table = app.table
    assert table is not None
    line = table.example_line().split(" · ")[0]
    await type_keys(pilot, *line)
    await look("preview")
    await pilot.press("ctrl+o")
    await look("whole preview")
    await pilot.press("escape")
    await pilot.press("enter")
    await look("after a roll")
    await pilot.press("ctrl+r")
    await look("roll form")
    await pilot.press("escape")
    await type_keys(pilot, *line)
    await pilot.press("ctrl+b")
    await look("who should roll")
    await pilot.press("escape")
    await pilot.press("f1")
    await look("help")
    for page in range(6):
        await pilot.press("pagedown")
        await look(f"help, page {page + 2}")
    await pilot.press("escape")
    main(app).commit_line("/scene Засада")
    main(app).commit_line('/ext Ворота threshold=4 time=60m every=1 minor="тревога"')
    await look("an extended check")
    await pilot.press("f3")
    await look("whole scene")
    await pilot.press("escape")
    await pilot.press("ctrl+p")
    await look("palette")
    await pilot.press("escape")
    await pilot.press("f4")
    await look("character sheet")
    await pilot.press("escape")
    first = line.split()[0]
    main(app).commit_line(f"/edit {first}")
    await look("character editor")
    await pilot.press("escape")
    for key, name in (("f6", "log search"), ("f7", "past scenes"), ("f8", "dice statistics")):
        await pilot.press(key)
        await app.workers.wait_for_complete()
        await look(name)
        if key == "f7":
            await pilot.press("enter")  # the newest scene's log
            await app.workers.wait_for_complete()
            await look("a past scene's log")
            await pilot.press("escape")
        await pilot.press("escape")
    main(app).commit_line("/recap gm")
    await app.workers.wait_for_complete()
    await look("recap")
    await pilot.press("escape")
    return seen


@pytest.mark.parametrize("system", sorted(DEMOS))
async def test_no_screen_shows_an_untranslated_label(
    system: str, tmp_path: Path, russian: None
) -> None:
    path = demo(system, tmp_path)
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(100, 40)) as pilot:
        seen = await _visit(app, pilot, system)
        allowed = allowed_words(system)
        assert app.table is not None
        commands = app.table.commands()
        allowed |= {c.name for c in commands}
        # the key= options a command takes (/damage … dr=N hits=N) are typed as they are
        allowed |= {k.casefold() for c in commands for k in re.findall(r"(\w+)=", c.usage)}
        left = {name: english_left(rows, allowed) for name, rows in seen.items()}
    assert {k: v for k, v in left.items() if v} == {}


async def test_the_picker_and_the_new_campaign_dialog_in_russian(
    tmp_path: Path, russian: None
) -> None:
    demo("strange", tmp_path, "my-campaign.toml")
    app = TablekeeperApp(saves_dir=tmp_path, rng=rng())
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        seen = {"picker": screen_rows(app)}
        await pilot.press("n")
        await pilot.pause()
        seen["new campaign"] = screen_rows(app)
        allowed = set().union(*(allowed_words(s) for s in DEMOS)) | {"my-campaign"}
        allowed |= {f"demo-{s}" for s in DEMOS}  # file names
        # the saves folder's path is the GM's machine's, not a label
        allowed |= {w.casefold() for w in LATIN.findall(str(tmp_path))}
        left = {name: english_left(rows, allowed) for name, rows in seen.items()}
    assert "Отряд" not in "".join(seen["picker"])  # it is the picker, not a campaign
    assert {k: v for k, v in left.items() if v} == {}


async def test_the_end_of_adventure_and_the_players_view_in_russian(
    tmp_path: Path, russian: None
) -> None:
    path = demo("brp", tmp_path)
    allowed = allowed_words("brp")
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(100, 40)) as pilot:
        main(app)._warm_up()
        main(app).commit_line("alice spot hidden = 07")
        main(app).commit_line("/endadventure")
        await pilot.pause()
        ending = screen_rows(app)
        assert app.table is not None
        allowed |= {c.name for c in app.table.commands()}
    view = TablekeeperApp(path, rng=rng(), read_only=True)
    async with view.run_test(size=(100, 40)) as pilot:
        main(view)._warm_up()
        await pilot.pause()
        players = screen_rows(view)
        await pilot.press("f1")
        await pilot.pause()
        players_help = screen_rows(view)
    left = {
        "end of adventure": english_left(ending, allowed),
        "players' view": english_left(players, allowed),
        "players' help": english_left(players_help, allowed),
    }
    assert "".join(ending).count("Конец приключения") == 1
    assert {k: v for k, v in left.items() if v} == {}


async def locked_rows(path: Path) -> list[str]:
    """The screen of ``path`` opened while another Tablekeeper holds it."""
    from tui.store import Store

    holder = Store.open(path)
    try:
        app = TablekeeperApp(path, rng=rng())
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            return screen_rows(app)
    finally:
        holder.close()


async def changed_outside_rows(path: Path) -> list[str]:
    """The screen of ``path`` after it changed outside the app and the GM made a change."""
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(100, 40)) as pilot:
        main(app)._warm_up()
        await pilot.pause()
        path.write_text(path.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
        main(app).commit_line("alice spot hidden = 07")
        await until(pilot, lambda: app.screen.query("#problem-choices"), "the problem dialog")
        await settled(pilot)
        return screen_rows(app)


async def test_the_problem_dialogs_in_russian(tmp_path: Path, russian: None) -> None:
    """A save another Tablekeeper holds, and one changed outside the app while open."""

    path = demo("brp", tmp_path)
    allowed = allowed_words("brp") | {w.casefold() for w in LATIN.findall(str(tmp_path))}
    # file names are data: NAME.toml, NAME.toml.log, NAME.conflict-TIME.toml (your state)
    allowed |= {"brp", "toml", "log", "tablekeeper", "conflict"}
    locked = await locked_rows(path)
    changed = await changed_outside_rows(path)
    left = {"locked": english_left(locked, allowed), "changed": english_left(changed, allowed)}
    assert any("только для чтения" in row for row in locked), locked
    assert any("Tablekeeper" in row for row in changed), changed
    assert {k: v for k, v in left.items() if v} == {}


async def test_a_broken_save_and_a_log_that_does_not_fit_in_russian(
    tmp_path: Path, russian: None
) -> None:
    """The problem dialogs of a save that does not open: a skill that is not a number, a log
    entry that does not apply to the save, a log that cannot be written (read-only offered)."""
    import os

    from tui.store import log_path

    allowed = allowed_words("brp") | {"brp", "toml", "log", "tablekeeper", "characters"}
    allowed |= {"skills", "diff", "unapplied"}
    rows: dict[str, list[str]] = {}

    async def shown(path: Path) -> list[str]:
        app = TablekeeperApp(path, rng=rng())
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            return screen_rows(app)

    broken = demo("brp", tmp_path, "broken.toml")
    broken.write_text(
        broken.read_text(encoding="utf-8").replace(
            '"Spot Hidden" = 60', '"Spot Hidden" = "sixty"', 1
        ),
        encoding="utf-8",
    )
    rows["schema"] = await shown(broken)

    async def changed(path: Path) -> Path:  # one change made: the log holds its entry
        app = TablekeeperApp(path, rng=rng())
        async with app.run_test(size=(100, 40)) as pilot:
            main(app)._warm_up()
            await pilot.pause()
            main(app).commit_line("/hp alice -3")
            await pilot.pause()
        return path

    path = await changed(demo("brp", tmp_path))
    text = path.read_text(encoding="utf-8")  # back before the change, Alice renamed:
    text = re.sub(r"(?m)^checkpoint = \d+$", "checkpoint = 0", text).replace(
        "Alice Moore", "Alicia Moore"
    )
    path.write_text(text, encoding="utf-8")  # the log's change no longer fits
    rows["replay"] = await shown(path)

    linked = await changed(demo("brp", tmp_path, "linked.toml"))
    os.link(log_path(linked), tmp_path / "another-name.toml")
    rows["unwritable"] = await shown(linked)

    paths = [str(p) for p in tmp_path.iterdir()]  # shown whole; any temp path may wrap
    assert len(paths) >= 5, paths
    left = {
        k: english_left(
            without_paths(v, paths), allowed | {"alicia", "another", "name", "linked", "broken"}
        )
        for k, v in rows.items()
    }
    said = {k: " ".join(" ".join(r.strip().strip("│") for r in v).split()) for k, v in rows.items()}
    assert "нужно: целое число; здесь:" in said["schema"], rows["schema"]
    assert "не применяется к сохранению" in said["replay"], rows["replay"]
    assert "только для чтения" in said["unwritable"], rows["unwritable"]
    assert {k: v for k, v in left.items() if v} == {}


async def test_the_preview_cut_and_the_whole_view_in_russian(tmp_path: Path, russian: None) -> None:
    """Issue 33's shotgun at 80×24: the mark in Russian names the key as the footer shows
    it, and the whole view speaks Russian too."""
    from tui.screens.whole_preview import WholePreviewScreen

    app = TablekeeperApp(demo("gurps", tmp_path), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        main(app)._warm_up()
        await type_keys(pilot, *"ruth shotgun yd=30 shots=2")
        await pilot.pause()
        pane = app.screen.query_one("#preview")
        rows = [pane.render_line(y).text.rstrip() for y in range(pane.size.height)]
        assert rows[-1].endswith("… ^o покажет всё"), rows
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, WholePreviewScreen)
        seen = screen_rows(app)
        assert any("Прогноз целиком" in row for row in seen), seen
        assert any("Escape возвращает к ней" in row for row in seen), seen
        assert english_left(seen, allowed_words("gurps")) == []
