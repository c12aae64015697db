"""Every message in the code has an entry in each catalog, and no entry is stale.

The messages are found in the source twice: by Babel's extractor with the keywords of
``pyproject.toml`` (what ``pybabel extract`` writes for the translators), and by this test's
own reading of the calls (the first string argument of ``_``, ``N_``, ``msg``, the two of
``ngettext``, ``nmsg``, and the calls whose English is translated where shown). The two must
agree, so nothing the app shows escapes the translators' template; a call with anything but a
literal there (an f-string, a variable) is itself a failure: the catalog could not know it.
Each catalog (``tui/language/locale/<lang>/LC_MESSAGES/tablekeeper.po``) is read by the app's
own reader and checked against Babel's.
"""

from __future__ import annotations

import ast
import os
import re
import string
import tomllib
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_keywords
from babel.messages.pofile import read_po

from tests.seeds import ROOT
from tui import language as i18n
from tui.language import help, po, ru_form
from tui.session.systems import registry

SINGLE = {"_", "N_", "msg"}
COUNTED = {"ngettext", "nmsg"}
#: calls whose English arguments are translated where shown (position, keywords)
SHOWN: dict[str, tuple[int | None, tuple[str, ...]]] = {
    "slash": (2, ()),  # a slash command's help
    "Binding": (2, ("tooltip",)),  # the footer's and the help's key names
    "ModifierField": (1, ("hint",)),  # the roll form's labels
    "SystemCommand": (0, ()),  # the palette's entries
}
BABEL = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["babel"]
CATALOGS = [lang for lang in i18n.languages() if lang != "en"]

Key = tuple[str | None, str]  # (context, msgid)


def calls_in(source: str, where: str = "<src>") -> tuple[set[str], set[str], list[str]]:
    """(messages, counted singulars, problems) of one module's source."""
    messages: set[str] = set()
    counted: set[str] = set()
    problems: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        callee = (
            node.func.attr
            if isinstance(node.func, ast.Attribute)
            else (node.func.id if isinstance(node.func, ast.Name) else "")
        )
        if callee in SHOWN:
            pos, keywords = SHOWN[callee]
            found = [node.args[pos]] if pos is not None and len(node.args) > pos else []
            named = [k.value for k in node.keywords if k.arg in keywords]
            for a in (*found, *named):
                if isinstance(a, ast.Constant) and isinstance(a.value, str) and a.value:
                    messages.add(a.value)
                    if a in named:  # Babel's extractor reads no keyword arguments
                        problems.append(f"{where}:{node.lineno}: {a.value!r} needs N_()")
            continue
        if not isinstance(node.func, ast.Name):
            continue
        name = node.func.id
        if name not in SINGLE | COUNTED or not node.args:
            continue
        wanted = 2 if name in COUNTED else 1
        literal = [
            a.value
            for a in node.args[:wanted]
            if isinstance(a, ast.Constant) and isinstance(a.value, str)
        ]
        if len(literal) != wanted:
            problems.append(f"{where}:{node.lineno}: {name}() needs a literal message")
            continue
        if not literal[0]:
            continue  # the empty message is its own translation
        if name in COUNTED:
            counted.add(literal[0])
        else:
            messages.add(literal[0])
    return messages, counted, problems


