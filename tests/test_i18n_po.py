"""The catalog reader (:mod:`tui.language.po`) and the languages found from the folders."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tui import language as i18n
from tui.language import po

SAMPLE = r"""# a translator's comment
msgid ""
msgstr ""
"Language-Team: Pseudo <pseudo@example.org>\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"
"Content-Type: text/plain; charset=UTF-8\n"

#: tui/x.py:1
msgid "Undo"
msgstr "Ùñðø"

#, fuzzy
msgid "Redo"
msgstr "Ŕéðø"

msgctxt "entry"
msgid "hard"
msgstr "ħàŕð"

msgid "{n} hit"
msgid_plural "{n} hits"
msgstr[0] "{n} ħîţ"
msgstr[1] "{n} ħîţš"

msgid ""
"two "
"lines\n"
msgstr "ţŵø \"ļîñéš\"\n"

#~ msgid "gone"
#~ msgstr "ĝøñé"
"""


def test_the_reader_reads_contexts_plurals_continuations_and_flags() -> None:
    catalog = po.parse(SAMPLE)
    assert catalog.problems == () and catalog.obsolete == 1
    assert catalog.headers["Language-Team"] == "Pseudo <pseudo@example.org>"
    got = {(e.context, e.msgid): (e.strings, e.fuzzy) for e in catalog.entries}
    assert got == {
        (None, "Undo"): (("Ùñðø",), False),
        (None, "Redo"): (("Ŕéðø",), True),
        ("entry", "hard"): (("ħàŕð",), False),
        (None, "{n} hit"): (("{n} ħîţ", "{n} ħîţš"), False),
        (None, "two lines\n"): (('ţŵø "ļîñéš"\n',), False),
    }


def test_the_standard_gettext_reads_what_the_reader_encodes() -> None:
    catalog = po.parse(SAMPLE)
    tr = po.translations(catalog.header, catalog.entries)
    assert tr.gettext("Undo") == "Ùñðø"
    assert tr.gettext("Redo") == "Redo"  # fuzzy: not trusted, as msgfmt does
    assert tr.pgettext("entry", "hard") == "ħàŕð" and tr.gettext("hard") == "hard"
    assert [tr.ngettext("{n} hit", "{n} hits", n) for n in (1, 2)] == ["{n} ħîţ", "{n} ħîţš"]
    assert tr.gettext("gone") == "gone"


@pytest.mark.parametrize(
    ("broken", "where"),
    [
        ('msgid "a"\nmsgstr "b\n', ":2:"),  # unclosed quote
        ('msgid "a"\nmsgstr "b\\q"\n', ":2:"),  # unknown escape
        ('msgid "a"\nmsgid_plural "as"\nmsgstr "b"\n', ":1:"),  # a plural without forms
        ('msgid "a"\nmsgstr[1] "b"\n', ":1:"),  # a form without [0]
        ('msgid "a"\nmsgstr "b"\nmsgstr "c"\n', ":3:"),  # two translations
        ('msgid "a"\nmsgtxt "b"\n', ":2:"),  # a misspelt keyword
        ('"b"\nmsgid "a"\nmsgstr "c"\n', ":1:"),  # a string continuing nothing
    ],
)
def test_a_slip_in_a_catalog_is_named_and_skipped_never_raised(broken: str, where: str) -> None:
    catalog = po.parse(broken + '\nmsgid "ok"\nmsgstr "ок"\n', "x.po")
    assert len(catalog.problems) == 1 and catalog.problems[0].startswith("x.po" + where)
    assert ("ok", ("ок",)) in [(e.msgid, e.strings) for e in catalog.entries]


@pytest.fixture
def pseudo_locale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A locale folder with a second language, ``xx``, beside a copy of nothing else."""
    folder = tmp_path / "xx" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "tablekeeper.po").write_text(SAMPLE, encoding="utf-8")
    (tmp_path / "yy").mkdir()  # a folder without a catalog is no language
    monkeypatch.setattr(i18n, "LOCALE", str(tmp_path))
    monkeypatch.setattr(i18n, "_added", {})  # what a test adds stays in the test
    yield tmp_path
    i18n.set_language("en")


def test_a_new_catalog_folder_is_a_language(pseudo_locale: Path) -> None:
    assert i18n.languages() == ("en", "xx")
    assert i18n.LANGUAGES == ("en", "xx")
    assert i18n.language_name("xx") == "Pseudo" and i18n.language_name("en") == "English"
    assert i18n.choose("xx", None, {}) == "xx"
    assert i18n.choose("yy", None, {"LANG": "xx_XX.UTF-8"}) == "xx"
    assert i18n.choose(None, "../xx", {}) == "en"  # a path is no language
    i18n.set_language("xx")
    assert i18n.current() == "xx" and i18n._("Undo") == "Ùñðø"
    assert [i18n.plural_index("xx", n) for n in (1, 2)] == [0, 1]


def test_messages_added_at_run_time_join_the_catalog(pseudo_locale: Path) -> None:
    i18n.add_messages("xx", {"pool": "ƥøøļ"}, context="entry")
    i18n.add_messages("xx", {"Undo": "Ûñðõ", ("{n} die", "{n} dice"): ("{n} ðîé", "{n} ðîçé")})
    i18n.set_language("xx")
    assert i18n.pgettext("entry", "pool") == "ƥøøļ"
    assert i18n._("Undo") == "Ûñðõ"  # the added translation wins
    assert i18n.ngettext("{n} die", "{n} dice", 3) == "{n} ðîçé"
    i18n.add_messages("xx", {"later": "ļàţéŕ"})  # added while the language is in use
    assert i18n._("later") == "ļàţéŕ"


def test_the_empty_message_is_never_the_catalog_header() -> None:
    i18n.set_language("ru")
    try:
        assert i18n._("") == "" and i18n.tr("") == ""
    finally:
        i18n.set_language("en")


def test_english_reads_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n, "LOCALE", "/nonexistent")
    assert i18n.choose(None, None, {}) == "en"
    i18n.set_language("en")
    assert i18n._("Undo") == "Undo" and i18n.pgettext("entry", "hard") == "hard"


def _main(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    from tui.cli.main import main

    try:
        code = main(args)
    except SystemExit as exc:  # --help exits through argparse
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_a_new_catalog_is_offered_by_the_command_line_and_the_config(
    pseudo_locale: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tui.app.config import load_config

    code, out, _err = _main(["check", "--lang", "xx", "--help"], capsys)
    assert code == 0 and "[--lang xx|en]" in out
    config = tmp_path / "config.toml"
    config.write_text('language = "xx"\n', encoding="utf-8")
    assert load_config(config).language == "xx"
    config.write_text('language = "ru"\n', encoding="utf-8")  # not in this locale folder
    assert load_config(config).problems


def test_a_language_without_a_catalog_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = _main(["check", "--lang", "zz", "x.toml"], capsys)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "'zz'" in err and "'ru'" in err
