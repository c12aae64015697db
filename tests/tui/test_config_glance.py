"""The command line's glance at the config (:mod:`tui.cli.config_glance`) takes the same
``language`` and ``saves`` as the config module, for plain files and every other kind of
TOML, valid or not; an unreadable file is neither, never an exception or a wait."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tui.app.config import load_config
from tui.cli.config_glance import glance

TEXTS = [
    "",
    'language = "ru"\n',
    "language = 'ru'\nsaves = 'games'\n",
    'language="ru"#c\r\nsaves = "/abs/path"  # a comment\r\n',
    '# a comment\n\ntheme = "nord"\nlanguage = "en"\n\n[keymap]\n"app.undo" = "ctrl+u"\n',
    '"language" = "ru"\n',
    '[keymap]\nlanguage = "ru"\n',  # in a table: not the top-level key
    'language = "xx"\n',  # no such catalog
    "language = 3\n",
    'language = ["ru"]\n',
    'saves = ""\n',
    'saves = "  "\n',
    'saves = "~/rpg"\nlanguage = "ru"\n',
    'language = "r\\u0075"\n',  # an escape: TOML's own reader
    'language = """ru"""\n',
    'language = "ru"\nlanguage = "en"\n',  # a key twice: invalid, the defaults
    '"language" = "ru"\nlanguage = "en"\n',
    'language = "ru"\n[keymap]\n[keymap]\n',  # a table twice
    'keymap = "x"\nlanguage = "ru"\n[keymap]\n',  # a table over a key
    'language = "ru"\n[keymap]\n"a.b" = "x"\n"a.b" = "y"\n',
    'language = "ru"\nsaves = \n',
    'language = "ru"\nthis is not toml\n',
    'language = "ru"\x01\n',
    'language = "ru\x7f"\n',
    '\ufefflanguage = "ru"\n',
    'language = "ru"\r\n\r',
    'language = "ru"\nn = 1' + "1" * 5000 + "\n",  # a number too long to convert
    'language = "ru"\na = ' + "[" * 3000 + "]" * 3000 + "\n",  # too deep for tomllib
    'language = "ru"\n[a.b]\nx = 1\n',
    'language = "ru"\nsaves = "dir" "more"\n',
    "language = 'ru'''\n",
    'language = "ru" # a comment with "quotes" and = signs\n',
    'language.x = "ru"\n',
    'language = "ru"\nsaves = "~nosuchuser42/x"\n',  # a home folder of no user
    'language = "ru"\n[[list]]\nx = "1"\n',
]


@pytest.mark.parametrize("index", range(len(TEXTS)))
def test_the_glance_reads_what_the_config_module_reads(index: int, tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_bytes(TEXTS[index].encode("utf-8", "surrogatepass"))
    config = load_config(path)
    assert glance(path) == (config.language, config.saves)


def test_a_config_that_is_no_regular_file_gives_neither(tmp_path: Path) -> None:
    folder, fifo, missing = tmp_path / "folder", tmp_path / "fifo", tmp_path / "missing"
    folder.mkdir()
    os.mkfifo(fifo)  # a plain open would wait here for ever
    for path in (folder, fifo, missing):
        assert glance(path) == (None, None)
    bad = tmp_path / "latin1.toml"
    bad.write_bytes(b'language = "ru"\nsaves = "caf\xe9"\n')
    assert glance(bad) == (None, None) == (load_config(bad).language, load_config(bad).saves)