def _code() -> tuple[set[str], set[str], list[str]]:
    messages: set[str] = set()
    counted: set[str] = set()
    problems: list[str] = []
    for path in sorted((ROOT / "tui").rglob("*.py")):
        if "language" in path.parts:
            continue
        m, c, p = calls_in(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
        messages |= m
        counted |= c
        problems += p
    return messages, counted, problems


def _babel() -> tuple[set[Key], set[Key]]:
    """(messages, counted singulars) as ``pybabel extract`` finds them."""
    options = BABEL["extract_messages"]
    keywords = parse_keywords(options["keywords"])
    method_map = [(m["pattern"], m["method"]) for m in BABEL["mappings"]]
    messages: set[Key] = set()
    counted: set[Key] = set()
    for top in options["input_paths"]:
        for _file, _line, message, _comments, context in extract_from_dir(
            str(ROOT / top), method_map, keywords=keywords
        ):
            if isinstance(message, tuple):
                counted.add((context, message[0]))
            elif message:
                messages.add((context, message))
    return messages, counted


def _catalog(lang: str) -> po.Catalog:
    return po.read(i18n.catalog_path(lang))


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_every_call_is_a_literal() -> None:
    assert _code()[2] == []


def test_babel_extracts_every_message_the_app_shows() -> None:
    messages, counted, _problems = _code()
    babel_messages, babel_counted = _babel()
    plain = {m for c, m in babel_messages if c is None}
    assert sorted(messages - plain) == [], "wrap these in N_() so pybabel extract sees them"
    assert sorted(counted - {m for c, m in babel_counted if c is None}) == []
    assert sorted(plain - messages) == []


def test_there_is_a_russian_catalog() -> None:
    assert "ru" in CATALOGS


@pytest.mark.parametrize("lang", CATALOGS)
def test_the_catalog_reads_cleanly(lang: str) -> None:
    catalog = _catalog(lang)
    assert catalog.problems == ()
    assert catalog.obsolete == 0, "obsolete (#~) entries: pybabel update --ignore-obsolete"
    assert catalog.headers.get("Plural-Forms"), "a catalog states its plural rule"
    assert i18n.language_name(lang) != lang, "a catalog names its language (Language-Team)"


@pytest.mark.parametrize("lang", CATALOGS)
def test_every_message_has_an_entry(lang: str) -> None:
    messages, counted = _babel()
    entries = _catalog(lang).entries
    done = {(e.context, e.msgid) for e in entries if not e.fuzzy and all(e.strings)}
    missing = sorted(messages - done, key=str)
    missing_counted = sorted(counted - done, key=str)
    fuzzy = sorted(e.msgid for e in entries if e.fuzzy)
    assert (missing, missing_counted, fuzzy) == ([], [], [])


@pytest.mark.parametrize("lang", CATALOGS)
def test_no_entry_is_stale(lang: str) -> None:
    messages, counted = _babel()
    entries = _catalog(lang).entries
    singles = {(e.context, e.msgid) for e in entries if e.plural is None}
    plurals = {(e.context, e.msgid) for e in entries if e.plural is not None}
    assert sorted(singles - messages, key=str) == []
    assert sorted(plurals - counted, key=str) == []


@pytest.mark.parametrize("lang", CATALOGS)
def test_translations_keep_the_placeholders(lang: str) -> None:
    catalog = _catalog(lang)
    forms = int(catalog.headers["Plural-Forms"].split("nplurals=")[1].split(";")[0])
    wrong = []
    for e in catalog.entries:
        if e.plural is None:
            wrong += [e.msgid] if _fields(e.msgid) != _fields(e.strings[0]) else []
        else:
            allowed = _fields(e.msgid) | _fields(e.plural) | {"n"}
            if len(e.strings) != forms or not all(_fields(s) <= allowed for s in e.strings):
                wrong.append(e.msgid)
    assert wrong == []


def test_the_placeholder_check_sees_a_mismatch() -> None:
    bad = po.parse('msgid "{actor} wins"\nmsgstr "{актёр} побеждает"\n')
    assert _fields(bad.entries[0].msgid) != _fields(bad.entries[0].strings[0])


@pytest.mark.parametrize("lang", CATALOGS)
def test_the_apps_reader_and_babel_read_the_same_catalog(lang: str) -> None:
    path = Path(i18n.catalog_path(lang))
    with path.open("rb") as f:
        babel = read_po(f)
    theirs = {
        (m.context, m.id if isinstance(m.id, str) else m.id[0]): (
            (m.string,) if isinstance(m.string, str) else tuple(m.string or ())
        )
        for m in babel
        if m.id
    }
    ours = {(e.context, e.msgid): e.strings for e in _catalog(lang).entries}
    assert ours == theirs


def _help_texts() -> dict[str, str]:
    """The English of each shipped system's help page, by the page's file name."""
    return {
        f"entry-{info.key}": registry.tracker(info.key).entry_help
        for info in registry.infos()
        if info.tracker.startswith("tui.") and registry.tracker(info.key).entry_help
    }


@pytest.mark.parametrize("lang", CATALOGS)
def test_every_help_page_is_translated_from_the_english_of_today(lang: str) -> None:
    found = {Path(path).stem: translates for path, translates in help.pages(lang).items()}
    wanted = {name: help.fingerprint(text) for name, text in _help_texts().items()}
    missing = sorted(wanted.keys() - found.keys())
    stale = sorted(found.keys() - wanted.keys())
    outdated = [
        f"{lang}/help/{name}.txt translates {found[name]!r}; the English is now {print_!r}"
        for name, print_ in sorted(wanted.items())
        if name in found and found[name] != print_
    ]
    assert (missing, stale, outdated) == ([], [], [])


def test_a_help_page_is_shown_in_the_language_and_an_outdated_one_is_not() -> None:
    english = _help_texts()["entry-gurps"]
    i18n.set_language("ru")
    try:
        assert "модификаторы со знаком" in help.help_page(english)
        assert help.help_page(english + "  one more line\n") == english + "  one more line\n"
    finally:
        i18n.set_language("en")
    assert help.help_page(english) == english


def test_russian_text_is_russian() -> None:
    # an entry copied over untranslated: a long English word left outside the placeholders
    english = re.compile(r"\b[a-z]{5,}\b")
    allowed = {"nostakes", "range", "focus", "bonus", "resist"}
    lazy = [
        e.msgid
        for e in _catalog("ru").entries
        if e.strings == (e.msgid,)
        and english.search(re.sub(r"\{[^}]*\}|/\w+|\w+=", "", e.msgid))
        and not set(english.findall(e.msgid)) <= allowed
    ]
    assert lazy == []


def test_the_finder_sees_a_new_message_and_a_bad_call() -> None:
    source = 'x = _("A brand new label")\ny = ngettext("{n} cat", "{n} cats", 2)\nz = _(f"{y}")\n'
    messages, counted, problems = calls_in(source)
    assert messages == {"A brand new label"}
    assert counted == {"{n} cat"}
    assert len(problems) == 1 and ":3:" in problems[0]
    assert "A brand new label" not in {e.msgid for e in _catalog("ru").entries}


def test_the_finder_sees_a_shown_keyword_babel_cannot() -> None:
    source = 'b = Binding("f1", "help", "Help", tooltip="Open the help")\n'
    messages, _counted, problems = calls_in(source)
    assert messages == {"Help", "Open the help"}
    assert len(problems) == 1 and "'Open the help' needs N_()" in problems[0]


def test_russian_plural_forms_come_from_the_catalog_header() -> None:
    forms = {n: ru_form(n) for n in (0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 112)}
    assert forms == {
        0: 2,
        1: 0,
        2: 1,
        4: 1,
        5: 2,
        11: 2,
        12: 2,
        14: 2,
        21: 0,
        22: 1,
        25: 2,
        101: 0,
        111: 2,
        112: 2,
    }
    assert "n%10==1" in _catalog("ru").headers["Plural-Forms"]


def _shadowing(source: str, where: str) -> list[str]:
    """Functions that call ``_()`` and also bind ``_`` (``for _, x in …``, ``a, _ = …``):
    there ``_`` is a local, so the call fails at run time."""
    found = []
    for fn in ast.walk(ast.parse(source)):
        if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        calls = any(
            isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "_"
            for n in ast.walk(fn)
        )
        # a comprehension's own variables are its scope's, not the function's
        inner = {
            id(t)
            for c in ast.walk(fn)
            if isinstance(c, ast.comprehension)
            for t in ast.walk(c.target)
        }
        binds = any(
            isinstance(n, ast.Name)
            and n.id == "_"
            and isinstance(n.ctx, ast.Store)
            and id(n) not in inner
            for n in ast.walk(fn)
        )
        if calls and binds:
            found.append(f"{where}:{fn.lineno}")
    return found


def test_no_function_hides_the_translation_call() -> None:
    found: list[str] = []
    for path in sorted((ROOT / "tui").rglob("*.py")):
        found += _shadowing(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert found == []


def test_the_shadowing_check_sees_a_local_underscore() -> None:
    assert _shadowing("def f(xs):\n    for _, y in xs:\n        pass\n    return _('a')\n", "m")
    assert not _shadowing("def f(xs):\n    ys = [y for _, y in xs]\n    return _('a')\n", "m")


@pytest.mark.parametrize("lang", CATALOGS)
def test_msgfmt_accepts_the_catalog(lang: str) -> None:
    """GNU gettext's own check (``msgfmt --check``), as a translator's tools run it: a
    message Babel flags ``python-format`` (a ``%`` before a letter) must be one in the
    translation too, so no English text may read like a %-directive (``10% of``)."""
    import subprocess

    done = subprocess.run(
        ["msgfmt", "--check", "-o", os.devnull, i18n.catalog_path(lang)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("lang", CATALOGS)
def test_the_display_name_has_a_header_of_its_own(lang: str) -> None:
    """Poedit and Weblate rewrite ``Language-Team``; ``X-Language-Name`` is left alone."""
    catalog = _catalog(lang)
    assert catalog.headers.get("X-Language-Name")
    assert i18n.language_name(lang) == catalog.headers["X-Language-Name"]
